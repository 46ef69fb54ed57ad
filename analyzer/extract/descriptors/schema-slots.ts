// The schema slots of descriptors (input, output, errors, payloads, evidence): the JSON Schema
// projected from the s.* calls, the TypeScript types beside it, or why it is opaque.
import type { ErrorSlot, SchemaSlot } from "../../index-file/types.js";
import type { ts } from "../../project/ts-morph.js";
import type { ValueResolver } from "../../resolve/values.js";
import type { SchemaProjector } from "../../schema-projection/project-schema.js";
import type { TypePrinter } from "../type-printer.js";
import type { LiteralReader } from "./literal-reader.js";
import type { ExtractionSites } from "./sites.js";
import type { FileFactsCache } from "../file-facts.js";

export class SchemaSlots {
  constructor(
    private readonly resolver: ValueResolver,
    private readonly projector: SchemaProjector,
    private readonly printer: TypePrinter,
    private readonly literals: LiteralReader,
    private readonly sites: ExtractionSites,
    private readonly kept?: FileFactsCache,
  ) {}

  /** The slot of a schema expression; a projected one is kept for the next analysis (file-facts.ts). */
  slot(expression: ts.Expression): SchemaSlot {
    const known = this.kept?.keptSlot(expression);
    if (known) return known;
    const slot = this.read(expression);
    // Only a projected slot: an opaque one asked the checker and reported the problem.
    if (slot.opaque === null && slot.typeSource === "schema") this.kept?.keepSlot(expression, slot);
    return slot;
  }

  private read(expression: ts.Expression): SchemaSlot {
    const projection = this.projector.project(expression);
    const reference = this.resolver.reference(expression);
    const referenceSite = reference ? this.sites.site(reference.node) : null;
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
      const site = this.sites.siteOr(projection.node, expression);
      opaque = {
        reason: projection.reason,
        vendor: projection.vendor ?? null,
        file: site.file.path,
        line: site.file.sourceFile.getLineAndCharacterOfPosition(site.node.getStart()).line + 1,
      };
      if (projection.vendor === undefined)
        this.sites.report("schema", projection.node, projection.reason, expression);
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

  /** The schema of a required field; an opaque slot (reported) when it is missing. */
  required(object: ts.ObjectLiteralExpression, name: string, what: string): SchemaSlot {
    const expression = this.literals.field(object, name);
    if (expression) return this.slot(expression);
    this.sites.report("schema", object, `${what} has no "${name}" schema`);
    return {
      schema: null,
      opaque: { reason: `no "${name}" schema`, vendor: null, ...this.sites.line(object) },
      type: "unknown",
      inputType: null,
      typeSource: "schema",
      ref: null,
    };
  }

  /** The declared errors of a definition, sorted by code. */
  errors(object: ts.ObjectLiteralExpression, what: string): ErrorSlot[] {
    const expression = this.literals.field(object, "errors");
    if (!expression) return [];
    return this.literals
      .objectEntries(expression, `the errors of ${what}`)
      .map((entry) => ({ code: entry.key, schema: this.slot(entry.value) }))
      .sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
  }
}
