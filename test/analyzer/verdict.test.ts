// One verdict: ESLint directive comments for agentix rules and agentix.config.json `ignores` and
// `rules` severities are honoured by `agentix check` exactly as by ESLint running the plugin;
// an unused directive is reported by both, with ESLint's words.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toPosix } from "../../schema/paths.js";
import plugin from "../../dist/eslint-plugin/index.js";
import { run } from "../../analyzer/cli/main.js";
import { checkFreshness } from "../../analyzer/freshness/freshness.js";
import { AnalysisSession } from "../../analyzer/analysis-session.js";
import { serializeIndex } from "../../analyzer/index-file/serialize.js";
import { coldIndexBytes } from "../support/cold-index.js";
import type { CheckResult } from "../../analyzer/cli/commands/check.js";
import {
  copyFixture,
  fixtureDir,
  recordingIO,
  removeCopies,
} from "../support/analyzer-fixtures.js";

const root = fixtureDir("verdict");

async function eslintProblems(root: string): Promise<string[]> {
  const config: Linter.Config[] = [
    {
      files: ["**/*.ts"],
      languageOptions: { parser: tsParser as Linter.Parser },
      linterOptions: { reportUnusedDisableDirectives: "warn" },
      plugins: { agentix: plugin as unknown as ESLint.Plugin },
      rules: {
        "agentix/no-private-imports": "error",
        "agentix/no-ambient-capabilities": "error",
        "agentix/no-undeclared-dependencies": "warn",
      },
    },
  ];
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  const out: string[] = [];
  for (const result of await eslint.lintFiles(["src"])) {
    const file = toPosix(path.relative(root, result.filePath));
    for (const m of result.messages) {
      const severity = m.severity === 2 ? "error" : "warning";
      out.push(
        `${file}:${m.line} ${severity} ${m.ruleId ?? "unused-disable-directive"} ${m.message}`,
      );
    }
  }
  return out.sort();
}

describe("one verdict for ESLint and agentix check", { timeout: 60_000 }, () => {
  let check: CheckResult;
  let exit: number;
  beforeAll(async () => {
    const io = recordingIO(root);
    exit = await run(["check", "--json", "--root", root], io.io);
    check = JSON.parse(io.stdout()) as CheckResult;
  });

  it("drops what the directives and the config silence, keeps the rest, warns for 'warn' rules", () => {
    const rules = check.problems
      .filter((p) => p.source === "violation" || p.rule === "unused-disable-directive")
      .map((p) => `${p.file}:${p.line}:${p.column ?? "-"} ${p.severity} ${p.rule}`);
    expect(rules).toEqual([
      "src/features/billing/model.ts:3:31 warning agentix/no-undeclared-dependencies",
      // Directives after `,`, `{` or `=` on their line are read (they were not: helper-35).
      "src/features/loans/inline.ts:11:28 warning unused-disable-directive",
      "src/features/loans/inline.ts:14:22 warning unused-disable-directive",
      "src/features/loans/inline.ts:15:3 error agentix/no-ambient-capabilities",
      "src/features/loans/model.ts:7:18 error agentix/no-ambient-capabilities",
      "src/features/loans/model.ts:8:1 warning unused-disable-directive",
      "src/features/loans/model.ts:13:1 warning unused-disable-directive",
      "src/features/loans/model.ts:15:1 warning unused-disable-directive",
      "src/features/loans/model.ts:16:18 error agentix/no-ambient-capabilities",
      "src/features/loans/model.ts:18:18 error agentix/no-ambient-capabilities",
      "src/features/loans/model.ts:19:1 warning unused-disable-directive",
      "src/features/loans/model.ts:21:1 warning unused-disable-directive",
      "src/features/loans/model.ts:22:1 warning unused-disable-directive",
      "src/features/loans/model.ts:24:1 warning unused-disable-directive",
    ]);
    expect(check.problems.find((p) => p.line === 13)?.message).toBe(
      "Unused eslint-disable directive (no problems were reported from 'agentix/no-private-imports')",
    );
    // An eslint-enable after an eslint-enable of every rule enables nothing; of two rules one
    // was disabled before it: the other is named alone (ESLint's apply-disable-directives).
    expect(
      check.problems.filter((p) => p.line === 21 || p.line === 24).map((p) => p.message),
    ).toEqual([
      "Unused eslint-enable directive (no matching eslint-disable directives were found for 'agentix/no-query-writes')",
      "Unused eslint-enable directive (no matching eslint-disable directives were found for 'agentix/no-private-imports')",
    ]);
    // A comment none of whose rules silenced anything: one message naming them all, as ESLint's.
    expect(check.problems.find((p) => p.line === 19)?.message).toBe(
      "Unused eslint-disable directive (no problems were reported from 'agentix/no-ambient-capabilities', 'agentix/no-query-writes', or 'agentix/no-undeclared-dependencies')",
    );
    expect(exit).toBe(1);
  });

  it("agrees with ESLint on every violation and unused directive", async () => {
    const fromCheck = check.problems
      .filter((p) => p.source === "violation" || p.rule === "unused-disable-directive")
      .map((p) => `${p.file}:${p.line} ${p.severity} ${p.rule} ${p.message}`)
      .sort();
    // ESLint ends its unused-directive message with a period; the rest is the same text.
    expect((await eslintProblems(root)).map((line) => line.replace(/\)\.$/u, ")"))).toEqual(
      fromCheck,
    );
  });
});

