// docs/getting-started.md's commands run as the page says, in a project folder, with the packed
// tarball in place of the registry's agentix.
import { mkdirSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
import path from "node:path";
import type { DocumentedStep } from "./documented-steps.js";
import { npmEnvironment } from "./packed-package.js";

export interface CommandResult {
  readonly command: string;
  readonly status: number | null;
  readonly output: string;
}

/** Runs one documented command in `app`; `npm i agentix` installs `tarball`. */
export function runDocumented(app: string, tarball: string, command: string): CommandResult {
  const literal = command.replace(/^npm i agentix$/u, `npm i ${tarball}`);
  const result = spawnSync("sh", ["-c", literal], {
    cwd: app,
    encoding: "utf8",
    env: npmEnvironment,
  });
  return { command, status: result.status, output: `${result.stdout}${result.stderr}` };
}

/** Writes a file step or runs a commands step in `app`; the commands that failed. */
export function followStep(app: string, tarball: string, step: DocumentedStep): CommandResult[] {
  if (step.kind === "file") {
    mkdirSync(path.dirname(path.join(app, step.path)), { recursive: true });
    writeFileSync(path.join(app, step.path), step.content);
    return [];
  }
  return step.commands
    .map((command) => runDocumented(app, tarball, command))
    .filter((result) => result.status !== 0);
}
