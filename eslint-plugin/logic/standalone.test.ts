// The detection logic runs without ESLint and reports exactly what the ESLint rules report:
// the analyzer depends on this.
import { analyze } from "@typescript-eslint/scope-manager";
import { parse, parseAndGenerateServices } from "@typescript-eslint/typescript-estree";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { loadConfigForFile } from "../../schema/load-config.js";
import { fixture } from "../../test/support/eslint-plugin-fixtures.js";
import plugin from "../index.js";
import {
  checkAmbientCapabilities,
  checkPrivateImports,
  checkQueryWrites,
  checkSyntacticRules,
  checkUndeclaredDependencies,
  createProjectServices,
  createQueryTypeServices,
  type Violation,
} from "./index.js";

/** ESLint's view of a violation, columns converted back to ESTree's 0-based ones. */
interface Comparable {
  ruleId: string | null;
  messageId: string | undefined;
  message: string;
  start: [number, number];
  end: [number, number];
  suggestions: {
    messageId: string | undefined;
    desc: string;
    range: readonly [number, number];
    text: string;
  }[];
}

function fromEslint(messages: Linter.LintMessage[]): Comparable[] {
  return messages.map((m) => ({
    ruleId: m.ruleId,
    messageId: m.messageId,
    message: m.message,
    start: [m.line, m.column - 1],
    end: [m.endLine ?? m.line, (m.endColumn ?? m.column) - 1],
    suggestions: (m.suggestions ?? []).map((s) => ({
      messageId: s.messageId,
      desc: s.desc,
      range: s.fix.range,
      text: s.fix.text,
    })),
  }));
}

function fromLogic(violations: Violation[]): Comparable[] {
  return violations.map((v) => ({
    ruleId: v.ruleId,
    messageId: v.messageId,
    message: v.message,
    start: [v.loc.start.line, v.loc.start.column],
    end: [v.loc.end.line, v.loc.end.column],
    suggestions: (v.suggestions ?? []).map((s) => ({
      messageId: s.messageId,
      desc: s.message,
      range: s.fix.range,
      text: s.fix.text,
    })),
  }));
}

const syntacticRules: Linter.RulesRecord = {
  "agentix/no-private-imports": "error",
  "agentix/no-ambient-capabilities": "error",
  "agentix/no-undeclared-dependencies": "error",
};

function lintWithEslint(
  code: string,
  filename: string,
  rules: Linter.RulesRecord,
  parserOptions: Linter.ParserOptions = {},
) {
  const linter = new Linter({ configType: "flat", cwd: fixture("") });
  const messages = linter.verify(
    code,
    [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tsParser, parserOptions },
        plugins: { agentix: plugin },
        rules,
      },
    ],
    { filename },
  );
  const fatal = messages.find((m) => m.fatal);
  if (fatal) throw new Error(fatal.message);
  return fromEslint(messages);
}

/** The fixture's program, with `code` as the text of `filename`. */
function programWith(code: string, filename: string, tsconfig: string): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  if (config === undefined) throw new Error(`cannot read ${tsconfig}`);
  const host = ts.createCompilerHost(config.options, true);
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (name, language, ...rest) =>
    path.resolve(name) === path.resolve(filename)
      ? ts.createSourceFile(name, code, language, true)
      : read(name, language, ...rest);
  const rootNames = [
    ...config.fileNames.filter((name) => path.resolve(name) !== path.resolve(filename)),
    filename,
  ];
  return ts.createProgram({ rootNames, options: config.options, host });
}

function standaloneInput(code: string, filename: string) {
  const program = parse(code, { loc: true, range: true, filePath: filename });
  return {
    program,
    scopeManager: analyze(program, { sourceType: "module" }),
    filename,
    config: loadConfigForFile(filename),
    services: createProjectServices(),
  };
}

const domainFile = fixture("project", "src/features/customers/operations.ts");
const domainCode = [
  `import { total } from "../orders/model.js";`,
  `import { OrderStore } from "../orders/contract.js";`,
  `import { randomUUID, createHash } from "node:crypto";`,
  `import { readFile } from "node:fs/promises";`,
  `const { env } = process;`,
  `const g = globalThis;`,
  `export async function register(fetch: (url: string) => Promise<unknown>) {`,
  `  await fetch("/local-parameter");`,
  `  await g.fetch("/ambient");`,
  `  const at = new Date();`,
  `  const id = Math.random();`,
  `  const model = await import(\`../orders/\${String("model")}.js\`);`,
  `  type Private = typeof import("../orders/model.js");`,
  `  return { at, id, model, total, OrderStore, env, randomUUID, createHash, readFile };`,
  `}`,
].join("\n");

