// The project's import graph seen backwards (who imports a file) and forwards (what a test
// file loads), as the analysis resolved it.
import { isTypeTest } from "../project/type-test-name.js";
import {
  COMPONENT_RESOLUTION,
  MANUAL_MOCK_RESOLUTION,
  MODULE_MAP_RESOLUTION,
  PATH_RESOLUTION,
  RUNNER_LOAD_RESOLUTION,
  SETUP_RESOLUTION,
  type AffectedFacts,
} from "./facts.js";

export interface ImportEntry {
  /** The importing file's path. */
  readonly importer: string;
  /** Where the import is in the importer (its region says whether it runs while loading). */
  readonly position: number;
  readonly typeOnly: boolean;
  /** A setup file Vitest runs before the importing test (no import in its text). */
  readonly setup?: boolean;
  /** The component the importer loads this file through (component-imports.ts). */
  readonly via?: string;
  /** The path the importer names to load this file (path-references.ts): it or a folder above. */
  readonly named?: string;
  /** The specifier a test runner's module call loads this file for (runner-loads.ts). */
  readonly runnerLoad?: string;
  /**
   * The specifier a test runner loads this file for, in place of what TypeScript resolves it to
   * (Jest's moduleNameMapper, a manual mock): the importer's code names the other file's
   * symbols, so any change here reaches all of it.
   */
  readonly substitute?: Substitute;
}

/** How a runner substitutes a file for a specifier (module-map-imports.ts, manual-mocks.ts). */
export interface Substitute {
  readonly specifier: string;
  readonly by: "module-map" | "manual-mock";
}

/** File path -> the imports of it. */
export type Importers = ReadonlyMap<string, readonly ImportEntry[]>;

/** Every file's importers (runtime and type-only). */
export function reverseImports(facts: AffectedFacts): Importers {
  const importers = new Map<string, ImportEntry[]>();
  for (const [file, imports] of facts.imports) {
    for (const item of imports) {
      if (item.target.kind !== "file") continue;
      const list = importers.get(item.target.path) ?? [];
      list.push({
        importer: file,
        position: item.position,
        typeOnly: item.typeOnly,
        ...(item.resolution === SETUP_RESOLUTION ? { setup: true } : {}),
        ...(item.resolution === COMPONENT_RESOLUTION && item.specifier !== null
          ? { via: item.specifier }
          : {}),
        ...(item.resolution === PATH_RESOLUTION && item.specifier !== null
          ? { named: item.specifier }
          : {}),
        ...(item.resolution === RUNNER_LOAD_RESOLUTION && item.specifier !== null
          ? { runnerLoad: item.specifier }
          : {}),
        ...((item.resolution === MODULE_MAP_RESOLUTION ||
          item.resolution === MANUAL_MOCK_RESOLUTION) &&
        item.specifier !== null
          ? {
              substitute: {
                specifier: item.specifier,
                by: item.resolution === MODULE_MAP_RESOLUTION ? "module-map" : "manual-mock",
              },
            }
          : {}),
      });
      importers.set(item.target.path, list);
    }
  }
  return importers;
}

/** The files that load any of `files` at run time, and so on: everything a change there can reach. */
export function runtimeImportersClosure(
  files: Iterable<string>,
  importers: Importers,
): Set<string> {
  const closure = new Set<string>();
  const stack = [...files];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    if (closure.has(file)) continue;
    closure.add(file);
    for (const entry of importers.get(file) ?? []) if (!entry.typeOnly) stack.push(entry.importer);
  }
  return closure;
}

/**
 * The type tests that import any of `files`, type-only imports included, and so on: what a type
 * test checks is the types it imports (`import type { Shape }` and `expectTypeOf`), which a
 * change can alter without any code running. Each with the changed file it reaches.
 */
export function typeTestsReaching(
  files: Iterable<string>,
  importers: Importers,
  isChecked: (file: string) => boolean = isTypeTest,
): Map<string, string> {
  const reachedFrom = new Map<string, string>();
  const stack: [string, string][] = [...files].map((file) => [file, file]);
  while (stack.length > 0) {
    const [file, seed] = stack.pop() as [string, string];
    if (reachedFrom.has(file)) continue;
    reachedFrom.set(file, seed);
    for (const entry of importers.get(file) ?? []) stack.push([entry.importer, seed]);
  }
  const tests = new Map<string, string>();
  for (const [file, seed] of reachedFrom) if (isChecked(file)) tests.set(file, seed);
  return tests;
}

