// What a non-literal import()/require() can load when its target is a template or a `+` chain
// whose first part names a folder: `import(`./locales/${lang}.json`)` loads only what matches
// ./locales/*.json. Bundlers read such a target the same way (webpack's context module, Vite's
// dynamic-import-vars): the folder the static start names bounds it, and each unknown part may
// be any path below it. A start that is no relative path (`@/locales/${lang}.json`) is kept
// too: `affected` maps an alias as the tsconfig's `paths` do, and counts anything else as a
// loader of an unknown target. `affected` uses it (affected/loader-glob.ts) instead of "any
// change may be loaded"; the index and the lint rules still report the site as not provable
// statically.
import { ts } from "../project/ts-morph.js";
import { unwrap } from "../project/ts-syntax.js";

/**
 * The target as a specifier with `*` for each unknown part (`./locales/*.json`,
 * `@/locales/*.json`), if its static start names a folder: a relative one, or a first segment
 * and a slash (an alias, a package), never an absolute path or a protocol (`node:`).
 */
export function specifierPattern(argument: ts.Expression): string | undefined {
  const parts = templateParts(unwrap(argument));
  if (parts === undefined) return undefined;
  const pattern = parts.map((part) => part ?? "*").join("");
  return NAMES_A_FOLDER.test(pattern) ? pattern.replace(/\*+/gu, "*") : undefined;
}

/** `./x`, `../x`, or a first segment without `*` or `:` and its slash (`@/`, `@app/i18n/`, `~/`). */
const NAMES_A_FOLDER = /^(?:\.\.?\/|(?:@[^/*:]+\/)?[^./*:][^/*:]*\/)/u;

/** Whether a pattern of specifierPattern is relative to its file (else an alias or a package). */
export function isRelativePattern(pattern: string): boolean {
  return pattern.startsWith("./") || pattern.startsWith("../");
}

/** Static text, or undefined for an unknown part, of a template or `+` chain; undefined for anything else. */
function templateParts(node: ts.Expression): (string | undefined)[] | undefined {
  if (ts.isTemplateExpression(node))
    return [
      node.head.text,
      ...node.templateSpans.flatMap((span) => [undefined, span.literal.text]),
    ];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken)
    return [...partsOf(node.left), ...partsOf(node.right)];
  return undefined;
}

function partsOf(node: ts.Expression): (string | undefined)[] {
  const inner = unwrap(node);
  if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return [inner.text];
  return templateParts(inner) ?? [undefined];
}
