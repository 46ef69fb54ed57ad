// Cypress's end-to-end specs drive the application through a browser with the global `cy`
// (`cy.visit("/")`, `cy.request("/api")`, a custom command): they import neither Cypress nor the
// application, so no import says what they observe (novu's apps/widget: cypress/e2e/*.spec.ts).
// A file that uses the global `cy` is given the use as a runtime import of the `cypress` package
// (resolution CYPRESS_RESOLUTION, no specifier), which makes a test that reaches it one that
// drives the application from outside (import-graph.ts). Component testing (`cy.mount(...)`)
// mounts what the spec imports, and is not one.
import { usesCypressGlobal } from "../project/cypress-specs.js";
import { ts } from "../project/ts-morph.js";
import { CYPRESS_RESOLUTION, type ImportFact } from "./facts.js";

/**
 * Adds, to each file that uses Cypress's global `cy` (not a `cy` of its own) and mounts no
 * component with it, an import of `cypress` at the first use.
 */
export function addCypressGlobals(
  imports: Map<string, ImportFact[]>,
  files: readonly { readonly path: string; readonly sourceFile: ts.SourceFile }[],
): void {
  for (const file of files) {
    // Cheap test before the syntax walk: a file that never writes `cy.` uses no `cy`.
    if (!usesCypressGlobal(file.sourceFile.text)) continue;
    const position = cypressDrives(file.sourceFile);
    if (position === undefined) continue;
    const list = imports.get(file.path) ?? [];
    imports.set(file.path, list);
    list.push({
      target: { kind: "package", name: "cypress" },
      position,
      typeOnly: false,
      resolution: CYPRESS_RESOLUTION,
      edgeTarget: null,
      specifier: null,
    });
  }
}

/**
 * Where a file first uses the global `cy` (`cy.<member>`), when it declares no `cy` of its own
 * and never calls `cy.mount`; undefined otherwise.
 */
export function cypressDrives(sourceFile: ts.SourceFile): number | undefined {
  let first: number | undefined;
  let mounts = false;
  let declaresCy = false;
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "cy"
    ) {
      first ??= node.getStart(sourceFile);
      if (node.name.text === "mount") mounts = true;
    } else if (declaresName(node)) declaresCy = true;
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return declaresCy || mounts ? undefined : first;
}

/** Whether `node` declares a binding named `cy` (a variable, parameter, import or function). */
function declaresName(node: ts.Node): boolean {
  const named =
    ts.isVariableDeclaration(node) ||
    ts.isParameter(node) ||
    ts.isBindingElement(node) ||
    ts.isImportSpecifier(node) ||
    ts.isImportClause(node) ||
    ts.isNamespaceImport(node) ||
    ts.isImportEqualsDeclaration(node) ||
    ts.isFunctionDeclaration(node) ||
    ts.isClassDeclaration(node);
  if (!named) return false;
  const name = (node as { readonly name?: ts.Node }).name;
  return name !== undefined && ts.isIdentifier(name) && name.text === "cy";
}
