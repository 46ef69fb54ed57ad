// Jest's setup modules: `setupFiles` and `setupFilesAfterEnv` run in every test file's
// environment, `globalSetup` and `globalTeardown` around the whole run, and a serializer, test
// environment or resolver of the project's own is loaded for every test too. Read as text from
// jest.config.* or package.json's "jest" field, never run (vitest-setup.ts reads the paths).
// Which files Jest runs is not read: each setup file counts for every test.
import path from "node:path";
import { ts } from "./ts-morph.js";
import { jestConfigFile } from "./jest-config-file.js";
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

/** How the reader reads (VitestInputs: everything read is stamped for the fresh-index check). */
export interface SetupInputs {
  read(file: string): string | undefined;
  isFile(file: string): boolean;
  exists(file: string): boolean;
}

/** The project's Jest config (root-relative) and its setup; undefined when it has none. */
export function readJestSetup(
  root: string,
  inputs: SetupInputs,
): { file: string; setup: VitestSetup } | undefined {
  const file = jestConfigFile(root, inputs);
  // Jest's rootDir defaults to the config's folder (test/jest.config.js: test/).
  const configDir = file === undefined ? root : path.dirname(file);
  const context: SetupContext = {
    root,
    configDir,
    exists: (candidate) => inputs.exists(candidate),
    runner: "Jest",
    options: JEST_SETUP_OPTIONS,
    rootDir: configDir,
  };
  if (file !== undefined) {
    const name = path.relative(root, file).split(path.sep).join("/");
    const text = inputs.read(file) ?? "";
    if (file.endsWith(".json")) {
      const config = parsed(text);
      return { file: name, setup: fromJson(isObject(config) ? config : {}, context) };
    }
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    return { file: name, setup: setupForEveryTest(withOwnRootDir(source, context), root) };
  }
  const manifest = parsed(inputs.read(path.join(root, "package.json")) ?? "");
  const field = isObject(manifest) ? manifest["jest"] : undefined;
  return isObject(field) ? { file: "package.json", setup: fromJson(field, context) } : undefined;
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
function fromJson(config: Record<string, unknown>, context: SetupContext): VitestSetup {
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
  const read: SetupRead = { files, problems: [] };
  for (const project of projects.filter(isObject))
    for (const file of fromJson(project, local).files) if (!files.includes(file)) files.push(file);
  return setupForEveryTest(read, context.root);
}

/** JSON's value, or undefined for text that is not JSON. */
export function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
