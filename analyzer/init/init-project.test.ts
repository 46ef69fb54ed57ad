import { execFileSync } from "node:child_process";
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { run } from "../cli/main.js";
import type { CliIO } from "../cli/io.js";
import {
  AGENTS_SECTION,
  GITIGNORE_ADVICE,
  GITIGNORE_LINES,
  MCP_SNIPPETS,
  SKILL,
} from "./agent-texts.js";

const dirs: string[] = [];
function project(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "agentix-init-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function init(cwd: string, ...args: string[]) {
  let stdout = "";
  let stderr = "";
  const io: CliIO = {
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
    stderrIsTTY: false,
    cwd,
  };
  const code = await run(["init", ...args], io);
  return { code, stdout, stderr };
}

const skillFile = (dir: string) => path.join(dir, ".claude/skills/agentix/SKILL.md");

describe("agentix init", () => {
  it("--dry-run says what it would write and writes nothing", async () => {
    const dir = project();
    expect(await init(dir, "--dry-run")).toEqual({
      code: 0,
      stdout: `would create AGENTS.md\nwould create .claude/skills/agentix/SKILL.md\n\n${MCP_SNIPPETS}\n${GITIGNORE_ADVICE}`,
      stderr: "",
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  // ".agentix/fresh.json" in a workspace root's .gitignore left every package's fresh.json and
  // affected.json untracked: a pattern with a slash inside matches only beside the .gitignore.
  it("advises .gitignore lines that git applies in every folder with an index", () => {
    const dir = project();
    const git = (...args: string[]) => execFileSync("git", args, { cwd: dir, encoding: "utf8" });
    git("init", "-q");
    writeFileSync(path.join(dir, ".gitignore"), `${GITIGNORE_LINES.join("\n")}\n`);
    const files = [".agentix/fresh.json", "packages/billing/.agentix/affected.json"];
    expect(git("check-ignore", ...files, ".agentix/index.json").split("\n")).toEqual([
      ...files,
      "",
    ]);
    expect(GITIGNORE_ADVICE).toContain(GITIGNORE_LINES.join(" and "));
  });

  it("creates both files, then keeps them on a second run", async () => {
    const dir = project();
    expect((await init(dir)).stdout).toBe(
      `created AGENTS.md\ncreated .claude/skills/agentix/SKILL.md\n\n${MCP_SNIPPETS}\n${GITIGNORE_ADVICE}`,
    );
    expect(readFileSync(path.join(dir, "AGENTS.md"), "utf8")).toBe(AGENTS_SECTION);
    expect(readFileSync(skillFile(dir), "utf8")).toBe(SKILL);
    expect((await init(dir)).stdout).toBe(
      "kept AGENTS.md (it already has the agentix section)\n" +
        `kept .claude/skills/agentix/SKILL.md (it exists (init never overwrites))\n\n${MCP_SNIPPETS}\n${GITIGNORE_ADVICE}`,
    );
    expect(readFileSync(path.join(dir, "AGENTS.md"), "utf8")).toBe(AGENTS_SECTION);
  });

  it("appends its section to an existing AGENTS.md and never touches an existing skill", async () => {
    const dir = project();
    writeFileSync(path.join(dir, "AGENTS.md"), "# House rules\nNo force pushes.");
    mkdirSync(path.dirname(skillFile(dir)), { recursive: true });
    writeFileSync(skillFile(dir), "my own skill\n");
    expect((await init(dir, "--root", ".")).code).toBe(0);
    expect(readFileSync(path.join(dir, "AGENTS.md"), "utf8")).toBe(
      `# House rules\nNo force pushes.\n\n${AGENTS_SECTION}`,
    );
    expect(readFileSync(skillFile(dir), "utf8")).toBe("my own skill\n");
  });

  it("refuses an AGENTS.md that is a folder, and a root that does not exist, writing nothing", async () => {
    const dir = project();
    mkdirSync(path.join(dir, "AGENTS.md"));
    expect(await init(dir)).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "agentix init: AGENTS.md exists and is not a file\nrun `agentix init --help` for usage\n",
    });
    expect(readdirSync(dir)).toEqual(["AGENTS.md"]);
    const missing = path.join(dir, "nope");
    expect((await init(dir, "--root", "nope")).stderr).toBe(
      `agentix init: ${missing}: the project root is not a directory\nrun \`agentix init --help\` for usage\n`,
    );
  });

  // With .claude a file, init wrote AGENTS.md, then failed on ENOTDIR saying nothing of it.
  it("refuses a target it could not write before writing either: .claude or a folder below it a file", async () => {
    const dir = project();
    writeFileSync(path.join(dir, ".claude"), "not a folder\n");
    const refused = {
      code: 2,
      stdout: "",
      stderr:
        "agentix init: .claude exists and is not a folder: init writes .claude/skills/agentix/SKILL.md in it\nrun `agentix init --help` for usage\n",
    };
    expect(await init(dir)).toEqual(refused);
    expect(await init(dir, "--dry-run")).toEqual(refused);
    expect(readdirSync(dir)).toEqual([".claude"]);
    const below = project();
    mkdirSync(path.join(below, ".claude"));
    writeFileSync(path.join(below, ".claude/skills"), "");
    expect((await init(below)).stderr).toBe(
      "agentix init: .claude/skills exists and is not a folder: init writes .claude/skills/agentix/SKILL.md in it\nrun `agentix init --help` for usage\n",
    );
    expect(readdirSync(below)).toEqual([".claude"]);
  });

  it.skipIf(process.getuid?.() === 0)(
    "refuses a folder it may not write in before appending to AGENTS.md (root writes anyway: skipped)",
    async () => {
      const dir = project();
      writeFileSync(path.join(dir, "AGENTS.md"), "# House rules\n");
      chmodSync(dir, 0o555);
      try {
        expect(await init(dir)).toEqual({
          code: 2,
          stdout: "",
          stderr:
            "agentix init: cannot write .claude/skills/agentix/SKILL.md: EACCES (permission denied)\n",
        });
        expect(readFileSync(path.join(dir, "AGENTS.md"), "utf8")).toBe("# House rules\n");
      } finally {
        chmodSync(dir, 0o755);
      }
    },
  );

  // Run as root, an AGENTS.md linked to /etc/passwd had the section appended there (helper-27
  // repro-18); a linked .claude had SKILL.md created wherever it pointed.
  it("refuses to write through a symbolic link: AGENTS.md, .claude or a folder below it", async () => {
    const outside = project();
    writeFileSync(path.join(outside, "victim.txt"), "root:x:0:0\n");
    const dir = project();
    symlinkSync(path.join(outside, "victim.txt"), path.join(dir, "AGENTS.md"));
    expect(await init(dir)).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "agentix init: AGENTS.md is a symbolic link: init writes no file through a link\nrun `agentix init --help` for usage\n",
    });
    expect(readFileSync(path.join(outside, "victim.txt"), "utf8")).toBe("root:x:0:0\n");
    const linked = project();
    mkdirSync(path.join(linked, ".claude"));
    symlinkSync(outside, path.join(linked, ".claude/skills"));
    expect((await init(linked)).stderr).toBe(
      "agentix init: .claude/skills is a symbolic link: init writes no file through a link\nrun `agentix init --help` for usage\n",
    );
    expect(readdirSync(outside)).toEqual(["victim.txt"]);
    expect(readdirSync(linked)).toEqual([".claude"]);
  });

  it("keeps the texts short: an agent reads them on every task", () => {
    expect(AGENTS_SECTION.split("\n").length).toBeLessThanOrEqual(20);
    expect(SKILL.split("\n").length).toBeLessThanOrEqual(45);
  });
});
