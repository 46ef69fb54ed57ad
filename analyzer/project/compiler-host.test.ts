import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIB_FOLDER } from "./compiler-host.js";
import { loadProject, type LoadedProject } from "./load-project.js";
import { AnalysisSession } from "../analysis-session.js";
import { analyzeProject } from "../index.js";
import { serializeIndex } from "../index-file/serialize.js";
import { ts } from "./ts-morph.js";

let root: string;
const file = (relative: string) => path.join(root, relative);
const write = (relative: string, text: string) => {
  mkdirSync(path.dirname(file(relative)), { recursive: true });
  writeFileSync(file(relative), text);
};
const tsconfig = (target: string) =>
  JSON.stringify({
    compilerOptions: { target, module: "NodeNext", strict: true, noEmit: true, types: [] },
    include: ["src"],
  });
const PACKAGE = "node_modules/clock-kit/index.d.ts";
const sourceOf = (loaded: LoadedProject, relative: string) =>
  loaded.program.getSourceFile(file(relative).split(path.sep).join("/"));
const libOf = (loaded: LoadedProject) =>
  loaded.program.getSourceFiles().filter((sf) => loaded.program.isSourceFileDefaultLibrary(sf));

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "agentix-host-"));
  write("tsconfig.json", tsconfig("ES2022"));
  write("package.json", JSON.stringify({ name: "host-app", type: "module" }));
  write(
    "node_modules/clock-kit/package.json",
    JSON.stringify({ name: "clock-kit", types: "index.d.ts" }),
  );
  write(PACKAGE, "export declare function now(): string;\n");
  write("src/main.ts", '\uFEFFimport { now } from "clock-kit";\nexport const at = now();\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the analyzer's compiler host", () => {
  it("leaves a TypeScript file's JSDoc unparsed (nothing reads it) and keeps its syntax errors", () => {
    write(
      "src/doc.ts",
      "/** The answer. @deprecated */\nexport const answer = 42;\nexport const broken = ;\n",
    );
    try {
      const loaded = loadProject({ root });
      const doc = sourceOf(loaded, "src/doc.ts") as ts.SourceFile;
      const statement = doc.statements[0] as ts.VariableStatement;
      expect(ts.getJSDocTags(statement.declarationList.declarations[0] as ts.Node)).toEqual([]);
      expect(loaded.program.getSyntacticDiagnostics(doc).map((d) => d.code)).toEqual([1109]);
    } finally {
      rmSync(file("src/doc.ts"));
    }
  });

  it("parses every file once per process and text: an installed package's declarations, the lib files and the project's own files", () => {
    const first = loadProject({ root });
    const second = loadProject({ root });
    expect(sourceOf(first, PACKAGE)).toBeDefined();
    expect(sourceOf(second, PACKAGE)).toBe(sourceOf(first, PACKAGE));
    expect(libOf(second)).toEqual(libOf(first));
    expect(libOf(first).length).toBeGreaterThan(0);
    expect(libOf(first).every((lib) => lib.fileName.startsWith(`${LIB_FOLDER}/`))).toBe(true);
    expect(sourceOf(second, "src/main.ts")).toBe(sourceOf(first, "src/main.ts"));
    // The shared parse is bound once and still typed in each program.
    for (const loaded of [first, second]) {
      const checker = loaded.program.getTypeChecker();
      const statement = sourceOf(loaded, "src/main.ts")?.statements[1];
      expect(statement && ts.isVariableStatement(statement)).toBe(true);
      const at = (statement as ts.VariableStatement).declarationList.declarations[0]!.name;
      expect(checker.typeToString(checker.getTypeAtLocation(at))).toBe("string");
    }
  });

  it("parses a declaration file again once its text changed", () => {
    const before = loadProject({ root });
    write(PACKAGE, "export declare function now(): number;\n");
    try {
      const after = loadProject({ root });
      expect(sourceOf(after, PACKAGE)).not.toBe(sourceOf(before, PACKAGE));
      expect(sourceOf(after, PACKAGE)?.text).toBe("export declare function now(): number;\n");
    } finally {
      write(PACKAGE, "export declare function now(): string;\n");
    }
  });

  it("parses a project's own file again once its text changed, and types the new text", () => {
    const before = loadProject({ root });
    write("src/main.ts", 'import { now } from "clock-kit";\nexport const at = now().length;\n');
    try {
      const after = loadProject({ root });
      expect(sourceOf(after, "src/main.ts")).not.toBe(sourceOf(before, "src/main.ts"));
      const statement = sourceOf(after, "src/main.ts")?.statements[1] as ts.VariableStatement;
      const checker = after.program.getTypeChecker();
      const at = statement.declarationList.declarations[0]!.name;
      expect(checker.typeToString(checker.getTypeAtLocation(at))).toBe("number");
      // Two loads of one root hand back the same ProjectFile for a file they share.
      expect(loadProject({ root }).files.find((f) => f.path === "src/main.ts")).toBe(
        after.files.find((f) => f.path === "src/main.ts"),
      );
    } finally {
      write("src/main.ts", '\uFEFFimport { now } from "clock-kit";\nexport const at = now();\n');
    }
  });

  it("keeps apart the parses of options that parse differently (another target)", () => {
    const es2022 = loadProject({ root });
    write("tsconfig.json", tsconfig("ES2017"));
    try {
      const es2017 = loadProject({ root });
      expect(sourceOf(es2017, PACKAGE)).not.toBe(sourceOf(es2022, PACKAGE));
      expect(sourceOf(es2017, PACKAGE)?.languageVersion).toBe(4); // ts.ScriptTarget.ES2017
      expect(sourceOf(loadProject({ root }), PACKAGE)).toBe(sourceOf(es2017, PACKAGE));
    } finally {
      write("tsconfig.json", tsconfig("ES2022"));
    }
  });

  it("reads a file without its byte order mark, cold and after an edit alike", () => {
    expect(sourceOf(loadProject({ root }), "src/main.ts")?.text.startsWith("import")).toBe(true);
    const session = new AnalysisSession({ root });
    session.index();
    write("src/main.ts", '\uFEFFimport { now } from "clock-kit";\nexport const at2 = now();\n');
    const warm = session.analysis().loaded;
    expect(session.lastRefresh.kind).not.toBe("cold");
    const edited = sourceOf(warm, "src/main.ts");
    const cold = sourceOf(loadProject({ root }), "src/main.ts");
    expect([edited?.text, edited?.languageVersion]).toEqual([cold?.text, cold?.languageVersion]);
    expect(edited?.text.startsWith("import")).toBe(true);
  });
});

