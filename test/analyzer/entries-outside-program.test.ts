// A feature's public entry or descriptor that exists on disk but that the analysed tsconfig
// leaves out (`"files": [...]`, an Nx `tsconfig.spec.json`): `check` judges its existence from
// the disk, as ESLint does, and says what ESLint says; the index calls it outside the program,
// not missing; creating or deleting one makes a fresh index stale, and a warm session analyse
// again.
import { readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toPosix } from "../../schema/paths.js";
import plugin from "../../dist/eslint-plugin/index.js";
import { run } from "../../analyzer/cli/main.js";
import type { CheckResult } from "../../analyzer/cli/commands/check.js";
import { checkFreshness } from "../../analyzer/freshness/freshness.js";
import { analyzeProject, type AgentixIndex } from "../../analyzer/index.js";
import { PROJECT_FILE_LIMIT } from "../../schema/read-project-file.js";
import { AnalysisSession } from "../../analyzer/analysis-session.js";
import { serializeIndex } from "../../analyzer/index-file/serialize.js";
import { recordingIO, removeCopies, writtenProject } from "../support/analyzer-fixtures.js";
import { coldIndexBytes } from "../support/cold-index.js";

afterAll(removeCopies);

/** The program is b's use.ts and what it imports: a's model.ts and c's contract.ts. */
const PROJECT: Readonly<Record<string, string>> = {
  "package.json": '{ "name": "entries-outside", "private": true, "type": "module" }\n',
  "tsconfig.json": JSON.stringify({
    compilerOptions: { module: "ESNext", moduleResolution: "Bundler", strict: true, noEmit: true },
    files: ["src/features/b/use.ts"],
  }),
  "src/features/a/contract.ts": 'export const aContract = { id: "a" };\n',
  "src/features/a/model.ts": "export const m = 2;\n",
  "src/features/a/feature.ts": 'export const a = { id: "a" };\n',
  "src/features/b/use.ts": [
    'import { m } from "../a/model.js";',
    'import { cContract } from "../c/contract.js";',
    "export const u = [m, cContract.id];",
    "",
  ].join("\n"),
  "src/features/b/contract.ts": 'export const bContract = { id: "b" };\n',
  "src/features/b/feature.ts": [
    'import { defineFeature } from "agentix";',
    'import { bContract } from "./contract.js";',
    'export const b = defineFeature({ id: "b", contract: bContract, dependencies: [] });',
    "",
  ].join("\n"),
  "src/features/c/contract.ts": 'export const cContract = { id: "c" };\n',
};

/** b's descriptor declaring the contract of c, which b's use.ts imports. */
const DECLARING_C = [
  'import { defineFeature } from "agentix";',
  'import { bContract } from "./contract.js";',
  'import { cContract } from "../c/contract.js";',
  'export const b = defineFeature({ id: "b", contract: bContract, dependencies: [cContract] });',
  "",
].join("\n");

const PROGRAM = ["src/features/a/model.ts", "src/features/b/use.ts", "src/features/c/contract.ts"];

const OUTSIDE = "is outside the analysed program (tsconfig.json does not include it)";

async function eslintProblems(root: string): Promise<string[]> {
  const config: Linter.Config[] = [
    { ...plugin.configs.recommended, files: ["**/*.ts"] },
    { languageOptions: { parser: tsParser as Linter.Parser } },
  ];
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  const out: string[] = [];
  for (const result of await eslint.lintFiles(PROGRAM)) {
    const file = toPosix(path.relative(root, result.filePath));
    for (const m of result.messages)
      out.push(`${file}:${m.line}:${m.column} ${m.ruleId ?? "-"} ${m.message}`);
  }
  return out.sort();
}

async function checkProblems(root: string, ...flags: string[]): Promise<CheckResult["problems"]> {
  const io = recordingIO(root);
  await run(["check", "--json", "--root", root, ...flags], io.io);
  return (JSON.parse(io.stdout()) as CheckResult).problems;
}

const shown = (p: CheckResult["problems"][number]) =>
  `${p.file}:${p.line}:${p.column ?? "-"} ${p.rule} ${p.message}`;

