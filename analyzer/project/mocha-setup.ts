// Mocha's setup modules: what `--require` / `-r` and `--file` (in the test script or in its
// config, `require` and `file`) load before every test (root hooks, fixtures that seed a store),
// read as text, never run. A package (`ts-node/register`) is none of the project's files. A list
// the reader cannot read (a YAML form past simple-yaml.ts, a JavaScript config's value that is no
// literal) is a problem: it may load any file before every test, so every answer widens.
import path from "node:path";
import { ts } from "./ts-morph.js";
import { relativeToRoot } from "./paths.js";
import { unwrap } from "./ts-syntax.js";
import { readMochaConfig, stringList, UNREADABLE, type MochaConfig } from "./mocha-config.js";
import { packageScripts } from "./package-scripts.js";
import {
  propertyName,
  resolveSetup,
  setupForEveryTest,
  setupProblem,
  type SetupContext,
  type VitestSetup,
} from "./vitest-setup.js";
import type { SetupInputs } from "./jest-setup.js";
import type { LoadProblem } from "./tsconfig.js";

/** `--require x`, `-r=x`, `--file x` after `mocha` in one command of a script. */
const SCRIPT_OPTION = /(?:^|\s)(?:--require|-r|--file)(?:=|\s+)(["']?)([^\s"'&|;]+)\1/gu;
const MOCHA_COMMAND = /\bmocha\b[^&|;\n]*/gu;
/** The config's options that name modules loaded before the tests. */
const SETUP_OPTIONS = ["require", "file"] as const;

/** The project's Mocha setup (the file it was read from, root-relative); undefined without any. */
export function readMochaSetup(
  root: string,
  inputs: SetupInputs,
): { file: string; setup: VitestSetup } | undefined {
  const read = (file: string) => inputs.read(file);
  const context: SetupContext = {
    root,
    configDir: root,
    exists: (file) => inputs.exists(file),
    runner: "Mocha",
  };
  const config = readMochaConfig(root, read);
  const fromConfig =
    config === undefined ? { values: [], problems: [] } : configModules(config, context);
  const fromScripts = scriptModules(read(path.join(root, "package.json")));
  const files: string[] = [];
  for (const value of [...fromScripts, ...fromConfig.values]) {
    const file = resolveSetup(value, root, context);
    if (file !== undefined && !files.includes(file)) files.push(file);
  }
  if (files.length === 0 && fromConfig.problems.length === 0) return undefined;
  const file =
    config === undefined ? "package.json" : (relativeToRoot(root, config.file) ?? config.file);
  return {
    file,
    setup: setupForEveryTest({ files, problems: fromConfig.problems }, root),
  };
}

/** The modules a config's `require` and `file` name, and the lists it cannot read. */
function configModules(
  config: MochaConfig,
  context: SetupContext,
): { values: string[]; problems: LoadProblem[] } {
  if (config.values === undefined) return javascriptModules(config, context);
  const values: string[] = [];
  const problems: LoadProblem[] = [];
  for (const option of SETUP_OPTIONS) {
    const value = config.values[option];
    if (value === undefined) continue;
    const list = value === UNREADABLE ? undefined : stringList(value);
    if (list !== undefined) values.push(...list);
    else problems.push(unreadable(config, option, context.root));
  }
  return { values, problems };
}

/**
 * A .mocharc.js / .cjs: the object literal it exports (`module.exports = {...}`, `export
 * default {...}`), its `require` and `file` read as literals; anything else is a problem.
 */
function javascriptModules(
  config: MochaConfig,
  context: SetupContext,
): { values: string[]; problems: LoadProblem[] } {
  const source = ts.createSourceFile(config.file, config.text, ts.ScriptTarget.Latest, true);
  const exported = exportedObject(source);
  if (exported === undefined) {
    const problem = unreadable(config, "require", context.root);
    return {
      values: [],
      // A config built some other way may set them: only a text that names neither is clear.
      problems: /\b(?:require|file)\b\s*["']?\s*:/u.test(config.text) ? [problem] : [],
    };
  }
  const values: string[] = [];
  const problems: LoadProblem[] = [];
  for (const property of exported.properties) {
    // `...base` may carry either option.
    if (ts.isSpreadAssignment(property)) {
      problems.push(setupProblem(property, "require", context));
      continue;
    }
    const option = propertyName(property);
    if (option !== "require" && option !== "file") continue;
    const literal = ts.isPropertyAssignment(property)
      ? literalStrings(property.initializer)
      : undefined;
    if (literal !== undefined) values.push(...literal);
    else problems.push(setupProblem(property, option, context));
  }
  return { values, problems };
}

/** The object literal `module.exports =` or `export default` gives, if either does. */
function exportedObject(source: ts.SourceFile): ts.ObjectLiteralExpression | undefined {
  for (const statement of source.statements) {
    const expression = ts.isExportAssignment(statement)
      ? statement.expression
      : ts.isExpressionStatement(statement) &&
          ts.isBinaryExpression(statement.expression) &&
          statement.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
          statement.expression.left.getText(source) === "module.exports"
        ? statement.expression.right
        : undefined;
    const value = expression === undefined ? undefined : unwrap(expression);
    if (value !== undefined && ts.isObjectLiteralExpression(value)) return value;
  }
  return undefined;
}

/** A string literal or an array of them; undefined for anything else. */
function literalStrings(node: ts.Expression): string[] | undefined {
  const value = unwrap(node);
  if (ts.isStringLiteralLike(value)) return [value.text];
  if (!ts.isArrayLiteralExpression(value)) return undefined;
  const found: string[] = [];
  for (const element of value.elements) {
    const item = unwrap(element as ts.Expression);
    if (!ts.isStringLiteralLike(item)) return undefined;
    found.push(item.text);
  }
  return found;
}

function unreadable(config: MochaConfig, option: string, root: string): LoadProblem {
  return {
    code: "test-config-not-literal",
    severity: "warning",
    message: `the ${option} Mocha runs before the tests cannot be read statically: it may load any file, so affected selects every test whenever code changes`,
    file: relativeToRoot(root, config.file) ?? config.file,
    line: config.lines.get(option) ?? 1,
    column: 1,
  };
}

/** The modules the package.json scripts' mocha commands require or load. */
function scriptModules(manifest: string | undefined): string[] {
  const found: string[] = [];
  for (const [, script] of packageScripts(manifest))
    for (const [command] of script.matchAll(MOCHA_COMMAND))
      for (const match of command.matchAll(SCRIPT_OPTION)) found.push(match[2] as string);
  return found;
}
