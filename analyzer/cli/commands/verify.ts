import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { RULES } from "../../../eslint-plugin/rule-registry.js";
import { serializeIndex } from "../../index-file/serialize.js";
import { compareIndex } from "../../index-file/staleness.js";
import { indexPath } from "../../index-file/write.js";
import { buildValidatedIndex } from "../../index-builder/build-index.js";
import { collectViolations } from "../../violations/collect.js";
import type { AffectedResult } from "../../affected/result.js";
import { JSON_FLAGS, jsonFlags, parseVerbArgs } from "../args.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { jsonOutput } from "../project.js";
import type { Command } from "./command.js";
import { runAffected, vitestFilters } from "./affected.js";
import { toPosix } from "../../../schema/paths.js";

export const VERIFY_RESULT_SCHEMA_VERSION = 1;

const USAGE = `Usage: agentix verify <feature|operation|file...> [options]
       agentix verify --since <git-ref> [options]

The narrowest verification that is still safe, in four steps, each saying what it runs and why:
  1. typecheck   tsc on the project (narrowed to the affected projects only when the tsconfig
                 uses project references; otherwise the program is one unit)
  2. lint        the agentix rules (the ESLint plugin's own logic) on the affected files
  3. index       the committed .agentix/index.json must be current
  4. tests       Vitest on exactly the tests \`agentix affected\` selects, down to the case
Whenever agentix cannot prove a narrow answer it widens to the full suite and says why.

Options:
  --since <git-ref>    changes between <git-ref> and the working tree
  --dry-run            print the plan without running it
  --json               the plan and the results as JSON (schema/cli-verify.v1.schema.json)
  --compact            one-line JSON (with --json)
  -p, --project <tsconfig>  the project's tsconfig (default <root>/tsconfig.json)
  --root <dir>         the project root (default: the tsconfig's folder, else .)
  -h, --help           this help

Exit codes: 0 every step passed, 1 a step failed, 2 bad invocation, 3 internal error.`;

export type StepName = "typecheck" | "lint" | "index" | "tests";

export interface VerifyStep {
  readonly step: StepName;
  /** The command line, or a description for steps that run inside agentix. */
  readonly command: string;
  readonly why: string;
  readonly status: "passed" | "failed" | "skipped" | "planned";
  readonly durationMs: number | null;
  /** What failed (lint violations, stale index reasons), one line each. */
  readonly details: readonly string[];
}

export interface VerifyResult {
  readonly schemaVersion: typeof VERIFY_RESULT_SCHEMA_VERSION;
  readonly command: "verify";
  readonly ok: boolean;
  readonly widened: boolean;
  readonly affected: AffectedResult;
  readonly steps: readonly VerifyStep[];
}

/** A package's bin script, from the project first (its own version), else from agentix's own. */
function toolBin(root: string, packageName: string, bin: string): string | undefined {
  for (const base of [path.join(root, "package.json"), fileURLToPath(import.meta.url)]) {
    try {
      const manifestPath = createRequire(base).resolve(`${packageName}/package.json`);
      const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as {
        bin?: string | Record<string, string>;
      };
      const relative = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.[bin];
      if (relative !== undefined) return path.join(path.dirname(manifestPath), relative);
    } catch {
      // try the next place
    }
  }
  return undefined;
}

const VITEST_CONFIGS = [
  "vitest.config.ts",
  "vitest.config.mts",
  "vitest.config.js",
  "vitest.config.mjs",
  "vitest.config.cts",
  "vitest.config.cjs",
  "vite.config.ts",
  "vite.config.mts",
  "vite.config.js",
  "vite.config.mjs",
];

/** The folder Vitest runs from: the nearest one with a Vitest (or Vite) config, else the project root. */
function vitestRoot(root: string): string {
  for (let dir = root; ; dir = path.dirname(dir)) {
    if (VITEST_CONFIGS.some((name) => existsSync(path.join(dir, name)))) return dir;
    if (existsSync(path.join(dir, ".git")) || path.dirname(dir) === dir) return root;
  }
}

