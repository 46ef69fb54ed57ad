// The human answer of `agentix affected` and the Vitest filters of its selection, shared by the
// verb, verify and the workspace layer (which would otherwise import the verb back).
import path from "node:path";
import { toPosix } from "../../schema/paths.js";
import type { AffectedResult, AffectedTestFile } from "../affected/result.js";
import { cappedLines, listText } from "../text.js";
import { shellAssignment, shellQuote } from "./shell-quote.js";

/** What the text shows of the project's Vitest plan (verify/vitest-plan.ts: planForText). */
export interface TextPlan {
  /** The project root, and the folder Vitest runs from. */
  readonly root: string;
  readonly cwd: string;
  readonly filters: readonly string[];
  readonly otherRunner: readonly AffectedTestFile[];
  /**
   * The runs of other Vitest configs: a second one (`--config vitest.e2e.config.ts` and its
   * tests), or a folder's own below the Vitest root, from that folder (`cwd`).
   */
  readonly otherConfigs: readonly { readonly cwd: string; readonly filters: readonly string[] }[];
  /** The runs of other runners' selected tests verify makes (verify/runner-runs.ts). */
  readonly runners: readonly {
    readonly runner: string;
    readonly cwd: string;
    readonly tool: string;
    readonly shownArgs: readonly string[];
    readonly env: Readonly<Record<string, string>>;
    readonly files: readonly AffectedTestFile[];
  }[];
}

const LIST_LIMIT = 12;
/** Lines of a section (widenings, changes, edges) shown before the rest is counted. */
export const SECTION_LIMIT = 25;
const list = (values: readonly string[]): string =>
  listText(values, { limit: LIST_LIMIT, empty: "(none)", serialComma: true });

/**
 * Human output: the answer first, then why. With the project's Vitest plan (vitest-plan.ts), the
 * `run:` line is the command verify runs, from the folder it runs in, and the selected files
 * Vitest does not run there are named apart.
 */
export function affectedText(result: AffectedResult, plan?: TextPlan): string {
  const lines: string[] = [];
  const { tests } = result;
  const source =
    result.since !== null ? `since ${result.since}` : `for ${result.targets.join(", ")}`;
  lines.push(
    `agentix affected ${source}: ${result.changes.length} changed file${result.changes.length === 1 ? "" : "s"}; ` +
      `${tests.selected.cases} of ${tests.total.cases} test cases in ${tests.selected.files} of ${tests.total.files} test files`,
  );
  if (result.widened.length > 0) {
    lines.push("", "widened to the whole application:");
    lines.push(
      ...cappedLines(
        result.widened,
        (reason) => `  ${reason.message} [${reason.code}]`,
        SECTION_LIMIT,
      ),
    );
  }
  if (result.changes.length > 0) {
    lines.push("", "changes:");
    const changeLine = (change: AffectedResult["changes"][number]) => {
      const marker = { added: "A", modified: "M", deleted: "D", renamed: "R" }[change.status];
      const where =
        change.lines && change.lines.length > 0
          ? ` (lines ${list(change.lines.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)))})`
          : "";
      return `  ${marker} ${change.oldPath ? `${change.oldPath} -> ` : ""}${change.path}${where}`;
    };
    lines.push(...cappedLines(result.changes, changeLine, SECTION_LIMIT));
  }
  const affected = result.affected;
  lines.push(
    "",
    "affected:",
    `  features    ${list(affected.features)}`,
    `  operations  ${list(affected.operations)}`,
    `  ports       ${list(affected.ports)}`,
    `  adapters    ${list(affected.adapters)}`,
    `  events      ${list(affected.events)}`,
    `  invariants  ${list(affected.invariants)}`,
    `  files       ${list(affected.files)}`,
  );
  if (result.widened.length === 0 && result.edges.length > 0) {
    lines.push("", "why:", ...cappedLines(result.edges, edgeLine, SECTION_LIMIT));
  }
  if (tests.files.length > 0) {
    lines.push("", "tests:");
    const width = Math.max(...tests.files.map((file) => file.file.length));
    for (const file of tests.files) {
      const which = file.whole
        ? `all ${file.total}`
        : `${file.selected} of ${file.total}: lines ${file.cases.map((c) => c.line).join(", ")}`;
      lines.push(`  ${file.file.padEnd(width)}  ${which}${file.whole ? ` (${file.reason})` : ""}`);
    }
    lines.push("", ...runLines(result, plan));
  } else {
    lines.push("", "tests: none can observe this change");
  }
  for (const note of result.notes) lines.push(`note: ${note}`);
  return `${lines.join("\n")}\n`;
}

function runLines(result: AffectedResult, plan: TextPlan | undefined): string[] {
  if (plan === undefined)
    return [`run: vitest run ${vitestFilters(result).map(shellQuote).join(" ")}`];
  const lines: string[] = [];
  for (const { cwd, filters } of [plan, ...plan.otherConfigs]) {
    const from = toPosix(path.relative(plan.root, cwd));
    if (filters.length > 0)
      lines.push(
        `run${from === "" ? "" : ` (from ${from})`}: vitest run ${filters.map(shellQuote).join(" ")}`,
      );
  }
  for (const run of plan.runners) {
    const from = toPosix(path.relative(plan.root, run.cwd));
    lines.push(
      `run (${run.runner}${from === "" ? "" : `, from ${from}`}): ${[
        ...Object.entries(run.env).map(([name, value]) => shellAssignment(name, value)),
        run.tool,
        ...run.shownArgs.map(shellQuote),
      ].join(" ")}`,
    );
  }
  const ran = new Set(plan.runners.flatMap((run) => run.files));
  const notRun = plan.otherRunner.filter((file) => !ran.has(file));
  // "by vitest" only beside a Vitest run: a project whose tests no Vitest runs has none to name.
  const vitestRuns = [plan, ...plan.otherConfigs].some(({ filters }) => filters.length > 0);
  if (notRun.length > 0)
    lines.push(
      `not run${vitestRuns ? " by vitest" : ""}: ${list(notRun.map((file) => file.file))} (agentix verify says why)`,
    );
  return lines;
}

/** Why an answer widened, in one line: the first three reasons, the rest counted. */
export function widenedText(widened: AffectedResult["widened"]): string {
  const shown = widened.slice(0, 3).map((reason) => reason.message);
  const more = widened.length - shown.length;
  return `${shown.join("; ")}${more > 0 ? `; and ${more} more` : ""}`;
}

/** One edge of the answer's graph, as the text sections print it. */
export function edgeLine(edge: { from: string; to: string; reason: string }): string {
  return `  ${edge.from} -> ${edge.to} [${edge.reason}]`;
}

/** Vitest filters for exactly the selected tests: whole files, or `file:line` per case. */
export function vitestFilters(result: AffectedResult, prefix = ""): string[] {
  return result.tests.files.flatMap((file) =>
    file.whole
      ? [`${prefix}${file.file}`]
      : file.cases.map((testCase) => `${prefix}${file.file}:${testCase.line}`),
  );
}