describe("the detection logic without ESLint", () => {
  it("reports what the three syntactic rules report, rule by rule and all together", () => {
    const eslint = lintWithEslint(domainCode, domainFile, syntacticRules);
    const input = standaloneInput(domainCode, domainFile);
    expect(fromLogic(checkSyntacticRules(input))).toEqual(eslint);
    expect(fromLogic(checkPrivateImports(input))).toEqual(
      lintWithEslint(domainCode, domainFile, { "agentix/no-private-imports": "error" }),
    );
    expect(fromLogic(checkAmbientCapabilities(input))).toEqual(
      lintWithEslint(domainCode, domainFile, { "agentix/no-ambient-capabilities": "error" }),
    );
    expect(fromLogic(checkUndeclaredDependencies(input))).toEqual(
      lintWithEslint(domainCode, domainFile, { "agentix/no-undeclared-dependencies": "error" }),
    );
    // Every rule and form fired, so the comparison is not vacuous.
    expect(eslint.map((v) => `${v.start[0]}:${v.start[1]} ${v.ruleId}/${v.messageId}`)).toEqual([
      "1:22 agentix/no-private-imports/crossFeature",
      "2:27 agentix/no-undeclared-dependencies/undeclared",
      "3:9 agentix/no-ambient-capabilities/randomness",
      "4:25 agentix/no-ambient-capabilities/filesystem",
      "5:8 agentix/no-ambient-capabilities/environment",
      "9:8 agentix/no-ambient-capabilities/network",
      "10:13 agentix/no-ambient-capabilities/clock",
      "11:13 agentix/no-ambient-capabilities/randomness",
      "12:22 agentix/no-private-imports/unprovable",
      "13:31 agentix/no-private-imports/crossFeature",
    ]);
  });

  it("gives the exact message text and suggestion edits", () => {
    const [first] = checkPrivateImports(standaloneInput(domainCode, domainFile));
    expect(first).toEqual({
      ruleId: "agentix/no-private-imports",
      messageId: "crossFeature",
      message:
        'src/features/orders/model.ts is private to feature "orders"; feature "customers" may import only its public entry src/features/orders/contract.ts, so import from there instead',
      data: {
        file: "src/features/orders/model.ts",
        feature: "orders",
        entry: "src/features/orders/contract.ts",
        importer: "customers",
      },
      loc: { start: { line: 1, column: 22 }, end: { line: 1, column: 42 } },
      suggestions: [
        {
          messageId: "useContract",
          message: 'Import from the public entry "../orders/contract.js" instead',
          data: { specifier: "../orders/contract.js" },
          fix: { range: [22, 42], text: '"../orders/contract.js"' },
        },
      ],
    });
  });

  it("quotes an unknown member from the text it is given, else outlines it", () => {
    const code = `declare const key: string;\nexport const a = (window as any)[key];\nexport const b = () => globalThis;`;
    const labels = (input: ReturnType<typeof standaloneInput> & { sourceText?: string }) =>
      checkAmbientCapabilities(input).map((v) => `${v.messageId} ${v.data?.capability}`);
    const eslint = lintWithEslint(code, domainFile, syntacticRules);
    const given = checkAmbientCapabilities({
      ...standaloneInput(code, domainFile),
      sourceText: code,
    });
    expect(fromLogic(given)).toEqual(eslint);
    expect(labels({ ...standaloneInput(code, domainFile), sourceText: code })).toEqual([
      "unknownMember (window as any)[key]",
      "globalHandedOn globalThis",
    ]);
    // No text (it may differ from the disk): the node's outline, never the file read anew.
    expect(labels(standaloneInput(code, domainFile))).toEqual([
      "unknownMember window[…]",
      "globalHandedOn globalThis",
    ]);
  });

  it("runs the type-aware rule from typescript-estree's parser services", () => {
    const filename = fixture("typed", "src/features/catalog/queries.ts");
    const code = [
      `import { defineQuery, s } from "agentix";`,
      `import { Store } from "./ports.js";`,
      `import { ProductViewed } from "./contract.js";`,
      `export const q = defineQuery({ id: "q", input: s.string(), output: s.string(),`,
      `  effects: { get: Store.get, save: Store.save }, emits: { viewed: ProductViewed },`,
      `  async execute() { return ""; } });`,
    ].join("\n");
    // One explicit program for both sides: typescript-estree's own watch program for `project`
    // can be rebuilt between the two parses when the fixture's files are newer than its cache
    // (a fresh clone), leaving the first checker without a host.
    const parserOptions = {
      programs: [programWith(code, filename, fixture("typed", "tsconfig.json"))],
    };
    const eslint = lintWithEslint(
      code,
      filename,
      { "agentix/no-query-writes": "error" },
      parserOptions,
    );
    const { ast, services } = parseAndGenerateServices(code, {
      ...parserOptions,
      filePath: filename,
      loc: true,
      range: true,
    });
    if (!services.program) throw new Error("no program");
    const violations = checkQueryWrites({
      program: ast,
      scopeManager: analyze(ast, { sourceType: "module" }),
      filename,
      config: loadConfigForFile(filename),
      services: createProjectServices(),
      types: createQueryTypeServices(
        services.program.getTypeChecker(),
        services.esTreeNodeToTSNodeMap,
      ),
    });
    expect(fromLogic(violations)).toEqual(eslint);
    expect(violations.map((v) => v.messageId)).toEqual(["writeEffect", "emits"]);
  });
});