/** Everything the files load at run time (declaration files aside), the files included. */
export function runtimeImportsClosure(files: Iterable<string>, facts: AffectedFacts): Set<string> {
  const closure = new Set(files);
  const stack = [...closure];
  while (stack.length > 0) {
    const file = stack.pop() as string;
    for (const item of facts.imports.get(file) ?? []) {
      if (
        item.target.kind === "file" &&
        !item.typeOnly &&
        facts.file(item.target.path)?.declaration === false &&
        !closure.has(item.target.path)
      ) {
        closure.add(item.target.path);
        stack.push(item.target.path);
      }
    }
  }
  return closure;
}

/**
 * Modules that start other processes or threads: Node's, and packages whose purpose is to (or,
 * like @yarnpkg/core's execUtils, that hold such a helper: clipanion's e2e tests `yarn pack` the
 * library and run it through it, so any change to the library can fail them).
 */
const PROCESS_MODULES = new Set([
  "child_process",
  "worker_threads",
  "cluster",
  "execa",
  "cross-spawn",
  "tinyexec",
  "zx",
  "nano-spawn",
  "tinyspawn",
  "spawndamnit",
  "@npmcli/promise-spawn",
  "promisify-child-process",
  "shelljs",
  "node-pty",
  "@yarnpkg/core",
  "@yarnpkg/shell",
]);

/**
 * Modules that drive an application from outside, through a browser or over HTTP: a test that
 * uses one (Playwright's `page.goto("/")`, supertest against `APP_URL`, Cypress's `cy.visit("/")`)
 * observes whatever code serves the page or the request, which no import names. Playwright's
 * and Cypress's component testing (`@playwright/experimental-ct-*`, `cy.mount`) mount what they
 * import, and are not one.
 */
const DRIVER_MODULES = new Set([
  "@playwright/test",
  "playwright",
  "playwright-core",
  "puppeteer",
  "puppeteer-core",
  "selenium-webdriver",
  "webdriverio",
  "@wdio/globals",
  "supertest",
  "pactum",
  // TestCafe's browser specs, Detox's mobile ones.
  "testcafe",
  "detox",
  // Its specs import nothing: a use of the global `cy` is recorded as an import (cypress-globals.ts).
  "cypress",
]);

/**
 * The first process-starting module and the first driver a file reaches through its runtime
 * imports (a builtin or a package), found in one walk of what it loads.
 */
export function unseenObservers(
  start: string,
  facts: AffectedFacts,
): { readonly spawner?: string; readonly driver?: string } {
  let spawner: string | undefined;
  let driver: string | undefined;
  for (const file of runtimeImportsClosure([start], facts)) {
    for (const item of facts.imports.get(file) ?? []) {
      if (item.typeOnly || (item.target.kind !== "builtin" && item.target.kind !== "package"))
        continue;
      const name = item.target.name.replace(/^node:/, "");
      if (spawner === undefined && PROCESS_MODULES.has(name)) spawner = item.target.name;
      if (driver === undefined && DRIVER_MODULES.has(name)) driver = item.target.name;
      if (spawner !== undefined && driver !== undefined) return { spawner, driver };
    }
  }
  return { ...(spawner !== undefined && { spawner }), ...(driver !== undefined && { driver }) };
}

/**
 * Whether some file of the project loads a driver at run time: a test can drive an application
 * from outside only then (one pass over the imports, before a walk per test).
 */
export function loadsAnyDriver(facts: AffectedFacts): boolean {
  for (const list of facts.imports.values())
    for (const item of list)
      if (
        !item.typeOnly &&
        (item.target.kind === "builtin" || item.target.kind === "package") &&
        DRIVER_MODULES.has(item.target.name)
      )
        return true;
  return false;
}

/**
 * Whether a file names the project root (path-references.ts: `new URL("..", import.meta.url)`
 * from test/, `path.join(__dirname, "..")`): a test that does reads what it likes there
 * (antfu/eslint-config's api.test.ts snapshots the built package's API), so it runs whenever
 * code changed.
 */
export function namesProjectRoot(file: string, facts: AffectedFacts): boolean {
  return (facts.imports.get(file) ?? []).some(
    (item) => item.resolution === PATH_RESOLUTION && item.specifier === "",
  );
}
