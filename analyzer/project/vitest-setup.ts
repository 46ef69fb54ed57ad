// What Vitest runs before a project's tests: `setupFiles` (before every test file, in its worker)
// and `globalSetup` (once, before them all). Read from the config as text, never executed, like
// the globs (vitest-config.ts). A setup file no test imports still reaches every test of its
// project, so `affected` treats it as imported by each of them; a list that cannot be read
// statically may name any file, so it widens every answer (and the index says why).
import path from "node:path";
import { ts } from "./ts-morph.js";
import { unwrap } from "./ts-syntax.js";
import type { LoadProblem } from "./tsconfig.js";
import { relativeToRoot } from "./paths.js";
import { NotStatic, pathOf, withRootDir } from "./setup-paths.js";

export { withRootDir };

/** The setup modules (`setupFiles`, `globalSetup`) a config names. */
export interface VitestSetup {
  /** The setup files (repository-relative) Vitest may run before the test file `test`. */
  readonly before: (test: string) => readonly string[];
  /** Every setup file named (repository-relative): not a test unless the globs also run it. */
  readonly files: ReadonlySet<string>;
  /** Setup lists that cannot be read statically: they may load any file before every test. */
  readonly problems: readonly LoadProblem[];
}

export const NO_SETUP: VitestSetup = { before: () => [], files: new Set(), problems: [] };

/** The main config and the others beside it (vitest-config.ts), as far as setup goes. */
interface SetupConfigs {
  readonly setup: VitestSetup;
  readonly others: readonly { readonly setup: VitestSetup }[];
}

/** The setup of a config's projects: each project's files before the tests it runs. */
export function setupByProject(
  projects: readonly { readonly runs: (test: string) => boolean; readonly setup: string[] }[],
  problems: readonly LoadProblem[],
): VitestSetup {
  const files = new Set(projects.flatMap((project) => project.setup));
  if (files.size === 0 && problems.length === 0) return NO_SETUP;
  return {
    before: (test) => [
      ...new Set(projects.flatMap((project) => (project.runs(test) ? project.setup : []))),
    ],
    files,
    problems,
  };
}

/**
 * The setup of a config whose projects cannot be told apart: every list in the file, each for
 * every test (which ones the config runs is not known either).
 */
export function scannedSetup(
  source: ts.SourceFile | undefined,
  context: SetupContext,
): VitestSetup {
  if (source === undefined) return NO_SETUP;
  return setupForEveryTest(scanSetup(source, context), context.root);
}

/** Setup files (absolute) that run before every test. */
export function setupForEveryTest(read: SetupRead, root: string): VitestSetup {
  const files = read.files.map((file) => relativeToRoot(root, file) ?? file);
  return { before: () => files, files: new Set(files), problems: read.problems };
}

/**
 * A config's setup with that of the local modules it imports added, for every test it runs
 * (zod's packages: `mergeConfig(rootConfig, ...)` of `../../vitest.config.js`).
 */
export function withImportedSetup(
  setup: VitestSetup,
  source: ts.SourceFile | undefined,
  context: SetupContext,
  runs: (test: string) => boolean = () => true,
): VitestSetup {
  if (source === undefined) return setup;
  const seen = new Set([source.fileName]);
  const imported = importedSetup(source, context, seen);
  // The modules themselves run when Vitest loads the config (a plugin built from src/).
  const modules = [...seen].filter((file) => file !== source.fileName);
  if (imported.files.length === 0 && imported.problems.length === 0 && modules.length === 0)
    return setup;
  const files = [...new Set([...imported.files, ...modules])].map(
    (found) => relativeToRoot(context.root, found) ?? found,
  );
  return {
    before: (test) => [...new Set([...setup.before(test), ...(runs(test) ? files : [])])],
    files: new Set([...setup.files, ...files]),
    problems: [...setup.problems, ...imported.problems],
  };
}

/**
 * The local modules a config file imports, and theirs (a few levels), absolute. They run when
 * Vitest loads the config, before every test it runs: starlight's project configs import
 * `__tests__/test-config.ts`, which builds the Vite plugin the tests' virtual module comes from.
 */
export function configModules(source: ts.SourceFile, context: SetupContext): string[] {
  const seen = new Set([source.fileName]);
  importedSetup(source, context, seen);
  return [...seen].filter((file) => file !== source.fileName);
}

/**
 * The setup lists of the local modules `source` imports, and of theirs (a few levels): a path in
 * one is taken from that module's folder and from the importing config's (merged into a project,
 * Vitest resolves it against the project's root).
 */
