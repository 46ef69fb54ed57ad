// What a non-literal import()/require() can load when its target is a template or a `+` chain
// whose first part is a relative path: `import(`./locales/${lang}.json`)` loads only what matches
// ./locales/*.json. Bundlers read such a target the same way (webpack's context module, Vite's
// dynamic-import-vars): the folder the static start names bounds it, and each unknown part may
// be any path below it. `affected` uses it (affected/loader-glob.ts) instead of "any change may be
// loaded"; the index and the lint rules still report the site as not provable statically.
import { ts } from "../project/ts-morph.js";
import { unwrap } from "../project/ts-syntax.js";

/** The target as a specifier with `*` for each unknown part (`./locales/*.json`), if it starts relative. */
export function specifierPattern(argument: ts.Expression): string | undefined {
  const parts = templateParts(unwrap(argument));
  if (parts === undefined) return undefined;
  const pattern = parts.map((part) => part ?? "*").join("");
  return /^\.\.?\//u.test(pattern) ? pattern.replace(/\*+/gu, "*") : undefined;
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
