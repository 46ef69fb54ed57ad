// Which files Jest runs when its config names them otherwise than by the usual names: `testMatch`
// (globs) and `testRegex` (regular expressions), read as text from jest.config.* or package.json's
// "jest" field, never run. A file they match is a test whatever its name (`checks/sum.check.ts`);
// before, such a suite counted "0 of 0 test files" and verify passed it untested.
import path from "node:path";
import picomatch from "picomatch";
import { ts } from "./ts-morph.js";
import { unwrap } from "./ts-syntax.js";
import { propertyName } from "./vitest-setup.js";
import { configSource, type SetupInputs } from "./jest-setup.js";
import { isObject, readJestConfig } from "./jest-config.js";

interface TestPatterns {
  testMatch: string[];
  testRegex: string[];
  rootDir: string | undefined;
}

/**
 * Whether Jest's `testMatch` or `testRegex` matches a file (repository-relative POSIX path);
 * undefined when the project's Jest config sets neither as literals (its default names are
 * every runner's, which test discovery knows).
 */
export function readJestTests(
  root: string,
  inputs: SetupInputs,
): ((file: string) => boolean) | undefined {
  const patterns = jestPatterns(root, inputs);
  if (patterns === undefined) return undefined;
  const rootDir = patterns.rootDir === undefined ? root : path.resolve(root, patterns.rootDir);
  const posix = (file: string) => file.split(path.sep).join("/");
  const globs = patterns.testMatch.map((glob) => posix(glob.replaceAll("<rootDir>", rootDir)));
  const positive = globs.filter((glob) => !glob.startsWith("!"));
  const negative = globs.filter((glob) => glob.startsWith("!")).map((glob) => glob.slice(1));
  const matches = positive.length > 0 ? picomatch(positive, { dot: true }) : () => false;
  const excluded = negative.length > 0 ? picomatch(negative, { dot: true }) : () => false;
  const regexes = patterns.testRegex.flatMap((source) => {
    try {
      return [new RegExp(source, "u")];
    } catch {
      try {
        return [new RegExp(source)];
      } catch {
        return []; // Jest would refuse it too
      }
    }
  });
  return (file) => {
    const absolute = posix(path.join(root, file));
    return (
      (matches(absolute) && !excluded(absolute)) || regexes.some((regex) => regex.test(absolute))
    );
  };
}

function jestPatterns(root: string, inputs: SetupInputs): TestPatterns | undefined {
  const config = readJestConfig(root, inputs);
  if (config === undefined) return undefined;
  const found = config.kind === "json" ? fromJson(config.value) : fromSource(configSource(config));
  // Jest's rootDir defaults to the config's folder; a set one is relative to it.
  return (
    found && { ...found, rootDir: path.resolve(path.dirname(config.file), found.rootDir ?? ".") }
  );
}

function fromJson(config: unknown): TestPatterns | undefined {
  if (!isObject(config)) return undefined;
  const strings = (value: unknown): string[] =>
    (Array.isArray(value) ? value : [value]).filter(
      (entry): entry is string => typeof entry === "string",
    );
  const found = {
    testMatch: strings(config["testMatch"]),
    testRegex: strings(config["testRegex"]),
    rootDir: typeof config["rootDir"] === "string" ? config["rootDir"] : undefined,
  };
  return found.testMatch.length + found.testRegex.length > 0 ? found : undefined;
}

/** The literal `testMatch`, `testRegex` and `rootDir` of a JavaScript or TypeScript config. */
function fromSource(source: ts.SourceFile): TestPatterns | undefined {
  const found: TestPatterns = { testMatch: [], testRegex: [], rootDir: undefined };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node)) {
      const name = propertyName(node);
      if (name === "testMatch") found.testMatch.push(...literals(node.initializer));
      else if (name === "testRegex") found.testRegex.push(...literals(node.initializer));
      else if (name === "rootDir") found.rootDir = literals(node.initializer)[0];
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.testMatch.length + found.testRegex.length > 0 ? found : undefined;
}

/** A string, a regular expression literal's source, or an array of them. */
function literals(node: ts.Expression): string[] {
  const inner = unwrap(node);
  if (ts.isArrayLiteralExpression(inner))
    return inner.elements.flatMap((element) =>
      ts.isSpreadElement(element) ? [] : literals(element),
    );
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return [inner.text];
  if (ts.isRegularExpressionLiteral(inner)) {
    const text = inner.text;
    return [text.slice(1, text.lastIndexOf("/"))];
  }
  return [];
}
