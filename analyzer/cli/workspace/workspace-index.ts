// `agentix index [--check]` at a workspace root: each package with features gets its own
// <package>/.agentix/index.json, exactly as `agentix index --root <package>` writes it.
import { hasFeatures } from "../../workspace/has-features.js";
import type { Workspace } from "../../workspace/discover.js";
import type { Command } from "../commands/command.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { runPerPackage } from "./per-package.js";
import { analysedPackages } from "./workspace-project.js";

/** `index` is passed in (commands/index-command.ts calls this), so imports go one way. */
export async function indexWorkspace(
  indexCommand: Command,
  workspace: Workspace,
  args: readonly string[],
  output: { readonly format: "text" | "json"; readonly compact: boolean },
  io: CliIO,
): Promise<ExitCode> {
  const packages = analysedPackages(workspace).filter((entry) => hasFeatures(entry.dir));
  const skipped = workspace.packages
    .filter((entry) => !packages.includes(entry))
    .map((entry) => entry.path);
  if (packages.length === 0 && output.format === "text") {
    io.stdout(
      `no package of the workspace has features (${workspace.packages.map((entry) => entry.path).join(", ") || "no packages"}): nothing to index\n`,
    );
    return EXIT.ok;
  }
  const code = await runPerPackage(
    {
      command: indexCommand,
      args,
      workspace,
      packages,
      json: output.format === "json",
      compact: output.compact,
      extra: { skipped },
      ...(skipped.length > 0
        ? { trailer: `not indexed (no features or no tsconfig.json): ${skipped.join(", ")}\n` }
        : {}),
    },
    io,
  );
  return code as ExitCode;
}
