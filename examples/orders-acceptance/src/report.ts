// The side-by-side table (scenario | one column per app), then every failure in detail.
import type { ContractRun } from "./run-contract.js";

export function formatReport(result: ContractRun): string {
  const header = ["scenario", ...result.apps.map((app) => app.name)];
  const rows = result.scenarios.map((scenario, index) => [
    scenario.id,
    ...(result.runs[index] ?? []).map((run) => (run.problems.length === 0 ? "pass" : `FAIL (${String(run.problems.length)})`)),
  ]);
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: readonly string[]) => cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(" | ").trimEnd();
  const out = [line(header), widths.map((width) => "-".repeat(width)).join("-|-"), ...rows.map(line)];

  const failures = result.runs.flat().filter((run) => run.problems.length > 0);
  for (const run of failures) {
    out.push("", `${run.app} FAILED ${run.scenario}`);
    for (const problem of run.problems) out.push(`  ${problem.where}`, ...problem.lines);
  }
  const total = result.runs.flat().length;
  out.push(
    "",
    result.passed
      ? `acceptance: all ${String(result.scenarios.length)} scenarios passed against ${result.apps.map((app) => app.name).join(" and ")}`
      : `acceptance: ${String(failures.length)} of ${String(total)} scenario runs failed`,
  );
  return out.join("\n");
}
