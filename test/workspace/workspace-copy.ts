// A copy of a workspace fixture (test/fixtures/workspace unless named) committed to a git
// repository of its own, and the CLI run in-process in it (the workspace tests share this setup).
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { run } from "../../analyzer/cli/main.js";
import { copyFixture, recordingIO, type CliRun } from "../support/analyzer-fixtures.js";

export interface WorkspaceCopy {
  readonly root: string;
  readonly git: (...args: string[]) => string;
  /** `agentix <args>` in `cwd` (the workspace root unless given). */
  readonly cli: (args: readonly string[], cwd?: string) => Promise<CliRun>;
}

export function workspaceCopy(fixture = "workspace"): WorkspaceCopy {
  const root = copyFixture(fixture);
  const git = (...args: string[]) =>
    execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  writeFileSync(path.join(root, ".gitignore"), "node_modules\n.agentix/fresh.json\n");
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.email=t@agentix", "-c", "user.name=test", "commit", "-q", "-m", "base");
  const cli = async (args: readonly string[], cwd = root): Promise<CliRun> => {
    const { io, stdout, stderr } = recordingIO(cwd);
    const code = await run(args, io);
    return { code, stdout: stdout(), stderr: stderr() };
  };
  return { root, git, cli };
}
