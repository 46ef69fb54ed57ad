// Jest's `moduleNameMapper`: the modules Jest loads in place of what an import names
// (`"^@app/clock$": "<rootDir>/test/fake-clock.ts"`), read as text from the project's Jest config
// (jest.config.*, the one its scripts name, or package.json's "jest" field), never run. TypeScript
// resolves such an import to another file (or to none), so a change to the mapped file reached
// no test that loads it through the mapping, and verify passed while Jest failed (helper-26
// finding 5). A mapper that is no literal (ts-jest's pathsToModuleNameMapper(paths)) mirrors the
// tsconfig's `paths`, which TypeScript follows already.
import path from "node:path";
import { ts } from "./ts-morph.js";
import { unwrap } from "./ts-syntax.js";
import { propertyName } from "./vitest-setup.js";
import { configSource, type SetupInputs } from "./jest-setup.js";
import { isObject, readJestConfig } from "./jest-config.js";

/** One mapper entry: a module name the pattern matches loads the first target that exists. */
export interface ModuleMapEntry {
  readonly pattern: RegExp;
  /** Mapped names, `<rootDir>` replaced; `$1` still to be replaced by the match's groups. */
  readonly targets: readonly string[];
}

interface MapperRead {
  readonly entries: { source: string; targets: string[] }[];
  rootDir: string | undefined;
}

/** The config's mapper entries, in Jest's order; undefined when it has none. */
export function readJestModuleMap(
  root: string,
  inputs: SetupInputs,
): readonly ModuleMapEntry[] | undefined {
  const config = readJestConfig(root, inputs);
  if (config === undefined) return undefined;
  const configDir = path.dirname(config.file);
  const read = config.kind === "json" ? fromJson(config.value) : fromSource(configSource(config));
  if (read === undefined || read.entries.length === 0) return undefined;
  // Jest's rootDir defaults to the config's folder; a set one is relative to it.
  const rootDir = path.resolve(configDir, read.rootDir ?? ".");
  return read.entries.flatMap(({ source, targets }) => {
    const pattern = regexOf(source);
    return pattern === undefined
      ? []
      : [{ pattern, targets: targets.map((target) => target.replaceAll("<rootDir>", rootDir)) }];
  });
}

/** The absolute names `specifier` maps to (groups replaced), or undefined when no entry matches. */
export function mappedNames(
  entries: readonly ModuleMapEntry[],
  specifier: string,
): string[] | undefined {
  for (const { pattern, targets } of entries) {
    const match = pattern.exec(specifier);
    if (match === null) continue;
    // As Jest does: $1 is the first group, a group that did not take part is "".
    return targets.map((target) =>
      target.replace(/\$(\d+)/gu, (_, index: string) => match[Number(index)] ?? ""),
    );
  }
  return undefined;
}

/** Jest builds each key with `new RegExp(key)`: one it would refuse maps nothing. */
function regexOf(source: string): RegExp | undefined {
  try {
    return new RegExp(source);
  } catch {
    return undefined;
  }
}

function fromJson(config: unknown): MapperRead | undefined {
  if (!isObject(config)) return undefined;
  const read: MapperRead = {
    entries: [],
    rootDir: typeof config["rootDir"] === "string" ? config["rootDir"] : undefined,
  };
  const addFrom = (value: unknown) => {
    if (!isObject(value)) return;
    for (const [source, target] of Object.entries(value)) {
      const targets = (Array.isArray(target) ? target : [target]).filter(
        (entry): entry is string => typeof entry === "string",
      );
      if (targets.length > 0) read.entries.push({ source, targets });
    }
  };
  addFrom(config["moduleNameMapper"]);
  // Inline `projects` map their own modules: every test may run under any of them.
  if (Array.isArray(config["projects"]))
    for (const project of config["projects"])
      if (isObject(project)) addFrom(project["moduleNameMapper"]);
  return read;
}

/** The literal `moduleNameMapper` objects (and `rootDir`) of a JavaScript or TypeScript config. */
function fromSource(source: ts.SourceFile): MapperRead {
  const read: MapperRead = { entries: [], rootDir: undefined };
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node)) {
      const name = propertyName(node);
      const value = unwrap(node.initializer);
      if (name === "moduleNameMapper" && ts.isObjectLiteralExpression(value)) {
        for (const property of value.properties) {
          const key = ts.isPropertyAssignment(property) ? propertyName(property) : undefined;
          if (key === undefined || !ts.isPropertyAssignment(property)) continue;
          const targets = stringsOf(property.initializer);
          if (targets.length > 0) read.entries.push({ source: key, targets });
        }
        return;
      }
      if (name === "rootDir" && ts.isStringLiteralLike(value)) read.rootDir = value.text;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return read;
}

/** A string, or an array of strings (Jest tries each in order). */
function stringsOf(node: ts.Expression): string[] {
  const inner = unwrap(node);
  if (ts.isStringLiteralLike(inner)) return [inner.text];
  if (ts.isArrayLiteralExpression(inner))
    return inner.elements.flatMap((element) => {
      const value = unwrap(element as ts.Expression);
      return ts.isStringLiteralLike(value) ? [value.text] : [];
    });
  return [];
}
