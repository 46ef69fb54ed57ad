// A verb that answers per project (index, graph) run at a workspace root: the same verb in each
// package (as `--root <package>` would run it), its text under a heading per package, or its JSON
// results gathered into one document.
import path from "node:path";
import { toPosix } from "../../../schema/paths.js";
import type { Workspace, WorkspacePackage } from "../../workspace/discover.js";
import type { Command } from "../commands/command.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { jsonOutput } from "../json-output.js";
import { betweenPackages } from "./between-packages.js";
import {
  packageHeading,
  projectArgs,
  projectEntry,
  workspaceSummary,
} from "./workspace-project.js";

export interface PerPackageRun {
  readonly command: Command;
  readonly args: readonly string[];
  readonly workspace: Workspace;
  readonly packages: readonly WorkspacePackage[];
  readonly json: boolean;
  readonly compact: boolean;
  /** Fields of the workspace document beside `packages` (JSON only). */
  readonly extra?: Record<string, unknown>;
  /** Text after the packages' outputs. */
  readonly trailer?: string;
}

export async function runPerPackage(run: PerPackageRun, io: CliIO): Promise<ExitCode> {
  const results: {
    name: string;
    path: string;
    tsconfig: string | null;
    exitCode: ExitCode;
    result: unknown;
  }[] = [];
  let worst: ExitCode = EXIT.ok;
  const next = betweenPackages(run.packages.length, io);
  for (const [done, entry] of run.packages.entries()) {
    next(done);
    let out = "";
    const inner: CliIO = { ...io, stdout: (text) => void (out += text) };
    const code = (await run.command.run(
      [
        ...argsForProject(
          run.args.filter((arg) => arg !== "--json" && arg !== "--compact"),
          entry,
          io,
        ),
        ...(run.json ? ["--json"] : []),
      ],
      inner,
    )) as ExitCode;
    worst = Math.max(worst, code) as ExitCode;
    const identity = projectEntry(run.workspace, entry);
    if (run.json) results.push({ ...identity, exitCode: code, result: JSON.parse(out) });
    else io.stdout(`${packageHeading(identity)}${out}\n`);
  }
  if (run.json)
    io.stdout(
      jsonOutput(
        {
          schemaVersion: 1,
          command: run.command.name,
          workspace: workspaceSummary(run.workspace),
          packages: results,
          ...run.extra,
        },
        run.compact,
      ),
    );
  else if (run.trailer !== undefined) io.stdout(run.trailer);
  return worst;
}

/** A verb's arguments for one project: its `--root` and `--project` instead of any `--root`. */
export function argsForProject(
  args: readonly string[],
  entry: WorkspacePackage,
  io: CliIO,
): string[] {
  const kept: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] as string;
    if (arg === "--root") index++;
    else if (arg.startsWith("--root=")) continue;
    else kept.push(arg);
  }
  const relative = (file: string) => toPosix(path.relative(io.cwd, file)) || ".";
  const { root, project } = projectArgs(entry);
  return [
    ...kept,
    "--root",
    relative(root as string),
    ...(project !== undefined ? ["--project", relative(project)] : []),
  ];
}
