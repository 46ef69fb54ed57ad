// What the type checker can still tell when a reference cannot be followed statically: a port
// operation or an adapter's port pinned by literal types (an effect map built from parameters,
// an `Adapter<typeof Payments>`).
import type { EffectKind } from "../../index-file/types.js";
import type { ts } from "../../project/ts-morph.js";
import type { PortModel, PortOperationModel } from "../model.js";
import { EFFECT_KINDS } from "./descriptor-kind.js";
import type { ReadContext } from "./read-context.js";

/**
 * A port operation known only from its type: its `id` and `kind` are literal types. The
 * extracted port operation with that id, else a model of it without a schema.
 */
export function typedPortOperation(
  expression: ts.Expression,
  { printer, models, sites }: ReadContext,
): PortOperationModel | undefined {
  const ids = printer.literalsAt(expression, ["id"]);
  const kinds = printer.literalsAt(expression, ["kind"]);
  if (ids?.length !== 1 || kinds?.length !== 1 || !EFFECT_KINDS.has(kinds[0]!)) return undefined;
  const id = ids[0]!;
  const known =
    models.portOperations.find((operation) => operation.id === id) ??
    [...models.builtins.ports.values()]
      .flatMap((port) => port.operations)
      .find((operation) => operation.id === id);
  if (known) return known;
  return {
    id,
    kind: kinds[0] as EffectKind,
    site: null,
    input: null,
    output: {
      schema: null,
      opaque: { reason: "known only from its type", vendor: null, ...sites.line(expression) },
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
}

/** The port an adapter expression implements, from its type (`Adapter<typeof Payments>`). */
export function typedAdapterPort(
  expression: ts.Expression,
  { printer, models }: ReadContext,
): PortModel | undefined {
  const ids = printer.literalsAt(expression, ["port", "id"]);
  if (ids?.length !== 1) return undefined;
  const id = ids[0]!;
  return (
    models.ports.find((port) => port.id === id) ??
    [...models.builtins.ports.values()].find((port) => port.id === id)
  );
}
