// Which selected tests belong to another runner when the project has no Vitest config (Vitest's
// defaults would take every *.test.ts and *.spec.ts, whoever runs them): a file that imports
// another runner (Playwright's specs), or every test of a project configured for Jest or Mocha
// that does not import Vitest itself. Read as text when the plan is made, never run.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { isFile } from "../../../schema/folder-listings.js";

/** Runners whose test files Vitest cannot run (their own `test`, hooks and globals). */
const OTHER_RUNNER =
  /(?:\bfrom\s*|\bimport\s*|\brequire\s*\(\s*)["'](@playwright\/test|node:test|bun:test|ava|uvu|mocha|@jest\/globals)["']/u;
const VITEST_IMPORT = /(?:\bfrom\s*|\bimport\s*|\brequire\s*\(\s*)["']vitest["']/u;

const RUNNER_CONFIGS: readonly (readonly [runner: string, names: readonly string[]])[] = [
  ["Jest", ["js", "ts", "mjs", "cjs", "mts", "cts", "json"].map((ext) => `jest.config.${ext}`)],
  ["Mocha", ["js", "cjs", "mjs", "json", "jsonc", "yaml", "yml"].map((ext) => `.mocharc.${ext}`)],
  // oak's `Deno.test(...)` files: `deno test` runs them.
  ["Deno", ["deno.json", "deno.jsonc"]],
  // starlight's docs: e2e specs that import @playwright/test through a fixtures module.
  ["Playwright", ["ts", "js", "mts", "mjs", "cts", "cjs"].map((ext) => `playwright.config.${ext}`)],
];

/**
 * The runner a project without a Vitest config is set up for, in words
 * (`Jest (jest.config.js)`, `Mocha (package.json "mocha")`, `Jest (package.json "scripts.test")`
 * for a test script that runs it and not Vitest); undefined when none is.
 */
export function projectRunner(root: string): string | undefined {
  for (const [runner, names] of RUNNER_CONFIGS)
    for (const name of names) if (isFile(path.join(root, name))) return `${runner} (${name})`;
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
  } catch {
    return undefined;
  }
  if (typeof manifest !== "object" || manifest === null) return undefined;
  for (const [runner] of RUNNER_CONFIGS) {
    const field = runner.toLowerCase();
    if (field in manifest) return `${runner} (package.json "${field}")`;
  }
  // `"test": "jest --config=jest.json"`: a config under a name of its own.
  const scripts = (manifest as { scripts?: unknown }).scripts;
  const test =
    typeof scripts === "object" && scripts !== null
      ? (scripts as Record<string, unknown>)["test"]
      : undefined;
  if (typeof test !== "string" || /\bvitest\b/u.test(test)) return undefined;
  for (const [runner] of RUNNER_CONFIGS)
    if (runsCommand(test, runner.toLowerCase())) return `${runner} (package.json "scripts.test")`;
  return undefined;
}

/**
 * Whether a package.json from `root` up to the repository's root names Vitest (a dependency of
 * any kind, or a script that runs it): where none does and there is no config, a Vitest run has
 * nothing to run with (vite-electron-builder's Playwright-only packages).
 */
export function declaresVitest(root: string): boolean {
  for (let dir = root; ; dir = path.dirname(dir)) {
    let manifest: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
      if (typeof parsed === "object" && parsed !== null)
        manifest = parsed as Record<string, unknown>;
    } catch {
      manifest = undefined;
    }
    if (manifest !== undefined && namesVitest(manifest)) return true;
    if (existsSync(path.join(dir, ".git"))) return false;
    if (path.dirname(dir) === dir) return false;
  }
}

function namesVitest(manifest: Record<string, unknown>): boolean {
  for (const field of [
    "dependencies",
    "devDependencies",
    "peerDependencies",
    "optionalDependencies",
  ]) {
    const deps = manifest[field];
    if (typeof deps === "object" && deps !== null && "vitest" in deps) return true;
  }
  const scripts = manifest["scripts"];
  return (
    typeof scripts === "object" &&
    scripts !== null &&
    Object.values(scripts).some(
      (script) => typeof script === "string" && /\bvitest\b/u.test(script),
    )
  );
}

/**
 * Why Vitest without a config would not run this test (`it imports @playwright/test`, `the
 * project runs Jest (jest.config.js)`); undefined when it would (it imports Vitest, or nothing
 * says otherwise) or the file cannot be read.
 */
export function otherRunnerWhy(absolute: string, runner: string | undefined): string | undefined {
  let text: string;
  try {
    text = readFileSync(absolute, "utf8");
  } catch {
    return undefined;
  }
  if (VITEST_IMPORT.test(text)) return undefined;
  const imported = OTHER_RUNNER.exec(text)?.[1];
  if (imported !== undefined) return `it imports ${imported}`;
  return runner === undefined ? undefined : `the project runs ${runner}`;
}

/** Whether the file imports Vitest (false when it cannot be read). */
export function importsVitest(absolute: string): boolean {
  try {
    return VITEST_IMPORT.test(readFileSync(absolute, "utf8"));
  } catch {
    return false;
  }
}

/** Whether a script runs `command` as a command (`jest --ci`, `a && npx jest`), not a word in a name. */
function runsCommand(script: string, command: string): boolean {
  return new RegExp(`(?:^|[\\s;&|(])${command}(?=$|[\\s;&|)])`, "u").test(script);
}
