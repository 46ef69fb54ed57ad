// Which selected tests belong to another runner when the project has no Vitest config (Vitest's
// defaults would take every *.test.ts and *.spec.ts, whoever runs them): a file that imports
// another runner (Playwright's specs), or every test of a project configured for Jest or Mocha
// that does not import Vitest itself. Read as text when the plan is made, never run.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { isFile } from "../../../schema/folder-listings.js";
import { readProjectJson } from "../../../schema/read-project-file.js";
import { isCypressSpec, usesCypressGlobal } from "../../project/cypress-specs.js";

/** The test runners other than Vitest that verify knows by name. */
export type TestRunner =
  "Jest" | "Mocha" | "Deno" | "Playwright" | "Cypress" | "node:test" | "Bun" | "AVA" | "uvu";

/** What sets a project up for a runner: `jest.config.js`, `package.json "jest"`, `package.json "scripts.test"`. */
export interface RunnerSetup {
  readonly runner: TestRunner;
  readonly source: string;
}

/** A test another runner owns, and why verify says so (`it imports node:test`). */
export interface OtherRunner {
  readonly runner: TestRunner;
  readonly why: string;
}

/** Runners whose test files Vitest cannot run (their own `test`, hooks and globals). */
const OTHER_RUNNER =
  /(?:\bfrom\s*|\bimport\s*|\brequire\s*\(\s*)["'](@playwright\/test|node:test|bun:test|ava|uvu|mocha|@jest\/globals)["']/u;
const VITEST_IMPORT = /(?:\bfrom\s*|\bimport\s*|\brequire\s*\(\s*)["']vitest["']/u;

/** Cypress's specs by name (`login.cy.ts`, `Button.cy.tsx`). */
const CYPRESS_SPEC = /\.cy\.[cm]?[jt]sx?$/u;
/** The files that set a folder up for Cypress (the folder its specs run from). */
export const CYPRESS_CONFIGS = [
  ...["ts", "js", "mjs", "cjs", "mts", "cts"].map((ext) => `cypress.config.${ext}`),
  "cypress.json",
];

const IMPORTED_RUNNER: Readonly<Record<string, TestRunner>> = {
  "@playwright/test": "Playwright",
  "node:test": "node:test",
  "bun:test": "Bun",
  ava: "AVA",
  uvu: "uvu",
  mocha: "Mocha",
  "@jest/globals": "Jest",
};

/** The config files that set a project up for each runner, in the order they are looked for. */
export const RUNNER_CONFIGS: readonly (readonly [runner: TestRunner, names: readonly string[]])[] =
  [
    ["Jest", ["js", "ts", "mjs", "cjs", "mts", "cts", "json"].map((ext) => `jest.config.${ext}`)],
    ["Mocha", ["js", "cjs", "mjs", "json", "jsonc", "yaml", "yml"].map((ext) => `.mocharc.${ext}`)],
    // oak's `Deno.test(...)` files: `deno test` runs them.
    ["Deno", ["deno.json", "deno.jsonc"]],
    // starlight's docs: e2e specs that import @playwright/test through a fixtures module.
    [
      "Playwright",
      ["ts", "js", "mts", "mjs", "cts", "cjs"].map((ext) => `playwright.config.${ext}`),
    ],
  ];

/**
 * The runner a project without a Vitest config is set up for, in words
 * (`Jest (jest.config.js)`, `Mocha (package.json "mocha")`, `Jest (package.json "scripts.test")`
 * for a test script that runs it and not Vitest); undefined when none is.
 */
export function projectRunner(root: string): string | undefined {
  const setup = projectRunnerSetup(root);
  return setup === undefined ? undefined : describeSetup(setup);
}

/** `Jest (jest.config.js)`. */
export function describeSetup(setup: RunnerSetup): string {
  return `${setup.runner} (${setup.source})`;
}

/** The runner the project's files or package.json set it up for (see projectRunner). */
export function projectRunnerSetup(root: string): RunnerSetup | undefined {
  const configFile = (runners: (runner: TestRunner) => boolean): RunnerSetup | undefined => {
    for (const [runner, names] of RUNNER_CONFIGS)
      if (runners(runner))
        for (const name of names)
          if (isFile(path.join(root, name))) return { runner, source: name };
    return undefined;
  };
  // A Playwright config sets up end-to-end specs beside the unit tests (react-hook-form: Jest by
  // package.json, Playwright for e2e/): it names the project's runner only when nothing else does.
  const found = configFile((runner) => runner !== "Playwright") ?? manifestRunner(root);
  return found ?? configFile((runner) => runner === "Playwright");
}

/** The runner package.json sets the project up for: a field (`"jest"`), else its test script. */
function manifestRunner(root: string): RunnerSetup | undefined {
  let manifest: unknown;
  try {
    manifest = readProjectJson(path.join(root, "package.json"));
  } catch {
    return undefined;
  }
  if (typeof manifest !== "object" || manifest === null) return undefined;
  for (const [runner] of RUNNER_CONFIGS) {
    const field = runner.toLowerCase();
    if (field in manifest) return { runner, source: `package.json "${field}"` };
  }
  // `"test": "jest --config=jest.json"`: a config under a name of its own.
  const scripts = (manifest as { scripts?: unknown }).scripts;
  const test =
    typeof scripts === "object" && scripts !== null
      ? (scripts as Record<string, unknown>)["test"]
      : undefined;
  if (typeof test !== "string" || /\bvitest\b/u.test(test)) return undefined;
  for (const [runner] of RUNNER_CONFIGS)
    if (runsCommand(test, runner.toLowerCase()))
      return { runner, source: 'package.json "scripts.test"' };
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
      const parsed = readProjectJson(path.join(dir, "package.json"));
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
 * The runner that owns a test Vitest does not run: the one it imports, else the one the project
 * is set up for; undefined when it imports Vitest, nothing names a runner, or it cannot be read.
 */
export function otherRunnerOf(
  absolute: string,
  setup: RunnerSetup | undefined,
): OtherRunner | undefined {
  let text: string;
  try {
    text = readFileSync(absolute, "utf8");
  } catch {
    return undefined;
  }
  if (VITEST_IMPORT.test(text)) return undefined;
  const imported = OTHER_RUNNER.exec(text)?.[1];
  if (imported !== undefined)
    return { runner: IMPORTED_RUNNER[imported] as TestRunner, why: `it imports ${imported}` };
  const cypress = cypressOwner(absolute, text);
  if (cypress !== undefined) return cypress;
  return setup === undefined
    ? undefined
    : { runner: setup.runner, why: `the project runs ${describeSetup(setup)}` };
}

/**
 * Cypress's claim on a spec, which imports no runner: its name (`*.cy.ts`), its place in one of
 * Cypress's spec folders (`cypress/integration/login.js`), or its use of the global `cy` under a
 * folder with a Cypress config (novu's widget: `cypress/e2e/*.spec.ts`).
 */
function cypressOwner(absolute: string, text: string): OtherRunner | undefined {
  if (CYPRESS_SPEC.test(absolute)) return { runner: "Cypress", why: "Cypress runs *.cy.* specs" };
  if (isCypressSpec(absolute, text))
    return { runner: "Cypress", why: "it uses Cypress's cy in one of Cypress's spec folders" };
  if (!usesCypressGlobal(text)) return undefined;
  for (let dir = path.dirname(absolute); ; dir = path.dirname(dir)) {
    const config = CYPRESS_CONFIGS.find((name) => isFile(path.join(dir, name)));
    if (config !== undefined)
      return { runner: "Cypress", why: `it uses Cypress's cy, and ${config} sets Cypress up` };
    if (existsSync(path.join(dir, ".git")) || path.dirname(dir) === dir) return undefined;
  }
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
