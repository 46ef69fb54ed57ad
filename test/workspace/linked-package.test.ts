// A workspace package that is a symbolic link to a folder elsewhere (npm accepts it and links
// node_modules to it): TypeScript compiles what an import of it reaches under its real path, so
// a file named through the link was a change no program knew, and `affected` selected nothing.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { run } from "../../analyzer/cli/main.js";
import { recordingIO } from "../support/analyzer-fixtures.js";

let base: string;
let root: string;

function write(file: string, text: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

beforeAll(() => {
  base = mkdtempSync(path.join(tmpdir(), "agentix-linked-package-"));
  root = path.join(base, "ws");
  const tsconfig = JSON.stringify({
    compilerOptions: {
      module: "NodeNext",
      moduleResolution: "NodeNext",
      strict: true,
      noEmit: true,
      types: [],
    },
    include: ["src"],
  });
  write(path.join(root, "package.json"), '{ "private": true, "workspaces": ["packages/*"] }\n');
  write(path.join(root, "packages/app/package.json"), '{ "name": "@x/app", "type": "module" }\n');
  write(path.join(root, "packages/app/tsconfig.json"), tsconfig);
  write(
    path.join(root, "packages/app/src/total.ts"),
    'import { sum } from "@x/util";\nexport const total = sum([1, 2]);\n',
  );
  write(
    path.join(root, "packages/app/src/total.test.ts"),
    'import { expect, it } from "vitest";\nimport { total } from "./total.js";\nit("adds", () => expect(total).toBe(3));\n',
  );
  const util = path.join(base, "elsewhere/util");
  write(
    path.join(util, "package.json"),
    '{ "name": "@x/util", "type": "module", "exports": { ".": "./src/index.ts" } }\n',
  );
  write(path.join(util, "tsconfig.json"), tsconfig);
  write(
    path.join(util, "src/index.ts"),
    "export const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);\n",
  );
  symlinkSync(util, path.join(root, "packages/util"));
  mkdirSync(path.join(root, "node_modules/@x"), { recursive: true });
  symlinkSync("../../packages/util", path.join(root, "node_modules/@x/util"));
  symlinkSync("../../packages/app", path.join(root, "node_modules/@x/app"));
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

it("selects the importers' tests for a file named through the link", async () => {
  const { io, stdout } = recordingIO(root);
  expect(
    await run(
      ["affected", "packages/util/src/index.ts", "--format", "vitest-invocations", "--compact"],
      io,
    ),
  ).toBe(0);
  expect(JSON.parse(stdout())).toEqual({
    schemaVersion: 1,
    command: "affected",
    shard: null,
    invocations: [
      {
        package: "@x/app",
        cwd: "packages/app",
        command: "vitest",
        args: ["run", "."],
        files: 1,
        cases: 1,
        widened: true,
      },
    ],
  });
});
