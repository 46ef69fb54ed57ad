// `agentix index [--check]` at a workspace root: each folder with features gets its own
// <folder>/.agentix/index.json, exactly as `agentix index --root <folder>` (with `--project` for a
// project whose tsconfig is not tsconfig.json) writes it.
import type { Workspace } from "../../workspace/discover.js";
import { indexedProjects } from "../../workspace/indexed-projects.js";
import type { Command } from "../commands/command.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { runPerPackage } from "./per-package.js";
import { noFeatures, projectEntry, projectLabel, projectPlace } from "./workspace-project.js";

/** `index` is passed in (commands/index-command.ts calls this), so imports go one way. */
export async function indexWorkspace(
  indexCommand: Command,
  workspace: Workspace,
  args: readonly string[],
  output: { readonly format: "text" | "json"; readonly compact: boolean },
  io: CliIO,
): Promise<ExitCode> {
  const { indexed, skipped } = indexedProjects(workspace);
  const places = skipped.map(({ entry }) => projectPlace(projectEntry(workspace, entry)));
  if (indexed.length === 0 && output.format === "text") {
    io.stdout(`${noFeatures(workspace, skipped)}: nothing to index\n`);
    return EXIT.ok;
  }
  const trailer = skipped
    .map(
      ({ entry, reason }) =>
        `not indexed: ${projectLabel(projectEntry(workspace, entry))}: ${reason}\n`,
    )
    .join("");
  const code = await runPerPackage(
    {
      command: indexCommand,
      args,
      workspace,
      packages: indexed,
      json: output.format === "json",
      compact: output.compact,
      extra: { skipped: places },
      ...(trailer !== "" ? { trailer } : {}),
    },
    io,
  );
  return code as ExitCode;
}
