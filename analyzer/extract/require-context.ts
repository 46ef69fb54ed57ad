// webpack's `require.context("./locales", true, /\.json$/)` loads every file below a folder that
// its expression matches, with no import statement to follow (Storybook configs, apps built
// with webpack, Jest with babel-plugin-require-context-hook). `affected` reads it as a loader
// pattern (loader-glob.ts: `*` is any text): every file below the folder, deep or not and
// whatever the expression (a superset of what webpack loads, which only widens).
import path from "node:path";
import { ts } from "../project/ts-morph.js";
import { isRelativeSpecifier, unwrap } from "../project/ts-syntax.js";

/** What a `require.context(...)` call loads, or undefined for any other call. */
export type RequireContext =
  | { readonly pattern: string }
  /** Its folder is no literal: what it loads cannot be known. */
  | { readonly unknown: string };

/**
 * The `require` a `require.context(...)` call reads its member of: `require.context`,
 * `require["context"]`, through casts (`(require as any).context`, as TypeScript files write it
 * where @types/node knows no `context`). The caller checks that no local binding shadows it.
 */
export function requireOf(call: ts.CallExpression): ts.Identifier | undefined {
  const callee = call.expression;
  if (!ts.isPropertyAccessExpression(callee) && !ts.isElementAccessExpression(callee))
    return undefined;
  const object = unwrap(callee.expression);
  return ts.isIdentifier(object) && object.text === "require" ? object : undefined;
}

/**
 * The loader pattern of `require.context(dir, ...)` (of the global `require`: the caller checks
 * that no local binding shadows it, requireOf): "./dir/*" from the file's folder, an alias's
 * "@/dir/*" for the tsconfig's `paths` to map.
 */
export function requireContextOf(call: ts.CallExpression): RequireContext | undefined {
  const callee = call.expression;
  const named = ts.isPropertyAccessExpression(callee)
    ? callee.name.text
    : ts.isElementAccessExpression(callee) && ts.isStringLiteralLike(callee.argumentExpression)
      ? callee.argumentExpression.text
      : undefined;
  if (named !== "context" || requireOf(call) === undefined) return undefined;
  const argument = call.arguments[0] === undefined ? undefined : unwrap(call.arguments[0]);
  if (
    argument === undefined ||
    !(ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument))
  )
    return { unknown: "require.context() of a folder that is no literal" };
  const folder = argument.text;
  // An absolute path is the disk's (not the root's, as a glob's "/x" is): rare, not followed.
  if (folder === "" || folder.startsWith("/"))
    return { unknown: "require.context() of an absolute or empty folder" };
  const relative = isRelativeSpecifier(folder);
  // An alias (webpack's resolve.alias, mirrored in the tsconfig's `paths`) stays as written.
  if (!relative) return { pattern: `${folder.replace(/\/+$/u, "")}/*` };
  const joined = path.posix.join(folder, "*");
  return { pattern: joined.startsWith("../") ? joined : `./${joined}` };
}
