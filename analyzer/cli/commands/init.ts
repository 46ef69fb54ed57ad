import path from "node:path";
import { GITIGNORE_ADVICE, MCP_SNIPPETS } from "../../init/agent-texts.js";
import { initProject, type InitStep } from "../../init/init-project.js";
import { toPosix } from "../../../schema/paths.js";
import { resolveProjectPaths } from "../../project/project-paths.js";
import { parseVerbArgs } from "../args.js";
import { assertProjectFile, projectOptions } from "../project-args.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import type { Command } from "./command.js";

const VERBS: Readonly<Record<InitStep["action"], [string, string]>> = {
  create: ["created", "would create"],
  append: ["appended the agentix section to", "would append the agentix section to"],
  keep: ["kept", "would keep"],
};

export const initCommand: Command = {
  name: "init",
  summary: "write the agent skill and an AGENTS.md section; never overwrites",
  usage: `Usage: agentix init [--dry-run] [--project <tsconfig>] [--root <dir>]

Writes what a coding agent needs to use agentix: .claude/skills/agentix/SKILL.md (the four
questions and their commands, the conventions, how to read the outputs) unless it exists, and
an agentix section at the end of AGENTS.md unless it has one (the file is created if missing).
Then shows the MCP server entry for common clients (their config files are never written)
and the line to add to .gitignore.

Options:
  --dry-run            say what it would write, write nothing
  -p, --project <tsconfig>  the project's tsconfig, or its folder: init writes in that folder
  --root <dir>         the project root (default: the --project's folder, else the working
                       directory)
  -h, --help           show this help

Exit codes: 0 done (or planned), 2 bad invocation.`,
  async run(args: readonly string[], io: CliIO): Promise<ExitCode> {
    const { values } = parseVerbArgs("init", args, { "dry-run": { type: "boolean" } }, 0);
    const dryRun = values["dry-run"] === true;
    await assertProjectFile(values, io.cwd);
    // Without --project the working directory, as before: not the nearest tsconfig's folder.
    const root =
      values.project === undefined
        ? path.resolve(io.cwd, values.root ?? ".")
        : resolveProjectPaths(projectOptions(values), io.cwd).root;
    // Named from the working directory: `init --project app` writes app/AGENTS.md.
    const shown = (file: string) => toPosix(path.relative(io.cwd, path.join(root, file))) || file;
    const steps = initProject(root, !dryRun);
    for (const step of steps) {
      const verb = VERBS[step.action][dryRun ? 1 : 0];
      io.stdout(`${verb} ${shown(step.path)}${step.reason ? ` (${step.reason})` : ""}\n`);
    }
    io.stdout(`\n${MCP_SNIPPETS}\n${GITIGNORE_ADVICE}`);
    return EXIT.ok;
  },
};