export const verifyCommand: Command = {
  name: "verify",
  summary: "typecheck, lint, index check and only the tests proven needed",
  usage: USAGE,
  run(args: readonly string[], io: CliIO): ExitCode {
    const { values, positionals } = parseVerbArgs(
      "verify",
      args,
      {
        since: { type: "string" },
        "dry-run": { type: "boolean" },
        ...JSON_FLAGS,
      },
      Infinity,
    );
    const { format, compact } = jsonFlags("verify", values);
    const { analysis, result: affected } = runAffected("verify", values, positionals, io);
    const root = analysis.loaded.root;
    const dryRun = values["dry-run"] === true;
    const widened = affected.widened.length > 0;
    const steps: VerifyStep[] = [];
    const show = (file: string) => toPosix(path.relative(io.cwd, file)) || ".";
    const log = (text: string) => {
      if (format !== "json") io.stdout(text);
    };
    const timed = <T>(run: () => T): { value: T; ms: number } => {
      const started = performance.now();
      const value = run();
      return { value, ms: Math.round(performance.now() - started) };
    };
    const spawnStep = (
      step: StepName,
      cwd: string,
      tool: string,
      argv: readonly string[],
      why: string,
    ): VerifyStep => {
      const command = [
        tool,
        ...argv.slice(1).map((part) => (part.includes(" ") ? JSON.stringify(part) : part)),
      ].join(" ");
      log(`\n${step}: ${command}\n  why: ${why}\n`);
      if (dryRun) return { step, command, why, status: "planned", durationMs: null, details: [] };
      // Tool output is diagnostics: it goes to stderr, stdout stays the result.
      const { value: run, ms } = timed(() =>
        spawnSync(process.execPath, argv, { cwd, stdio: ["ignore", 2, 2], env: process.env }),
      );
      const status = run.status === 0 ? "passed" : "failed";
      log(`  ${status} in ${(ms / 1000).toFixed(1)} s\n`);
      return {
        step,
        command,
        why,
        status,
        durationMs: ms,
        details: run.status === 0 ? [] : [`exit code ${run.status ?? run.signal}`],
      };
    };

    log(
      `agentix verify ${affected.since !== null ? `since ${affected.since}` : affected.targets.join(" ")}: ` +
        (widened
          ? `widened to everything (${affected.widened.map((reason) => reason.message).join("; ")})\n`
          : `${affected.affected.files.length} affected files, ${affected.tests.selected.cases} of ${affected.tests.total.cases} test cases\n`),
    );

    // 1. Typecheck.
    const tsc = toolBin(root, "typescript", "tsc");
    const tsconfig = analysis.loaded.tsconfigFile;
    const references =
      (JSON.parse(stripJsonComments(readFileSync(tsconfig, "utf8"))) as { references?: unknown[] })
        .references ?? [];
    if (tsc === undefined) {
      log("\ntypecheck: skipped\n  why: typescript is not installed for this project\n");
      steps.push({
        step: "typecheck",
        command: "tsc",
        why: "typescript is not installed for this project",
        status: "skipped",
        durationMs: null,
        details: [],
      });
    } else if (references.length > 0) {
      steps.push(
        spawnStep(
          "typecheck",
          root,
          "tsc",
          [tsc, "-b", show(tsconfig)],
          "the tsconfig uses project references: tsc -b checks the referenced projects the change reaches and reuses the rest",
        ),
      );
    } else {
      steps.push(
        spawnStep(
          "typecheck",
          root,
          "tsc",
          [tsc, "--noEmit", "-p", show(tsconfig)],
          "no project references: the program type-checks as one unit, so a narrower check would not be safe",
        ),
      );
    }

    // 2. The plugin's rules, through the logic the ESLint plugin runs, on the affected files.
    {
      const files = new Set(
        widened ? analysis.loaded.files.map((file) => file.path) : affected.affected.files,
      );
      const command = `agentix rules (${RULES.map((rule) => rule.name).join(", ")}) on ${files.size} file${files.size === 1 ? "" : "s"}`;
      const why = widened
        ? "widened: every file"
        : "the affected files; the rules look at one file (and the contracts it names) at a time";
      log(`\nlint: ${command}\n  why: ${why}\n`);
      if (dryRun)
        steps.push({
          step: "lint",
          command,
          why,
          status: "planned",
          durationMs: null,
          details: [],
        });
      else {
        const { value: violations, ms } = timed(() =>
          collectViolations(analysis).filter((violation) => files.has(violation.file)),
        );
        const details = violations.map(
          (v) => `${v.file}:${v.line}:${v.column} ${v.rule} ${v.message}`,
        );
        for (const line of details) io.stderr(`${line}\n`);
        log(
          `  ${violations.length === 0 ? "passed" : `failed: ${violations.length} violation${violations.length === 1 ? "" : "s"}`} in ${(ms / 1000).toFixed(1)} s\n`,
        );
        steps.push({
          step: "lint",
          command,
          why,
          status: violations.length === 0 ? "passed" : "failed",
          durationMs: ms,
          details,
        });
      }
    }

    // 3. The committed index.
    {
      const file = indexPath(root);
      const command = `agentix index --check (${show(file)})`;
      const why = "agents and CI read the committed index: it must describe these sources";
      log(`\nindex: ${command}\n  why: ${why}\n`);
      if (dryRun)
        steps.push({
          step: "index",
          command,
          why,
          status: "planned",
          durationMs: null,
          details: [],
        });
      else if (!existsSync(file)) {
        log("  skipped: the project has no committed index\n");
        steps.push({
          step: "index",
          command,
          why: "the project has no committed index",
          status: "skipped",
          durationMs: null,
          details: [],
        });
      } else {
        const { value: report, ms } = timed(() => {
          const index = buildValidatedIndex(analysis);
          return compareIndex(file, index, serializeIndex(index));
        });
        const passed = report.status === "current";
        for (const reason of report.reasons) io.stderr(`${reason}\n`);
        log(
          `  ${passed ? "passed" : `failed: the index is ${report.status} (run agentix index)`} in ${(ms / 1000).toFixed(1)} s\n`,
        );
        steps.push({
          step: "index",
          command,
          why,
          status: passed ? "passed" : "failed",
          durationMs: ms,
          details: [...report.reasons],
        });
      }
    }

    // 4. Exactly the selected tests.
    {
      const vitest = toolBin(root, "vitest", "vitest");
      const from = vitestRoot(root);
      const prefix = toPosix(path.relative(from, root));
      const filters = widened
        ? [prefix === "" ? "." : prefix]
        : vitestFilters(affected, prefix === "" ? "" : `${prefix}/`);
      if (vitest === undefined) {
        log("\ntests: skipped\n  why: vitest is not installed for this project\n");
        steps.push({
          step: "tests",
          command: "vitest",
          why: "vitest is not installed for this project",
          status: "skipped",
          durationMs: null,
          details: [],
        });
      } else if (filters.length === 0) {
        log("\ntests: none\n  why: no test can observe this change\n");
        steps.push({
          step: "tests",
          command: "(none)",
          why: "no test can observe this change",
          status: "skipped",
          durationMs: null,
          details: [],
        });
      } else {
        const why = widened
          ? `widened: ${affected.widened.map((reason) => reason.message).join("; ")}`
          : `${affected.tests.selected.cases} of ${affected.tests.total.cases} cases: the ones the change can reach (see agentix affected)`;
        steps.push(spawnStep("tests", from, "vitest", [vitest, "run", ...filters], why));
      }
    }

    const ok = steps.every((step) => step.status !== "failed");
    const result: VerifyResult = {
      schemaVersion: VERIFY_RESULT_SCHEMA_VERSION,
      command: "verify",
      ok,
      widened,
      affected,
      steps,
    };
    if (format === "json") io.stdout(jsonOutput(result, compact));
    else
      log(
        `\n${
          dryRun
            ? "planned"
            : ok
              ? "verify passed"
              : `verify failed: ${steps
                  .filter((s) => s.status === "failed")
                  .map((s) => s.step)
                  .join(", ")}`
        }\n`,
      );
    return ok ? EXIT.ok : EXIT.checkFailed;
  },
};

/** tsconfig.json allows comments and trailing commas. */
function stripJsonComments(text: string): string {
  return text
    .replace(
      /("(?:\\.|[^"\\])*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//g,
      (match, string: string | undefined) => string ?? "",
    )
    .replace(/,(\s*[}\]])/g, "$1");
}
