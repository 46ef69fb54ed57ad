// What static resolution answers: where an expression's value comes from.
import type { ProjectFile } from "../project/load-project.js";
import { ts } from "../project/ts-morph.js";
import { unwrap } from "../project/ts-syntax.js";

/**
 * Where an expression's value comes from, found statically (no code runs):
 * - `node`: an expression that is not a further reference (a literal, an object or array
 *   literal, a call, a function, ...) in the file that holds it;
 * - `external`: an export of a package (`agentix`, `zod`, ...), with the members read from it;
 * - `namespace`: a whole project module (`import * as contract from "./contract.js"`);
 * - `unknown`: it cannot be known without running code, and why.
 */
export type Origin =
  | { readonly kind: "node"; readonly node: ts.Expression; readonly file: ts.SourceFile }
  | { readonly kind: "external"; readonly module: string; readonly path: readonly string[] }
  | { readonly kind: "namespace"; readonly file: ProjectFile }
  | {
      readonly kind: "unknown";
      readonly reason: string;
      readonly node: ts.Node;
      readonly file: ts.SourceFile;
    };

/** The first named declaration an expression refers to (for "defined at" hints). */
export interface NamedReference {
  readonly name: string;
  readonly file: ts.SourceFile;
  readonly node: ts.Node;
}

/** Decides how a member is read from an expression the resolver cannot see into by itself. */
export type MemberHook = (
  origin: Extract<Origin, { kind: "node" }>,
  name: string,
) => Origin | undefined;

/**
 * Origins kept from an earlier analysis of the same files, per SourceFile (the warm session's
 * FileFactsCache): an expression's origin follows its file's imports only, so it stays right while
 * its SourceFile is the same object and nothing in its import closure changed.
 */
export interface OriginStore {
  /** The origin kept for the expression, if its file's are still good. */
  keptOrigin(expression: ts.Expression): Origin | undefined;
  keepOrigin(expression: ts.Expression, origin: Origin): void;
}

/** Resolves an expression, `depth` steps into a reference chain. */
export interface ExpressionResolver {
  resolve(expression: ts.Expression, depth: number): Origin;
}

/** How far a reference chain is followed before it is taken for a cycle. */
export const MAX_DEPTH = 64;

/** An origin that cannot be known, with the reason, at a node. */
export function unknownAt(reason: string, node: ts.Node): Origin {
  return { kind: "unknown", reason, node, file: node.getSourceFile() };
}

/** The static name of a property: `a`, `"a"`, `1`, `["a"]` (with a literal). */
export function propertyNameText(name: ts.PropertyName): string | undefined {
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isNumericLiteral(name)) return String(Number(name.text));
  if (ts.isComputedPropertyName(name)) {
    const inner = unwrap(name.expression);
    if (ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)) return inner.text;
    if (ts.isNumericLiteral(inner)) return String(Number(inner.text));
  }
  return undefined;
}

/** Source text for a message: whitespace collapsed, at most 50 characters. */
export function snippet(node: ts.Node): string {
  const text = node.getText().replace(/\s+/gu, " ");
  return text.length > 50 ? `${text.slice(0, 47)}...` : text;
}

/** Source text for a reason: at most 60 characters. */
export function describeNode(node: ts.Node): string {
  const text = node.getText();
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
