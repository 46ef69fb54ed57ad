// Which files `vitest run` runs, read from the project's Vitest (or Vite) config as text, never
// executed: `test.include`, `test.exclude`, `test.dir` and inline `test.projects` where they are
// literals, and the setup files (vitest-setup.ts).
// When they are not, the reader says so and nothing is narrowed by it.
import { existsSync, readFileSync } from "node:fs";
import { isFile } from "../../schema/folder-listings.js";
import path from "node:path";
import picomatch from "picomatch";
import { ts } from "./ts-morph.js";
import { unwrap } from "./ts-syntax.js";
import type { LoadProblem } from "./tsconfig.js";
import { relativeToRoot } from "./paths.js";
import { CONFIG_NAMES } from "./vitest-config-name.js";
import { VitestInputs } from "./vitest-inputs.js";
import {
  NO_SETUP,
  propertyName,
  readSetup,
  scannedSetup,
  setupByProject,
  withImportedSetup,
  type SetupContext,
  type VitestSetup,
} from "./vitest-setup.js";
import { toPosix } from "../../schema/paths.js";
import { readJestSetup } from "./jest-setup.js";
import { declaresWorkspace } from "./workspace-folders.js";

export { isVitestSetupFile, vitestSetupBefore, type VitestSetup } from "./vitest-setup.js";
export { VitestInputs, type VitestRecord } from "./vitest-inputs.js";

/** Vitest's own defaults (vitest 4). */
export const VITEST_DEFAULT_INCLUDE = ["**/*.{test,spec}.?(c|m)[jt]s?(x)"];
export const VITEST_DEFAULT_EXCLUDE = ["**/node_modules/**", "**/.git/**"];

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
}

/** `vitest.e2e.config.ts`, `vitest.config.e2e.mts`: a second config for another kind of test. */
const OTHER_CONFIG = /^vitest\.(?:[\w-]+\.config|config\.[\w-]+)\.[cm]?[jt]s$/u;

/** Whether Vitest runs the file under the main config or any other one beside it. */
export function vitestRunsAny(vitest: VitestConfig, file: string): boolean {
  return vitest.runs(file) === true || vitest.others.some((other) => other.runs(file) === true);
}

interface Globs {
  include: string[];
  exclude: string[];
  /** Already relative to the project root (a nested config's projects). */
  ownRoot?: boolean;
  /** The setup files (absolute) Vitest runs before the project's tests. */
  setup: string[];
}

class NotLiteral extends Error {
  constructor(
    readonly node: ts.Node,
    reason = "not a literal",
  ) {
    super(reason);
  }
}

