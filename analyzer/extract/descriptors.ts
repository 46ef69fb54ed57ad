import { ts } from "../project/ts-morph.js";
import type { EffectKind, ErrorSlot, SchemaSlot, UnresolvedKind } from "../index-file/types.js";
import type { LoadedProject, ProjectFile } from "../project/load-project.js";
import { propertyNameText, type Origin, type ValueResolver } from "../resolve/values.js";
import { evaluateJson } from "../schema-projection/evaluate.js";
import type { SchemaProjector } from "../schema-projection/project-schema.js";
import { DESCRIPTOR_CALLS, type AgentixCall } from "./agentix-api.js";
import { createBuiltins, type Builtins } from "./builtins.js";
import type {
  AdapterModel,
  ApplicationModel,
  AssertionSite,
  ContractModel,
  EventModel,
  FeatureDescriptorModel,
  InvariantModel,
  OperationModel,
  PortModel,
  PortOperationModel,
  Site,
  TestCallModel,
  UnresolvedItem,
} from "./model.js";
import type { ApiCall } from "./scan.js";
import type { TypePrinter } from "./type-printer.js";
import { isAgentixModule, unwrap } from "../project/ts-syntax.js";

const EFFECT_KINDS: ReadonlySet<string> = new Set(["read", "write", "time", "random", "external"]);

/** A `memoryPort(Port)` / `fakeClock()` / `sequentialIds()` test double from agentix/testing. */
const TEST_DOUBLES: Readonly<Record<string, string | null>> = {
  memoryPort: null,
  fakeClock: "Clock",
  sequentialIds: "Ids",
};

interface ModelOf {
  port: PortModel;
  portOperation: PortOperationModel;
  event: EventModel;
  operation: OperationModel;
  invariant: InvariantModel;
  contract: ContractModel;
  feature: FeatureDescriptorModel;
  adapter: AdapterModel;
}

type DescriptorKind = keyof ModelOf;
type Descriptor = {
  [K in DescriptorKind]: { readonly kind: K; readonly model: ModelOf[K] };
}[DescriptorKind];

const KIND_LABEL: Readonly<Record<DescriptorKind, string>> = {
  port: "a port (definePort)",
  portOperation: "a port operation (Port.operation)",
  event: "an event (defineEvent)",
  operation: "an operation (defineCommand/defineQuery)",
  invariant: "an invariant (defineInvariant)",
  contract: "a contract (defineContract)",
  feature: "a feature (defineFeature)",
  adapter: "an adapter (implementPort)",
};

