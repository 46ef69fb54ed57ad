// A project file the CLI reads but does not control (package.json, tsconfig.json,
// agentix.config.json, pnpm-workspace.yaml) that is not a regular file, or is huge, is refused with exit 2 and a
// message naming it: never read. Before, a symlink to /dev/zero aborted the process with
// std::bad_alloc (exit 134) and a FIFO hung it (audit case-21/pkg-devzero, tsconfig-devzero).
import { execFileSync } from "node:child_process";
import { renameSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { clearConfigCaches } from "../../schema/load-config.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";
import { answer } from "../support/in-process-cli.js";

let project: string;

const agentix = (args: readonly string[]) => answer(args, project);

const at = (file: string) => path.join(project, file);
const VERIFY = ["verify", "orders", "--dry-run"];

beforeAll(() => {
  project = copyFixture("shop");
  renameSync(at("tsconfig.json"), at("tsconfig.real.json"));
});
afterEach(() => {
  for (const file of [
    "package.json",
    "agentix.config.json",
    "tsconfig.json",
    "pnpm-workspace.yaml",
  ])
    rmSync(at(file), { recursive: true, force: true });
  clearConfigCaches();
});
afterAll(removeCopies);

/** tsconfig.json as the fixture has it, for the cases that replace another file. */
function realTsconfig(): void {
  symlinkSync(at("tsconfig.real.json"), at("tsconfig.json"));
}

describe("a project file that is not a regular file", { timeout: 120_000 }, () => {
  it("package.json as a symlink to /dev/zero: exit 2 naming it, under --dry-run and --json", async () => {
    realTsconfig();
    symlinkSync("/dev/zero", at("package.json"));
    const stderr = `agentix verify: ${at("package.json")} cannot be read: it is a character device, not a regular file\n`;
    expect(await agentix(VERIFY)).toEqual({ code: 2, stdout: "", stderr });
    expect(await agentix([...VERIFY, "--json"])).toEqual({ code: 2, stdout: "", stderr });
  });

  it("package.json as a FIFO: exit 2, never a hang", async () => {
    realTsconfig();
    execFileSync("mkfifo", [at("package.json")]);
    expect(await agentix(VERIFY)).toEqual({
      code: 2,
      stdout: "",
      stderr: `agentix verify: ${at("package.json")} cannot be read: it is a FIFO, not a regular file\n`,
    });
  });

  it("package.json over 16 MB: exit 2 naming its size", async () => {
    realTsconfig();
    writeFileSync(at("package.json"), "{}");
    truncateSync(at("package.json"), 17 * 1024 * 1024);
    expect(await agentix(VERIFY)).toEqual({
      code: 2,
      stdout: "",
      stderr: `agentix verify: ${at("package.json")} cannot be read: it is 17 MB, over the 16 MB a project file may have\n`,
    });
  });

  it("tsconfig.json as a symlink to /dev/zero or a FIFO: exit 2 naming it", async () => {
    symlinkSync("/dev/zero", at("tsconfig.json"));
    expect(await agentix(VERIFY)).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "agentix verify: tsconfig.json cannot be read: it is a character device, not a regular file\n",
    });
    rmSync(at("tsconfig.json"));
    execFileSync("mkfifo", [at("tsconfig.json")]);
    expect(await agentix(["affected", "orders"])).toEqual({
      code: 2,
      stdout: "",
      stderr: "agentix affected: tsconfig.json cannot be read: it is a FIFO, not a regular file\n",
    });
  });

  it("a tsconfig extending /dev/zero: TypeScript's own 'cannot read' warning, no crash", async () => {
    writeFileSync(
      at("tsconfig.json"),
      JSON.stringify({ extends: "./zero.json", include: ["src"] }),
    );
    symlinkSync("/dev/zero", at("zero.json"));
    try {
      const result = await agentix(["affected", "orders"]);
      expect(result.code).toBe(0);
      expect(result.stderr).toContain("zero.json");
    } finally {
      rmSync(at("zero.json"));
    }
  });

  // Read to find a workspace's packages before any verb starts: a FIFO hung every verb.
  it("pnpm-workspace.yaml as a FIFO or a symlink to /dev/zero: exit 2 naming it", async () => {
    realTsconfig();
    execFileSync("mkfifo", [at("pnpm-workspace.yaml")]);
    const stderr = (verb: string, reason: string) =>
      `agentix ${verb}: ${at("pnpm-workspace.yaml")} cannot be read: it is ${reason}, not a regular file\n`;
    expect(await agentix(VERIFY)).toEqual({
      code: 2,
      stdout: "",
      stderr: stderr("verify", "a FIFO"),
    });
    expect(await agentix(["check"])).toEqual({
      code: 2,
      stdout: "",
      stderr: stderr("check", "a FIFO"),
    });
    rmSync(at("pnpm-workspace.yaml"));
    symlinkSync("/dev/zero", at("pnpm-workspace.yaml"));
    expect(await agentix(["index"])).toEqual({
      code: 2,
      stdout: "",
      stderr: stderr("index", "a character device"),
    });
  });

  it("agentix.config.json as a symlink to /dev/zero or a FIFO: exit 2 naming it", async () => {
    realTsconfig();
    symlinkSync("/dev/zero", at("agentix.config.json"));
    expect(await agentix(VERIFY)).toEqual({
      code: 2,
      stdout: "",
      stderr: `agentix verify: ${at("agentix.config.json")}: cannot be read (it is a character device, not a regular file)\n`,
    });
    rmSync(at("agentix.config.json"));
    clearConfigCaches();
    execFileSync("mkfifo", [at("agentix.config.json")]);
    expect(await agentix(VERIFY)).toEqual({
      code: 2,
      stdout: "",
      stderr: `agentix verify: ${at("agentix.config.json")}: cannot be read (it is a FIFO, not a regular file)\n`,
    });
  });
});

describe("a package.json with a byte order mark, or not JSON", { timeout: 120_000 }, () => {
  it("a byte order mark is read past, as npm and Vitest do (audit case-21/pkg-bom)", async () => {
    realTsconfig();
    writeFileSync(at("package.json"), '\uFEFF{"name":"shop","workspaces":[]}');
    const result = await agentix(VERIFY);
    expect([result.code, result.stderr]).toEqual([0, ""]);
  });

  it("invalid JSON: exit 2 naming the file, line and column; stderr only, under --json too (case-21/pkg-invalid)", async () => {
    realTsconfig();
    writeFileSync(at("package.json"), "{ nope\n");
    const stderr = `agentix verify: ${at("package.json")} is not valid JSON: line 1, column 3: unexpected "n", expected a property name in double quotes\n`;
    expect(await agentix(VERIFY)).toEqual({ code: 2, stdout: "", stderr });
    expect(await agentix([...VERIFY, "--json"])).toEqual({ code: 2, stdout: "", stderr });
  });
});
