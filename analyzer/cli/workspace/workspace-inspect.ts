// `agentix inspect <name>` at a workspace root: the answer of the one project (of those `agentix
// index` indexes) that has a feature or an operation of that name, exactly as inspecting it with
// --root and --project prints it. A name in several projects is ambiguous: exit 2 naming them.
import { UsageError } from "../../errors.js";
import type { Workspace } from "../../workspace/discover.js";
import { indexedProjects } from "../../workspace/indexed-projects.js";
import type { Command } from "../commands/command.js";
import type { CliIO, ExitCode } from "../io.js";
import { argsForProject } from "./per-package.js";
import { betweenPackages } from "./between-packages.js";
import { noFeatures, projectEntry, projectLabel } from "./workspace-project.js";

/** `inspect` is passed in (commands/inspect.ts calls this), so imports go one way. */
export async function inspectWorkspace(
  inspectCommand: Command,
  workspace: Workspace,
  args: readonly string[],
  target: string,
  io: CliIO,
): Promise<ExitCode> {
  const { indexed, skipped } = indexedProjects(workspace);
  const found: { label: string; out: string; code: ExitCode }[] = [];
  const missing: string[] = [];
  const next = betweenPackages(indexed.length, io);
  for (const [done, entry] of indexed.entries()) {
    next(done);
    let out = "";
    const inner: CliIO = { ...io, stdout: (text) => void (out += text) };
    const label = projectLabel(projectEntry(workspace, entry));
    try {
      const code = await inspectCommand.run(argsForProject(args, entry, io), inner);
      found.push({ label, out, code });
    } catch (error) {
      // The one usage error left once the arguments parsed: the name is not in this project.
      if (!(error instanceof UsageError)) throw error;
      missing.push(`${label}: ${error.message}`);
    }
  }
  const [only] = found;
  if (only !== undefined && found.length === 1) {
    io.stdout(only.out);
    return only.code;
  }
  if (found.length > 1)
    throw new UsageError(
      `"${target}" is in several projects of the workspace (${found.map((entry) => entry.label).join(", ")}): pass --root <folder> and --project <tsconfig> to pick one`,
      "inspect",
    );
  if (indexed.length === 0) throw new UsageError(noFeatures(workspace, skipped), "inspect");
  throw new UsageError(`in no project of the workspace: ${missing.join("; ")}`, "inspect");
}
