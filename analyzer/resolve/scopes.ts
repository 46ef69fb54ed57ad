// What a name stands for where it is used: the innermost declaration (a block's, a parameter, a
// catch or loop variable), else the module's own (its binding and export tables).
import { ts } from "../project/ts-morph.js";
import {
  addStatementBindings,
  buildModuleTables,
  type Binding,
  type ModuleTables,
} from "./bindings.js";

// Both tables are read from one file's syntax only, so they are kept per SourceFile (and block)
// for as long as it lives: a warm session's next program reuses the unchanged files' SourceFiles.
const moduleTables = new WeakMap<ts.SourceFile, ModuleTables>();
const blockTables = new WeakMap<ts.Node, Map<string, Binding>>();

export class ModuleScopes {
  private readonly tables = moduleTables;
  private readonly blockBindings = blockTables;

  tablesOf(sourceFile: ts.SourceFile): ModuleTables {
    let tables = this.tables.get(sourceFile);
    if (!tables) {
      tables = buildModuleTables(sourceFile);
      this.tables.set(sourceFile, tables);
    }
    return tables;
  }

  /** The binding an identifier refers to: the innermost declaration, or the module's own. */
  lookup(identifier: ts.Identifier): Binding | undefined {
    const name = identifier.text;
    let current: ts.Node | undefined = identifier.parent;
    let previous: ts.Node = identifier;
    while (current) {
      if (ts.isSourceFile(current)) return this.tablesOf(current).bindings.get(name);
      const found = this.declaredAt(current, previous, name);
      if (found) return found;
      previous = current;
      current = current.parent;
    }
    return undefined;
  }

  /** What `node` itself declares under `name`, reached from its child `from`. */
  private declaredAt(node: ts.Node, from: ts.Node, name: string): Binding | undefined {
    if (
      ts.isBlock(node) ||
      ts.isModuleBlock(node) ||
      ts.isCaseClause(node) ||
      ts.isDefaultClause(node)
    ) {
      return this.blockTable(node).get(name);
    }
    if (ts.isFunctionLike(node)) {
      for (const parameter of node.parameters) {
        if (parameterDeclares(parameter.name, name))
          return { kind: "other", what: "a parameter", node: parameter };
      }
      if (
        (ts.isFunctionExpression(node) || ts.isClassExpression(node)) &&
        node.name?.text === name
      ) {
        return { kind: "other", what: "a function", node };
      }
      return undefined;
    }
    if (
      ts.isCatchClause(node) &&
      node.variableDeclaration &&
      parameterDeclares(node.variableDeclaration.name, name)
    ) {
      return { kind: "other", what: "a caught error", node };
    }
    if (
      (ts.isForStatement(node) || ts.isForOfStatement(node) || ts.isForInStatement(node)) &&
      node.initializer &&
      ts.isVariableDeclarationList(node.initializer) &&
      from !== node.initializer &&
      node.initializer.declarations.some((declaration) => parameterDeclares(declaration.name, name))
    ) {
      return { kind: "other", what: "a loop variable", node };
    }
    return undefined;
  }

  private blockTable(
    block: ts.Block | ts.ModuleBlock | ts.CaseClause | ts.DefaultClause,
  ): Map<string, Binding> {
    let table = this.blockBindings.get(block);
    if (!table) {
      table = new Map();
      for (const statement of block.statements) addStatementBindings(statement, table);
      this.blockBindings.set(block, table);
    }
    return table;
  }
}

function parameterDeclares(name: ts.BindingName, text: string): boolean {
  if (ts.isIdentifier(name)) return name.text === text;
  return name.elements.some(
    (element) => ts.isBindingElement(element) && parameterDeclares(element.name, text),
  );
}
