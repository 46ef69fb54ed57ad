// `agentix --help` says every command takes --project and --root: the verbs that do not analyse
// (init, scaffold) honour them as the others do. init writes in the folder of the tsconfig
// --project names; a --project naming no file is exit 2 with the message `index` and `check`
// give, never a skill, an AGENTS.md or a feature written somewhere else. Before, init ignored
// --project (writing in the working directory, exit 0 for /does/not/exist), and scaffold planned
// a feature beside a mistyped tsconfig, or said "../../.. is not a project" for /nonexistent.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";
import { answer } from "../support/in-process-cli.js";

let cwd: string;
const at = (file: string) => path.join(cwd, file);

beforeEach(() => {
  cwd = writtenProject({
    "app/package.json": '{ "type": "module" }\n',
    "app/tsconfig.json":
      '{ "compilerOptions": { "strict": true, "module": "NodeNext" }, "include": ["src"] }\n',
    "app/src/main.ts": "export {};\n",
  });
});
afterAll(removeCopies);

const missing = (verb: string, shown: string) => ({
  code: 2,
  stdout: "",
  stderr: `agentix ${verb}: ${shown}: no such file (pass the project's tsconfig with --project <path>)\n`,
});

describe("init --project", () => {
  it("writes in the tsconfig's folder, and names what it wrote from the working directory", async () => {
    const result = await answer(["init", "--project", "app/tsconfig.json"], cwd);
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(result.stdout).toMatch(
      /^created app\/AGENTS\.md\ncreated app\/\.claude\/skills\/agentix\/SKILL\.md\n\n/u,
    );
    expect(existsSync(at("app/AGENTS.md"))).toBe(true);
    expect(existsSync(at("app/.claude/skills/agentix/SKILL.md"))).toBe(true);
    expect(existsSync(at("AGENTS.md"))).toBe(false);
    expect(existsSync(at(".claude"))).toBe(false);
  });

  it("takes the tsconfig's folder as tsc -p does", async () => {
    const result = await answer(["init", "--project", "app", "--dry-run"], cwd);
    expect(result.stdout).toMatch(/^would create app\/AGENTS\.md\n/u);
  });

  it("a tsconfig that does not exist: exit 2 as for index and check, nothing written", async () => {
    expect(await answer(["init", "--project", "/does/not/exist", "--dry-run"], cwd)).toEqual(
      missing("init", "/does/not/exist"),
    );
    expect(await answer(["init", "--project", "app/tsconfig.typo.json"], cwd)).toEqual(
      missing("init", "app/tsconfig.typo.json"),
    );
    expect(await answer(["check", "--project", "app/tsconfig.typo.json"], cwd)).toEqual(
      missing("check", "app/tsconfig.typo.json"),
    );
    expect(existsSync(at("AGENTS.md"))).toBe(false);
  });

  it("its --help names --project", async () => {
    expect((await answer(["init", "--help"], cwd)).stdout).toContain(
      "-p, --project <tsconfig>  the project's tsconfig, or its folder: init writes in that folder",
    );
  });
});

describe("scaffold --project", { timeout: 60_000 }, () => {
  it("a tsconfig that does not exist: exit 2 naming it, as index and check do", async () => {
    const args = ["scaffold", "feature", "ship", "--dry-run"];
    expect(await answer([...args, "--project", "app/tsconfig.typo.json"], cwd)).toEqual(
      missing("scaffold", "app/tsconfig.typo.json"),
    );
    // Named as given (it said "../../.. is not a project"); the tsconfigs below / follow.
    const rooted = await answer([...args, "--project", "/nonexistent"], cwd);
    expect([rooted.code, rooted.stdout]).toEqual([2, ""]);
    expect(rooted.stderr).toMatch(
      /^agentix scaffold: \/nonexistent: no such file \(pass the project's tsconfig with --project <path>[;)]/u,
    );
    expect(await answer(["index", "--project", "app/tsconfig.typo.json"], cwd)).toEqual(
      missing("index", "app/tsconfig.typo.json"),
    );
  });

  it("a tsconfig that exists: the feature goes in its project", async () => {
    mkdirSync(at("app/src/features"));
    writeFileSync(at("app/src/features/.keep"), "");
    const result = await answer(
      ["scaffold", "feature", "ship", "--dry-run", "--project", "app/tsconfig.json"],
      cwd,
    );
    expect([result.code, result.stderr]).toEqual([0, ""]);
    expect(result.stdout).toMatch(/^would create feature ship in app\/src\/features\/ship:\n/u);
  });
});
