// Which files one Vitest config runs and what it sets up, read from its text (vitest-config.ts
// puts a project's configs together): `test.include`, `test.exclude`, `test.dir`, `test.root`
// and `test.projects` (inline, extended, or config files and folders a glob names).
import { readFileSync } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { toPosix } from "../../schema/paths.js";
import type { LoadProblem } from "./tsconfig.js";
import { relativeToRoot } from "./paths.js";
import { ts } from "./ts-morph.js";
import { unwrap } from "./ts-syntax.js";
import { CONFIG_NAMES } from "./vitest-config-name.js";
import type { VitestInputs } from "./vitest-inputs.js";
import {
  configModules,
  folderOption,
  propertyName,
  readSetup,
  type SetupContext,
} from "./vitest-setup.js";

/** Vitest's own defaults (vitest 4). */
export const VITEST_DEFAULT_INCLUDE = ["**/*.{test,spec}.?(c|m)[jt]s?(x)"];
export const VITEST_DEFAULT_EXCLUDE = ["**/node_modules/**", "**/.git/**"];

export interface Globs {
  include: string[];
  exclude: string[];
  /** Already relative to the project root (a nested config's projects). */
  ownRoot?: boolean;
  /** The setup files (absolute) Vitest runs before the project's tests. */
  setup: string[];
  /**
   * `includeSource`: source files whose `if (import.meta.vitest)` block Vitest runs as tests
   * (in-source testing); absent when unset.
   */
  inSource?: string[];
}

/** What cannot be read statically: the node, and why when it is not plain. */
export class NotLiteral extends Error {
  constructor(
    readonly node: ts.Node,
    reason = "not a literal",
  ) {
    super(reason);
  }
}

/** A config file's tree, read through `inputs`; undefined when it cannot be read. */
export function parsed(file: string, inputs: VitestInputs): ts.SourceFile | undefined {
  const text = inputs.read(file);
  if (text === undefined) return undefined;
  const kind = file.endsWith(".json") ? ts.ScriptKind.JSON : undefined;
  return ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind);
}

/** What the setup reader needs of the config being read. */
export function setupContext(context: ReadContext): SetupContext {
  // By name in its folder's listing: an edit of a setup file does not change what the config says.
  return {
    root: context.root,
    configDir: context.dir,
    exists: (f) => context.inputs.exists(f),
    read: (f) => context.inputs.read(f),
    ...(context.rootBase === undefined ? {} : { rootBase: context.rootBase }),
  };
}

/** A tree of nothing, to name a file that cannot be read. */
export function emptySource(file: string): ts.SourceFile {
  return ts.createSourceFile(file, "", ts.ScriptTarget.Latest, true);
}

/** One config file's projects, their globs relative to the project root. */
export function readConfigFile(file: string, context: ReadContext): Globs[] {
  let text: string;
  try {
    // readFileSync only to say why a file that is there cannot be read.
    text = context.inputs.read(file) ?? readFileSync(file, "utf8");
  } catch (error) {
    throw new NotLiteral(
      emptySource(file),
      `the file cannot be read: ${(error as NodeJS.ErrnoException).code}`,
    );
  }
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  context.sources.set(file, source);
  return rebased(readTestOptions(source, { ...context, dir: path.dirname(file) }), file, context);
}

