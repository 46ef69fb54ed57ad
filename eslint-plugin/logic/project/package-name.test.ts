import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { createModuleResolver } from "./module-resolver.js";
import { createPackageNames } from "./package-name.js";

// The package's own name decides whether a self-name import (`my-app/features/x`) is resolved
// at all (bare-specifier.ts): it must be read as TypeScript reads package.json, or an import
// TypeScript (and so `agentix check`) resolves would be skipped by the rule.
const root = mkdtempSync(path.join(tmpdir(), "agentix-package-name-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const isFile = (file: string) => {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
};

function write(file: string, text: string): string {
  const absolute = path.join(root, file);
  mkdirSync(path.dirname(absolute), { recursive: true });
  writeFileSync(absolute, text);
  return absolute;
}

/** A package `<dir>` whose package.json has `manifest` as its text, inside an outer package "outer". */
function project(dir: string, manifest: string | undefined): string {
  if (manifest !== undefined) write(`${dir}/package.json`, manifest);
  else mkdirSync(path.join(root, dir, "package.json"), { recursive: true });
  write(
    `${dir}/tsconfig.json`,
    JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext" } }),
  );
  write(`${dir}/src/features/b/internal.ts`, "export const x = 1;\n");
  return write(`${dir}/src/features/a/model.ts`, "export {};\n");
}

write("package.json", JSON.stringify({ name: "outer", type: "module", exports: { "./*": "./*" } }));

const exportsField = `"exports": { "./*": "./src/*" }`;

const CASES: readonly (readonly [string, string | undefined, string | undefined])[] = [
  ["valid JSON", `{ "name": "selfpkg", "type": "module", ${exportsField} }`, "selfpkg"],
  // TypeScript's lenient reader accepts comments and a trailing comma; JSON.parse does not.
  [
    "comments and a trailing comma",
    `{\n  // the app\n  "name": "selfpkg", "type": "module", ${exportsField},\n}\n`,
    "selfpkg",
  ],
  // Broken beyond that: no name, and the package scope stays this folder (not "outer").
  ["a missing brace", `{ "name": "selfpkg", "type": "module", ${exportsField}`, undefined],
  ["not JSON at all", "name: selfpkg", undefined],
  ["empty", "", undefined],
  ["null", "null", undefined],
  ["an array", `[{ "name": "selfpkg" }]`, undefined],
  ["a name that is not a string", `{ "name": 5, ${exportsField} }`, undefined],
  // A folder named package.json is no manifest: the outer package's name applies, as for TypeScript.
  ["a folder named package.json", undefined, "outer"],
];

describe("createPackageNames on a broken package.json", () => {
  it.each(CASES)("%s: the name TypeScript reads, or none", (label, manifest, expected) => {
    const dir = `case-${CASES.findIndex((c) => c[0] === label)}`;
    const importer = project(dir, manifest);
    const names = createPackageNames(isFile);
    expect(names(path.dirname(importer))).toBe(expected);
  });

  it.each(CASES)(
    "%s: a self-name import into a feature resolves exactly when TypeScript resolves it",
    (label, manifest, expected) => {
      const dir = `resolved-${CASES.findIndex((c) => c[0] === label)}`;
      const importer = project(dir, manifest);
      const specifier = `${expected ?? "selfpkg"}/${expected === "outer" ? `${dir}/src/` : ""}features/b/internal.js`;
      const { resolvedModule } = ts.resolveModuleName(
        specifier,
        importer,
        { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext },
        ts.sys,
        undefined,
        undefined,
        ts.ModuleKind.ESNext,
      );
      const typescript = resolvedModule ? path.resolve(resolvedModule.resolvedFileName) : undefined;
      const target =
        expected === undefined ? undefined : path.join(root, dir, "src/features/b/internal.ts");
      expect(typescript).toBe(target);
      expect(createModuleResolver()(specifier, importer)).toBe(target);
    },
  );
});
