// `agentix check` at a workspace root: the check of each project `agentix index` indexes (one per
// folder with features) and of each package without features that depends on one with features,
// under a heading per project, in one JSON document, or as one SARIF run whose paths are
// relative to the workspace root.
import path from "node:path";
import { readProjectJson } from "../../../schema/read-project-file.js";
import type { Workspace, WorkspacePackage } from "../../workspace/discover.js";
import { pathIn } from "../../workspace/discover.js";
import { indexedProjects } from "../../workspace/indexed-projects.js";
import type { CheckResult, Problem } from "../check-result.js";
import type { Command } from "../commands/command.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { jsonOutput } from "../json-output.js";
import { argsForProject, runPerPackage } from "./per-package.js";
import { betweenPackages } from "./between-packages.js";
import { noFeatures } from "./workspace-project.js";
import { dependsOnOneOf } from "../workspace-dependents.js";

/** `check` and its SARIF writer are passed in (commands/check.ts calls this), so imports go one way. */
export async function checkWorkspace(
  checkCommand: Command,
  sarifReport: (result: CheckResult) => Record<string, unknown>,
  workspace: Workspace,
  args: readonly string[],
  output: { readonly format: string; readonly compact: boolean },
  io: CliIO,
): Promise<ExitCode> {
  const { indexed: withFeatures, skipped } = indexedProjects(workspace);
  if (withFeatures.length === 0 && output.format === "text") {
    io.stdout(`${noFeatures(workspace, skipped)}: nothing to check\n`);
    return EXIT.ok;
  }
  const indexed = withDependents(workspace, withFeatures, skipped);
  if (output.format !== "sarif")
    return runPerPackage(
      {
        command: checkCommand,
        args: withoutFormat(args),
        workspace,
        packages: indexed,
        json: output.format === "json",
        compact: output.compact,
      },
      io,
    );
  // One SARIF run: every project's problems, their paths from the workspace root.
  const problems: Problem[] = [];
  const summary = { errors: 0, warnings: 0, features: 0, operations: 0, files: 0 };
  let worst: ExitCode = EXIT.ok;
  const next = betweenPackages(indexed.length, io);
  for (const [done, entry] of indexed.entries()) {
    next(done);
    let out = "";
    const inner: CliIO = { ...io, stdout: (text) => void (out += text) };
    const code = (await checkCommand.run(
      [...argsForProject(withoutFormat(args), entry, io), "--format", "json"],
      inner,
    )) as ExitCode;
    worst = Math.max(worst, code) as ExitCode;
    const result = JSON.parse(out) as CheckResult;
    for (const key of Object.keys(summary) as (keyof typeof summary)[])
      summary[key] += result.summary[key];
    for (const problem of result.problems)
      problems.push({
        ...problem,
        file: problem.file === null ? null : pathIn(entry, problem.file),
        related: problem.related.map((related) => ({
          ...related,
          file: pathIn(entry, related.file),
        })),
      });
  }
  const merged: CheckResult = {
    schemaVersion: 1,
    command: "check",
    ok: summary.errors === 0,
    summary,
    problems,
  };
  io.stdout(jsonOutput(sarifReport(merged), output.compact));
  return worst;
}

/** The arguments without `--format <f>` / `--format=<f>` (the workspace run sets the format). */
function withoutFormat(args: readonly string[]): string[] {
  const kept: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === "--format") index++;
    else if (!arg.startsWith("--format=")) kept.push(arg);
  }
  return kept;
}

/**
 * The projects with features and, in workspace order, the projects without any whose package
 * depends on one with features (package.json dependencies of any kind): an import of another
 * package's private feature file is checked there too, as ESLint checks it.
 */
function withDependents(
  workspace: Workspace,
  indexed: readonly WorkspacePackage[],
  skipped: ReturnType<typeof indexedProjects>["skipped"],
): WorkspacePackage[] {
  const names = new Set(indexed.map((entry) => entry.name));
  const dependents = skipped
    .filter(({ entry, reason }) => reason === "no features" && dependsOnAny(entry.dir, names))
    .map(({ entry }) => entry);
  if (dependents.length === 0) return [...indexed];
  const order = new Map(workspace.packages.map((entry, place) => [entry, place]));
  return [...indexed, ...dependents].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

function dependsOnAny(dir: string, names: ReadonlySet<string>): boolean {
  let manifest: unknown;
  try {
    manifest = readProjectJson(path.join(dir, "package.json"));
  } catch {
    return false; // its own run would say why; it has no features to protect
  }
  if (typeof manifest !== "object" || manifest === null) return false;
  return dependsOnOneOf(manifest as Record<string, unknown>, (name) => names.has(name));
}