/** Globs written in `file` (those not already relative to the project root), made so. */
export function rebased(projects: Globs[], file: string, context: ReadContext): Globs[] {
  const prefix = toPosix(path.relative(context.root, path.dirname(file)));
  const bare = (glob: string) => glob.replace(/^\.\//u, "");
  return projects.map(({ ownRoot, ...globs }) => {
    if (ownRoot) return globs;
    if (prefix !== "") return under(prefix, globs);
    return { ...globs, include: globs.include.map(bare), exclude: globs.exclude.map(bare) };
  });
}

export interface ReadContext {
  readonly root: string;
  readonly dir: string;
  readonly depth: number;
  readonly inputs: VitestInputs;
  /** Setup lists that could not be read (they do not stop the globs from being read). */
  readonly setupProblems: LoadProblem[];
  /** Each config file as parsed for its globs: its setup lists are read from the same tree. */
  readonly sources: Map<string, ts.SourceFile>;
  /** What a relative `root` resolves against (SetupContext.rootBase); the config's folder if unset. */
  readonly rootBase?: string;
}

/** The options of a test object that decide which files Vitest runs. */
const GLOB_OPTIONS: ReadonlySet<string> = new Set([
  "include",
  "includeSource",
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

/**
 * `configDefaults.include` / `.exclude`, `defaultInclude` / `defaultExclude` (imported from
 * vitest/config) are Vitest's defaults.
 */
const DEFAULTS: Readonly<Record<string, readonly string[]>> = {
  "configDefaults.include": VITEST_DEFAULT_INCLUDE,
  "configDefaults.exclude": VITEST_DEFAULT_EXCLUDE,
  defaultInclude: VITEST_DEFAULT_INCLUDE,
  defaultExclude: VITEST_DEFAULT_EXCLUDE,
};

/**
 * The globs of an array literal. `cond ? [...] : [...]` (drizzle's exclude list, longer when an
 * environment variable is set) is read as both branches for `include` and as what both share for
 * `exclude`: never fewer files than Vitest may run.
 */
function stringsOf(
  node: ts.Expression,
  list: "include" | "exclude" = "include",
  depth = 0,
): string[] {
  const inner = unwrap(node);
  // A list named by a `const` of the config file (vitest's own `serialTests`), then the defaults.
  if (ts.isIdentifier(inner) && depth < 4) {
    const named = constant(inner.getSourceFile(), inner);
    if (named !== undefined) return stringsOf(named, list, depth + 1);
  }
  const known = DEFAULTS[inner.getText()];
  if (known !== undefined) return [...known];
  if (ts.isConditionalExpression(inner)) {
    const [whenTrue, whenFalse] = [
      stringsOf(inner.whenTrue, list, depth),
      stringsOf(inner.whenFalse, list, depth),
    ];
    return list === "include"
      ? [...new Set([...whenTrue, ...whenFalse])]
      : whenTrue.filter((glob) => whenFalse.includes(glob));
  }
  if (!ts.isArrayLiteralExpression(inner)) throw new NotLiteral(inner);
  return inner.elements.flatMap((element) => {
    if (ts.isSpreadElement(element)) return stringsOf(element.expression, list, depth);
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
    if (ts.isPropertyAssignment(node)) {
      if (propertyName(node) === "test") found.push(node);
      // Another option's `test` is not Vitest's (a Rolldown chunk group's `test: /regex/` under
      // build.rollupOptions, livekit's vite.config.js).
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The include/exclude of the config, one entry per project (inline `projects` objects). */
function readTestOptions(source: ts.SourceFile, context: ReadContext): Globs[] {
  const test = topTestObject(source);
  return test === undefined ? [defaultGlobs()] : globsOf(test, context);
}

/** The config's `test: { ... }` object; undefined when it has none. */
function topTestObject(source: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
  const tests = testProperties(source);
  if (tests.length === 0) return undefined;
  if (tests.length > 1) throw new NotLiteral(tests[1]!);
  return objectOf(tests[0]!.initializer);
}

/** Whether the config names its projects (then Vitest ignores a workspace file beside it). */
export function namesProjects(source: ts.SourceFile): boolean {
  const test = topTestObject(source);
  return (
    test?.properties.some((property) => {
      const name = propertyName(property);
      return name === "projects" || name === "workspace";
    }) ?? false
  );
}

export function defaultGlobs(): Globs {
  return { include: VITEST_DEFAULT_INCLUDE, exclude: VITEST_DEFAULT_EXCLUDE, setup: [] };
}

/** Globs taken from a folder below the one they were written for (`dir`, `root`). */
function under(prefix: string, globs: Globs): Globs {
  if (prefix === "") return globs;
  return {
    ...globs,
    include: globs.include.map((glob) => path.posix.join(prefix, glob)),
    exclude: globs.exclude.map((glob) => path.posix.join(prefix, glob)),
    ...(globs.inSource
      ? { inSource: globs.inSource.map((glob) => path.posix.join(prefix, glob)) }
      : {}),
  };
}

/**
 * A test object's globs and setup. `base` is what an inline project starts from (Vitest's
 * defaults, the declaring config's own globs under `extends: true`, or the extended file's);
 * without it the object is a config's own, where `projects` may be.
 */
function globsOf(
  test: ts.ObjectLiteralExpression | undefined,
  context: ReadContext,
  base?: Globs,
): Globs[] {
  const start = base ?? defaultGlobs();
  if (test === undefined) return [start];
  const setup = readSetup(test, setupContext(context));
  context.setupProblems.push(...setup.problems);
  let own: Globs = { ...start, setup: [...start.setup, ...setup.files] };
  let projects: ts.Expression | undefined;
  for (const property of test.properties) {
    if (ts.isSpreadAssignment(property)) throw new NotLiteral(property);
    const name = propertyName(property);
    if (name === undefined || !GLOB_OPTIONS.has(name)) continue;
    if (!ts.isPropertyAssignment(property)) throw new NotLiteral(property);
    if (name === "include") own.include = stringsOf(property.initializer);
    else if (name === "includeSource") own.inSource = stringsOf(property.initializer);
    else if (name === "exclude") own.exclude = stringsOf(property.initializer, "exclude");
    else if (name === "dir")
      continue; // below, against the root
    else if (base === undefined) projects = property.initializer;
    else throw new NotLiteral(property);
  }
  own = { ...own, include: [...own.include, ...typeTests(test)] };
  // `root` (an inline project's own folder, systemd-js's `./packages/conf/`): the globs apply there;
  // unset in a config given to Vitest (rootBase), where Vitest starts, not the config's folder.
  const root = folderOf(test, "root", context) ?? context.rootBase;
  // `dir` (TanStack Query's './src', './tests'; typescript-eslint's path.join of the config's
  // folder): the folder the globs are taken from, resolved against the root as Vitest does.
  const dir = folderOf(test, "dir", context, root);
  if (dir !== undefined) own = under(toPosix(path.relative(root ?? context.dir, dir)), own);
  const prefix = root === undefined ? "" : toPosix(path.relative(context.dir, root));
  if (projects === undefined) return [under(prefix, own)];
  // A config that names projects runs no test itself. Its own setup runs for a project only when
  // the project extends it; counted for every project all the same (more tests, never fewer).
  return projectsOf(projects, context, own).map((project) => ({
    ...(project.ownRoot ? project : under(prefix, project)),
    setup: [...own.setup, ...project.setup],
  }));
}

/** A folder option's absolute path, undefined when unset, or a NotLiteral. */
function folderOf(
  test: ts.ObjectLiteralExpression,
  name: "root" | "dir",
  context: ReadContext,
  base?: string,
): string | undefined {
  const folder = folderOption(
    test,
    name,
    setupContext(context),
    base ?? context.rootBase ?? context.dir,
  );
  if (folder !== undefined && typeof folder !== "string") throw new NotLiteral(folder);
  return folder;
}

/** Vitest's default `typecheck.include`. */
const TYPECHECK_DEFAULT_INCLUDE = ["**/*.{test,spec}-d.?(c|m)[jt]s?(x)"];

/**
 * The type tests Vitest runs too when `typecheck.enabled` is true (typescript-eslint's
 * `*.test-d.ts`): its `typecheck.include`, or Vitest's default. A value that is not a literal
 * (h3's `!process.argv.includes("bench")`) counts as true: more tests, never fewer. None when it
 * is absent or false (the CLI's `--typecheck` is not the config's to say).
 */
function typeTests(test: ts.ObjectLiteralExpression): string[] {
  const property = test.properties.find((p) => propertyName(p) === "typecheck");
  if (property === undefined || !ts.isPropertyAssignment(property)) return [];
  const typecheck = unwrap(property.initializer);
  if (!ts.isObjectLiteralExpression(typecheck)) return [];
  const option = (name: string) =>
    typecheck.properties.find(
      (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && propertyName(p) === name,
    );
  const enabled = option("enabled");
  if (enabled === undefined || unwrap(enabled.initializer).kind === ts.SyntaxKind.FalseKeyword)
    return [];
  const include = option("include");
  return include === undefined ? TYPECHECK_DEFAULT_INCLUDE : stringsOf(include.initializer);
}

/**
 * Inline projects (`{ extends, test: { include } }`) and projects named by a glob of config files
 * or folders. `declaring` is the declaring config's own globs (what `extends: true` inherits).
 */
export function projectsOf(node: ts.Expression, context: ReadContext, declaring: Globs): Globs[] {
  const inner = unwrap(node);
  if (!ts.isArrayLiteralExpression(inner)) throw new NotLiteral(inner);
  return inner.elements.flatMap((element) => {
    const value = unwrap(element as ts.Expression);
    if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value))
      return projectFiles(value, context);
    const project = objectOf(element as ts.Expression);
    const test = project.properties.find((property) => propertyName(property) === "test");
    if (test !== undefined && !ts.isPropertyAssignment(test)) throw new NotLiteral(test);
    return globsOf(
      test && objectOf(test.initializer),
      context,
      extendedGlobs(project, context, declaring),
    );
  });
}

/**
 * What an inline project starts from: Vitest's defaults, the declaring config's own globs under
 * `extends: true`, or under `extends: "./other.config.ts"` that file's (its setup included).
 */
function extendedGlobs(
  project: ts.ObjectLiteralExpression,
  context: ReadContext,
  declaring: Globs,
): Globs {
  const property = project.properties.find((p) => propertyName(p) === "extends");
  if (property === undefined) return defaultGlobs();
  if (!ts.isPropertyAssignment(property)) throw new NotLiteral(property);
  const value = unwrap(property.initializer);
  // The declaring config's setup is counted for every project already (globsOf).
  if (value.kind === ts.SyntaxKind.TrueKeyword)
    return { include: declaring.include, exclude: declaring.exclude, setup: [] };
  if (value.kind === ts.SyntaxKind.FalseKeyword) return defaultGlobs();
  const file = path.resolve(context.dir, stringOf(value));
  if (context.depth > 2) throw new NotLiteral(value, "configs are extended too deep");
  const source = parsed(file, context.inputs);
  if (source === undefined) throw new NotLiteral(value, "it names no readable config file");
  context.sources.set(file, source);
  const test = topTestObject(source);
  // Its paths taken from its own folder (the project's root, as a rule: systemd-js).
  const { rootBase: _declaring, ...own } = context;
  const inner = { ...own, dir: path.dirname(file), depth: context.depth + 1 };
  // Extended into a project, whose root its globs then apply to; a list of projects cannot be.
  const [globs, ...more] = globsOf(test, inner, defaultGlobs());
  if (globs === undefined || more.length > 0) throw new NotLiteral(value);
  return globs;
}

/**
 * The projects a glob names: a config file is read; a folder is its vitest.config.*, or, with
 * none, a project of Vitest's defaults rooted there (zod's `packages/*`).
 */
function projectFiles(glob: ts.StringLiteralLike, context: ReadContext): Globs[] {
  if (context.depth > 2) throw new NotLiteral(glob, "projects nested too deep");
  const { inputs } = context;
  const matched = expandGlob(context.dir, glob, inputs);
  return matched.flatMap((found) => {
    const config = inputs.isFile(found)
      ? found
      : CONFIG_NAMES.map((name) => path.join(found, name)).find((file) => inputs.isFile(file));
    if (config === undefined) {
      const folder = found === context.root ? "" : relativeToRoot(context.root, found);
      // A folder outside the project runs none of its files.
      return folder === undefined ? [] : [{ ...under(folder, defaultGlobs()), ownRoot: true }];
    }
    const { rootBase: _declaring, ...own } = context;
    const projects = readConfigFile(config, { ...own, depth: context.depth + 1 });
    const source = context.sources.get(config);
    const modules =
      source === undefined
        ? []
        : configModules(source, setupContext({ ...context, dir: path.dirname(config) }));
    return projects.map((globs) => ({
      ...globs,
      setup: [...globs.setup, ...modules],
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

/** The initializer of a top-level `const` of that name in the file. */
export function constant(source: ts.SourceFile, name: ts.Identifier): ts.Expression | undefined {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    if (!(statement.declarationList.flags & ts.NodeFlags.Const)) continue;
    for (const declaration of statement.declarationList.declarations)
      if (ts.isIdentifier(declaration.name) && declaration.name.text === name.text)
        return declaration.initializer && unwrap(declaration.initializer);
  }
  return undefined;
}