describe("feature entries on disk outside the analysed program", { timeout: 60_000 }, () => {
  let root: string;
  beforeAll(() => {
    root = writtenProject(PROJECT, "entries-outside");
  });

  it("check reports what ESLint reports: the public entry exists, the descriptor applies", async () => {
    const eslint = await eslintProblems(root);
    expect(eslint).toEqual([
      'src/features/b/use.ts:1:19 agentix/no-private-imports src/features/a/model.ts is private to feature "a"; feature "b" may import only its public entry src/features/a/contract.ts, so import from there instead',
      'src/features/b/use.ts:2:27 agentix/no-undeclared-dependencies feature "b" uses the contract of feature "c" (src/features/c/contract.ts) without declaring it; add that contract to the dependencies of defineFeature in src/features/b/feature.ts',
    ]);
    const problems = await checkProblems(root, "--fresh");
    expect(problems.filter((p) => p.source === "violation").map(shown)).toEqual(eslint);
    expect(problems.filter((p) => p.source !== "violation").map(shown)).toEqual([
      `src/features/a/model.ts:1:- entry-outside-program feature "a"'s descriptor src/features/a/feature.ts ${OUTSIDE}: its id and dependencies are not described`,
      `src/features/a/model.ts:1:- entry-outside-program feature "a"'s public entry src/features/a/contract.ts ${OUTSIDE}: its exports are not described`,
      `src/features/b/use.ts:1:- entry-outside-program feature "b"'s descriptor src/features/b/feature.ts ${OUTSIDE}: its id and dependencies are not described`,
      `src/features/b/use.ts:1:- entry-outside-program feature "b"'s public entry src/features/b/contract.ts ${OUTSIDE}: its exports are not described`,
      'src/features/c/contract.ts:1:- missing-descriptor feature "c" has no descriptor (defineFeature in src/features/c/feature.ts)',
    ]);
  });

  it("the index calls such an entry outside the program, never missing", () => {
    const index = analyzeProject({ root });
    expect(
      index.diagnostics.map((d) => `${d.file}:${d.line} ${d.severity} ${d.code} ${d.message}`),
    ).toEqual([
      `src/features/a/model.ts:1 warning entry-outside-program feature "a"'s descriptor src/features/a/feature.ts ${OUTSIDE}: its id and dependencies are not described`,
      `src/features/a/model.ts:1 warning entry-outside-program feature "a"'s public entry src/features/a/contract.ts ${OUTSIDE}: its exports are not described`,
      `src/features/b/use.ts:1 warning entry-outside-program feature "b"'s descriptor src/features/b/feature.ts ${OUTSIDE}: its id and dependencies are not described`,
      `src/features/b/use.ts:1 warning entry-outside-program feature "b"'s public entry src/features/b/contract.ts ${OUTSIDE}: its exports are not described`,
      'src/features/c/contract.ts:1 warning missing-descriptor feature "c" has no descriptor (defineFeature in src/features/c/feature.ts)',
    ]);
    // Nothing of an entry outside the program is described: no contract, no descriptor.
    expect(
      index.features.map((f) => [f.id, f.contract?.file ?? null, f.descriptor?.file ?? null]),
    ).toEqual([
      ["a", null, null],
      ["b", null, null],
      ["c", "src/features/c/contract.ts", null],
    ]);
  });

  it("an entry the tsconfig names but the program could not read is said to be unreadable", () => {
    const named = writtenProject(
      {
        ...PROJECT,
        "tsconfig.json": JSON.stringify({
          compilerOptions: { module: "ESNext", moduleResolution: "Bundler", noEmit: true },
          files: ["src/features/b/use.ts", "src/features/a/contract.ts"],
        }),
      },
      "entries-unreadable",
    );
    // Over the size a project file may have (sparse: nothing is written).
    truncateSync(path.join(named, "src/features/a/contract.ts"), PROJECT_FILE_LIMIT + 1);
    const index = analyzeProject({ root: named });
    expect(index.diagnostics.filter((d) => d.message.includes("a/contract.ts"))).toEqual([
      expect.objectContaining({
        code: "entry-outside-program",
        message: `feature "a"'s public entry src/features/a/contract.ts is outside the analysed program (it cannot be read): its exports are not described`,
      }),
    ]);
  });
});

