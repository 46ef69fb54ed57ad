// A user's or an environment's problem is exit 1 or 2 with a message naming the path and the
// cause, never exit 3 ("a bug in agentix"): a malformed or misplaced agentix.config.json under
// scaffold, a --root that does not exist, .agentix or one of its files where a folder or a file
// belongs. Verbs run in-process on one copy of the shop fixture, each case restoring it.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../analyzer/cli/main.js";
import { clearConfigCaches } from "../../schema/load-config.js";
import { copyFixture, recordingIO, removeCopies } from "../support/analyzer-fixtures.js";

let project: string;

async function agentix(args: readonly string[]) {
  const { io, stdout, stderr } = recordingIO(project);
  const code = await run(args, io);
  return { code, stdout: stdout(), stderr: stderr() };
}

const at = (file: string) => path.join(project, file);

beforeAll(() => {
  project = copyFixture("shop");
});
afterEach(() => {
  for (const file of ["agentix.config.json", ".agentix", "nope"])
    rmSync(at(file), { recursive: true, force: true });
  clearConfigCaches();
});
afterAll(removeCopies);

// Paths outside the process's working directory (the copy is in the temporary folder) are
// shown absolute.
const malformed = () =>
  `${at("agentix.config.json")}:1:2: malformed JSON: unexpected "b", expected a property name in double quotes`;

describe("agentix.config.json that cannot be used", { timeout: 120_000 }, () => {
  it("malformed: scaffold is exit 2 like every other verb (check reports it: exit 1)", async () => {
    writeFileSync(at("agentix.config.json"), "{bad\n");
    expect(await agentix(["scaffold", "feature", "shipping", "--dry-run"])).toEqual({
      code: 2,
      stdout: "",
      stderr: `agentix scaffold: ${malformed()}\n`,
    });
    for (const verb of [["index"], ["affected", "orders"], ["verify", "orders", "--dry-run"]]) {
      expect(await agentix(verb)).toEqual({
        code: 2,
        stdout: "",
        stderr: `agentix ${verb[0]}: ${malformed()}\n`,
      });
    }
    expect((await agentix(["check"])).code).toBe(1);
  });

  it("a directory: scaffold refuses it instead of scaffolding with the defaults", async () => {
    mkdirSync(at("agentix.config.json"));
    expect(await agentix(["scaffold", "feature", "shipping"])).toEqual({
      code: 2,
      stdout: "",
      stderr: `agentix scaffold: ${at("agentix.config.json")}: cannot be read (EISDIR)\n`,
    });
    expect(existsSync(at("src/features/shipping"))).toBe(false);
  });
});

describe("scaffold --root", { timeout: 120_000 }, () => {
  it("must exist: no folder is created outside an existing root", async () => {
    expect(await agentix(["scaffold", "feature", "shipping", "--root", "nope/x"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "agentix scaffold: nope/x: the project root does not exist\n",
    });
    expect(existsSync(at("nope"))).toBe(false);
  });
});

describe("the index's folder and files in the way", { timeout: 120_000 }, () => {
  it(".agentix is a file: index is exit 2 naming the path and ENOTDIR", async () => {
    writeFileSync(at(".agentix"), "");
    expect(await agentix(["index"])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "agentix index: cannot write .agentix/index.json: ENOTDIR (a part of its path is a file, not a directory)\n",
    });
  });

  it("index.json is a directory: index is exit 2 naming the path and EISDIR", async () => {
    mkdirSync(at(".agentix/index.json"), { recursive: true });
    expect(await agentix(["index"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "agentix index: cannot write .agentix/index.json: EISDIR (it is a directory)\n",
    });
  });

  it("fresh.json is a directory: the index is written, and a warning says the cache is not", async () => {
    mkdirSync(at(".agentix/fresh.json"), { recursive: true });
    const result = await agentix(["index"]);
    expect([result.code, result.stderr]).toEqual([
      0,
      "agentix index: warning: cannot write .agentix/fresh.json (EISDIR): verbs will analyse instead of answering from the index\n",
    ]);
    expect((await agentix(["index", "--check"])).code).toBe(0);
  });

  it.skipIf(process.getuid?.() === 0)(
    "a read-only .agentix: index is exit 2 naming the path and EACCES (root writes anyway: skipped)",
    async () => {
      mkdirSync(at(".agentix"), { mode: 0o555 });
      expect(await agentix(["index"])).toEqual({
        code: 2,
        stdout: "",
        stderr: expect.stringMatching(
          /^agentix index: cannot write \.agentix\/index\.json: EACCES \(permission denied\)\n$/u,
        ) as unknown as string,
      });
    },
  );
});

describe("a features.directories glob that matches nothing", { timeout: 120_000 }, () => {
  const TYPO = '{\n  "features": { "directories": ["src/features/*", "src/featurs/*"] }\n}\n';
  const MESSAGE =
    'features.directories "src/featurs/*" matches no folder of the project: no feature is found there, so no boundary is checked';

  it("is a warning on stderr and an index diagnostic naming the config file and position", async () => {
    writeFileSync(at("agentix.config.json"), TYPO);
    const result = await agentix(["index"]);
    expect([result.code, result.stderr.split("\n")[0]]).toEqual([
      0,
      `agentix: warning: agentix.config.json:2:51: ${MESSAGE}`,
    ]);
    const index = JSON.parse(readFileSync(at(".agentix/index.json"), "utf8")) as {
      diagnostics: { code: string }[];
    };
    expect(index.diagnostics.filter((d) => d.code === "feature-directories-unmatched")).toEqual([
      {
        code: "feature-directories-unmatched",
        severity: "warning",
        message: MESSAGE,
        file: "agentix.config.json",
        line: 2,
        column: 51,
        related: [],
      },
    ]);
  });

  it("is an error under check (exit 1); globs that all match are silent", async () => {
    writeFileSync(at("agentix.config.json"), TYPO);
    const check = await agentix(["check", "--json", "--fresh"]);
    expect(check.code).toBe(1);
    const problems = (JSON.parse(check.stdout) as { problems: { rule: string }[] }).problems;
    expect(problems.filter((p) => p.rule === "feature-directories-unmatched")).toEqual([
      {
        source: "diagnostic",
        severity: "error",
        rule: "feature-directories-unmatched",
        message: MESSAGE,
        file: "agentix.config.json",
        line: 2,
        column: 51,
        endLine: null,
        endColumn: null,
        related: [],
      },
    ]);
    writeFileSync(
      at("agentix.config.json"),
      '{ "features": { "directories": ["src/features/*"] } }\n',
    );
    clearConfigCaches();
    const clean = await agentix(["index"]);
    expect(clean.stderr).not.toContain("feature-directories-unmatched");
    expect(clean.stderr).not.toContain("matches no folder");
  });
});
