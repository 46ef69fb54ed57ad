// Jest's setup modules: `setupFiles` and `setupFilesAfterEnv` run in every test file's
// environment, `globalSetup` and `globalTeardown` around the whole run, and a serializer, test
// environment or resolver of the project's own is loaded for every test too. Read as text from
// jest.config.* or package.json's "jest" field, never run (vitest-setup.ts reads the paths).
// Which files Jest runs is not read: each setup file counts for every test.
import path from "node:path";
import { ts } from "./ts-morph.js";
import { isObject, jestConfigAt, readJestConfig, type JestConfig } from "./jest-config.js";
import { projectConfigs, projectEntries } from "./jest-projects.js";
import { unwrap } from "./ts-syntax.js";
import {
  resolveSetup,
  scanSetup,
  setupForEveryTest,
  setupProblem,
  withRootDir,
  type SetupContext,
  type SetupRead,
  type VitestSetup,
} from "./vitest-setup.js";

const JEST_SETUP_OPTIONS: ReadonlySet<string> = new Set([
  "setupFiles",
  "setupFilesAfterEnv",
  "globalSetup",
  "globalTeardown",
  // Modules of the project's own that every test runs through: a snapshot serializer, a test
  // environment or a resolver given as a path (a package name, `node`, is none of its files).
  "snapshotSerializers",
  "testEnvironment",
  "resolver",
]);

/** The last config parsed: the readers of one project ask for the same file in turn. */
let lastParsed: { file: string; text: string; source: ts.SourceFile } | undefined;

/** A source config's syntax tree, parsed once per text for the readers that walk it. */
export function configSource(config: Extract<JestConfig, { kind: "source" }>): ts.SourceFile {
  const { file, text } = config;
  if (lastParsed?.file !== file || lastParsed.text !== text)
    lastParsed = {
      file,
      text,
      source: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true),
    };
  return lastParsed.source;
}

/** How the reader reads (VitestInputs: everything read is stamped for the fresh-index check). */
export interface SetupInputs {
  read(file: string): string | undefined;
  isFile(file: string): boolean;
  exists(file: string): boolean;
  /** A folder's entries `matches` accepts (VitestInputs records the listing). */
  list?(dir: string, key: string, matches: (name: string) => boolean): readonly string[];
}

/** The project's Jest config (root-relative) and its setup; undefined when it has none. */
export function readJestSetup(
  root: string,
  inputs: SetupInputs,
): { file: string; setup: VitestSetup } | undefined {
  const config = readJestConfig(root, inputs);
  if (config === undefined) return undefined;
  const name = path.relative(root, config.file).split(path.sep).join("/");
  return { file: name, setup: setupForEveryTest(configSetup(root, config, inputs, 0), root) };
}

/**
 * The setup one config file lists (a jest.config.*, or package.json's "jest"), with that of the
 * project configs its `projects` paths name (one level: a project's own `projects` are not read).
 */
function configSetup(
  root: string,
  config: JestConfig,
  inputs: SetupInputs,
  depth: number,
): SetupRead {
  // Jest's rootDir defaults to the config's folder (test/jest.config.js: test/).
  const configDir = path.dirname(config.file);
  const context: SetupContext = {
    root,
    configDir,
    exists: (candidate) => inputs.exists(candidate),
    runner: "Jest",
    options: JEST_SETUP_OPTIONS,
    rootDir: configDir,
  };
  let read: SetupRead;
  let entries: string[];
  if (config.kind === "json") {
    read = fromJson(isObject(config.value) ? config.value : {}, context);
    entries = projectEntries(config.value);
  } else {
    read = withOwnRootDir(configSource(config), context);
    entries = projectEntries(config.text);
  }
  if (depth > 0 || entries.length === 0 || inputs.list === undefined) return read;
  // VitestInputs is a class: its methods are handed over bound, not spread.
  const reader = {
    read: (candidate: string) => inputs.read(candidate),
    isFile: (candidate: string) => inputs.isFile(candidate),
    list: inputs.list.bind(inputs),
  };
  const files = [...read.files];
  const problems = [...read.problems];
  for (const project of projectConfigs(entries, configDir, reader)) {
    const inner = configSetup(root, jestConfigAt(project.file, inputs), inputs, depth + 1);
    for (const found of inner.files) if (!files.includes(found)) files.push(found);
    problems.push(...inner.problems);
  }
  return { files, problems };
}

/** The config's `rootDir` (a literal; else Jest's default, the config's folder), then its lists. */
function withOwnRootDir(source: ts.SourceFile, context: SetupContext): SetupRead {
  const problems: SetupRead["problems"] = [];
  let rootDir = context.configDir;
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && node.name.getText() === "rootDir") {
      const value = unwrap(node.initializer);
      if (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value))
        rootDir = path.resolve(context.configDir, value.text);
      else problems.push(setupProblem(value, "rootDir", context));
    } else ts.forEachChild(node, visit);
  };
  visit(source);
  const read = scanSetup(source, { ...context, rootDir });
  return { files: read.files, problems: [...problems, ...read.problems] };
}

/** The lists of a JSON config (and of the inline `projects` in it): strings only, as Jest takes them. */
function fromJson(config: Record<string, unknown>, context: SetupContext): SetupRead {
  const files: string[] = [];
  const rootDir =
    typeof config["rootDir"] === "string"
      ? path.resolve(context.configDir, config["rootDir"])
      : context.configDir;
  const local = { ...context, rootDir };
  for (const option of JEST_SETUP_OPTIONS) {
    const value = config[option];
    for (const entry of Array.isArray(value) ? value : [value]) {
      if (typeof entry !== "string") continue;
      const file = resolveSetup(withRootDir(entry, local), rootDir, local);
      if (file !== undefined && !files.includes(file)) files.push(file);
    }
  }
  const projects = Array.isArray(config["projects"]) ? config["projects"] : [];
  for (const project of projects.filter(isObject))
    for (const file of fromJson(project, local).files) if (!files.includes(file)) files.push(file);
  return { files, problems: [] };
}
