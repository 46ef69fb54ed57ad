// Vite's `import.meta.glob("./locales/*.ts")` (and `import.meta.globEager`) loads every file its
// patterns match, with no import statement to follow. `affected` reads each relative or
// root-relative pattern as a loader pattern (loader-glob.ts: `*` is any text), so a change to a
// matched file reaches the file that globs it. Brace groups, `**`, `?` and character classes
// widen to `*` (a superset of what Vite matches); negated patterns are left out, which only
// widens. An alias pattern ("@/icons/*.ts") is kept as written, for the tsconfig's `paths` to map
// (affected/loader-imports.ts).
import { ts } from "../project/ts-morph.js";
import { unwrap } from "../project/ts-syntax.js";

const GLOB_CALLS = new Set(["glob", "globEager"]);

/**
 * The patterns of an `import.meta.glob(...)` call, relative to the importer ("./x/*"), to the
 * root ("/x/*"), or an alias ("@/x/*").
 */
export function viteGlobPatterns(call: ts.CallExpression): string[] | undefined {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) || !GLOB_CALLS.has(callee.name.text)) return undefined;
  const meta = callee.expression;
  if (
    !ts.isMetaProperty(meta) ||
    meta.keywordToken !== ts.SyntaxKind.ImportKeyword ||
    meta.name.text !== "meta"
  )
    return undefined;
  const argument = call.arguments[0] === undefined ? undefined : unwrap(call.arguments[0]);
  if (argument === undefined) return [];
  const literals = ts.isArrayLiteralExpression(argument)
    ? argument.elements.map((element) => unwrap(element))
    : [argument];
  return literals.flatMap((literal) =>
    ts.isStringLiteral(literal) || ts.isNoSubstitutionTemplateLiteral(literal)
      ? loaderPattern(literal.text)
      : [],
  );
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
