// The options a run of the selected tests needs beyond the files, read from the project as text
// (never run): --typecheck where the project's Vitest runs its type tests (the test script passes
// it, or the config enables it), and coverage off where the config turns it on (its thresholds
// are over the whole suite).
import { readFileSync } from "node:fs";
import path from "node:path";
import { readProjectJson } from "../../../schema/read-project-file.js";
import { isTypeTest } from "../../project/type-test-name.js";
import type { VitestConfig } from "../../project/vitest-config.js";

/** Vitest's option that runs type tests (`*.test-d.ts`) beside the others. */
export const TYPECHECK = "--typecheck";

/** `vitest ... --typecheck` in the package.json test script (any option spelling of it). */
const SCRIPT_TYPECHECK = /\bvitest\b[^&|;]*\s--typecheck(?:\.enabled)?(?:=true)?(?=\s|$)/u;
/** `typecheck: { ..., enabled: true` (or `typecheck: true`) in a Vitest config's text. */
const CONFIG_TYPECHECK = /\btypecheck\s*:\s*(?:true\b|\{[\s\S]{0,800}?\benabled\s*:\s*true\b)/u;

/**
 * Whether the project's Vitest runs its type tests: the test script passes --typecheck, or the
 * config's text (`configText`) enables it. Read as text, never run; a wrong "yes" costs only the
 * option (Vitest then also checks the selected type tests), a wrong "no" leaves them to the
 * typecheck step.
 */
function typechecks(root: string, configText: string): boolean {
  let script: unknown;
  try {
    const manifest = readProjectJson(path.join(root, "package.json")) as {
      scripts?: { test?: unknown };
    } | null;
    script = manifest?.scripts?.test;
  } catch {
    script = undefined; // no package.json, or one its own reader reports
  }
  return (
    (typeof script === "string" && SCRIPT_TYPECHECK.test(script)) ||
    CONFIG_TYPECHECK.test(configText)
  );
}

/** A config's text (root-relative), or "" when there is none or it cannot be read. */
function configTextOf(root: string, config: string | null): string {
  if (config === null) return "";
  try {
    return readFileSync(path.resolve(root, config), "utf8");
  } catch {
    return "";
  }
}

/** Vitest's option that turns off the coverage a config enables. */
export const NO_COVERAGE = "--coverage.enabled=false";

/**
 * `coverage: { ..., enabled: true` in a Vitest config's text: its thresholds are over the whole
 * suite, and a run of the selected part of it fails them. Read as text, never run; a match on
 * something else costs only the option, which changes nothing where coverage is off.
 */
const COVERAGE_ON = /\bcoverage\s*:\s*\{[\s\S]{0,800}?\benabled\s*:\s*true\b/u;

/** `filters` with coverage turned off when the config (root-relative) turns it on. */
export function withoutCoverage(filters: string[], root: string, config: string | null): string[] {
  if (filters.length === 0) return filters;
  return COVERAGE_ON.test(configTextOf(root, config)) ? [...filters, NO_COVERAGE] : filters;
}

/** What the project's Vitest runs and needs on a run of the selected tests, from one reading of its config. */
export interface VitestRuns {
  /** Which files it runs (type tests too, when it type-checks). */
  readonly runs: VitestConfig["runs"];
  readonly typecheck: boolean;
  readonly coverageOn: boolean;
}

export function vitestRuns(
  root: string,
  vitest: Pick<VitestConfig, "file" | "runs" | "runsInSource">,
): VitestRuns {
  const text = configTextOf(root, vitest.file);
  const typecheck = typechecks(root, text);
  // A selected file `includeSource` names is one with in-source tests (live-facts.ts): Vitest runs it.
  const inSource = vitest.runsInSource;
  const runs =
    inSource === undefined
      ? vitest.runs
      : (file: string) => (inSource(file) ? true : vitest.runs(file));
  return {
    runs: typecheck ? (file: string) => (isTypeTest(file) ? true : runs(file)) : runs,
    typecheck,
    coverageOn: COVERAGE_ON.test(text),
  };
}

/** `filters` with the options the project's Vitest needs (none for an empty run). */
export function withRunOptions(filters: string[], options: VitestRuns): string[] {
  if (filters.length === 0) return filters;
  return [
    ...filters,
    ...(options.typecheck ? [TYPECHECK] : []),
    ...(options.coverageOn ? [NO_COVERAGE] : []),
  ];
}
