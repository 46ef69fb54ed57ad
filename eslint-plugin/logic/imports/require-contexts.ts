// webpack's `require.context("../orders", true, /\.ts$/)` loads every file below a folder whose
// path (as "./x/y.ts", from the folder) its expression matches, with no import statement to
// follow: each loaded file is a dependency like an import's.
import path from "node:path";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { toPosix } from "../../../schema/paths.js";
import { staticString } from "./constant-string.js";
import { filesUnder } from "./vite-globs.js";
import { isRelativeSpecifier } from "../ts-syntax.js";

/** Longer paths are not matched against the expression: a path is never this long. */
const MAX_KEY = 1024;

/** Type-only wrappers a TypeScript file puts around `require` to call it (`require as any`). */
const CASTS: ReadonlySet<string> = new Set([
  AST_NODE_TYPES.TSAsExpression,
  AST_NODE_TYPES.TSSatisfiesExpression,
  AST_NODE_TYPES.TSNonNullExpression,
  AST_NODE_TYPES.TSTypeAssertion,
]);

/**
 * The `require.context(...)` call a reference to the global `require` starts, if it is one:
 * `require.context(...)`, `require["context"](...)`, and through casts, as TypeScript files write
 * it where @types/node knows no `context` (`(require as any).context(...)`).
 */
export function requireContextCall(reference: TSESTree.Node): TSESTree.CallExpression | undefined {
  let object = reference;
  while (object.parent && CASTS.has(object.parent.type)) object = object.parent;
  const member = object.parent;
  if (member?.type !== AST_NODE_TYPES.MemberExpression || member.object !== object)
    return undefined;
  const name = member.computed
    ? staticString(member.property)
    : member.property.type === AST_NODE_TYPES.Identifier
      ? member.property.name
      : undefined;
  if (name !== "context") return undefined;
  const call = member.parent;
  return call?.type === AST_NODE_TYPES.CallExpression && call.callee === member ? call : undefined;
}

/** What a context loads: its folder's literal (where reports point) and the files (sorted). */
export interface ContextFiles {
  readonly folder: string;
  readonly literal: TSESTree.Node;
  readonly files: readonly string[];
}

/**
 * The files `call` loads, written in `fromFile`: below its folder (relative to the file's folder,
 * or an alias the tsconfig's `paths` map, by `aliases`), all the way down unless the second
 * argument is `false`, whose path from the folder ("./x.ts") the third argument's expression
 * matches (every path without one; a non-literal one matches every path). Undefined when the
 * folder is no literal or names no folder this can find.
 */
export function contextFiles(
  call: TSESTree.CallExpression,
  fromFile: string,
  aliases: (specifier: string) => readonly string[] | undefined = () => undefined,
): ContextFiles | undefined {
  const [first, deepArgument, filterArgument] = call.arguments;
  const folder = first === undefined ? undefined : staticString(first);
  // An absolute path is the disk's: not followed, as `affected` does not follow it.
  if (folder === undefined || first === undefined || folder === "" || folder.startsWith("/"))
    return undefined;
  const relative = isRelativeSpecifier(folder);
  const base = relative
    ? path.posix.resolve(toPosix(path.dirname(fromFile)), folder)
    : aliases(folder.replace(/\/+$/u, ""))?.map(toPosix)[0];
  if (base === undefined) return undefined;
  const deep = !(deepArgument?.type === AST_NODE_TYPES.Literal && deepArgument.value === false);
  const filter = expressionOf(filterArgument);
  const files = filesUnder(base, deep, base.split("/").length + 1).filter((file) => {
    const key = `./${file.slice(base.length + 1)}`;
    return filter === undefined || (key.length <= MAX_KEY && filter.test(key));
  });
  return { folder, literal: first, files: files.sort() };
}

/** A regular expression literal's pattern, without the flags that make `test` keep state. */
function expressionOf(node: TSESTree.Node | undefined): RegExp | undefined {
  if (node?.type !== AST_NODE_TYPES.Literal || !("regex" in node) || !node.regex) return undefined;
  try {
    return new RegExp(node.regex.pattern, node.regex.flags.replace(/[gy]/gu, ""));
  } catch {
    return undefined; // a flag or syntax this Node does not know: every path, as without one
  }
}
