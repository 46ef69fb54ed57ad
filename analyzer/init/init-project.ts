// `agentix init`: the agent instructions of agent-texts.ts, added to a project without ever
// replacing anything: SKILL.md only when it does not exist, the AGENTS.md section appended only
// when the file does not have it yet (the rest of the file stays as it was).
import {
  accessSync,
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { UsageError, fileAccessError } from "../errors.js";
import { AGENTS_MARKER, AGENTS_SECTION, SKILL } from "./agent-texts.js";

export type InitAction = "create" | "append" | "keep";

export interface InitStep {
  /** Relative to the root, POSIX. */
  readonly path: string;
  readonly action: InitAction;
  /** Why it is kept, for "keep". */
  readonly reason: string | null;
}

export const SKILL_PATH = ".claude/skills/agentix/SKILL.md";
export const AGENTS_PATH = "AGENTS.md";

/**
 * Refuses a symbolic link anywhere from the root to `relative`: init writes only inside the
 * project, never through a link (an AGENTS.md linked to /etc/passwd, run as root, had the
 * section appended there).
 */
function refuseLinks(root: string, relative: string): void {
  let at = root;
  for (const part of relative.split("/")) {
    at = path.join(at, part);
    let linked: boolean;
    try {
      linked = lstatSync(at).isSymbolicLink();
    } catch {
      return; // missing: init creates it, and nothing below it exists either
    }
    if (linked)
      throw new UsageError(
        `${path.relative(root, at).split(path.sep).join("/")} is a symbolic link: init writes no file through a link`,
        "init",
      );
  }
}

/**
 * Refuses, before anything is written, a target init could not write: a part of its path that
 * exists and is not a folder (a file named .claude), or a file or folder it may not write to,
 * so that init writes both files or neither (it wrote AGENTS.md, then failed on ENOTDIR).
 */
function assertWritable(root: string, relative: string, exists: boolean): void {
  const parts = relative.split("/");
  let writesIn = root;
  for (const part of parts.slice(0, -1)) {
    const at = path.join(writesIn, part);
    if (!existsSync(at)) break; // init creates it in `writesIn`
    if (!statSync(at).isDirectory())
      throw new UsageError(
        `${path.relative(root, at).split(path.sep).join("/")} exists and is not a folder: init writes ${relative} in it`,
        "init",
      );
    writesIn = at;
  }
  try {
    accessSync(exists ? path.join(root, ...parts) : writesIn, constants.W_OK);
  } catch (error) {
    throw fileAccessError(error, "write", relative);
  }
}

function readIfFile(file: string, shown: string): string | undefined {
  if (!existsSync(file)) return undefined;
  if (!statSync(file).isFile()) throw new UsageError(`${shown} exists and is not a file`, "init");
  return readFileSync(file, "utf8");
}

/** What init does in `root`; with `write`, does it. */
export function initProject(root: string, write: boolean): InitStep[] {
  if (!existsSync(root) || !statSync(root).isDirectory())
    throw new UsageError(`${root}: the project root is not a directory`, "init");
  const agentsFile = path.join(root, AGENTS_PATH);
  const skillFile = path.join(root, ...SKILL_PATH.split("/"));
  refuseLinks(root, AGENTS_PATH);
  refuseLinks(root, SKILL_PATH);
  const agents = readIfFile(agentsFile, AGENTS_PATH);
  const skill = readIfFile(skillFile, SKILL_PATH);
  if (agents === undefined || !agents.includes(AGENTS_MARKER))
    assertWritable(root, AGENTS_PATH, agents !== undefined);
  if (skill === undefined) assertWritable(root, SKILL_PATH, false);
  const steps: InitStep[] = [
    agents === undefined
      ? { path: AGENTS_PATH, action: "create", reason: null }
      : agents.includes(AGENTS_MARKER)
        ? { path: AGENTS_PATH, action: "keep", reason: "it already has the agentix section" }
        : { path: AGENTS_PATH, action: "append", reason: null },
    skill === undefined
      ? { path: SKILL_PATH, action: "create", reason: null }
      : { path: SKILL_PATH, action: "keep", reason: "it exists (init never overwrites)" },
  ];
  if (!write) return steps;
  if (steps[0]!.action === "create") writeFileSync(agentsFile, AGENTS_SECTION, { flag: "wx" });
  if (steps[0]!.action === "append") {
    // No link is followed even if one appeared since the check.
    const fd = openSync(agentsFile, constants.O_WRONLY | constants.O_APPEND | constants.O_NOFOLLOW);
    try {
      writeSync(fd, `${agents!.endsWith("\n") ? "\n" : "\n\n"}${AGENTS_SECTION}`);
    } finally {
      closeSync(fd);
    }
  }
  if (steps[1]!.action === "create") {
    mkdirSync(path.dirname(skillFile), { recursive: true });
    writeFileSync(skillFile, SKILL, { flag: "wx" });
  }
  return steps;
}
