// The human answer of `agentix affected` and the Vitest filters of its selection, shared by the
// verb, verify and the workspace layer (which would otherwise import the verb back).
import type { AffectedResult } from "../affected/result.js";
import { listText } from "../text.js";

const LIST_LIMIT = 12;
const list = (values: readonly string[]): string =>
  listText(values, { limit: LIST_LIMIT, empty: "(none)", serialComma: true });

/** Human output: the answer first, then why. */
export function affectedText(result: AffectedResult): string {
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
    for (const reason of result.widened) lines.push(`  ${reason.message} [${reason.code}]`);
  }
  if (result.changes.length > 0) {
    lines.push("", "changes:");
    for (const change of result.changes) {
      const marker = { added: "A", modified: "M", deleted: "D", renamed: "R" }[change.status];
      const where =
        change.lines && change.lines.length > 0
          ? ` (lines ${list(change.lines.map(([a, b]) => (a === b ? `${a}` : `${a}-${b}`)))})`
          : "";
      lines.push(
        `  ${marker} ${change.oldPath ? `${change.oldPath} -> ` : ""}${change.path}${where}`,
      );
    }
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
    lines.push("", "why:");
    for (const edge of result.edges) lines.push(`  ${edge.from} -> ${edge.to} [${edge.reason}]`);
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
    lines.push("", `run: vitest run ${vitestFilters(result).join(" ")}`);
  } else {
    lines.push("", "tests: none can observe this change");
  }
  for (const note of result.notes) lines.push(`note: ${note}`);
  return `${lines.join("\n")}\n`;
}

/** Vitest filters for exactly the selected tests: whole files, or `file:line` per case. */
export function vitestFilters(result: AffectedResult, prefix = ""): string[] {
  return result.tests.files.flatMap((file) =>
    file.whole
      ? [`${prefix}${file.file}`]
      : file.cases.map((testCase) => `${prefix}${file.file}:${testCase.line}`),
  );
}
