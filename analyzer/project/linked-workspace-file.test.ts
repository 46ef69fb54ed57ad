// A tsconfig that extends a workspace package through node_modules that are not installed
// (vercel/ai's `./node_modules/@vercel/ai-tsconfig/base.json`, turborepo's
// `@repo/typescript-config/base.json`): the package's own file is read, as an install links it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ts } from "./ts-morph.js";
import { readTsconfig } from "./tsconfig.js";
import { linkedWorkspaceFile } from "./linked-workspace-file.js";

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "agentix-linked-"));
  write("package.json", JSON.stringify({ private: true, workspaces: ["tools/*", "packages/*"] }));
  write("tools/tsconfig/package.json", JSON.stringify({ name: "@acme/tsconfig" }));
  write(
    "tools/tsconfig/base.json",
    JSON.stringify({ extends: "./strict.json", compilerOptions: { jsx: "react-jsx" } }),
  );
  write("tools/tsconfig/strict.json", JSON.stringify({ compilerOptions: { strict: true } }));
  write("packages/web/package.json", JSON.stringify({ name: "@acme/web" }));
  write("packages/web/src/a.ts", "export const a = 1;\n");
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const read = (extendsPath: string) => {
  write("packages/web/tsconfig.json", JSON.stringify({ extends: extendsPath, include: ["src"] }));
  const dir = path.join(root, "packages/web");
  return readTsconfig(path.join(dir, "tsconfig.json"), dir, dir);
};

describe("a tsconfig extending a workspace package that is not installed", () => {
  it.each(["@acme/tsconfig/base.json", "./node_modules/@acme/tsconfig/base.json"])(
    "takes the options of its chain from the package's folder (%s)",
    (extendsPath) => {
      const { parsed, problems, files } = read(extendsPath);
      expect(problems).toEqual([]);
      expect(parsed.options.jsx).toBe(ts.JsxEmit.ReactJSX);
      expect(parsed.options.strict).toBe(true);
      // Read where they are: an edit of them makes the index stale.
      // (A bare specifier also reads the package.json files TypeScript looks at.)
      expect(files.map((file) => path.relative(root, file))).toEqual(
        expect.arrayContaining([
          "packages/web/tsconfig.json",
          "tools/tsconfig/base.json",
          "tools/tsconfig/strict.json",
        ]),
      );
      expect(files.some((file) => file.includes("node_modules"))).toBe(false);
    },
  );

  it("still warns for a package no workspace holds", () => {
    const { problems } = read("@other/tsconfig/base.json");
    expect(problems.map((problem) => problem.message)).toEqual([
      "File '@other/tsconfig/base.json' not found. (TS6053)",
    ]);
  });

  it("maps only a package path under node_modules", () => {
    const web = path.join(root, "packages/web");
    expect(linkedWorkspaceFile(path.join(web, "node_modules/@acme/tsconfig/base.json"))).toBe(
      path.join(root, "tools/tsconfig/base.json"),
    );
    expect(linkedWorkspaceFile(path.join(web, "node_modules/@acme/tsconfig"))).toBeUndefined();
    expect(linkedWorkspaceFile(path.join(web, "src/a.ts"))).toBeUndefined();
  });
});