// A package without its own agentix.config.json inherits the nearest one above it: the ESLint
// plugin always looked it up so, and `agentix check` run in the package now reads the same file
// (it read only the package's own, so a workspace-level `ignores` passed ESLint and failed CI).
describe("a config inherited from a folder above the project", { timeout: 60_000 }, () => {
  let app: string;
  let check: CheckResult;
  let exit: number;
  beforeAll(async () => {
    const workspace = copyFixture("verdict");
    app = path.join(workspace, "app");
    mkdirSync(app);
    for (const entry of readdirSync(workspace))
      if (entry !== "app" && entry !== "node_modules" && entry !== "agentix.config.json")
        renameSync(path.join(workspace, entry), path.join(app, entry));
    // The same settings, its globs now relative to the folder above.
    writeFileSync(
      path.join(workspace, "agentix.config.json"),
      JSON.stringify({
        ignores: ["app/src/features/legacy/**"],
        rules: {
          "agentix/no-private-imports": "off",
          "agentix/no-undeclared-dependencies": "warn",
        },
      }),
    );
    const io = recordingIO(app);
    exit = await run(["check", "--json", "--root", app], io.io);
    check = JSON.parse(io.stdout()) as CheckResult;
  });
  afterAll(removeCopies);

  it("check honours it as ESLint does, problem for problem", async () => {
    const fromCheck = check.problems
      .filter((p) => p.source === "violation" || p.rule === "unused-disable-directive")
      .map((p) => `${p.file}:${p.line} ${p.severity} ${p.rule} ${p.message}`)
      .sort();
    expect(fromCheck.map((line) => line.split(" ").slice(0, 3).join(" "))).toEqual([
      "src/features/billing/model.ts:3 warning agentix/no-undeclared-dependencies",
      "src/features/loans/inline.ts:11 warning unused-disable-directive",
      "src/features/loans/inline.ts:14 warning unused-disable-directive",
      "src/features/loans/inline.ts:15 error agentix/no-ambient-capabilities",
      "src/features/loans/model.ts:13 warning unused-disable-directive",
      "src/features/loans/model.ts:15 warning unused-disable-directive",
      "src/features/loans/model.ts:16 error agentix/no-ambient-capabilities",
      "src/features/loans/model.ts:18 error agentix/no-ambient-capabilities",
      "src/features/loans/model.ts:19 warning unused-disable-directive",
      "src/features/loans/model.ts:21 warning unused-disable-directive",
      "src/features/loans/model.ts:22 warning unused-disable-directive",
      "src/features/loans/model.ts:24 warning unused-disable-directive",
      "src/features/loans/model.ts:7 error agentix/no-ambient-capabilities",
      "src/features/loans/model.ts:8 warning unused-disable-directive",
    ]);
    expect((await eslintProblems(app)).map((line) => line.replace(/\)\.$/u, ")"))).toEqual(
      fromCheck,
    );
    expect(exit).toBe(1);
  });

  it("the index names the inherited file, and is stale when it or a closer one changes", async () => {
    expect(await run(["index", "--root", app], recordingIO(app).io)).toBe(0);
    const index = JSON.parse(readFileSync(path.join(app, ".agentix/index.json"), "utf8")) as {
      project: { config: string | null };
    };
    expect(index.project.config).toBe("../agentix.config.json");
    const freshness = () => {
      const answer = checkFreshness(app, path.join(app, "tsconfig.json"));
      return answer.fresh ? "fresh" : answer.reason;
    };
    const inherited = path.join(app, "../agentix.config.json");
    const settings = readFileSync(inherited, "utf8");
    expect(freshness()).toBe("fresh");
    writeFileSync(inherited, settings.replace('"warn"', '"off"'));
    expect(freshness()).toBe("../agentix.config.json changed");
    writeFileSync(inherited, settings);
    expect(freshness()).toBe("fresh");
    writeFileSync(path.join(app, "agentix.config.json"), "{}");
    expect(freshness()).toBe("agentix.config.json was created");
    rmSync(path.join(app, "agentix.config.json"));
  });

  it("a broken inherited file fails check as the project's own would, naming it", async () => {
    const inherited = path.join(app, "../agentix.config.json");
    const settings = readFileSync(inherited, "utf8");
    try {
      for (const [text, problem, line, column] of [
        ['{ "ignores": "app/**" }', "/ignores must be array", 1, 14],
        ['{ "ignores": [', "malformed JSON: unexpected end of input", 1, 15],
        ["null", "/ must be object", 1, 1],
      ] as const) {
        writeFileSync(inherited, text);
        const io = recordingIO(app);
        const exit = await run(["check", "--json", "--root", app, "--fresh"], io.io);
        const result = JSON.parse(io.stdout()) as CheckResult;
        expect([
          exit,
          result.problems.map((p) => [p.source, p.file, p.message, p.line, p.column]),
        ]).toEqual([1, [["config", inherited, problem, line, column]]]);
      }
      // Several problems: one each, in the order of the text, a key holding "/" quoted.
      writeFileSync(
        inherited,
        '{\n  "rules": { "agentix/no-query-writes": 2 },\n  "ignores": "app/**"\n}\n',
      );
      const io = recordingIO(app);
      expect(await run(["check", "--root", app, "--fresh"], io.io)).toBe(1);
      expect(io.stdout()).toBe(
        [
          inherited,
          '  2:41    error   /rules/"agentix/no-query-writes" must be one of "off", "warn", "error"  config',
          "  3:14    error   /ignores must be array  config",
          "",
          "✖ 2 problems (2 errors, 0 warnings)",
          "",
        ].join("\n"),
      );
    } finally {
      writeFileSync(inherited, settings);
    }
  });

  it("the warm session loads again when the inherited file changes", () => {
    const session = new AnalysisSession({ root: app });
    expect(session.index().project.config).toBe("../agentix.config.json");
    const inherited = path.join(app, "../agentix.config.json");
    const settings = readFileSync(inherited, "utf8");
    try {
      const before = serializeIndex(session.index());
      writeFileSync(inherited, settings.replace("app/src/features/legacy/**", "nothing/**"));
      const after = serializeIndex(session.index());
      expect(session.lastRefresh.kind).toBe("cold");
      expect(after).not.toBe(before);
      expect(after).toBe(coldIndexBytes(app));
    } finally {
      writeFileSync(inherited, settings);
    }
  });
});
