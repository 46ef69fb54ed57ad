// Which files `vitest run` runs, read from the project's Vitest (or Vite) config as text, never
// executed: the main config (and a Vitest 3 workspace file beside it) and the other configs
// beside it (their globs: vitest-globs.ts; their setup files: vitest-setup.ts).
// When they are not, the reader says so and nothing is narrowed by it.
import { existsSync } from "node:fs";
import { isFile } from "../../schema/folder-listings.js";
import path from "node:path";
import picomatch from "picomatch";
import { ts } from "./ts-morph.js";
import type { LoadProblem } from "./tsconfig.js";
import { relativeToRoot } from "./paths.js";
import { CONFIG_NAMES } from "./vitest-config-name.js";
import { VitestInputs } from "./vitest-inputs.js";
import {
  configModules,
  NO_SETUP,
  scannedSetup,
  setupByProject,
  withImportedSetup,
  type SetupContext,
  type VitestSetup,
} from "./vitest-setup.js";
import {
  NotLiteral,
  parsed,
  setupContext,
  VITEST_DEFAULT_EXCLUDE,
  VITEST_DEFAULT_INCLUDE,
  type ReadContext,
} from "./vitest-globs.js";
import { isWorkspaceFile, readWithWorkspace, WORKSPACE_NAMES } from "./vitest-workspace-file.js";
import { readJestSetup } from "./jest-setup.js";
import { readJestTests } from "./jest-tests.js";
import { readJestModuleMap, type ModuleMapEntry } from "./jest-module-map.js";
import { readMochaSetup } from "./mocha-setup.js";
import { packageScripts } from "./package-scripts.js";
import { mochaConfigTests } from "./mocha-config.js";
import { declaresWorkspace } from "./workspace-folders.js";
import { aliasMatcher, type AliasMatcher } from "./bundler-aliases.js";

export { isVitestSetupFile, vitestSetupBefore, type VitestSetup } from "./vitest-setup.js";
export { VitestInputs, type VitestRecord } from "./vitest-inputs.js";
export { VITEST_DEFAULT_EXCLUDE, VITEST_DEFAULT_INCLUDE } from "./vitest-globs.js";

export interface VitestConfig {
  /** The config read, repository-relative; null when the project has none (defaults apply). */
  readonly file: string | null;
  /**
   * Whether `vitest run` runs the file (repository-relative POSIX path); undefined when the config
   * could not be read statically (then `problem` says why).
   */
  readonly runs: (file: string) => boolean | undefined;
  readonly problem: LoadProblem | undefined;
  /**
   * The other configs beside it (`vitest.e2e.config.ts`, `vitest.config.integration.ts`), run with
   * `vitest --config <file>`: a file one of them runs is a test too. Jest's config is among them
   * for its setup files (jest-setup.ts), running nothing.
   */
  readonly others: readonly VitestConfig[];
  /** Everything the reader looked at (shared by the main config and the others). */
  readonly inputs: VitestInputs;
  /** What Vitest runs before the tests (vitest-setup.ts). */
  readonly setup: VitestSetup;
  /**
   * Whether the Jest config's `testMatch` or `testRegex` names the file (jest-tests.ts); absent
   * when it sets neither. Such a file is a test whatever its name, run by Jest.
   */
  readonly jestTests?: (file: string) => boolean;
  /** The Jest config's `moduleNameMapper` (jest-module-map.ts); absent without one. */
  readonly jestModuleMap?: readonly ModuleMapEntry[];
  /** Whether the Mocha config's `spec` names the file (mocha-config.ts); absent without one. */
  readonly mochaTests?: (file: string) => boolean;
  /**
   * Whether `includeSource` names the file: Vitest runs its `import.meta.vitest` block as tests
   * (in-source testing); absent when no config sets it.
   */
  readonly runsInSource?: (file: string) => boolean;
  /**
   * Whether a bare specifier is one of the Vite aliases (`resolve.alias`) of the config or of
   * the others beside it (bundler-aliases.ts); absent when none sets any.
   */
  readonly aliases?: AliasMatcher;
}

/** `vitest.e2e.config.ts`, `vitest.config.e2e.mts`: a second config for another kind of test. */
const OTHER_CONFIG = /^vitest\.(?:[\w-]+\.config|config\.[\w-]+)\.[cm]?[jt]s$/u;

/**
 * An exclude matcher as Vitest's globbing applies it: a folder a glob matches is skipped with
 * everything below it (`exclude: ["cypress"]` leaves out cypress/e2e/login.spec.ts, not
 * src/cypress/a.spec.ts; `"cypress/"` as well), not only the files it matches.
 */
function withFolders(exclude: (path: string) => boolean): (relative: string) => boolean {
  return (relative) => {
    if (exclude(relative)) return true;
    for (let at = relative.indexOf("/"); at !== -1; at = relative.indexOf("/", at + 1)) {
      const folder = relative.slice(0, at);
      if (exclude(folder) || exclude(`${folder}/`)) return true;
    }
    return false;
  };
}