export function readVitestConfig(root: string): VitestConfig {
  const inputs = new VitestInputs();
  const main = readMainConfig(root, inputs);
  // An unreadable root lists nothing here; the walk reports it.
  const others = inputs
    .list(root, "other configs", (name) => OTHER_CONFIG.test(name))
    .map((name) => path.join(root, name))
    .filter((file) => inputs.isFile(file))
    .map((file) => readOneConfig(root, file, inputs));
  // Jest's config, and for a project without a Vitest config of its own the one of the
  // workspace above (effect's root vitest.config.ts names every package as a project): read for
  // their setup files alone, which run before every test (they decide no test's runner here).
  const jest = readJestSetup(root, inputs);
  const above = main.file === null ? configAbove(root) : undefined;
  const setupOnly = [
    ...(jest === undefined ? [] : [jest]),
    ...(above === undefined
      ? []
      : [
          {
            file: above,
            setup: scannedSetup(parsed(above, inputs), aboveContext(root, above, inputs)),
          },
        ]),
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
  return { ...main, others: [...others, ...setupOnly] };
}

/**
 * The Vitest config of the nearest folder above `root` that has one, up to the workspace or
 * repository root (a folder with pnpm-workspace.yaml, package.json `workspaces` or .git). Looked
 * for without recording the folders above: their listings (a temporary folder's parent) change
 * all the time and would make every index stale; the config found is recorded when it is read.
 */
function configAbove(root: string): string | undefined {
  for (let dir = path.dirname(root); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const found = CONFIG_NAMES.map((name) => path.join(dir, name)).find(isFile);
    if (found !== undefined) return found;
    if (existsSync(path.join(dir, ".git")) || declaresWorkspace(dir)) return undefined;
  }
  return undefined;
}

/** A config file's tree, read through `inputs`; undefined when it cannot be read. */
function parsed(file: string, inputs: VitestInputs): ts.SourceFile | undefined {
  const text = inputs.read(file);
  return text === undefined
    ? undefined
    : ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
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
  for (const name of CONFIG_NAMES) {
    const file = path.join(root, name);
    if (inputs.isFile(file)) return readOneConfig(root, file, inputs);
  }
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

function readOneConfig(root: string, file: string, inputs: VitestInputs): VitestConfig {
  const shown = relativeToRoot(root, file) ?? file;
  const setupProblems: LoadProblem[] = [];
  const context: ReadContext = {
    root,
    depth: 0,
    dir: path.dirname(file),
    inputs,
    setupProblems,
    sources: new Map(),
  };
  const withImports = (setup: VitestSetup, runs?: (test: string) => boolean) =>
    withImportedSetup(setup, context.sources.get(file), setupContext(context), runs);
  try {
    const projects = readConfigFile(file, context).map((globs) => {
      const [include, exclude] = [
        picomatch(globs.include),
        picomatch(globs.exclude, { dot: true }),
      ];
      return {
        runs: (relative: string) => include(relative) && !exclude(relative),
        setup: globs.setup.map((setup) => relativeToRoot(root, setup) ?? setup),
      };
    });
    const runs = (relative: string) => projects.some((project) => project.runs(relative));
    return {
      file: shown,
      runs,
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

function setupContext(context: ReadContext): SetupContext {
  // By name in its folder's listing: an edit of a setup file does not change what the config says.
  return {
    root: context.root,
    configDir: context.dir,
    exists: (f) => context.inputs.exists(f),
    read: (f) => context.inputs.read(f),
  };
}

function notLiteralProblem(error: NotLiteral, root: string): LoadProblem {
  const source = error.node.getSourceFile();
  const { line, character } = source.getLineAndCharacterOfPosition(error.node.getStart(source));
  const file = relativeToRoot(root, source.fileName) ?? source.fileName;
  return {
    code: "vitest-config-not-literal",
    severity: "warning",
    message: `which files Vitest runs cannot be read statically (${error.node.getText(source).slice(0, 60)} is not a literal): every file the test globs match counts as a test, and verify passes Vitest only the files it names`,
    file,
    line: line + 1,
    column: character + 1,
  };
}

/** One config file's projects, their globs relative to the project root. */
function readConfigFile(file: string, context: ReadContext): Globs[] {
  const { root } = context;
  let text: string;
  try {
    // readFileSync only to say why a file that is there cannot be read.
    text = context.inputs.read(file) ?? readFileSync(file, "utf8");
  } catch (error) {
    const source = ts.createSourceFile(file, "", ts.ScriptTarget.Latest, true);
    throw new NotLiteral(source, `cannot be read: ${(error as NodeJS.ErrnoException).code}`);
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  context.sources.set(file, source);
  const prefix = toPosix(path.relative(root, path.dirname(file)));
  const rebase = (glob: string): string =>
    prefix === "" ? glob.replace(/^\.\//u, "") : path.posix.join(prefix, glob);
  return readTestOptions(source, { ...context, dir: path.dirname(file) }).map((globs) =>
    globs.ownRoot
      ? { include: globs.include, exclude: globs.exclude, setup: globs.setup }
      : {
          include: globs.include.map(rebase),
          exclude: globs.exclude.map(rebase),
          setup: globs.setup,
        },
  );
}

interface ReadContext {
  readonly root: string;
  readonly dir: string;
  readonly depth: number;
  readonly inputs: VitestInputs;
  /** Setup lists that could not be read (they do not stop the globs from being read). */
  readonly setupProblems: LoadProblem[];
  /** Each config file as parsed for its globs: its setup lists are read from the same tree. */
  readonly sources: Map<string, ts.SourceFile>;
}

/** The options of a test object that decide which files Vitest runs. */
const GLOB_OPTIONS: ReadonlySet<string> = new Set([
  "include",
  "exclude",
  "dir",
  "projects",
  "workspace",
]);

/** A string literal, or a NotLiteral. */
function stringOf(node: ts.Expression): string {
  const inner = unwrap(node);
  if (!ts.isStringLiteral(inner) && !ts.isNoSubstitutionTemplateLiteral(inner))
    throw new NotLiteral(inner);
  return inner.text;
}

/** The object literal a property holds, or a NotLiteral. */
function objectOf(node: ts.Expression): ts.ObjectLiteralExpression {
  const inner = unwrap(node);
  if (!ts.isObjectLiteralExpression(inner)) throw new NotLiteral(inner);
  return inner;
}

/** `configDefaults.include` / `.exclude` (imported from vitest/config) are Vitest's defaults. */
const DEFAULTS: Readonly<Record<string, readonly string[]>> = {
  "configDefaults.include": VITEST_DEFAULT_INCLUDE,
  "configDefaults.exclude": VITEST_DEFAULT_EXCLUDE,
};

/**
 * The globs of an array literal. `cond ? [...] : [...]` (drizzle's exclude list, longer when an
 * environment variable is set) is read as both branches for `include` and as what both share for
 * `exclude`: never fewer files than Vitest may run.
 */
function stringsOf(node: ts.Expression, list: "include" | "exclude" = "include"): string[] {
  const inner = unwrap(node);
  const known = DEFAULTS[inner.getText()];
  if (known !== undefined) return [...known];
  if (ts.isConditionalExpression(inner)) {
    const [whenTrue, whenFalse] = [
      stringsOf(inner.whenTrue, list),
      stringsOf(inner.whenFalse, list),
    ];
    return list === "include"
      ? [...new Set([...whenTrue, ...whenFalse])]
      : whenTrue.filter((glob) => whenFalse.includes(glob));
  }
  if (!ts.isArrayLiteralExpression(inner)) throw new NotLiteral(inner);
  return inner.elements.flatMap((element) => {
    if (ts.isSpreadElement(element)) return stringsOf(element.expression, list);
    const value = unwrap(element);
    if (!ts.isStringLiteral(value) && !ts.isNoSubstitutionTemplateLiteral(value))
      throw new NotLiteral(value);
    return [value.text];
  });
}

/** Every `test: { ... }` property of the file (the config object may be wrapped in calls). */
function testProperties(source: ts.SourceFile): ts.PropertyAssignment[] {
  const found: ts.PropertyAssignment[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && propertyName(node) === "test") found.push(node);
    else ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The include/exclude of the config, one entry per project (inline `projects` objects). */
function readTestOptions(source: ts.SourceFile, context: ReadContext): Globs[] {
  const tests = testProperties(source);
  if (tests.length === 0) {
    return [{ include: VITEST_DEFAULT_INCLUDE, exclude: VITEST_DEFAULT_EXCLUDE, setup: [] }];
  }
  if (tests.length > 1) throw new NotLiteral(tests[1]!);
  return globsOf(objectOf(tests[0]!.initializer), context, true);
}

/** A test object's globs and setup; `projects` only where they may be (not inside a project). */
function globsOf(
  test: ts.ObjectLiteralExpression,
  context: ReadContext,
  mayHaveProjects: boolean,
): Globs[] {
  const setup = readSetup(test, setupContext(context));
  context.setupProblems.push(...setup.problems);
  const own: Globs = {
    include: VITEST_DEFAULT_INCLUDE,
    exclude: VITEST_DEFAULT_EXCLUDE,
    setup: setup.files,
  };
  let projects: Globs[] | undefined;
  let dir: string | undefined;
  for (const property of test.properties) {
    if (ts.isSpreadAssignment(property)) throw new NotLiteral(property);
    const name = propertyName(property);
    if (name === undefined || !GLOB_OPTIONS.has(name)) continue;
    if (!ts.isPropertyAssignment(property)) throw new NotLiteral(property);
    if (name === "include") own.include = stringsOf(property.initializer);
    else if (name === "exclude") own.exclude = stringsOf(property.initializer, "exclude");
    else if (name === "dir") dir = stringOf(property.initializer);
    else if (mayHaveProjects) projects = projectsOf(property.initializer, context);
    else throw new NotLiteral(property);
  }
  // `dir` (TanStack Query's './src', './tests'): the folder the globs are taken from.
  if (dir !== undefined) {
    const base = toPosix(dir).replace(/^\.\/|\/$/gu, "");
    own.include = own.include.map((glob) => path.posix.join(base, glob));
    own.exclude = own.exclude.map((glob) => path.posix.join(base, glob));
  }
  // The root's own setup runs for a project only when it extends the root config; counted for
  // every project all the same (more tests, never fewer).
  return (
    projects?.map((project) => ({ ...project, setup: [...own.setup, ...project.setup] })) ?? [own]
  );
}

/** Inline projects (`{ test: { include } }`) and projects named by a glob of config files. */
function projectsOf(node: ts.Expression, context: ReadContext): Globs[] {
  const inner = unwrap(node);
  if (!ts.isArrayLiteralExpression(inner)) throw new NotLiteral(inner);
  return inner.elements.flatMap((element) => {
    const value = unwrap(element as ts.Expression);
    if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value))
      return projectFiles(value, context);
    const project = objectOf(element as ts.Expression);
    const test = project.properties.find((property) => propertyName(property) === "test");
    if (test === undefined) throw new NotLiteral(project);
    if (!ts.isPropertyAssignment(test)) throw new NotLiteral(test);
    return globsOf(objectOf(test.initializer), context, false);
  });
}

/** The config files a project glob names (a folder means its vitest.config.*), each read. */
function projectFiles(glob: ts.StringLiteralLike, context: ReadContext): Globs[] {
  if (context.depth > 2) throw new NotLiteral(glob, "projects nested too deep");
  const { inputs } = context;
  const matched = expandGlob(context.dir, glob, inputs);
  return matched.flatMap((found) => {
    const config = inputs.isFile(found)
      ? found
      : CONFIG_NAMES.map((name) => path.join(found, name)).find((file) => inputs.isFile(file));
    if (config === undefined) return [];
    return readConfigFile(config, { ...context, depth: context.depth + 1 }).map((globs) => ({
      ...globs,
      ownRoot: true,
    }));
  });
}

/** Expands a relative glob segment by segment (`*` and friends within one segment; no `**`). */
function expandGlob(dir: string, glob: ts.StringLiteralLike, inputs: VitestInputs): string[] {
  let current = [dir];
  for (const segment of toPosix(glob.text).split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "**") throw new NotLiteral(glob, "a ** project glob is not followed");
    if (!picomatch.scan(segment).isGlob) {
      current = current.map((base) => path.join(base, segment));
      continue;
    }
    const matches = picomatch(segment);
    current = current.flatMap((base) => {
      return inputs.list(base, segment, matches).map((name) => path.join(base, name));
    });
  }
  return current.filter((file) => inputs.exists(file));
}
