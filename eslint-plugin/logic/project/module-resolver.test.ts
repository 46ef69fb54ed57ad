import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import ts from "typescript";
import { afterAll, describe, expect, it } from "vitest";
import { createModuleResolver, resolveLexically } from "./module-resolver.js";

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

/** What TypeScript itself answers for the same tsconfig (by default the root's, from main.ts). */
function typescriptAnswer(
  specifier: string,
  fromFile = from,
  configFile = path.join(root, "tsconfig.json"),
): string | undefined {
  const read = ts.readConfigFile(configFile, ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(
    read.config,
    ts.sys,
    path.dirname(configFile),
    undefined,
    configFile,
  );
  const { resolvedModule } = ts.resolveModuleName(
    specifier,
    fromFile,
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

  function bundlerAnswer(specifier: string, fromFile = importer): string | undefined {
    const configFile = path.join(project, "tsconfig.json");
    const read = ts.readConfigFile(configFile, ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(read.config, ts.sys, project);
    const { resolvedModule } = ts.resolveModuleName(specifier, fromFile, options, ts.sys);
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

  // ".", "..", and a specifier ending in "/" name a folder only: TypeScript never tries the file
  // beside it (src/both.ts for "." in src/both, bundler/src.ts for ".." there). The shortcut
  // took that file first.
  const inBoth = write("bundler/src/both/view.ts");
  write("bundler/src/index.ts");
  write("bundler/src.ts");
  it.each([
    [".", "src/both/index.ts"],
    ["./", "src/both/index.ts"],
    ["..", "src/index.ts"],
    ["../", "src/index.ts"],
    ["../both/", "src/both/index.ts"],
    ["../both/.", "src/both/index.ts"],
    ["../both", "src/both.ts"],
  ])(
    "resolves %s in a folder beside a file of its name to %s, as TypeScript does",
    (specifier, expected) => {
      const resolve = createModuleResolver();
      expect(resolve(specifier, inBoth)).toBe(path.join(project, expected));
      expect(bundlerAnswer(specifier, inBoth)).toBe(path.join(project, expected));
    },
  );
});

describe("createModuleResolver on bare specifiers (packages, baseUrl, self-name, imports)", () => {
  const manifest = {
    name: "@acme/app",
    type: "module",
    exports: { "./features/*": "./src/features/*.ts" },
    imports: { "#internal/*": "./src/internal/*.ts" },
  };
  write("bare/package.json", JSON.stringify(manifest));
  write(
    "bare/tsconfig.json",
    JSON.stringify({
      compilerOptions: {
        module: "ESNext",
        moduleResolution: "Bundler",
        baseUrl: ".",
        paths: {
          "@lib/*": ["src/lib/*"],
          "@mid/*/api": ["src/*/public-api"],
          "@two/*": ["src/missing/*", "src/lib/*"],
        },
      },
      include: ["src"],
    }),
  );
  const importer = write("bare/src/main.ts");
  write("bare/shadow.ts");
  write("bare/folderpkg/index.ts");
  write("bare/dotted.ts");
  write("bare/typed.d.ts", "export declare const x: number;\n");
  // Named like a package, found as neither: `import "vitest"` is the package's.
  write("bare/vitest.config.ts");
  // Beside the project: a bare name whose ".." segments lead out of baseUrl still finds it.
  write("beside-bare.ts");
  write("bare/src/lib/a.ts");
  write("bare/src/lib/dir/index.ts");
  write("bare/src/lib/$&x.ts");
  write("bare/src/orders/public-api.ts");
  write("bare/src/features/orders.ts");
  write("bare/src/internal/x.ts");
  write("bare/node_modules/zod/package.json", JSON.stringify({ name: "zod", types: "index.d.ts" }));
  write("bare/node_modules/zod/index.d.ts", "export declare const z: number;\n");
  // The same package without baseUrl: self-name and imports still lead into the project.
  write("plain/package.json", JSON.stringify({ ...manifest, name: "plain-app" }));
  write(
    "plain/tsconfig.json",
    JSON.stringify({ compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext" } }),
  );
  const plainImporter = write("plain/src/main.ts");
  write("plain/src/features/orders.ts");
  write("plain/src/internal/x.ts");

  /** The project's tsconfig.json sits next to its src folder. */
  const answer = (specifier: string, fromFile: string) =>
    typescriptAnswer(
      specifier,
      fromFile,
      path.join(path.dirname(path.dirname(fromFile)), "tsconfig.json"),
    );

  it.each([
    // baseUrl/<name> exists as a file, a folder, a file behind a .js extension, a declaration.
    ["shadow", importer, "bare/shadow.ts"],
    ["folderpkg", importer, "bare/folderpkg/index.ts"],
    ["dotted.js", importer, "bare/dotted.ts"],
    ["typed", importer, "bare/typed.d.ts"],
    ["src/lib/a", importer, "bare/src/lib/a.ts"],
    ["nowhere/../../beside-bare", importer, "beside-bare.ts"],
    // `paths` aliases answered from folder listings: extensionless, a folder, `*` mid-pattern,
    // a fallback substitution.
    ["@lib/a", importer, "bare/src/lib/a.ts"],
    ["@lib/dir", importer, "bare/src/lib/dir/index.ts"],
    ["@mid/orders/api", importer, "bare/src/orders/public-api.ts"],
    ["@two/a", importer, "bare/src/lib/a.ts"],
    // package.json `imports` and the package's own name, with and without baseUrl.
    ["#internal/x", importer, "bare/src/internal/x.ts"],
    ["@acme/app/features/orders", importer, "bare/src/features/orders.ts"],
    ["#internal/x", plainImporter, "plain/src/internal/x.ts"],
    ["plain-app/features/orders", plainImporter, "plain/src/features/orders.ts"],
  ])("resolves %s from %s to %s, as TypeScript does", (specifier, fromFile, expected) => {
    const resolve = createModuleResolver();
    expect(resolve(specifier, fromFile)).toBe(path.join(root, expected));
    expect(answer(specifier, fromFile)).toBe(path.join(root, expected));
  });

  it.each([
    ["zod", importer],
    ["zod/v4", importer],
    ["node:crypto", importer],
    ["missing-package", importer],
    ["@acme/other", importer],
    ["@acme/application", importer],
    ["shadowy", importer],
    ["vitest", importer],
    ["@lib/none", importer],
    ["@mid/none/api", importer],
    // TypeScript fills `*` in with String#replace, which expands `$&`: src/lib/*x, not $&x.
    ["@lib/$&x", importer],
    ["zod", plainImporter],
    ["@acme/app/features/orders", plainImporter],
  ])("leaves %s from %s unresolved, as TypeScript does", (specifier, fromFile) => {
    const resolve = createModuleResolver();
    expect(resolve(specifier, fromFile)).toBeUndefined();
    expect(answer(specifier, fromFile)).toBeUndefined();
  });

  it.each([
    ["@lib/a", "bare/src/lib/a"],
    ["@lib/dir", "bare/src/lib/dir"],
    ["@mid/orders/api", "bare/src/orders/public-api"],
    ["@lib/none", "bare/src/lib/none"],
  ])(
    "names the one target of %s (%s), where TypeScript finds it or nothing",
    (specifier, target) => {
      const expected = path.join(root, target);
      expect(createModuleResolver().aliasTarget(specifier, importer)).toBe(expected);
      const found = answer(specifier, importer);
      if (found !== undefined)
        expect([`${expected}.ts`, path.join(expected, "index.ts")]).toContain(found);
    },
  );

  it("names no single target for fallbacks, #imports, the own package name or a package", () => {
    const resolve = createModuleResolver();
    for (const specifier of ["@two/a", "#internal/x", "@acme/app/features/orders", "zod", "./a"])
      expect(resolve.aliasTarget(specifier, importer)).toBeUndefined();
  });

  it("finds baseUrl/<name> created after a first lookup once the folder listing is re-read", async () => {
    const resolve = createModuleResolver();
    expect(resolve("later-shadow", importer)).toBeUndefined();
    write("bare/later-shadow.ts");
    await new Promise((done) => setTimeout(done, 1100));
    expect(resolve("later-shadow", importer)).toBe(path.join(root, "bare/later-shadow.ts"));
  });
});

// Vite's template: tsconfig.json is `{ "files": [], "references": [...] }` and the `paths` live
// in tsconfig.app.json. The plugin read only the nearest tsconfig.json, knew no alias, and
// missed a private import `check` reported (helper-28 B3, repro-13).
describe("createModuleResolver under a solution-style tsconfig.json", () => {
  const solution = mkdtempSync(path.join(tmpdir(), "agentix-resolver-solution-"));
  afterAll(() => rmSync(solution, { recursive: true, force: true }));
  const at = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(solution, file)), { recursive: true });
    writeFileSync(path.join(solution, file), text);
    return path.join(solution, file);
  };
  at(
    "tsconfig.json",
    '{ "files": [], "references": [{ "path": "./tsconfig.app.json" }, { "path": "./tsconfig.node.json" }] }',
  );
  at(
    "tsconfig.app.json",
    '{ "compilerOptions": { "module": "NodeNext", "moduleResolution": "NodeNext", "paths": { "~/*": ["./src/*"] } }, "include": ["src/**/*.ts"] }',
  );
  at(
    "tsconfig.node.json",
    '{ "compilerOptions": { "module": "NodeNext" }, "include": ["vite.config.ts"] }',
  );
  const model = at("src/features/b/model.ts", "export const b = 1;\n");
  const importer = at("src/features/a/alias.ts", "");

  it("resolves with the options of the referenced tsconfig whose include holds the file", () => {
    const resolve = createModuleResolver();
    expect(resolve("~/features/b/model.js", importer)).toBe(model);
    expect(resolve.aliasTarget("~/features/b/model.js", importer)).toBe(
      path.join(solution, "src/features/b/model.js"),
    );
  });

  it("keeps the solution's own (no alias) outside every reference's include", () => {
    const resolve = createModuleResolver();
    expect(resolve("~/features/b/model.js", at("scripts/x.ts", ""))).toBeUndefined();
  });
});

// The file an import names when nothing resolves it (a feature folder not created yet): a
// specifier that names a folder only names its index, never the file beside the folder.
describe("resolveLexically", () => {
  write("lexical/src/both.ts");
  const both = path.dirname(write("lexical/src/both/view.ts"));
  it.each([
    [".", "lexical/src/both/index.ts"],
    ["./", "lexical/src/both/index.ts"],
    ["../both/", "lexical/src/both/index.ts"],
    ["../both/.", "lexical/src/both/index.ts"],
    ["../both", "lexical/src/both.ts"],
    ["./view", "lexical/src/both/view.ts"],
    ["./missing", "lexical/src/both/missing.ts"],
  ])("names %s in a folder beside a file of its name as %s", (specifier, expected) => {
    expect(resolveLexically(specifier, both)).toBe(path.join(root, expected));
  });

  it("names an index that exists with its own extension", () => {
    write("lexical/src/both/index.tsx");
    expect(resolveLexically(".", both)).toBe(path.join(root, "lexical/src/both/index.tsx"));
  });
});