describe("staleness of an index that depends on entries outside the program", () => {
  let root: string;
  const file = (relative: string) => path.join(root, relative);
  const freshness = () => checkFreshness(root, file("tsconfig.json"));

  beforeAll(async () => {
    root = writtenProject(PROJECT, "entries-outside-fresh");
    const io = recordingIO(root);
    expect(await run(["index", "--root", root], io.io)).toBe(0);
    expect(freshness()).toMatchObject({ fresh: true });
  });

  it("deleting a public entry the tsconfig leaves out makes the index stale", () => {
    rmSync(file("src/features/a/contract.ts"));
    // Its text is an input too (check's suggestion looks for `m` among its exports): it went.
    expect(freshness()).toEqual({ fresh: false, reason: "src/features/a/contract.ts changed" });
    writeFileSync(file("src/features/a/contract.ts"), PROJECT["src/features/a/contract.ts"]!);
    expect(freshness()).toMatchObject({ fresh: true });
  });

  it("creating a descriptor the tsconfig leaves out makes the index stale", () => {
    writeFileSync(file("src/features/c/feature.ts"), 'export const c = { id: "c" };\n');
    expect(freshness()).toEqual({
      fresh: false,
      reason: "files were created or deleted in src/features/c",
    });
    rmSync(file("src/features/c/feature.ts"));
    expect(freshness()).toMatchObject({ fresh: true });
  });

  // Check applies that descriptor's dependencies, as ESLint does: its text is an input too.
  it("editing a descriptor the tsconfig leaves out makes the index stale", () => {
    writeFileSync(file("src/features/b/feature.ts"), DECLARING_C);
    expect(freshness()).toEqual({ fresh: false, reason: "src/features/b/feature.ts changed" });
    writeFileSync(file("src/features/b/feature.ts"), PROJECT["src/features/b/feature.ts"]!);
    expect(freshness()).toMatchObject({ fresh: true });
  });

  // The test search's walk, which lists every folder it enters, does not follow a link: the
  // folder is listed for the entry's sake alone.
  it("deleting a public entry in a linked feature folder makes the index stale", async () => {
    const linked = writtenProject(
      {
        "package.json": PROJECT["package.json"]!,
        "tsconfig.json": JSON.stringify({
          compilerOptions: { module: "ESNext", moduleResolution: "Bundler", noEmit: true },
          files: ["src/features/b/use.ts"],
        }),
        "src/features/b/use.ts": 'import { m } from "../a/lib/model.js";\nexport const u = m;\n',
      },
      "entries-linked",
    );
    const target = writtenProject(
      { "lib/model.ts": "export const m = 1;\n", "contract.ts": "export const a = 1;\n" },
      "entries-linked-a",
    );
    symlinkSync(target, path.join(linked, "src/features/a"));
    expect(await run(["index", "--root", linked], recordingIO(linked).io)).toBe(0);
    const index = JSON.parse(
      readFileSync(path.join(linked, ".agentix/index.json"), "utf8"),
    ) as AgentixIndex;
    expect(index.diagnostics.map((d) => `${d.file}:${d.line} ${d.code}`)).toContain(
      "src/features/a/lib/model.ts:1 entry-outside-program",
    );
    const check = () => checkFreshness(linked, path.join(linked, "tsconfig.json"));
    expect(check()).toMatchObject({ fresh: true });
    rmSync(path.join(target, "contract.ts"));
    expect(check()).toEqual({
      fresh: false,
      reason: "files were created or deleted in src/features/a",
    });
  });
});

describe("a warm session over entries outside the program", { timeout: 60_000 }, () => {
  it("answers as a cold analysis after an entry is created or deleted", () => {
    const root = writtenProject(PROJECT, "entries-outside-warm");
    const session = new AnalysisSession({ root });
    const warm = () => serializeIndex(session.index());
    expect(warm()).toBe(coldIndexBytes(root));
    rmSync(path.join(root, "src/features/a/contract.ts"));
    expect(warm()).toBe(coldIndexBytes(root));
    writeFileSync(path.join(root, "src/features/c/feature.ts"), 'export const c = { id: "c" };\n');
    expect(warm()).toBe(coldIndexBytes(root));
  });

  it("answers as a cold analysis after a descriptor the program lacks is edited", () => {
    const root = writtenProject(PROJECT, "entries-outside-warm-edit");
    const session = new AnalysisSession({ root });
    const violations = () => session.index().violations.map((v) => v.rule);
    expect(violations()).toEqual([
      "agentix/no-private-imports",
      "agentix/no-undeclared-dependencies",
    ]);
    writeFileSync(path.join(root, "src/features/b/feature.ts"), DECLARING_C);
    expect(violations()).toEqual(["agentix/no-private-imports"]);
    expect(serializeIndex(session.index())).toBe(coldIndexBytes(root));
  });
});