/** Whether Vitest runs the file under the main config or any other one beside it. */
export function vitestRunsAny(vitest: VitestConfig, file: string): boolean {
  return vitest.runs(file) === true || vitest.others.some((other) => other.runs(file) === true);
}

export function readVitestConfig(root: string): VitestConfig {
  const inputs = new VitestInputs();
  const main = readMainConfig(root, inputs);
  // An unreadable root lists nothing here; the walk reports it.
  const beside = inputs
    .list(root, "other configs", (name) => OTHER_CONFIG.test(name))
    .map((name) => path.join(root, name));
  const mainFile = main.file === null ? undefined : path.resolve(root, main.file);
  const others = [...new Set([...beside, ...configsInScripts(root, inputs)])]
    .filter((file) => file !== mainFile && inputs.isFile(file))
    .map((file) => readOneConfig(root, file, inputs));
  // Jest's config, and for a project without a Vitest config of its own the one of the
  // workspace above (effect's root vitest.config.ts names every package as a project): read for
  // their setup files alone, which run before every test (they decide no test's runner here).
  const jest = readJestSetup(root, inputs);
  const mocha = readMochaSetup(root, inputs);
  const above = main.file === null ? configsAbove(root) : [];
  const setupOnly = [
    ...(jest === undefined ? [] : [jest]),
    ...(mocha === undefined ? [] : [mocha]),
    ...above.map((file) => ({
      file,
      setup: scannedSetup(parsed(file, inputs), aboveContext(root, file, inputs)),
    })),
  ]
    .filter(({ setup }) => setup.files.size > 0 || setup.problems.length > 0)
    .map(({ file, setup }): VitestConfig => ({
      file,
      runs: () => false,
      problem: undefined,
      others: [],
      inputs,
      setup,
    }));
  // No config at the root, and the test script names one (`vitest run --config
  // config/vitest.config.ts`): Vitest's defaults are not what `npm test` runs, so the files that
  // config runs are its alone (run with --config, its environment and setup), not the defaults'.
  const scriptMain = main.file === null ? testScriptConfig(root, inputs) : undefined;
  const claimedBy =
    scriptMain === undefined
      ? undefined
      : others.find(
          (other) => other.file !== null && path.resolve(root, other.file) === scriptMain,
        );
  const mainRuns =
    claimedBy === undefined
      ? main.runs
      : (file: string) => (claimedBy.runs(file) === true ? false : main.runs(file));
  const jestTests = readJestTests(root, inputs);
  const jestModuleMap = readJestModuleMap(root, inputs);
  const mochaTests = mochaConfigTests(root, (file) => inputs.read(file));
  const aliases = configAliases(root, [main, ...others], inputs);
  return {
    ...main,
    ...(aliases === undefined ? {} : { aliases }),
    runs: mainRuns,
    others: [...others, ...setupOnly],
    ...(jestTests === undefined ? {} : { jestTests }),
    ...(jestModuleMap === undefined ? {} : { jestModuleMap }),
    ...(mochaTests === undefined ? {} : { mochaTests }),
  };
}

/** The aliases the configs set, in their text or in the local modules they import. */
function configAliases(
  root: string,
  configs: readonly VitestConfig[],
  inputs: VitestInputs,
): AliasMatcher | undefined {
  const sources: ts.SourceFile[] = [];
  for (const config of configs) {
    if (config.file === null) continue;
    const file = path.resolve(root, config.file);
    const source = parsed(file, inputs);
    if (source === undefined) continue;
    const context: SetupContext = {
      root,
      configDir: path.dirname(file),
      exists: (f) => inputs.exists(f),
      read: (f) => inputs.read(f),
    };
    sources.push(source);
    for (const module of configModules(source, context)) {
      const imported = parsed(module, inputs);
      if (imported !== undefined) sources.push(imported);
    }
  }
  return aliasMatcher(sources);
}

