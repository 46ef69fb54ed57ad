// Where descriptors are, and what could not be read about them.
import type { UnresolvedKind } from "../../index-file/types.js";
import type { LoadedProject } from "../../project/load-project.js";
import { ts } from "../../project/ts-morph.js";
import { propertyNameText } from "../../resolve/origin.js";
import type { Site, UnresolvedItem } from "../model.js";

/** The constant or function that holds a descriptor call: `const createOrder = defineCommand(...)`. */
export function bindingName(node: ts.Node): string | null {
  let current: ts.Node = node;
  let parent = current.parent;
  while (
    parent &&
    (ts.isParenthesizedExpression(parent) ||
      ts.isAsExpression(parent) ||
      ts.isSatisfiesExpression(parent))
  ) {
    current = parent;
    parent = parent.parent;
  }
  if (!parent) return null;
  if (
    ts.isVariableDeclaration(parent) &&
    parent.initializer === current &&
    ts.isIdentifier(parent.name)
  )
    return parent.name.text;
  if (ts.isExportAssignment(parent)) return "default";
  if (ts.isPropertyAssignment(parent) && parent.initializer === current)
    return propertyNameText(parent.name) ?? null;
  // A factory: `function sqliteStore(db) { return implementPort(...) }` or `const f = (db) => implementPort(...)`.
  let scope: ts.Node | undefined = parent;
  while (scope && !ts.isFunctionLike(scope) && !ts.isSourceFile(scope)) scope = scope.parent;
  if (scope && ts.isFunctionLike(scope)) {
    if ((ts.isFunctionDeclaration(scope) || ts.isFunctionExpression(scope)) && scope.name)
      return scope.name.text;
    const holder = scope.parent;
    if (holder && ts.isVariableDeclaration(holder) && ts.isIdentifier(holder.name))
      return holder.name.text;
  }
  return null;
}

/** The span a descriptor occupies: its variable statement when it has one, else the call. */
export function spanNode(call: ts.CallExpression): ts.Node {
  let current: ts.Node = call;
  while (
    current.parent &&
    (ts.isParenthesizedExpression(current.parent) ||
      ts.isAsExpression(current.parent) ||
      ts.isSatisfiesExpression(current.parent))
  ) {
    current = current.parent;
  }
  const declaration = current.parent;
  if (declaration && ts.isVariableDeclaration(declaration)) {
    const list = declaration.parent;
    if (ts.isVariableDeclarationList(list) && ts.isVariableStatement(list.parent))
      return list.declarations.length === 1 ? list.parent : declaration;
    return declaration;
  }
  return call;
}

/** Turns nodes into project sites and records, once each, what could not be resolved. */
export class ExtractionSites {
  readonly unresolved: UnresolvedItem[] = [];
  private readonly reported = new Set<string>();

  constructor(private readonly loaded: LoadedProject) {}

  site(node: ts.Node): Site | null {
    const file = this.loaded.fileByName.get(node.getSourceFile().fileName);
    return file ? { file, node } : null;
  }

  siteOr(node: ts.Node, fallback: ts.Node): Site {
    return this.site(node) ?? this.site(fallback)!;
  }

  /** The project file and 1-based line of a node. */
  line(node: ts.Node): { file: string; line: number } {
    const site = this.site(node)!;
    return {
      file: site.file.path,
      line: site.file.sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    };
  }

  report(kind: UnresolvedKind, node: ts.Node, reason: string, fallback: ts.Node = node): void {
    const site = this.siteOr(node, fallback);
    const key = `${kind}\0${site.file.path}\0${site.node.getStart()}\0${reason}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.unresolved.push({ kind, site, reason });
  }
}
