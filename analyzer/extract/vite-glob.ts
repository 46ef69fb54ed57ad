// Vite's `import.meta.glob("./locales/*.ts")` (and `import.meta.globEager`) loads every file its
// patterns match, with no import statement to follow. `affected` reads each relative or
// root-relative pattern as a loader pattern (loader-glob.ts: `*` is any text), so a change to a
// matched file reaches the file that globs it. Brace groups, `**`, `?` and character classes
// widen to `*` (a superset of what Vite matches); negated patterns are left out, which only
// widens. An alias pattern ("@/icons/*.ts") is kept as written, for the tsconfig's `paths` to map
// (affected/loader-imports.ts); a `base` option moves relative patterns, as Vite's does.
import path from "node:path";
import { ts } from "../project/ts-morph.js";
import { unwrap } from "../project/ts-syntax.js";

const GLOB_CALLS = new Set(["glob", "globEager"]);

/** Whether `call` is `import.meta.glob(...)` or `import.meta.globEager(...)`. */
function isViteGlobCall(call: ts.CallExpression): boolean {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !GLOB_CALLS.has(callee.name.text)) return false;
  const meta = callee.expression;
  return (
    ts.isMetaProperty(meta) &&
    meta.keywordToken === ts.SyntaxKind.ImportKeyword &&
    meta.name.text === "meta"
  );
}

/**
 * The call's `base` option (`{ base: "./locales" }`), where its relative patterns start instead
 * of the importer's folder: undefined without one, null when it is no literal.
 */
export function viteGlobBase(call: ts.CallExpression): string | null | undefined {
  const argument = call.arguments[1] === undefined ? undefined : unwrap(call.arguments[1]);
  if (argument === undefined) return undefined;
  if (!ts.isObjectLiteralExpression(argument)) return null;
  let base: string | null | undefined;
  for (const property of argument.properties) {
    const name =
      property.name !== undefined &&
      (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
        ? property.name.text
        : undefined;
    if (name === undefined) return null; // a spread, a computed key: `base` may be among them
    if (name !== "base") continue;
    const value = ts.isPropertyAssignment(property) ? unwrap(property.initializer) : undefined;
    base =
      value !== undefined &&
      (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value))
        ? value.text
        : null;
  }
  return base;
}

/**
 * The patterns of an `import.meta.glob(...)` call as Vite resolves them: relative to the
 * importer ("./x/*"), to the root ("/x/*"; also a pattern that starts with `**`), or an alias
 * ("@/x/*"). Under a `base`, relative patterns are rewritten from it; under a `base` that is no
 * literal they are left out (viteGlobBase tells the caller).
 */
export function viteGlobPatterns(call: ts.CallExpression): string[] | undefined {
  if (!isViteGlobCall(call)) return undefined;
  const argument = call.arguments[0] === undefined ? undefined : unwrap(call.arguments[0]);
  if (argument === undefined) return [];
  const base = viteGlobBase(call);
  const literals = ts.isArrayLiteralExpression(argument)
    ? argument.elements.map((element) => unwrap(element))
    : [argument];
  return literals.flatMap((literal) => {
    if (!ts.isStringLiteral(literal) && !ts.isNoSubstitutionTemplateLiteral(literal)) return [];
    const glob = literal.text;
    if (glob.startsWith("**")) return loaderPattern(`/${glob}`);
    if (!glob.startsWith("./") && !glob.startsWith("../")) return loaderPattern(glob);
    if (base === null) return [];
    return loaderPattern(base === undefined ? glob : fromBase(base, glob));
  });
}

/** A relative pattern under `base`, relative to the importer or to the root as `base` is. */
function fromBase(base: string, glob: string): string {
  if (base.startsWith("/")) return path.posix.join(base, glob);
  const joined = path.posix.join(base, glob);
  return joined.startsWith("../") ? joined : `./${joined}`;
}

/** A Vite glob as a loader pattern, or nothing for a negation. */
function loaderPattern(glob: string): string[] {
  if (glob.startsWith("!") || glob === "") return [];
  const pattern = glob
    .replace(/\*\*\//gu, "*")
    .replace(/\{[^}]*\}|\[[^\]]*\]|\?|\*\*/gu, "*")
    .replace(/\*+/gu, "*");
  return [pattern];
}