/** `vitest run --config=./test/node/vitest.config.ts` (msw's suites), `vitest -c x.ts`. */
const SCRIPT_CONFIG =
  /\bvitest\b[^&|;]{0,500}?(?:--config[=\s]{1,20}|\s-c\s{1,20})(["']?)([^\s"'&|;]{1,500})\1/gu;

/** The config the package.json `test` script runs Vitest with (`--config <file>`), absolute. */
function testScriptConfig(root: string, inputs: VitestInputs): string | undefined {
  const test = packageScripts(inputs.read(path.join(root, "package.json"))).find(
    ([name]) => name === "test",
  )?.[1];
  const match = test === undefined ? undefined : [...test.matchAll(SCRIPT_CONFIG)][0];
  return match === undefined ? undefined : path.resolve(root, match[2] as string);
}

/**
 * The configs the package.json scripts run Vitest with (`--config <file>`), absolute: a file
 * one of them runs is a test too, and their setup runs before it.
 */
function configsInScripts(root: string, inputs: VitestInputs): string[] {
  const files: string[] = [];
  for (const [, script] of packageScripts(inputs.read(path.join(root, "package.json"))))
    for (const match of script.matchAll(SCRIPT_CONFIG))
      files.push(path.resolve(root, match[2] as string));
  return files.sort();
}

/**
 * The Vitest config of the nearest folder above `root` that has one, up to the workspace or
 * repository root (a folder with pnpm-workspace.yaml, package.json `workspaces` or .git). Looked
 * for without recording the folders above: their listings (a temporary folder's parent) change
 * all the time and would make every index stale; the config found is recorded when it is read.
 */
function configsAbove(root: string): string[] {
  for (let dir = path.dirname(root); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const config = CONFIG_NAMES.map((name) => path.join(dir, name)).find(isFile);
    // Vitest 3's workspace file there lists projects (and their setup) as well.
    const workspace = WORKSPACE_NAMES.map((name) => path.join(dir, name)).find(isFile);
    const found = [config, workspace].filter((file) => file !== undefined);
    if (found.length > 0) return found;
    if (existsSync(path.join(dir, ".git")) || declaresWorkspace(dir)) return [];
  }
  return [];
}

function aboveContext(root: string, file: string, inputs: VitestInputs): SetupContext {
  return {
    root,
    configDir: path.dirname(file),
    exists: (f) => inputs.exists(f),
    read: (f) => inputs.read(f),
  };
}

function readMainConfig(root: string, inputs: VitestInputs): VitestConfig {
  const workspace = inputs
    .list(root, "workspace file", isWorkspaceFile)
    .map((name) => path.join(root, name))
    .find((file) => inputs.isFile(file));
  for (const name of CONFIG_NAMES) {
    const file = path.join(root, name);
    if (inputs.isFile(file)) return readOneConfig(root, file, inputs, workspace);
  }
  if (workspace !== undefined) return readOneConfig(root, workspace, inputs, workspace);
  const [include, exclude] = [picomatch(VITEST_DEFAULT_INCLUDE), picomatch(VITEST_DEFAULT_EXCLUDE)];
  return {
    file: null,
    runs: (file) => include(file) && !exclude(file),
    problem: undefined,
    others: [],
    inputs,
    setup: NO_SETUP,
  };
}

/** `workspace`: the workspace file beside a main config (or the file itself when it has none). */
function readOneConfig(
  root: string,
  file: string,
  inputs: VitestInputs,
  workspace?: string,
): VitestConfig {
  const shown = relativeToRoot(root, file) ?? file;
  const setupProblems: LoadProblem[] = [];
  const context: ReadContext = {
    root,
    depth: 0,
    dir: path.dirname(file),
    inputs,
    setupProblems,
    sources: new Map(),
    // Given to Vitest with --config (or found in the root), it resolves `root` from the root.
    rootBase: root,
  };
  const withImports = (setup: VitestSetup, runs?: (test: string) => boolean) =>
    withImportedSetup(setup, context.sources.get(file), setupContext(context), runs);
  try {
    const projects = readWithWorkspace(file, context, workspace).map((globs) => {
      const include = picomatch(globs.include);
      const exclude = withFolders(picomatch(globs.exclude, { dot: true }));
      const inSource = picomatch(globs.inSource ?? []);
      return {
        runs: (relative: string) => include(relative) && !exclude(relative),
        inSource: (relative: string) => inSource(relative) && !exclude(relative),
        hasInSource: (globs.inSource?.length ?? 0) > 0,
        setup: globs.setup.map((setup) => relativeToRoot(root, setup) ?? setup),
      };
    });
    const runs = (relative: string) => projects.some((project) => project.runs(relative));
    return {
      file: shown,
      runs,
      ...(projects.some((project) => project.hasInSource)
        ? { runsInSource: (relative: string) => projects.some((p) => p.inSource(relative)) }
        : {}),
      problem: undefined,
      others: [],
      inputs,
      setup: withImports(setupByProject(projects, setupProblems), runs),
    };
  } catch (error) {
    if (!(error instanceof NotLiteral)) throw error;
    return {
      file: shown,
      runs: () => undefined,
      problem: notLiteralProblem(error, root),
      others: [],
      inputs,
      setup: withImports(scannedSetup(context.sources.get(file), setupContext(context))),
    };
  }
}

function notLiteralProblem(error: NotLiteral, root: string): LoadProblem {
  const source = error.node.getSourceFile();
  const { line, character } = source.getLineAndCharacterOfPosition(error.node.getStart(source));
  const file = relativeToRoot(root, source.fileName) ?? source.fileName;
  return {
    code: "vitest-config-not-literal",
    severity: "warning",
    message: `which files Vitest runs cannot be read statically (${why(error, source)}): every file the test globs match counts as a test, and verify passes Vitest only the files it names`,
    file,
    line: line + 1,
    column: character + 1,
  };
}

/** What could not be read: the node (its start), and the reason when it is not plain. */
function why(error: NotLiteral, source: ts.SourceFile): string {
  const text = error.node.getText(source).slice(0, 60);
  if (error.message === "not a literal") return `${text} is not a literal`;
  return text === "" || ts.isSourceFile(error.node) ? error.message : `${text}: ${error.message}`;
}