function snippet(node: ts.Node): string {
  const text = node.getText().replace(/\s+/gu, " ");
  return text.length > 50 ? `${text.slice(0, 47)}...` : text;
}

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
function spanNode(call: ts.CallExpression): ts.Node {
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

/**
 * Reads every agentix descriptor call of the project into a model: ids, schemas (projected),
 * types (printed), and the references between descriptors (an effect's port operation, a
 * feature's contracts, ...), each resolved statically across files.
 */
export class DescriptorExtractor {
  readonly builtins: Builtins = createBuiltins();
  readonly unresolved: UnresolvedItem[] = [];
  readonly ports: PortModel[] = [];
  readonly portOperations: PortOperationModel[] = [];
  readonly events: EventModel[] = [];
  readonly operations: OperationModel[] = [];
  readonly invariants: InvariantModel[] = [];
  readonly contracts: ContractModel[] = [];
  readonly features: FeatureDescriptorModel[] = [];
  readonly adapters: AdapterModel[] = [];
  readonly applications: ApplicationModel[] = [];
  readonly testCalls: TestCallModel[] = [];
  readonly assertions: AssertionSite[] = [];
  /** Port operations claimed by two ports. */
  readonly conflicts: { operation: PortOperationModel; ports: PortModel[] }[] = [];

  private readonly calls = new Map<ts.CallExpression, ApiCall>();
  private readonly memo = new Map<ts.CallExpression, Descriptor | null>();
  private readonly inProgress = new Set<ts.CallExpression>();
  private readonly reported = new Set<string>();

  constructor(
    private readonly loaded: LoadedProject,
    private readonly resolver: ValueResolver,
    private readonly projector: SchemaProjector,
    private readonly printer: TypePrinter,
    calls: readonly ApiCall[],
    private readonly isTestFile: (file: ProjectFile) => boolean,
  ) {
    for (const call of calls) this.calls.set(call.node, call);
    resolver.setMemberHook((origin, name) => this.descriptorMember(origin, name));
  }

  /** Extracts every descriptor, in file order, then the calls that only point at descriptors. */
  run(): void {
    const ordered = [...this.calls.values()];
    for (const call of ordered) {
      if (DESCRIPTOR_CALLS.has(call.api)) this.descriptorOfCall(call.node);
    }
    for (const call of ordered) {
      if (call.api === "createApplication") this.application(call);
      else if (call.api === "testCommand" || call.api === "testQuery" || call.api === "replayTrace")
        this.testCall(call);
      else if (call.api === "assertInvariant") this.assertion(call);
    }
  }

  // ---------------------------------------------------------------------------------------
  // Sites, problems

  site(node: ts.Node): Site | null {
    const file = this.loaded.fileByName.get(node.getSourceFile().fileName);
    return file ? { file, node } : null;
  }

  private siteOr(node: ts.Node, fallback: ts.Node): Site {
    return this.site(node) ?? this.site(fallback)!;
  }

  private report(
    kind: UnresolvedKind,
    node: ts.Node,
    reason: string,
    fallback: ts.Node = node,
  ): void {
    const site = this.siteOr(node, fallback);
    const key = `${kind}\0${site.file.path}\0${site.node.getStart()}\0${reason}`;
    if (this.reported.has(key)) return;
    this.reported.add(key);
    this.unresolved.push({ kind, site, reason });
  }

  // ---------------------------------------------------------------------------------------
  // Reading definitions

  /** The object literal a descriptor call was given, or undefined (reported). */
  private definition(call: ts.CallExpression, index = 0): ts.ObjectLiteralExpression | undefined {
    const argument = call.arguments[index];
    if (!argument) {
      this.report("reference", call, `${snippet(call.expression)}(...) has no definition object`);
      return undefined;
    }
    const origin = this.resolver.resolve(argument);
    if (origin.kind === "node" && ts.isObjectLiteralExpression(origin.node)) return origin.node;
    this.report(
      "reference",
      argument,
      `the definition ${snippet(argument)} is not an object literal the analyzer can read${origin.kind === "unknown" ? `: ${origin.reason}` : ""}`,
      call,
    );
    return undefined;
  }

  /** The expression of property `name` (the last one wins); null when absent. */
  private field(
    object: ts.ObjectLiteralExpression,
    name: string,
  ): ts.Expression | null | undefined {
    let spread = false;
    for (let index = object.properties.length - 1; index >= 0; index -= 1) {
      const property = object.properties[index]!;
      if (ts.isSpreadAssignment(property)) {
        spread = true;
        const origin = this.resolver.resolve(property.expression);
        if (origin.kind === "node" && ts.isObjectLiteralExpression(origin.node)) {
          const inner = this.field(origin.node, name);
          if (inner !== null) return inner;
          continue;
        }
        // `...(flag ? {} : { onDefect })`: either branch may define it.
        if (origin.kind === "node" && ts.isConditionalExpression(origin.node)) {
          const objects = [origin.node.whenTrue, origin.node.whenFalse]
            .map((branch) => this.resolver.resolve(branch))
            .flatMap((branch) =>
              branch.kind === "node" && ts.isObjectLiteralExpression(branch.node)
                ? [branch.node]
                : [],
            );
          if (objects.length === 2 && objects.every((object) => this.field(object, name) === null))
            continue;
        }
        this.report(
          "reference",
          property,
          `the spread ${snippet(property)} may define "${name}"; it cannot be read statically`,
        );
        return undefined;
      }
      const key = property.name ? propertyNameText(property.name) : undefined;
      if (key !== name) continue;
      if (ts.isPropertyAssignment(property)) return property.initializer;
      if (ts.isShorthandPropertyAssignment(property)) return property.name;
      if (ts.isMethodDeclaration(property)) return null;
    }
    return spread ? null : null;
  }

  private stringField(
    object: ts.ObjectLiteralExpression,
    name: string,
    kind: UnresolvedKind,
    what: string,
  ): string | null {
    const expression = this.field(object, name);
    if (expression === null || expression === undefined) {
      if (expression === null) this.report(kind, object, `${what} has no "${name}"`);
      return null;
    }
    const value = evaluateJson(expression, this.resolver);
    if (!value.ok) {
      this.report(
        kind,
        expression,
        `the ${name} of ${what} is not a literal string: ${value.reason}`,
      );
      return null;
    }
    if (typeof value.value !== "string" || value.value === "") {
      this.report(kind, expression, `the ${name} of ${what} must be a non-empty string`);
      return null;
    }
    return value.value;
  }

  private optionalString(object: ts.ObjectLiteralExpression, name: string): string | null {
    const expression = this.field(object, name);
    if (!expression) return null;
    const value = evaluateJson(expression, this.resolver);
    return value.ok && typeof value.value === "string" ? value.value : null;
  }

  /** The elements of an array-valued field, spreads of constant arrays included. */
  private arrayElements(expression: ts.Expression, what: string): ts.Expression[] {
    const origin = this.resolver.resolve(expression);
    if (origin.kind !== "node" || !ts.isArrayLiteralExpression(origin.node)) {
      this.report(
        "reference",
        expression,
        `${what} ${snippet(expression)} is not an array literal the analyzer can read${origin.kind === "unknown" ? `: ${origin.reason}` : ""}`,
      );
      return [];
    }
    const out: ts.Expression[] = [];
    for (const element of origin.node.elements) {
      if (ts.isSpreadElement(element)) out.push(...this.arrayElements(element.expression, what));
      else if (!ts.isOmittedExpression(element)) out.push(element);
    }
    return out;
  }

  /** The entries of an object-valued field (`effects`, `emits`, `errors`, `operations`), in source order. */
  private objectEntries(
    expression: ts.Expression,
    what: string,
  ): { key: string; value: ts.Expression }[] {
    const origin = this.resolver.resolve(expression);
    if (origin.kind !== "node" || !ts.isObjectLiteralExpression(origin.node)) {
      this.report(
        "reference",
        expression,
        `${what} ${snippet(expression)} is not an object literal the analyzer can read${origin.kind === "unknown" ? `: ${origin.reason}` : ""}`,
      );
      return [];
    }
    const entries = new Map<string, ts.Expression>();
    for (const property of origin.node.properties) {
      if (ts.isSpreadAssignment(property)) {
        for (const entry of this.objectEntries(property.expression, what)) {
          entries.delete(entry.key);
          entries.set(entry.key, entry.value);
        }
        continue;
      }
      const key = property.name ? propertyNameText(property.name) : undefined;
      if (key === undefined) {
        this.report("reference", property, `a computed key in ${what} cannot be read statically`);
        continue;
      }
      let value: ts.Expression | undefined;
      if (ts.isPropertyAssignment(property)) value = property.initializer;
      else if (ts.isShorthandPropertyAssignment(property)) value = property.name;
      if (!value) {
        this.report("reference", property, `"${key}" in ${what} is a method, not a value`);
        continue;
      }
      entries.delete(key);
      entries.set(key, value);
    }
    return [...entries].map(([key, value]) => ({ key, value }));
  }

  // ---------------------------------------------------------------------------------------
  // Schemas

  slot(expression: ts.Expression): SchemaSlot {
    const projection = this.projector.project(expression);
    const reference = this.resolver.reference(expression);
    const referenceSite = reference ? this.site(reference.node) : null;
    // An s.* schema: the type its builders give it, printed from the projection (a test proves
    // it equal to the checker's type). Any other schema (zod, say) is typed by the checker: from
    // the declared type of the constant holding it, else in place (which resolves, and so
    // type-checks, the enclosing descriptor call).
    const declared =
      !projection.ok && reference ? this.printer.declaredSchemaTypes(reference.node) : undefined;
    const types = projection.ok
      ? { output: projection.output.text, input: projection.input.text, source: "schema" as const }
      : declared
        ? { ...declared, source: "checker" as const }
        : { ...this.printer.schemaTypes(expression), source: "checker" as const };
    let opaque: SchemaSlot["opaque"] = null;
    if (!projection.ok) {
      const site = this.siteOr(projection.node, expression);
      opaque = {
        reason: projection.reason,
        vendor: projection.vendor ?? null,
        file: site.file.path,
        line: site.file.sourceFile.getLineAndCharacterOfPosition(site.node.getStart()).line + 1,
      };
      if (projection.vendor === undefined)
        this.report("schema", projection.node, projection.reason, expression);
    }
    return {
      schema: projection.ok ? projection.json : null,
      opaque,
      type: types.output,
      inputType: types.input === types.output ? null : types.input,
      typeSource: types.source,
      ref:
        reference && referenceSite
          ? {
              name: reference.name,
              file: referenceSite.file.path,
              line:
                referenceSite.file.sourceFile.getLineAndCharacterOfPosition(
                  reference.node.getStart(),
                ).line + 1,
            }
          : null,
    };
  }

  private requiredSlot(object: ts.ObjectLiteralExpression, name: string, what: string): SchemaSlot {
    const expression = this.field(object, name);
    if (expression) return this.slot(expression);
    this.report("schema", object, `${what} has no "${name}" schema`);
    return {
      schema: null,
      opaque: { reason: `no "${name}" schema`, vendor: null, ...this.line(object) },
      type: "unknown",
      inputType: null,
      typeSource: "schema",
      ref: null,
    };
  }

  private line(node: ts.Node): { file: string; line: number } {
    const site = this.site(node)!;
    return {
      file: site.file.path,
      line: site.file.sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    };
  }

  private errors(object: ts.ObjectLiteralExpression, what: string): ErrorSlot[] {
    const expression = this.field(object, "errors");
    if (!expression) return [];
    return this.objectEntries(expression, `the errors of ${what}`)
      .map((entry) => ({ code: entry.key, schema: this.slot(entry.value) }))
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  }

  // ---------------------------------------------------------------------------------------
  // References between descriptors

  /** The descriptor an expression refers to, or undefined (reported) when it is not one. */
  private refer<K extends DescriptorKind>(
    expression: ts.Expression,
    kind: K,
    where: string,
    fallback?: () => ModelOf[K] | undefined,
  ): ModelOf[K] | undefined {
    const origin = this.resolver.resolve(expression);
    const found = this.descriptorOfOrigin(origin);
    if (found && found.kind === kind) return found.model as ModelOf[K];
    if (found === null) return undefined; // its own definition was unreadable and is reported there
    const typed = fallback?.();
    if (typed) return typed;
    const reason =
      origin.kind === "unknown"
        ? origin.reason
        : found
          ? `it is ${KIND_LABEL[found.kind]}`
          : origin.kind === "external"
            ? `${origin.path.join(".")} from "${origin.module}" is not one`
            : `${snippet(expression)} is not one`;
    this.report("reference", expression, `${where}: expected ${KIND_LABEL[kind]}; ${reason}`);
    return undefined;
  }

  /**
   * The port operation an expression evaluates to, statically (for the query rule's effect-kind
   * look-ups): undefined when the resolver cannot tell, so the caller asks the type checker.
   */
  portOperationAt(expression: ts.Expression): PortOperationModel | undefined {
    const found = this.descriptorOfOrigin(this.resolver.resolve(expression));
    return found?.kind === "portOperation" ? found.model : undefined;
  }

  /** The entries of an object literal the expression evaluates to, or undefined when it is not one. */
  objectEntriesAt(expression: ts.Expression): { key: string; value: ts.Expression }[] | undefined {
    const origin = this.resolver.resolve(expression);
    if (origin.kind !== "node" || !ts.isObjectLiteralExpression(origin.node)) return undefined;
    const entries: { key: string; value: ts.Expression }[] = [];
    for (const property of origin.node.properties) {
      if (ts.isSpreadAssignment(property)) {
        const inner = this.objectEntriesAt(property.expression);
        if (!inner) return undefined;
        for (const entry of inner) {
          const index = entries.findIndex((candidate) => candidate.key === entry.key);
          if (index >= 0) entries.splice(index, 1);
          entries.push(entry);
        }
        continue;
      }
      const key = property.name ? propertyNameText(property.name) : undefined;
      const value = ts.isPropertyAssignment(property)
        ? property.initializer
        : ts.isShorthandPropertyAssignment(property)
          ? property.name
          : undefined;
      if (key === undefined || value === undefined) return undefined;
      const index = entries.findIndex((candidate) => candidate.key === key);
      if (index >= 0) entries.splice(index, 1);
      entries.push({ key, value });
    }
    return entries;
  }

  /** null: a descriptor call whose definition could not be read; undefined: not a descriptor. */
  private descriptorOfOrigin(origin: Origin): Descriptor | null | undefined {
    if (origin.kind === "external") {
      if (!isAgentixModule(origin.module)) return undefined;
      const [head, second, third] = origin.path;
      const port = head !== undefined ? this.builtins.ports.get(head) : undefined;
      if (port) {
        if (origin.path.length === 1) return { kind: "port", model: port };
        const name =
          second === "operations" ? third : origin.path.length === 2 ? second : undefined;
        const operation = port.operations.find((candidate) => candidate.name === name);
        if (
          operation &&
          (origin.path.length === 2 || (origin.path.length === 3 && second === "operations"))
        )
          return { kind: "portOperation", model: operation };
        return undefined;
      }
      const adapter =
        head !== undefined && origin.path.length === 1
          ? this.builtins.adapters.get(head)
          : undefined;
      return adapter ? { kind: "adapter", model: adapter } : undefined;
    }
    if (origin.kind !== "node" || !ts.isCallExpression(origin.node)) return undefined;
    return this.descriptorOfCall(origin.node);
  }

  private descriptorOfCall(node: ts.CallExpression): Descriptor | null | undefined {
    const call = this.calls.get(node);
    if (!call || !DESCRIPTOR_CALLS.has(call.api)) return undefined;
    if (this.memo.has(node)) return this.memo.get(node);
    if (this.inProgress.has(node)) {
      this.report("reference", node, "the descriptor refers to itself");
      return null;
    }
    this.inProgress.add(node);
    let result: Descriptor | null = null;
    try {
      result = this.extract(call);
    } finally {
      this.inProgress.delete(node);
    }
    this.memo.set(node, result);
    return result;
  }

  private extract(call: ApiCall): Descriptor | null {
    switch (call.api) {
      case "portOperation": {
        const model = this.portOperation(call);
        return model ? { kind: "portOperation", model } : null;
      }
      case "definePort": {
        const model = this.port(call);
        return model ? { kind: "port", model } : null;
      }
      case "defineEvent": {
        const model = this.event(call);
        return model ? { kind: "event", model } : null;
      }
      case "defineCommand":
      case "defineQuery": {
        const model = this.operation(call);
        return model ? { kind: "operation", model } : null;
      }
      case "defineInvariant": {
        const model = this.invariant(call);
        return model ? { kind: "invariant", model } : null;
      }
      case "defineContract": {
        const model = this.contract(call);
        return model ? { kind: "contract", model } : null;
      }
      case "defineFeature": {
        const model = this.feature(call);
        return model ? { kind: "feature", model } : null;
      }
      case "implementPort": {
        const model = this.adapter(call);
        return model ? { kind: "adapter", model } : null;
      }
      default:
        return null;
    }
  }

  /** `Port.save`, `contract.schemas`, `op.input`: members of a descriptor are its definition's fields. */
  private descriptorMember(
    origin: Extract<Origin, { kind: "node" }>,
    name: string,
  ): Origin | undefined {
    const node = origin.node;
    if (!ts.isCallExpression(node)) return undefined;
    const call = this.calls.get(node);
    if (!call || !DESCRIPTOR_CALLS.has(call.api)) return undefined;
    const argument = node.arguments[call.api === "implementPort" ? 1 : 0];
    if (!argument) return undefined;
    const definition = this.resolver.resolve(argument);
    if (definition.kind !== "node" || !ts.isObjectLiteralExpression(definition.node))
      return undefined;
    if (
      call.api === "definePort" &&
      name !== "id" &&
      name !== "operations" &&
      name !== "description"
    ) {
      const operations = this.resolver.objectMember(definition.node, "operations", node, 0);
      return this.resolver.member(operations, name, node, 0);
    }
    return this.resolver.objectMember(definition.node, name, node, 0);
  }

  // ---------------------------------------------------------------------------------------
  // Descriptors

  private portOperation(call: ApiCall): PortOperationModel | null {
    const definition = this.definition(call.node);
    if (!definition) return null;
    const id = this.stringField(definition, "id", "id", "portOperation(...)");
    if (id === null) return null;
    const what = `port operation "${id}"`;
    const kindExpression = this.field(definition, "kind");
    let kind: EffectKind = "external";
    const kindValue = kindExpression ? evaluateJson(kindExpression, this.resolver) : undefined;
    if (kindValue?.ok && typeof kindValue.value === "string" && EFFECT_KINDS.has(kindValue.value)) {
      kind = kindValue.value as EffectKind;
    } else {
      this.report(
        "id",
        kindExpression ?? definition,
        `the kind of ${what} is not one of read, write, time, random, external${kindValue && !kindValue.ok ? `: ${kindValue.reason}` : ""}; it is taken as "external"`,
      );
    }
    const inputExpression = this.field(definition, "input");
    const model: PortOperationModel = {
      id,
      kind,
      site: this.site(spanNode(call.node)),
      input: inputExpression ? this.slot(inputExpression) : null,
      output: this.requiredSlot(definition, "output", what),
      errors: this.errors(definition, what),
      port: null,
      name: null,
      usedBy: new Set(),
    };
    this.portOperations.push(model);
    return model;
  }

  private port(call: ApiCall): PortModel | null {
    const definition = this.definition(call.node);
    if (!definition) return null;
    const id = this.stringField(definition, "id", "id", "definePort(...)");
    if (id === null) return null;
    const operations: PortOperationModel[] = [];
    const model: PortModel = {
      id,
      origin: "project",
      binding: bindingName(call.node),
      site: this.site(spanNode(call.node)),
      operations,
      adapters: [],
    };
    const expression = this.field(definition, "operations");
    if (expression) {
      for (const entry of this.objectEntries(expression, `the operations of port "${id}"`)) {
        const operation = this.refer(
          entry.value,
          "portOperation",
          `operation "${entry.key}" of port "${id}"`,
        );
        if (!operation) continue;
        if (operation.port && operation.port !== model) {
          this.conflicts.push({ operation, ports: [operation.port, model] });
          continue;
        }
        operation.port = model;
        operation.name = entry.key;
        operations.push(operation);
      }
    }
    this.ports.push(model);
    return model;
  }

  private event(call: ApiCall): EventModel | null {
    const definition = this.definition(call.node);
    if (!definition) return null;
    const id = this.stringField(definition, "id", "id", "defineEvent(...)");
    if (id === null) return null;
    const versionExpression = this.field(definition, "version");
    const version = versionExpression ? evaluateJson(versionExpression, this.resolver) : undefined;
    if (!version?.ok || typeof version.value !== "number") {
      this.report(
        "id",
        versionExpression ?? definition,
        `the version of event "${id}" is not a literal number${version && !version.ok ? `: ${version.reason}` : ""}`,
      );
    }
    const model: EventModel = {
      id,
      version: version?.ok && typeof version.value === "number" ? version.value : null,
      binding: bindingName(call.node),
      site: this.site(spanNode(call.node))!,
      payload: this.requiredSlot(definition, "payload", `event "${id}"`),
      emittedBy: new Set(),
    };
    this.events.push(model);
    return model;
  }

  private contract(call: ApiCall): ContractModel | null {
    const definition = this.definition(call.node);
    const site = this.site(spanNode(call.node))!;
    if (!definition) return { id: null, site, ports: [], events: [] };
    const id = this.stringField(definition, "id", "id", "defineContract(...)");
    const what = `contract "${id ?? "?"}"`;
    const ports: PortModel[] = [];
    const events: EventModel[] = [];
    const portsExpression = this.field(definition, "ports");
    if (portsExpression) {
      for (const element of this.arrayElements(portsExpression, `the ports of ${what}`)) {
        const port = this.refer(element, "port", `the ports of ${what}`);
        if (port) ports.push(port);
      }
    }
    const eventsExpression = this.field(definition, "events");
    if (eventsExpression) {
      for (const element of this.arrayElements(eventsExpression, `the events of ${what}`)) {
        const event = this.refer(element, "event", `the events of ${what}`);
        if (event) events.push(event);
      }
    }
    const model: ContractModel = { id, site, ports, events };
    this.contracts.push(model);
    return model;
  }

  private invariant(call: ApiCall): InvariantModel | null {
    const definition = this.definition(call.node);
    if (!definition) return null;
    const id = this.stringField(definition, "id", "id", "defineInvariant(...)");
    if (id === null) return null;
    const what = `invariant "${id}"`;
    const dependsOn: ContractModel[] = [];
    const dependsExpression = this.field(definition, "dependsOn");
    if (dependsExpression) {
      for (const element of this.arrayElements(dependsExpression, `the dependsOn of ${what}`)) {
        const contract = this.refer(element, "contract", `the dependsOn of ${what}`);
        if (contract) dependsOn.push(contract);
      }
    }
    const model: InvariantModel = {
      id,
      binding: bindingName(call.node),
      site: this.site(spanNode(call.node))!,
      description: this.optionalString(definition, "description"),
      dependsOn,
      evidence: this.requiredSlot(definition, "evidence", what),
      preservedBy: new Set(),
      assertions: [],
    };
    this.invariants.push(model);
    return model;
  }

  private operation(call: ApiCall): OperationModel | null {
    const definition = this.definition(call.node);
    if (!definition) return null;
    const id = this.stringField(definition, "id", "id", `${call.api}(...)`);
    if (id === null) return null;
    const kind = call.api === "defineQuery" ? "query" : "command";
    const what = `${kind} "${id}"`;
    const permissions: string[] = [];
    const permissionsExpression = this.field(definition, "permissions");
    if (permissionsExpression) {
      for (const element of this.arrayElements(
        permissionsExpression,
        `the permissions of ${what}`,
      )) {
        const value = evaluateJson(element, this.resolver);
        if (value.ok && typeof value.value === "string") permissions.push(value.value);
        else
          this.report(
            "permission",
            element,
            `a permission of ${what} is not a literal string${value.ok ? "" : `: ${value.reason}`}`,
          );
      }
    }
    const effects: { key: string; operation: PortOperationModel }[] = [];
    const effectsExpression = this.field(definition, "effects");
    if (effectsExpression) {
      for (const entry of this.objectEntries(effectsExpression, `the effects of ${what}`)) {
        const operation = this.refer(
          entry.value,
          "portOperation",
          `effect "${entry.key}" of ${what}`,
          () => this.typedPortOperation(entry.value),
        );
        if (operation) effects.push({ key: entry.key, operation });
      }
    }
    const emits: { key: string; event: EventModel }[] = [];
    const emitsExpression = this.field(definition, "emits");
    if (emitsExpression) {
      for (const entry of this.objectEntries(emitsExpression, `the emits of ${what}`)) {
        const event = this.refer(entry.value, "event", `event "${entry.key}" emitted by ${what}`);
        if (event) emits.push({ key: entry.key, event });
      }
    }
    const invariants: InvariantModel[] = [];
    const invariantsExpression = this.field(definition, "invariants");
    if (invariantsExpression) {
      for (const element of this.arrayElements(invariantsExpression, `the invariants of ${what}`)) {
        const invariant = this.refer(element, "invariant", `the invariants of ${what}`);
        if (invariant) invariants.push(invariant);
      }
    }
    const model: OperationModel = {
      id,
      kind,
      binding: bindingName(call.node),
      site: this.site(spanNode(call.node))!,
      call: call.node,
      description: this.optionalString(definition, "description"),
      input: this.requiredSlot(definition, "input", what),
      output: this.requiredSlot(definition, "output", what),
      errors: this.errors(definition, what),
      permissions: [...new Set(permissions)].sort(),
      effects: effects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
      emits: emits.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
      invariants,
      assertions: [],
    };
    for (const effect of effects) effect.operation.usedBy.add(id);
    for (const emit of emits) emit.event.emittedBy.add(id);
    for (const invariant of invariants) invariant.preservedBy.add(id);
    this.operations.push(model);
    return model;
  }

  private feature(call: ApiCall): FeatureDescriptorModel | null {
    const definition = this.definition(call.node);
    const site = this.site(spanNode(call.node))!;
    if (!definition)
      return {
        declaredId: null,
        site,
        contract: null,
        dependencies: [],
        operations: [],
        invariants: [],
      };
    const declaredId = this.stringField(definition, "id", "id", "defineFeature(...)");
    const what = `feature "${declaredId ?? "?"}"`;
    const contractExpression = this.field(definition, "contract");
    const contract = contractExpression
      ? (this.refer(contractExpression, "contract", `the contract of ${what}`) ?? null)
      : null;
    const list = <K extends "contract" | "operation" | "invariant">(name: string, kind: K) => {
      const expression = this.field(definition, name);
      if (!expression) return [];
      const out: ModelOf[K][] = [];
      for (const element of this.arrayElements(expression, `the ${name} of ${what}`)) {
        const model = this.refer(element, kind, `the ${name} of ${what}`);
        if (model) out.push(model);
      }
      return out;
    };
    const model: FeatureDescriptorModel = {
      declaredId,
      site,
      contract,
      dependencies: list("dependencies", "contract"),
      operations: list("operations", "operation"),
      invariants: list("invariants", "invariant"),
    };
    this.features.push(model);
    return model;
  }

  private adapter(call: ApiCall): AdapterModel | null {
    const portExpression = call.node.arguments[0];
    if (!portExpression) {
      this.report("reference", call.node, "implementPort(...) has no port");
      return null;
    }
    const port = this.refer(portExpression, "port", "implementPort");
    if (!port) return null;
    const handlersExpression = call.node.arguments[1];
    const handlers = handlersExpression
      ? this.objectEntries(
          handlersExpression,
          `the handlers of an adapter of port "${port.id}"`,
        ).map((entry) => entry.key)
      : [];
    let name: string | null = null;
    const options = call.node.arguments[2];
    if (options) {
      const value = evaluateJson(options, this.resolver);
      if (
        value.ok &&
        value.value !== null &&
        typeof value.value === "object" &&
        typeof (value.value as Record<string, unknown>)["name"] === "string"
      ) {
        name = (value.value as Record<string, string>)["name"]!;
      } else if (!value.ok) {
        this.report(
          "reference",
          options,
          `the options of an adapter of port "${port.id}" cannot be read statically: ${value.reason}`,
        );
      }
    }
    const model: AdapterModel = {
      port,
      name,
      origin: "project",
      binding: bindingName(call.node),
      site: this.site(spanNode(call.node)),
      handlers: handlers.sort(),
    };
    port.adapters.push(model);
    this.adapters.push(model);
    return model;
  }

  // ---------------------------------------------------------------------------------------
  // Calls that point at descriptors

  /** An adapter expression: an implementPort value, a factory call returning one, a standard adapter or a test double. */
  private adapterOf(
    expression: ts.Expression,
    where: string,
  ): AdapterModel | { port: PortModel | null; name: string | null } | undefined {
    const origin = this.resolver.resolve(expression);
    const found = this.descriptorOfOrigin(origin);
    if (found?.kind === "adapter") return found.model;
    if (found === null) return undefined;
    if (origin.kind === "node" && ts.isCallExpression(origin.node)) {
      const call = origin.node;
      const callee = this.resolver.resolve(call.expression);
      if (
        callee.kind === "external" &&
        isAgentixModule(callee.module) &&
        callee.path.length === 1
      ) {
        const double = callee.path[0]!;
        if (double in TEST_DOUBLES) {
          const builtin = TEST_DOUBLES[double];
          if (builtin) return { port: this.builtins.ports.get(builtin) ?? null, name: double };
          const portArgument = call.arguments[0];
          const port = portArgument ? this.refer(portArgument, "port", where) : undefined;
          return { port: port ?? null, name: double };
        }
      }
      const factory = this.factoryResult(call);
      if (factory) return factory;
    }
    const typed = this.typedAdapterPort(expression);
    if (typed) return { port: typed, name: null };
    this.report(
      "reference",
      expression,
      `${where}: cannot tell which port ${snippet(expression)} implements${origin.kind === "unknown" ? `: ${origin.reason}` : ""}`,
    );
    return undefined;
  }

  /** `sqliteStore(db)`: the adapter a factory function returns, when it returns an implementPort call. */
  private factoryResult(call: ts.CallExpression): AdapterModel | undefined {
    const callee = unwrap(call.expression);
    let declaration: ts.Node | undefined;
    if (ts.isIdentifier(callee)) {
      const binding = this.resolver.lookup(callee);
      if (binding?.kind === "other") declaration = binding.node;
      else if (binding?.kind === "const" && binding.initializer)
        declaration = unwrap(binding.initializer);
      else if (binding?.kind === "import") {
        const reference = this.resolver.reference(callee);
        if (reference) {
          declaration = reference.node;
          if (ts.isVariableDeclaration(declaration) && declaration.initializer)
            declaration = unwrap(declaration.initializer);
        }
      }
    }
    if (!declaration || !ts.isFunctionLike(declaration)) return undefined;
    const body = (declaration as ts.FunctionLikeDeclaration).body;
    if (!body) return undefined;
    const results: ts.Expression[] = [];
    if (!ts.isBlock(body)) results.push(body);
    else {
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionLike(node)) return;
        if (ts.isReturnStatement(node) && node.expression) results.push(node.expression);
        ts.forEachChild(node, visit);
      };
      ts.forEachChild(body, visit);
    }
    for (const result of results) {
      const found = this.descriptorOfOrigin(this.resolver.resolve(result));
      if (found?.kind === "adapter") return found.model;
    }
    return undefined;
  }

  /**
   * A port operation known only from its type (an effect map built from parameters, say): its
   * `id` and `kind` are literal types. The extracted port operation with that id, if any.
   */
  private typedPortOperation(expression: ts.Expression): PortOperationModel | undefined {
    const ids = this.printer.literalsAt(expression, ["id"]);
    const kinds = this.printer.literalsAt(expression, ["kind"]);
    if (ids?.length !== 1 || kinds?.length !== 1 || !EFFECT_KINDS.has(kinds[0]!)) return undefined;
    const id = ids[0]!;
    const known =
      this.portOperations.find((operation) => operation.id === id) ??
      [...this.builtins.ports.values()]
        .flatMap((port) => port.operations)
        .find((operation) => operation.id === id);
    if (known) return known;
    const synthetic: PortOperationModel = {
      id,
      kind: kinds[0] as EffectKind,
      site: null,
      input: null,
      output: {
        schema: null,
        opaque: { reason: "known only from its type", vendor: null, ...this.line(expression) },
        type: "unknown",
        inputType: null,
        typeSource: "schema",
        ref: null,
      },
      errors: [],
      port: null,
      name: null,
      usedBy: new Set(),
    };
    return synthetic;
  }

  /** The port an adapter expression implements, from its type (`Adapter<typeof Payments>`). */
  private typedAdapterPort(expression: ts.Expression): PortModel | undefined {
    const ids = this.printer.literalsAt(expression, ["port", "id"]);
    if (ids?.length !== 1) return undefined;
    const id = ids[0]!;
    return (
      this.ports.find((port) => port.id === id) ??
      [...this.builtins.ports.values()].find((port) => port.id === id)
    );
  }

  private application(call: ApiCall): void {
    const definition = this.definition(call.node);
    if (!definition) return;
    const features: FeatureDescriptorModel[] = [];
    const featuresExpression = this.field(definition, "features");
    if (featuresExpression) {
      for (const element of this.arrayElements(
        featuresExpression,
        "the features of createApplication",
      )) {
        const feature = this.refer(element, "feature", "the features of createApplication");
        if (feature) features.push(feature);
      }
    }
    const adapters: AdapterModel[] = [];
    const adaptersExpression = this.field(definition, "adapters");
    if (adaptersExpression) {
      for (const element of this.arrayElements(
        adaptersExpression,
        "the adapters of createApplication",
      )) {
        const adapter = this.adapterOf(element, "the adapters of createApplication");
        if (adapter && "origin" in adapter) adapters.push(adapter);
        else if (adapter?.port) {
          adapters.push({
            port: adapter.port,
            name: adapter.name,
            origin: "agentix",
            binding: null,
            site: null,
            handlers: [],
          });
        }
      }
    }
    this.applications.push({ site: this.site(spanNode(call.node))!, features, adapters });
  }

  private testCall(call: ApiCall): void {
    const argument = call.node.arguments[0];
    if (!argument) return;
    const operation = this.refer(argument, "operation", `${call.api}(...)`);
    this.testCalls.push({
      site: this.site(call.node)!,
      via: call.api,
      operation: operation ?? null,
      invariant: null,
    });
  }

  private assertion(call: ApiCall): void {
    const argument = call.node.arguments[0];
    const invariant = argument
      ? (this.refer(argument, "invariant", "assertInvariant(...)") ?? null)
      : null;
    const site = this.site(call.node)!;
    const test = this.isTestFile(site.file);
    const operation = this.enclosingOperation(call.node);
    const assertion: AssertionSite = { site, invariant, operation, test };
    this.assertions.push(assertion);
    invariant?.assertions.push(assertion);
    operation?.assertions.push(assertion);
    if (test && invariant) this.testCalls.push({ site, via: call.api, operation: null, invariant });
  }

  /** The defineCommand/defineQuery call whose definition holds the node. */
  private enclosingOperation(node: ts.Node): OperationModel | null {
    for (let current = node.parent; current; current = current.parent) {
      if (ts.isCallExpression(current)) {
        const api = this.calls.get(current)?.api as AgentixCall | undefined;
        if (api === "defineCommand" || api === "defineQuery") {
          const found = this.descriptorOfCall(current);
          return found?.kind === "operation" ? found.model : null;
        }
      }
    }
    return null;
  }
}
