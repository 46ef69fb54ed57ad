// Vite's `resolve.alias` (Vitest runs through Vite): `import { x } from "~/lib/x"` loads the file
// the alias maps it to. TypeScript resolves such an import only when the tsconfig's `paths`
// mirror the alias; when they do not, it reads as a package that is not installed, and a change
// to the file it loads reached no test. The aliases' names are read from the config's text (what
// they map to is often a call, `path.resolve(__dirname, "src")`, and is not read): an import
// they match is a loader of a target no one can name here (affected/loader-imports.ts).
import { ts } from "./ts-morph.js";
import { unwrap } from "./ts-syntax.js";

/** Whether a bare specifier is one of the config's aliases (undefined: the config sets none). */
export type AliasMatcher = (specifier: string) => boolean;

/** Every specifier: an alias list that is not written out may name anything. */
const ANY: AliasMatcher = () => true;

/**
 * The aliases every `alias` option of `sources` names (the config and the local modules it
 * imports: a vite.config.ts merged in); undefined when none has one.
 */
export function aliasMatcher(sources: readonly ts.SourceFile[]): AliasMatcher | undefined {
  const matchers: AliasMatcher[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isShorthandPropertyAssignment(node) && node.name.text === "alias") matchers.push(ANY);
    else if (ts.isPropertyAssignment(node) && optionName(node.name) === "alias")
      matchers.push(aliasesOf(node.initializer));
    ts.forEachChild(node, visit);
  };
  for (const source of sources) visit(source);
  if (matchers.length === 0) return undefined;
  return (specifier) => matchers.some((matches) => matches(specifier));
}

/**
 * `{ "~": "/src", "@app": ... }` or `[{ find: "~", replacement: ... }, { find: /^~\//, ... }]`: a
 * string names a specifier and what starts with it and a slash, as Vite matches it; a pattern,
 * what starts with its literal beginning. Anything else may name any specifier.
 */
function aliasesOf(value: ts.Expression): AliasMatcher {
  const inner = unwrap(value);
  const names: string[] = [];
  const prefixes: string[] = [];
  if (ts.isObjectLiteralExpression(inner)) {
    for (const property of inner.properties) {
      const name = ts.isPropertyAssignment(property) ? optionName(property.name) : undefined;
      if (name === undefined) return ANY; // a spread, a computed name
      names.push(name);
    }
  } else if (ts.isArrayLiteralExpression(inner)) {
    for (const element of inner.elements) {
      const entry = unwrap(element as ts.Expression);
      const find = ts.isObjectLiteralExpression(entry)
        ? entry.properties.find(
            (property): property is ts.PropertyAssignment =>
              ts.isPropertyAssignment(property) && optionName(property.name) === "find",
          )?.initializer
        : undefined;
      const found = find === undefined ? undefined : unwrap(find);
      if (found !== undefined && ts.isStringLiteralLike(found)) names.push(found.text);
      else if (found !== undefined && ts.isRegularExpressionLiteral(found)) {
        const prefix = literalPrefix(found.text);
        if (prefix === undefined) return ANY;
        prefixes.push(prefix);
      } else return ANY;
    }
  } else return ANY;
  return (specifier) =>
    names.some((name) => specifier === name || specifier.startsWith(`${name}/`)) ||
    prefixes.some((prefix) => specifier.startsWith(prefix));
}

/** A property's name when it is written out (`alias`, `"alias"`, `["~"]`); else undefined. */
function optionName(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteralLike(name) || ts.isNumericLiteral(name))
    return name.text;
  if (ts.isComputedPropertyName(name) && ts.isStringLiteralLike(name.expression))
    return name.expression.text;
  return undefined;
}

/**
 * What a `find` pattern anchored at the start requires a specifier to begin with (`/^~\//` ->
 * "~/"); undefined for any other pattern. The config's pattern is never run: one that
 * backtracks without end would hang the analysis.
 */
function literalPrefix(literal: string): string | undefined {
  const source = literal.slice(1, literal.lastIndexOf("/"));
  const match = /^\^((?:\\[^\w\s]|[\w@~#$%&=:,-])+)/u.exec(source);
  if (match === null) return undefined;
  const prefix = (match[1] as string).replace(/\\(.)/gu, "$1");
  // `/^@\/?/`: a quantifier after the prefix makes its last character optional.
  const next = source.charAt((match[0] as string).length);
  return "?*{".includes(next) && next !== "" ? prefix.slice(0, -1) || undefined : prefix;
}
