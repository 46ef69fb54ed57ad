import { execFileSync } from "node:child_process";
import { ChangeSourceError } from "../errors.js";

/** Runs git in `cwd` (never through a shell), with `input` on stdin; its stdout as bytes. */
export function git(cwd: string, args: readonly string[], input?: string): Buffer {
  try {
    return execFileSync("git", args, {
      cwd,
      input,
      maxBuffer: 512 * 1024 * 1024,
      stdio: ["pipe", "pipe", "pipe"],
    });
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString("utf8").trim();
    throw new ChangeSourceError(
      "git-failed",
      `git ${args.join(" ")} failed${stderr ? `: ${stderr}` : ""}`,
    );
  }
}

/** `git` as text. */
export function gitText(cwd: string, args: readonly string[]): string {
  return git(cwd, args).toString("utf8");
}

/** The top folder of the repository holding `dir`. */
export function repositoryTop(dir: string): string {
  return gitText(dir, ["rev-parse", "--show-toplevel"]).trim();
}
