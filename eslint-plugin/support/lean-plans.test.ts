// The lean path (lean-plans.ts): in a folder where a rule has little or nothing to check, a file
// costs one look-up instead of the rule's full input (config, layout, scopes, resolver), and what
// the full check reports there is still reported. The full input is counted through each
// rule's `create`, which only the full path calls.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { DISK_ROUND_QUIET_MS } from "../../schema/disk-rounds.js";
import { noAmbientCapabilitiesLogic } from "../logic/no-ambient-capabilities.js";
import { noPrivateImportsLogic } from "../logic/no-private-imports.js";
import { noUndeclaredDependenciesLogic } from "../logic/no-undeclared-dependencies.js";
import { parseForESLint } from "@typescript-eslint/parser";
import { ProjectLayout } from "../logic/project/layout.js";
import type { LeanFile } from "../logic/rule-logic.js";
import { noPrivateImports } from "../rules/no-private-imports.js";
import { lintWithAgentix } from "../../test/support/lint-no-private-imports.js";

const base = mkdtempSync(path.join(tmpdir(), "agentix-lean-plans-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

let projects = 0;
/** A fresh project: package.json, a tsconfig with an `@app/*` alias, and `files` (path -> text). */
function project(files: Record<string, string>): string {
  projects += 1;
  const root = path.join(base, `p${projects}`);
  const tsconfig = {
    compilerOptions: {
      module: "ESNext",
      moduleResolution: "Bundler",
      paths: { "@app/*": ["./src/features/*"] },
    },
  };
  write(root, "package.json", JSON.stringify({ type: "module" }));
  write(root, "tsconfig.json", JSON.stringify(tsconfig));
  for (const [file, text] of Object.entries(files)) write(root, file, text);
  return root;
}

function write(root: string, file: string, text = "export const x = 1;\n"): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** ESLint's messages for `code` as the text of `file` in `root`, by the three syntactic rules. */
const lint = (root: string, file: string, code: string) =>
  lintWithAgentix(root, file, code, [
    "no-private-imports",
    "no-ambient-capabilities",
    "no-undeclared-dependencies",
  ]);

/** How often each rule built a file's full input. */
function countFullInputs() {
  const privateImports = vi.spyOn(noPrivateImportsLogic, "create");
  const ambient = vi.spyOn(noAmbientCapabilitiesLogic, "create");
  const undeclared = vi.spyOn(noUndeclaredDependenciesLogic, "create");
  return () => ({
    privateImports: privateImports.mock.calls.length,
    ambient: ambient.mock.calls.length,
    undeclared: undeclared.mock.calls.length,
  });
}

const ordinary = [
  `import { a } from "./a";`,
  `import { b } from "../lib/b";`,
  `import { z } from "zod";`,
  `import { readFileSync } from "node:fs";`,
  `export { c } from "@app/orders/contract";`,
  `export * from "./a";`,
  `export const now = () => [Date.now(), import("./a"), readFileSync, z, a, b];`,
].join("\n");

/** The report for an import of src/features/orders/model.ts from outside features, none existing. */
const intoMissingFeature = (line: number, column: number) => ({
  ruleId: "agentix/no-private-imports",
  line,
  column,
  message:
    'src/features/orders/model.ts is private to feature "orders", which has neither a public entry (src/features/orders/contract.ts does not exist) nor a descriptor (src/features/orders/feature.ts does not exist); code outside features may import only those, so add one and import from it',
});

describe("a project without feature folders", () => {
  it("builds no rule's full input for files whose imports cannot reach a feature", () => {
    const root = project({ "src/a.ts": "", "src/lib/b.ts": "" });
    const fullInputs = countFullInputs();
    for (const file of ["src/main.ts", "src/app/one.ts", "src/app/two.ts", "src/lib/three.ts"])
      expect(lint(root, file, ordinary)).toEqual([]);
    expect(fullInputs()).toEqual({ privateImports: 0, ambient: 0, undeclared: 0 });
  });

  it("passes over relative imports that spell no feature folder's segment by their text", () => {
    const root = project({ "src/a.ts": "", "src/lib/b.ts": "" });
    const folderLookUps = vi.spyOn(ProjectLayout.prototype, "featureOfFolder");
    for (const file of ["src/app/one.ts", "src/lib/three.ts"])
      expect(lint(root, file, ordinary)).toEqual([]);
    // Each linted file's own folder, and no folder an import names.
    expect(new Set(folderLookUps.mock.calls.map(([dir]) => path.relative(root, dir)))).toEqual(
      new Set(["src/app", "src/lib"]),
    );
  });

  it("reads a file's import and export declarations in one listener call, not one per import", () => {
    const root = project({ "src/a.ts": "" });
    const { ast, scopeManager } = parseForESLint(ordinary, { range: true, loc: true });
    const context = {
      filename: path.join(root, "src/main.ts"),
      sourceCode: { ast, scopeManager, text: ordinary },
    };
    // ESLint calls a listener (through its wrappers) for every node of the listed types.
    expect(Object.keys(noPrivateImports.create(context as never))).toEqual([
      "ImportExpression",
      "TSImportType",
      "NewExpression",
      "MetaProperty",
      "Program:exit",
    ]);
  });

  it("gives a file whose declarations and text can import into no feature folder no listener at all", () => {
    const root = project({ "src/a.ts": "" });
    const listeners = (code: string) => {
      const { ast, scopeManager } = parseForESLint(code, { range: true, loc: true });
      const context = {
        filename: path.join(root, "src/app/main.ts"),
        sourceCode: { ast, scopeManager, text: code },
      };
      return Object.keys(noPrivateImports.create(context as never));
    };
    const plain =
      'import { a } from "../a";\nexport * from "./b";\nimport { z } from "zod";\nimport { i } from ".";\n';
    expect(listeners(plain)).toEqual([]);
    // Only declarations are specifiers: not a route, a path in a string, the segment in a word;
    // and a declaration that leaves the project (src/app is two folders down) for a folder of
    // no project with features is judged there and then.
    expect(
      listeners(
        `${plain}export const href = "/settings";\nconst up = "../../../../x";\nconst t = "../features/x";\nconst featuresList = [];\nimport { u } from "../../../x";\n`,
      ),
    ).toEqual([]);
    // What the full check may report on needs the listeners: a declaration naming a feature
    // folder's segment (in a module body too), an absolute specifier, a relative one that leaves
    // the project (src/app is two folders down), a module augmentation of either, an import()
    // (dynamic or a type), require, createRequire's module, a module URL or glob.
    for (const code of [
      'import { m } from "../features/x";',
      'import type { M } from "../features/x";',
      'export { m } from "../features/x";',
      'export * as m from "../features/x";',
      'declare module "foo" { export * from "../features/x"; }',
      'export declare namespace N { export { m } from "../features/x"; }',
      'declare module "../features/x" { interface M { extra: string } }',
      'import { m } from "/srv/app/x";',
      "export const load = (name: string) => import(name);",
      "export type T = typeof import ('./a');",
      "export const x = require(name);",
      'import { createRequire } from "module";',
      'export const w = new URL("/srv/app/w.ts", import.meta.url);',
      'export const pages = import.meta.glob("../features/*/page.ts");',
    ])
      expect([code, listeners(`${plain}${code}\n`)]).toEqual([
        code,
        ["ImportExpression", "TSImportType", "NewExpression", "MetaProperty", "Program:exit"],
      ]);
  });

  it("judges most files by their text alone, reading no statement of their syntax tree", () => {
    const root = project({ "src/a.ts": "" });
    const statementReads = (code: string) => {
      const { ast, scopeManager } = parseForESLint(code, { range: true, loc: true });
      let reads = 0;
      const program = new Proxy(ast, {
        get: (target, key, receiver) => {
          if (key === "body") reads += 1;
          return Reflect.get(target, key, receiver) as unknown;
        },
      });
      const context = {
        filename: path.join(root, "src/app/main.ts"),
        sourceCode: { ast: program, scopeManager, text: code },
      };
      const listeners = Object.keys(noPrivateImports.create(context as never));
      return { listeners, reads };
    };
    const plain =
      'import { a } from "../a";\nimport { z } from "zod";\nexport const href = "/x";\n';
    expect(statementReads(plain)).toEqual({ listeners: [], reads: 0 });
    // A text that may hold such a specifier has its declarations read: here they name none.
    expect(statementReads(`${plain}const up = "../../../x";\n`)).toEqual({
      listeners: [],
      reads: 1,
    });
    expect(
      statementReads(`${plain}import { m } from // the app's\n  "/srv/app/x";\n`).listeners,
    ).toEqual([
      "ImportExpression",
      "TSImportType",
      "NewExpression",
      "MetaProperty",
      "Program:exit",
    ]);
  });

  it("builds no per-file object for a file its gate turns away, ignores or not", () => {
    // The lean plan's chooser is what receives a file's LeanFile (five closures): counted here.
    const lean = noPrivateImportsLogic.lean!.bind(noPrivateImportsLogic);
    let chosen = 0;
    vi.spyOn(noPrivateImportsLogic, "lean").mockImplementation((folder) => {
      const plan = lean(folder);
      if (typeof plan !== "function") return plan;
      const counted = (file: LeanFile) => ((chosen += 1), plan(file));
      return plan.gate ? Object.assign(counted, { gate: plan.gate }) : counted;
    });
    const plain = 'import { a } from "../a";\nimport { z } from "zod";\n';
    const intoFeature = 'import { m } from "../features/orders/model";\n';
    for (const config of [{}, { ignores: ["src/generated/**"] }]) {
      const root = project({ "agentix.config.json": JSON.stringify(config) });
      for (const file of ["src/app/one.ts", "src/app/two.ts", "src/lib/three.ts"])
        expect(lint(root, file, plain)).toEqual([]);
      expect(chosen).toBe(0);
      expect(lint(root, "src/app/three.ts", intoFeature)).toEqual([intoMissingFeature(1, 19)]);
      expect(chosen).toBe(1);
      chosen = 0;
      if ("ignores" in config) expect(lint(root, "src/generated/x.ts", intoFeature)).toEqual([]);
    }
  });

  it.each([
    ["import", `import { x } from "./features/orders/model";`, 1, 19],
    ["export from", `export { x } from "./features/orders/model";`, 1, 19],
    ["export all", `export * from "./features/orders/model";`, 1, 15],
    ["import equals", `import x = require("./features/orders/model");`, 1, 20],
    ["import()", `export const load = () => import("./features/orders/model");`, 1, 34],
    ["import type", `export type T = typeof import("./features/orders/model");`, 1, 31],
    ["require()", `export const x = require("./features/orders/model");`, 1, 26],
    [
      "require() spelled with an escape",
      `export const x = \\u0072equire("./features/orders/model");`,
      1,
      31,
    ],
    [
      "createRequire of a module named with an escape",
      `import { createRequire } from "node:\\u006dodule";\nconst load = createRequire("/srv/x/");\nload("./features/orders/model");`,
      3,
      6,
    ],
    [
      "createRequire",
      `import { createRequire } from "node:module";\nconst load = createRequire(import.meta.url);\nload("./features/orders/model");`,
      3,
      6,
    ],
    [
      "in a namespace",
      `declare module "m" {\n  export * from "./features/orders/model";\n}`,
      2,
      17,
    ],
    ["export import equals", `export import x = require("./features/orders/model");`, 1, 27],
    [
      "in an exported namespace",
      `export declare namespace N {\n  import x = require("./features/orders/model");\n}`,
      2,
      22,
    ],
    [
      "in a nested namespace",
      `declare module "m" {\n  namespace inner {\n    export { x } from "./features/orders/model";\n  }\n}`,
      3,
      23,
    ],
  ])(
    "still reports %s naming a file in a feature folder yet to be created",
    (_form, code, line, column) => {
      const root = project({ "src/a.ts": "" });
      expect(lint(root, "src/main.ts", `import { a } from "./a";\n${code}\n`)).toEqual([
        intoMissingFeature(line + 1, column),
      ]);
    },
  );

  it("obeys agentix.config.json ignores and rule severities there", () => {
    const root = project({
      "agentix.config.json": JSON.stringify({ ignores: ["src/generated/**"] }),
    });
    const code = `import { x } from "./features/orders/model";\n`;
    expect(
      lint(root, "src/generated/client.ts", `import { x } from "../features/orders/model";\n`),
    ).toEqual([]);
    expect(lint(root, "src/main.ts", code)).toEqual([intoMissingFeature(1, 19)]);
    write(
      root,
      "agentix.config.json",
      JSON.stringify({ rules: { "agentix/no-private-imports": "off" } }),
    );
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS + 1);
    expect(lint(root, "src/main.ts", code)).toEqual([]);
  });
});

describe("a project with feature folders", () => {
  it("builds the ambient and dependency rules' input only for files in features", () => {
    const root = project({ "src/features/orders/contract.ts": "", "src/main.ts": "" });
    const fullInputs = countFullInputs();
    expect(lint(root, "src/main.ts", `export const now = Date.now();\n`)).toEqual([]);
    expect(fullInputs()).toEqual({ privateImports: 1, ambient: 0, undeclared: 0 });
    expect(lint(root, "src/features/orders/model.ts", `export const now = Date.now();\n`)).toEqual([
      {
        ruleId: "agentix/no-ambient-capabilities",
        line: 1,
        column: 20,
        message: expect.stringContaining("Date.now()") as string,
      },
    ]);
    expect(fullInputs()).toEqual({ privateImports: 2, ambient: 1, undeclared: 1 });
  });
});

describe("a new disk round", () => {
  it("asks again in one pass the folders the last round used, with the plans asked there", () => {
    const root = project({ "src/a.ts": "" });
    const asked: string[] = [];
    const lean = noPrivateImportsLogic.lean!.bind(noPrivateImportsLogic);
    vi.spyOn(noPrivateImportsLogic, "lean").mockImplementation((folder) => {
      const dir = path.relative(root, folder.dir);
      if (!dir.startsWith("..")) asked.push(dir); // folders of other tests' projects aside
      return lean(folder);
    });
    const code = 'import { a } from "../a";\n';
    const files = ["src/app/one.ts", "src/lib/two.ts", "src/app/three.ts"];
    vi.useFakeTimers({ toFake: ["Date"] });
    for (const file of files) expect(lint(root, file, code)).toEqual([]);
    expect(asked).toEqual(["src/app", "src/lib"]);
    vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS + 1);
    expect(lint(root, "src/app/one.ts", code)).toEqual([]);
    expect(asked).toEqual(["src/app", "src/lib", "src/app", "src/lib"]);
    // Renewed for the round: no folder is asked twice in it.
    for (const file of files) expect(lint(root, file, code)).toEqual([]);
    expect(asked).toHaveLength(4);
    // What the renewed plans answer is this round's: a feature folder created is seen.
    write(root, "src/features/orders/model.ts");
    vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS + 1);
    expect(lint(root, "src/lib/two.ts", `import { x } from "../features/orders/model";\n`)).toEqual(
      [expect.objectContaining({ ruleId: "agentix/no-private-imports", line: 1, column: 19 })],
    );
  });
});
