import { ts } from "../project/ts-morph.js";

const FLAGS =
  ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

export interface PrintedTypes {
  /** What parsing yields (brands applied): the Standard Schema output type. */
  readonly output: string;
  /** What callers pass (brands plain): the Standard Schema input type. */
  readonly input: string;
}

/**
 * Prints the TypeScript types of schema expressions with the type checker, through the
 * Standard Schema `~standard.types` every agentix (and zod, valibot, ...) schema carries.
 * The checker is created on first use; only the expressions asked about are checked.
 */
export class TypePrinter {
  private checker: ts.TypeChecker | undefined;

  constructor(private readonly program: ts.Program) {}

  private get typeChecker(): ts.TypeChecker {
    this.checker ??= this.program.getTypeChecker();
    return this.checker;
  }

  /** The type of property `name`; `optional` strips the `undefined` an optional property adds. */
  private property(type: ts.Type, name: string, optional = false): ts.Type | undefined {
    const checker = this.typeChecker;
    const symbol = checker.getPropertyOfType(checker.getApparentType(type), name);
    if (!symbol) return undefined;
    const propertyType = checker.getTypeOfSymbol(symbol);
    return optional ? checker.getNonNullableType(propertyType) : propertyType;
  }

  private print(type: ts.Type): string {
    return this.typeChecker.typeToString(type, undefined, FLAGS);
  }

  /**
   * The string literal values of a property path of the expression's type (`["port", "id"]`
   * of an `Adapter<typeof Payments>` is `["payments.gateway"]`), or undefined when the type
   * does not pin it to literals.
   */
  literalsAt(expression: ts.Expression, path: readonly string[]): string[] | undefined {
    let type: ts.Type | undefined = this.typeChecker.getTypeAtLocation(expression);
    for (const name of path) {
      type = type ? this.property(type, name) : undefined;
      if (!type) return undefined;
    }
    const parts = type.isUnion() ? type.types : [type];
    const values = parts
      .filter((part): part is ts.StringLiteralType => part.isStringLiteral())
      .map((part) => part.value);
    return values.length > 0 && values.length === parts.length ? values : undefined;
  }

  /**
   * The input and output types of the schema a `const` declares: the declared type of the
   * constant, which the checker computes from its initializer alone (never from a call it is
   * passed to). Undefined for other declarations.
   */
  declaredSchemaTypes(declaration: ts.Node): PrintedTypes | undefined {
    if (!ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name))
      return undefined;
    const symbol = this.typeChecker.getSymbolAtLocation(declaration.name);
    if (!symbol) return undefined;
    return this.typesOf(this.typeChecker.getTypeOfSymbol(symbol));
  }

  /**
   * The input and output types of the schema the expression holds, where it stands. Inside a
   * descriptor call this resolves the whole call (which type-checks it): use it only when
   * neither a declaration nor the schema itself gives the type.
   */
  schemaTypes(expression: ts.Expression): PrintedTypes {
    return this.typesOf(this.typeChecker.getTypeAtLocation(expression));
  }

  private typesOf(type: ts.Type): PrintedTypes {
    const standard = this.property(type, "~standard");
    // `types` is optional in Standard Schema; `input` and `output` are kept as they are (null included).
    const types = standard ? this.property(standard, "types", true) : undefined;
    const output = types ? this.property(types, "output") : undefined;
    const input = types ? this.property(types, "input") : undefined;
    if (!output || !input) {
      const printed = this.print(type);
      return { output: printed, input: printed };
    }
    return { output: this.print(output), input: this.print(input) };
  }
}