function importedSetup(source: ts.SourceFile, context: SetupContext, seen: Set<string>): SetupRead {
  const read: SetupRead = { files: [], problems: [] };
  if (context.read === undefined) return read;
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    const specifier = statement.moduleSpecifier.text;
    if (!specifier.startsWith("./") && !specifier.startsWith("../")) continue;
    const file = moduleFile(path.resolve(path.dirname(source.fileName), specifier), context);
    if (file === undefined || seen.has(file) || seen.size > 8) continue;
    seen.add(file);
    const text = context.read(file);
    if (text === undefined) continue;
    const imported = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const own = { ...context, configDir: path.dirname(file) };
    for (const part of [
      scanSetup(imported, own),
      scanSetup(imported, { ...own, rootDir: context.rootDir ?? context.configDir }),
      importedSetup(imported, own, seen),
    ]) {
      for (const found of part.files) if (!read.files.includes(found)) read.files.push(found);
      for (const problem of part.problems)
        if (
          !read.problems.some(
            (known) => known.message === problem.message && known.line === problem.line,
          )
        )
          read.problems.push(problem);
    }
  }
  return read;
}

/** The module a relative import names: `./x.js` is the TypeScript source `./x.ts` when that is there. */
function moduleFile(absolute: string, context: SetupContext): string | undefined {
  const base = absolute.replace(/\.[cm]?js$/u, "");
  const extension = path.extname(absolute);
  return [
    ...(extension === "" ? [] : [absolute]),
    ...EXTENSIONS.map((candidate) => base + candidate),
  ].find((candidate) => context.exists(candidate));
}

/** The setup files Vitest may run before `test` under the main config or the others. */
export function vitestSetupBefore(vitest: SetupConfigs, test: string): string[] {
  const files = new Set<string>();
  for (const config of [vitest, ...vitest.others])
    for (const file of config.setup.before(test)) files.add(file);
  return [...files].sort();
}

/** Whether a config (the main one or another) names `file` as a setup file. */
export function isVitestSetupFile(vitest: SetupConfigs, file: string): boolean {
  return [vitest, ...vitest.others].some((config) => config.setup.files.has(file));
}

/** The options that name setup modules. */
const SETUP_OPTIONS: ReadonlySet<string> = new Set(["setupFiles", "globalSetup"]);

/** What a config's setup lists name: files (absolute) and the lists that cannot be read. */
export interface SetupRead {
  readonly files: string[];
  readonly problems: LoadProblem[];
}

export interface SetupContext {
  /** The project root (repository-relative paths and messages are relative to it). */
  readonly root: string;
  /** The folder of the config file (what `__dirname` and `import.meta.dirname` are). */
  readonly configDir: string;
  /** Whether a path is there, recorded for the fresh-index check. */
  readonly exists: (file: string) => boolean;
  /** Whose setup it is, in messages (default Vitest). */
  readonly runner?: string;
  /** The options naming setup modules (default SETUP_OPTIONS). */
  readonly options?: ReadonlySet<string>;
  /** Jest's `<rootDir>`: replaced in every path, and what relative paths are resolved against. */
  readonly rootDir?: string;
  /**
   * What a relative `root` resolves against: the config's folder (a project config), or the
   * folder Vitest runs in for a config given with `--config` (msw's `./test/node/...`).
   */
  readonly rootBase?: string;
  /** Reads a module the config imports (its setup lists count too); none: imports not followed. */
  readonly read?: (file: string) => string | undefined;
}

/** Extensions Vitest's resolver tries for a setup path written without one. */
const EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];

/**
 * The setup files of one `test: { ... }` object (its own `setupFiles` and `globalSetup`), resolved
 * as Vitest does: against the test object's `root` when it sets one, else the config's folder.
 */
export function readSetup(test: ts.ObjectLiteralExpression, context: SetupContext): SetupRead {
  const read: SetupRead = { files: [], problems: [] };
  const root = testRoot(test, context);
  if (typeof root === "object") read.problems.push(setupProblem(root, "root", context));
  const base = typeof root === "string" ? root : (context.rootBase ?? context.configDir);
  for (const property of test.properties) {
    const name = propertyName(property);
    if (name === undefined || !SETUP_OPTIONS.has(name)) continue;
    addList(read, property, name, base, context);
  }
  return read;
}

/**
 * The folder a test object's `root` names (absolute, resolved against the config's folder), or
 * undefined when it sets none, or the node that cannot be read statically.
 */