describe("each file in its module format, as tsc reads it", () => {
  let esm: string;
  const put = (relative: string, text: string) => {
    mkdirSync(path.dirname(path.join(esm, relative)), { recursive: true });
    writeFileSync(path.join(esm, relative), text);
  };
  beforeAll(() => {
    esm = mkdtempSync(path.join(tmpdir(), "agentix-host-esm-"));
    put("tsconfig.json", tsconfig("ES2022"));
    put(
      "package.json",
      JSON.stringify({
        name: "esm-app",
        type: "module",
        imports: { "#db": { import: "./src/db/esm.ts", require: "./src/db/cjs.ts" } },
      }),
    );
    put("src/db/esm.ts", "export const db = 'esm';\n");
    put("src/db/cjs.ts", "export const db = 'cjs';\n");
    put("src/one.ts", "export const one = 1;\n");
    put("src/two.ts", 'import { one } from "./one";\nexport const two = one + 1;\n');
    put("src/store.ts", 'import { db } from "#db";\nexport const store = db;\n');
  });
  afterAll(() => rmSync(esm, { recursive: true, force: true }));

  it("an ES module package's import of #db takes the import condition, as tsc does", () => {
    const index = analyzeProject({ root: esm });
    const store = index.files.find((entry) => entry.path === "src/store.ts");
    expect(store?.imports.map((edge) => [edge.specifier, edge.target])).toEqual([
      ["#db", "src/db/esm.ts"],
    ]);
  });

  it("an extensionless relative import in an ES module is unresolved (tsc: TS2835), cold and after an edit alike", () => {
    // The warm session parsed an edited file in its package's module format (ESM) and a cold
    // load without one: `./one` resolved cold and was unresolved after the edit.
    const unresolved = [
      {
        kind: "import",
        file: "src/two.ts",
        line: 1,
        column: 21,
        reason: '"./one" cannot be resolved to a file',
      },
    ];
    const session = new AnalysisSession({ root: esm });
    expect(session.index().unresolved).toEqual(unresolved);
    put("src/two.ts", 'import { one } from "./one";\nexport const two = one + 2;\n');
    const warm = session.index();
    expect(session.lastRefresh.kind).toBe("incremental");
    expect(serializeIndex(warm)).toBe(serializeIndex(analyzeProject({ root: esm })));
    expect(warm.unresolved).toEqual(unresolved);
  });
});
