import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { ValidateFunction } from "ajv";
import type { CliIO } from "../../analyzer/cli/io.js";
import { createAjv } from "../../schema/ajv.js";

export const REPO = fileURLToPath(new URL("../../", import.meta.url));
/** The built CLI, exactly as a user runs it (`npm run build` first). */
export const BIN = path.join(REPO, "dist/analyzer/cli/main.js");

/**
 * An analyzer fixture project. Fixtures import "agentix" by its package name; it resolves
 * through the package's self-reference (the repository's package.json is their nearest one)
 * to dist/, so `npm run build` must have run. Their own tsconfig.json is what is analysed.
 */
export function fixtureDir(name: string): string {
  return path.join(REPO, "test/fixtures", name);
}

const temporary: string[] = [];

/**
 * A copy of a fixture in a fresh temporary folder, outside the repository: "agentix" (and the
 * packages fixtures use) resolve through node_modules symlinks, as in a user's project.
 */
export function copyFixture(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `agentix-${name}-`));
  temporary.push(dir);
  cpSync(fixtureDir(name), dir, { recursive: true });
  const modules = path.join(dir, "node_modules");
  mkdirSync(path.join(modules, "@types"), { recursive: true });
  symlinkSync(REPO, path.join(modules, "agentix"), "dir");
  symlinkSync(path.join(REPO, "node_modules/zod"), path.join(modules, "zod"), "dir");
  symlinkSync(
    path.join(REPO, "node_modules/@types/node"),
    path.join(modules, "@types/node"),
    "dir",
  );
  return dir;
}

/** A project written from `files` (path -> text) in a temporary folder removeCopies removes. */
export function writtenProject(files: Readonly<Record<string, string>>, name = "project"): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `agentix-${name}-`));
  temporary.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** The tsconfig.json of a written bundler-style project: src and test, ESNext modules, strict. */
export const BUNDLER_TSCONFIG = JSON.stringify({
  compilerOptions: { module: "ESNext", moduleResolution: "Bundler", strict: true },
  include: ["src", "test"],
});

export function removeCopies(): void {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export interface CliRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the built `agentix` bin in `cwd`. */
export function runCli(args: readonly string[], cwd: string, env: NodeJS.ProcessEnv = {}): CliRun {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...env },
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const validators = new Map<string, ValidateFunction>();

/** An Ajv validator for one of the published schemas in schema/. */
export async function schemaValidator(file: string): Promise<ValidateFunction> {
  let validate = validators.get(file);
  if (!validate) {
    const { readFileSync } = await import("node:fs");
    validate = createAjv().compile(
      JSON.parse(readFileSync(path.join(REPO, "schema", file), "utf8")) as object,
    );
    validators.set(file, validate);
  }
  return validate;
}

/** A CLI io that records what a verb writes, for running verbs in-process (no spawn). */
export function recordingIO(cwd: string): {
  readonly io: CliIO;
  readonly stdout: () => string;
  readonly stderr: () => string;
} {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIO = {
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    stderrIsTTY: false,
    cwd,
  };
  return { io, stdout: () => out.join(""), stderr: () => err.join("") };
}