export function testRoot(
  test: ts.ObjectLiteralExpression,
  context: SetupContext,
): string | ts.Node | undefined {
  return folderOption(test, "root", context);
}

/**
 * The folder a test object's path option names (`root`, `dir`: a literal, resolved against
 * `base`, or built from the config's folder as typescript-eslint's
 * `dir: path.join(import.meta.dirname, "tests", "lib")`), absolute; undefined when it sets none,
 * or the node that cannot be read statically.
 */
export function folderOption(
  test: ts.ObjectLiteralExpression,
  name: "root" | "dir",
  context: SetupContext,
  base = context.rootBase ?? context.configDir,
): string | ts.Node | undefined {
  const option = test.properties.find((property) => propertyName(property) === name);
  if (option === undefined) return undefined;
  try {
    if (!ts.isPropertyAssignment(option)) throw new NotStatic(option);
    return path.resolve(base, pathOf(option.initializer, context));
  } catch (error) {
    if (!(error instanceof NotStatic)) throw error;
    return error.node;
  }
}

/**
 * Every setup list anywhere in a config file, when its projects cannot be told apart (the
 * globs could not be read): each list then counts for every test the config may run.
 */
export function scanSetup(source: ts.SourceFile, context: SetupContext): SetupRead {
  const read: SetupRead = { files: [], problems: [] };
  const options = context.options ?? SETUP_OPTIONS;
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralElementLike(node)) {
      const name = propertyName(node);
      if (name !== undefined && options.has(name)) {
        // Beside a `root` (an inline project's), paths are resolved against it.
        const root = ts.isObjectLiteralExpression(node.parent)
          ? testRoot(node.parent, context)
          : undefined;
        const base = typeof root === "string" ? root : (context.rootDir ?? context.configDir);
        addList(read, node, name, base, context);
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return read;
}

function addList(
  read: SetupRead,
  property: ts.ObjectLiteralElementLike,
  name: string,
  base: string,
  context: SetupContext,
): void {
  try {
    if (!ts.isPropertyAssignment(property)) throw new NotStatic(property);
    for (const value of valuesOf(property.initializer, context)) {
      const file = resolveSetup(value, base, context);
      if (file !== undefined && !read.files.includes(file)) read.files.push(file);
    }
  } catch (error) {
    if (!(error instanceof NotStatic)) throw error;
    read.problems.push(setupProblem(error.node, name, context));
  }
}

/** A property's name when it is an identifier or a string. */
export function propertyName(property: ts.ObjectLiteralElementLike): string | undefined {
  const name = property.name;
  if (name === undefined) return undefined;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
}

/** The paths a setup option names: a string, or an array of them (spreads of arrays followed). */
function valuesOf(node: ts.Expression, context: SetupContext): string[] {
  const inner = unwrap(node);
  if (ts.isArrayLiteralExpression(inner))
    return inner.elements.flatMap((element) =>
      ts.isSpreadElement(element)
        ? valuesOf(element.expression, context)
        : [pathOf(element, context)],
    );
  return [pathOf(inner, context)];
}

/**
 * The file a setup path names, resolved as Vitest does (relative to the root, extensions tried);
 * undefined when none is there (a package's setup module: the lockfile covers its changes).
 */
export function resolveSetup(
  value: string,
  base: string,
  context: SetupContext,
): string | undefined {
  const absolute = path.resolve(base, value);
  // A name without an extension is a folder or a module written without one (never a setup file).
  const exact = path.extname(absolute) === "" ? [] : [absolute];
  for (const candidate of [
    ...exact,
    ...EXTENSIONS.map((extension) => absolute + extension),
    ...EXTENSIONS.map((extension) => path.join(absolute, `index${extension}`)),
  ])
    if (context.exists(candidate)) return candidate;
  return undefined;
}

/** A setup option (or the root it is resolved against) that cannot be read statically. */
export function setupProblem(node: ts.Node, option: string, context: SetupContext): LoadProblem {
  const source = node.getSourceFile();
  const { line, character } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const runner = context.runner ?? "Vitest";
  const what =
    option === "root" || option === "rootDir"
      ? `the test root ${runner} resolves setup files against`
      : `the ${option} ${runner} runs before the tests`;
  return {
    code: runner === "Vitest" ? "vitest-config-not-literal" : "test-config-not-literal",
    severity: "warning",
    message: `${what} cannot be read statically (${node.getText(source).slice(0, 60)} is not a literal): it may load any file, so affected selects every test whenever code changes`,
    file: relativeToRoot(context.root, source.fileName) ?? source.fileName,
    line: line + 1,
    column: character + 1,
  };
}
