import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { createModuleResolver } from "./module-resolver.js";

const root = mkdtempSync(path.join(tmpdir(), "agentix-resolver-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text = "export const x = 1;\n"): string {
  const absolute = path.join(root, file);
  mkdirSync(path.dirname(absolute), { recursive: true });
  writeFileSync(absolute, text);
  return absolute;
}

const paths = {
  "@app/*": ["./src/*"],
  "@app/special/*": ["./special/*", "./src/*"],
  exact: ["./src/exact.ts"],
  "@gone/*": ["./missing/*"],
};
write(
  "tsconfig.json",
  JSON.stringify({
    compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true, paths },
    include: ["src"],
  }),
);
write("package.json", JSON.stringify({ type: "module" }));
const from = write("src/main.ts");
write("src/a.ts");
write("src/b.tsx");
write("src/y.ts");
write("src/exact.ts");
write("src/dir/index.ts");
write("special/x.ts");

/** What TypeScript itself answers for the same tsconfig. */
function typescriptAnswer(specifier: string): string | undefined {
  const configFile = path.join(root, "tsconfig.json");
  const read = ts.readConfigFile(configFile, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(
    read.config,
    ts.sys,
    root,
    undefined,
    configFile,
  );
  const { resolvedModule } = ts.resolveModuleName(
    specifier,
    from,
    options,
    ts.sys,
    undefined,
    undefined,
    ts.ModuleKind.ESNext,
  );
  return resolvedModule && !resolvedModule.isExternalLibraryImport
    ? path.resolve(resolvedModule.resolvedFileName)
    : undefined;
}

describe("createModuleResolver", () => {
  it.each([
    ["./a.js", "src/a.ts"],
    ["./b.js", "src/b.tsx"],
    ["./a.ts", "src/a.ts"],
    ["@app/a.js", "src/a.ts"],
    ["@app/b.js", "src/b.tsx"],
    // The longest matching prefix wins; its first substitution is tried first...
    ["@app/special/x.js", "special/x.ts"],
    // ...and when that file is missing, the next substitution answers.
    ["@app/special/y.js", "src/y.ts"],
    ["exact", "src/exact.ts"],
    ["@app/dir/index.js", "src/dir/index.ts"],
  ])("resolves %s to %s, as TypeScript does", (specifier, expected) => {
    const resolve = createModuleResolver();
    expect(resolve(specifier, from)).toBe(path.join(root, expected));
    expect(typescriptAnswer(specifier)).toBe(path.join(root, expected));
  });

  it("leaves packages and aliases that lead nowhere unresolved, as TypeScript does", () => {
    const resolve = createModuleResolver();
    for (const specifier of ["@gone/a.js", "@app/none.js", "node:fs", "some-package"]) {
      expect(resolve(specifier, from)).toBeUndefined();
      expect(typescriptAnswer(specifier)).toBeUndefined();
    }
  });

  it("sees a file created after a first lookup once the folder listing is re-read", async () => {
    const resolve = createModuleResolver();
    expect(resolve("@app/later.js", from)).toBeUndefined();
    write("src/later.ts");
    await new Promise((done) => setTimeout(done, 1100));
    expect(resolve("@app/later.js", from)).toBe(path.join(root, "src/later.ts"));
  });
});

describe("createModuleResolver on extensionless specifiers (Bundler resolution)", () => {
  const project = path.join(root, "bundler");
  write(
    "bundler/tsconfig.json",
    JSON.stringify({
      compilerOptions: { module: "ESNext", moduleResolution: "Bundler", strict: true },
      include: ["src"],
    }),
  );
  const importer = write("bundler/src/main.ts");
  write("bundler/src/model.ts");
  write("bundler/src/view.tsx");
  write("bundler/src/app.service.ts");
  write("bundler/src/both.ts");
  write("bundler/src/both/index.ts");
  write("bundler/src/dir/index.ts");
  write("bundler/src/typed.d.ts");
  write("bundler/src/typed/index.ts");
  write("bundler/src/pkg/package.json", JSON.stringify({ types: "./entry.ts" }));
  write("bundler/src/pkg/entry.ts");
  write("bundler/src/pkg/index.ts");

  function bundlerAnswer(specifier: string): string | undefined {
    const configFile = path.join(project, "tsconfig.json");
    const read = ts.readConfigFile(configFile, ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(read.config, ts.sys, project);
    const { resolvedModule } = ts.resolveModuleName(specifier, importer, options, ts.sys);
    return resolvedModule ? path.resolve(resolvedModule.resolvedFileName) : undefined;
  }

  it.each([
    ["./model", "src/model.ts"],
    ["./view", "src/view.tsx"],
    ["./app.service", "src/app.service.ts"],
    // A file before a folder of the same name, as TypeScript orders them...
    ["./both", "src/both.ts"],
    ["./dir", "src/dir/index.ts"],
    // ...and where a declaration file or a package.json comes first, TypeScript answers.
    ["./typed", "src/typed.d.ts"],
    ["./pkg", "src/pkg/entry.ts"],
  ])("resolves %s to %s, as TypeScript does", (specifier, expected) => {
    const resolve = createModuleResolver();
    expect(resolve(specifier, importer)).toBe(path.join(project, expected));
    expect(bundlerAnswer(specifier)).toBe(path.join(project, expected));
  });
});
