import type {
  AgentixIndex,
  FeatureEntry,
  Location,
  OperationEntry,
  SchemaSlot,
} from "../../index-file/types.js";
import { compareText } from "../../project/paths.js";
import { JSON_FLAGS, jsonFlags, parseVerbArgs } from "../args.js";
import { UsageError } from "../../errors.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { projectIndex, jsonOutput } from "../project.js";
import type { Command } from "./command.js";

export const INSPECT_RESULT_SCHEMA_VERSION = 1;
/** The hard limit of `inspect <operation> --json` output (without --full), in bytes. */
export const OPERATION_JSON_LIMIT = 8 * 1024;

export interface SlotView {
  readonly type: string;
  readonly inputType: string | null;
  /** `Name (file:line)` of the constant the schema comes from, or null when inline. */
  readonly ref: string | null;
  /** Why the schema is opaque, or null when it is projected. */
  readonly opaque: string | null;
  /** The JSON Schema (only with --full). */
  readonly schema?: Record<string, unknown> | null;
}

/** A collection or field summarised to fit the size limit, or left out by default. */
export interface Omission {
  /** A JSON pointer into the result (`/operation/tests`), or `schema` for every JSON Schema. */
  readonly path: string;
  readonly total: number;
  readonly shown: number;
  readonly reason: string;
}

export interface OperationView {
  readonly id: string;
  readonly kind: "command" | "query";
  readonly feature: string | null;
  readonly name: string | null;
  readonly location: string;
  readonly description: string | null;
  readonly input: SlotView;
  readonly output: SlotView;
  readonly errors: readonly ({ readonly code: string } & SlotView)[];
  readonly permissions: readonly string[];
  readonly effects: readonly {
    readonly key: string;
    readonly operation: string;
    readonly port: string | null;
    readonly kind: string;
    readonly adapters: readonly string[];
  }[];
  readonly emits: readonly {
    readonly key: string;
    readonly event: string;
    readonly version: number | null;
  }[];
  readonly invariants: readonly {
    readonly id: string;
    readonly location: string | null;
    readonly asserted: readonly number[];
  }[];
  readonly tests: readonly { readonly file: string; readonly by: string }[];
  readonly context: {
    readonly contract: string | null;
    readonly dependencies: readonly string[];
    readonly consumers: readonly string[];
  };
}

export interface FeatureView {
  readonly id: string;
  readonly directory: string;
  readonly declaredId: string | null;
  readonly descriptor: string | null;
  readonly contract: {
    readonly file: string;
    readonly id: string | null;
    readonly exports: readonly {
      readonly name: string;
      readonly kind: string;
      readonly id: string | null;
    }[];
  } | null;
  readonly dependencies: {
    readonly declared: readonly string[];
    readonly imported: readonly string[];
  };
  readonly consumers: readonly string[];
  readonly operations: readonly {
    readonly id: string;
    readonly kind: string;
    readonly permissions: readonly string[];
    readonly location: string;
  }[];
  readonly ports: readonly {
    readonly id: string;
    readonly operations: readonly string[];
    readonly adapters: readonly string[];
  }[];
  readonly events: readonly {
    readonly id: string;
    readonly version: number | null;
    readonly emittedBy: readonly string[];
  }[];
  readonly invariants: readonly {
    readonly id: string;
    readonly preservedBy: readonly string[];
    readonly dependsOn: readonly string[];
  }[];
  readonly tests: readonly string[];
  readonly files: readonly string[];
}

export type InspectResult =
  | {
      readonly schemaVersion: 1;
      readonly command: "inspect";
      readonly kind: "operation";
      readonly full: boolean;
      readonly operation: OperationView;
      readonly omitted: readonly Omission[];
    }
  | {
      readonly schemaVersion: 1;
      readonly command: "inspect";
      readonly kind: "feature";
      readonly full: boolean;
      readonly feature: FeatureView;
      readonly omitted: readonly Omission[];
    };

function at(location: Location | null): string | null {
  if (!location) return null;
  return location.endLine !== location.line
    ? `${location.file}:${location.line}-${location.endLine}`
    : `${location.file}:${location.line}`;
}

function slotView(slot: SchemaSlot, full: boolean): SlotView {
  return {
    type: slot.type,
    inputType: slot.inputType,
    ref: slot.ref ? `${slot.ref.name} (${slot.ref.file}:${slot.ref.line})` : null,
    opaque: slot.opaque ? `${slot.opaque.reason} (${slot.opaque.file}:${slot.opaque.line})` : null,
    ...(full ? { schema: slot.schema } : {}),
  };
}

export function operationView(
  index: AgentixIndex,
  operation: OperationEntry,
  full: boolean,
): OperationView {
  const feature = index.features.find((f) => f.id === operation.feature);
  const adaptersOf = (portId: string | null) =>
    index.ports
      .find((port) => port.id === portId)
      ?.adapters.map((adapter) => adapter.name ?? "(unnamed)") ?? [];
  return {
    id: operation.id,
    kind: operation.kind,
    feature: operation.feature,
    name: operation.name,
    location: at(operation.location)!,
    description: operation.description,
    input: slotView(operation.input, full),
    output: slotView(operation.output, full),
    errors: operation.errors.map((error) => ({
      code: error.code,
      ...slotView(error.schema, full),
    })),
    permissions: operation.permissions,
    effects: operation.effects.map((effect) => ({
      ...effect,
      adapters: [...new Set(adaptersOf(effect.port))].sort(compareText),
    })),
    emits: operation.emits,
    invariants: operation.invariants.map((id) => {
      const invariant = index.invariants.find((i) => i.id === id);
      return {
        id,
        location: at(invariant?.location ?? null),
        asserted: operation.assertions.filter((a) => a.invariant === id).map((a) => a.line),
      };
    }),
    tests: operation.tests,
    context: {
      contract: feature?.contract?.file ?? null,
      dependencies: feature?.dependencies.declared ?? [],
      consumers: feature?.consumers ?? [],
    },
  };
}

export function featureView(index: AgentixIndex, feature: FeatureEntry): FeatureView {
  return {
    id: feature.id,
    directory: feature.directory,
    declaredId: feature.declaredId,
    descriptor: at(feature.descriptor),
    contract: feature.contract
      ? {
          file: feature.contract.file,
          id: feature.contract.id,
          exports: feature.contract.exports.map((e) => ({ name: e.name, kind: e.kind, id: e.id })),
        }
      : null,
    dependencies: feature.dependencies,
    consumers: feature.consumers,
    operations: feature.operations.map((id) => {
      const operation = index.operations.find((o) => o.id === id)!;
      return {
        id,
        kind: operation.kind,
        permissions: operation.permissions,
        location: at(operation.location)!,
      };
    }),
    ports: feature.ports.map((id) => {
      const port = index.ports.find((p) => p.id === id)!;
      return {
        id,
        operations: port.operations.map((o) => o.id),
        adapters: port.adapters.map((a) => a.name ?? "(unnamed)"),
      };
    }),
    events: feature.events.map((id) => {
      const event = index.events.find((e) => e.id === id)!;
      return { id, version: event.version, emittedBy: event.emittedBy };
    }),
    invariants: feature.invariants.map((id) => {
      const invariant = index.invariants.find((i) => i.id === id)!;
      return { id, preservedBy: invariant.preservedBy, dependsOn: invariant.dependsOn };
    }),
    tests: feature.tests,
    files: feature.files,
  };
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const byteLength = (text: string) => Buffer.byteLength(text, "utf8");

/**
 * The operation result within OPERATION_JSON_LIMIT bytes (as printed): JSON Schemas are left
 * out (listed in `omitted`; --full shows them), then the largest collections are halved, then
 * long types are shortened, each step recorded in `omitted`, until it fits.
 */
export function limitOperationResult(
  view: OperationView,
  compact: boolean,
  schemaCount: number,
): InspectResult {
  const omitted: Omission[] = [];
  if (schemaCount > 0)
    omitted.push({
      path: "schema",
      total: schemaCount,
      shown: 0,
      reason: "JSON Schemas are left out; `agentix inspect <operation> --full` shows them",
    });
  const operation = structuredClone(view) as Mutable<OperationView>;
  const result = () => ({
    schemaVersion: 1 as const,
    command: "inspect" as const,
    kind: "operation" as const,
    full: false,
    operation,
    omitted,
  });
  const size = () => byteLength(jsonOutput(result(), compact));
  const collections = ["tests", "effects", "errors", "permissions", "emits", "invariants"] as const;
  const totals = new Map<string, number>(collections.map((name) => [name, view[name].length]));
  const record = (path: string, total: number, shown: number, reason: string) => {
    const existing = omitted.findIndex((o) => o.path === path);
    const entry = { path, total, shown, reason };
    if (existing >= 0) omitted[existing] = entry;
    else omitted.push(entry);
  };
  const REASON = `summarised to keep the result within ${OPERATION_JSON_LIMIT} bytes; --full shows everything`;
  while (size() > OPERATION_JSON_LIMIT) {
    // Halve the largest non-empty collection.
    let largest: (typeof collections)[number] | undefined;
    let largestSize = 0;
    for (const name of collections) {
      const items = operation[name] as readonly unknown[];
      if (items.length === 0) continue;
      const bytes = byteLength(JSON.stringify(items));
      if (bytes > largestSize) {
        largest = name;
        largestSize = bytes;
      }
    }
    if (largest !== undefined) {
      const items = operation[largest] as readonly unknown[];
      const keep = Math.floor(items.length / 2);
      (operation as Record<string, unknown>)[largest] = items.slice(0, keep);
      record(`/operation/${largest}`, totals.get(largest)!, keep, REASON);
      continue;
    }
    // Then shorten the longest type or description.
    const texts: { path: string; get: () => string | null; set: (v: string) => void }[] = [
      {
        path: "/operation/input/type",
        get: () => operation.input.type,
        set: (v) => ((operation.input as Mutable<SlotView>).type = v),
      },
      {
        path: "/operation/input/inputType",
        get: () => operation.input.inputType,
        set: (v) => ((operation.input as Mutable<SlotView>).inputType = v),
      },
      {
        path: "/operation/output/type",
        get: () => operation.output.type,
        set: (v) => ((operation.output as Mutable<SlotView>).type = v),
      },
      {
        path: "/operation/output/inputType",
        get: () => operation.output.inputType,
        set: (v) => ((operation.output as Mutable<SlotView>).inputType = v),
      },
      {
        path: "/operation/description",
        get: () => operation.description,
        set: (v) => (operation.description = v),
      },
    ];
    const longest = texts
      .filter((t) => (t.get()?.length ?? 0) > 64)
      .sort((a, b) => (b.get()?.length ?? 0) - (a.get()?.length ?? 0))[0];
    if (!longest) break;
    const text = longest.get()!;
    const keep = Math.max(64, Math.floor(text.length / 2));
    longest.set(`${text.slice(0, keep)}…`);
    record(
      longest.path,
      text.length,
      keep,
      `shortened (characters) to keep the result within ${OPERATION_JSON_LIMIT} bytes`,
    );
  }
  return result();
}

function list(values: readonly string[]): string {
  return values.length === 0 ? "(none)" : values.join(", ");
}

function slotText(label: string, slot: SlotView, full: boolean): string[] {
  const lines = [`  ${label.padEnd(12)} ${slot.ref ?? "(inline)"}`];
  lines.push(`  ${"".padEnd(12)} ${slot.type}`);
  if (slot.inputType !== null) lines.push(`  ${"".padEnd(12)} callers pass: ${slot.inputType}`);
  if (slot.opaque !== null) lines.push(`  ${"".padEnd(12)} opaque: ${slot.opaque}`);
  if (full && slot.schema)
    lines.push(
      ...JSON.stringify(slot.schema, null, 2)
        .split("\n")
        .map((line) => `  ${"".padEnd(12)} ${line}`),
    );
  return lines;
}

export function operationText(view: OperationView, full: boolean): string {
  const lines = [`${view.id} (${view.kind}) ${view.location}`];
  if (view.description) lines.push(`  ${view.description}`);
  lines.push(
    `  ${"feature".padEnd(12)} ${view.feature ?? "(outside features)"}${view.context.contract ? ` (contract ${view.context.contract})` : ""}`,
  );
  lines.push(...slotText("input", view.input, full), ...slotText("output", view.output, full));
  if (view.errors.length === 0) lines.push(`  ${"errors".padEnd(12)} (none)`);
  view.errors.forEach((error, index) => {
    lines.push(
      `  ${(index === 0 ? "errors" : "").padEnd(12)} ${error.code}: ${error.ref ?? error.type}${error.opaque ? ` (opaque: ${error.opaque})` : ""}`,
    );
    if (full && error.schema)
      lines.push(
        ...JSON.stringify(error.schema, null, 2)
          .split("\n")
          .map((line) => `  ${"".padEnd(14)} ${line}`),
      );
  });
  lines.push(`  ${"permissions".padEnd(12)} ${list(view.permissions)}`);
  if (view.effects.length === 0) lines.push(`  ${"effects".padEnd(12)} (none)`);
  const keyWidth = Math.max(0, ...view.effects.map((e) => e.key.length));
  const opWidth = Math.max(0, ...view.effects.map((e) => e.operation.length));
  view.effects.forEach((effect, index) => {
    lines.push(
      `  ${(index === 0 ? "effects" : "").padEnd(12)} ${effect.key.padEnd(keyWidth)}  ${effect.operation.padEnd(opWidth)}  ${effect.kind.padEnd(8)} adapters: ${list(effect.adapters)}`,
    );
  });
  lines.push(
    `  ${"emits".padEnd(12)} ${view.emits.length === 0 ? "(none)" : view.emits.map((e) => `${e.key} -> ${e.event}${e.version === null ? "" : ` v${e.version}`}`).join(", ")}`,
  );
  lines.push(
    `  ${"invariants".padEnd(12)} ${view.invariants.length === 0 ? "(none)" : view.invariants.map((i) => `${i.id}${i.asserted.length > 0 ? ` (asserted at line ${i.asserted.join(", ")})` : " (never asserted here)"}`).join(", ")}`,
  );
  if (view.tests.length === 0) lines.push(`  ${"tests".padEnd(12)} (none linked)`);
  view.tests.forEach((test, index) =>
    lines.push(`  ${(index === 0 ? "tests" : "").padEnd(12)} ${test.file} [${test.by}]`),
  );
  lines.push(`  ${"depends on".padEnd(12)} ${list(view.context.dependencies)}`);
  lines.push(`  ${"consumers".padEnd(12)} ${list(view.context.consumers)}`);
  return `${lines.join("\n")}\n`;
}

export function featureText(view: FeatureView): string {
  const lines = [`${view.id} ${view.directory}`];
  if (view.declaredId !== null && view.declaredId !== view.id)
    lines.push(`  declared id  "${view.declaredId}" (does not match the folder)`);
  lines.push(
    `  ${"contract".padEnd(12)} ${view.contract ? `${view.contract.file}${view.contract.id ? ` (id "${view.contract.id}")` : ""}` : "(none)"}`,
  );
  if (view.contract)
    lines.push(
      `  ${"exports".padEnd(12)} ${list(view.contract.exports.map((e) => `${e.name} (${e.kind})`))}`,
    );
  lines.push(`  ${"descriptor".padEnd(12)} ${view.descriptor ?? "(none)"}`);
  lines.push(`  ${"depends on".padEnd(12)} ${list(view.dependencies.declared)}`);
  const undeclared = view.dependencies.imported.filter(
    (id) => !view.dependencies.declared.includes(id),
  );
  if (undeclared.length > 0)
    lines.push(`  ${"imports".padEnd(12)} ${list(undeclared)} (not declared)`);
  lines.push(`  ${"consumers".padEnd(12)} ${list(view.consumers)}`);
  lines.push(
    `  ${"operations".padEnd(12)} ${list(view.operations.map((o) => `${o.id} (${o.kind})`))}`,
  );
  lines.push(
    `  ${"ports".padEnd(12)} ${list(view.ports.map((p) => `${p.id} [${p.operations.length} op${p.operations.length === 1 ? "" : "s"}; adapters: ${list(p.adapters)}]`))}`,
  );
  lines.push(
    `  ${"events".padEnd(12)} ${list(view.events.map((e) => `${e.id}${e.version === null ? "" : ` v${e.version}`} (emitted by ${list(e.emittedBy)})`))}`,
  );
  lines.push(
    `  ${"invariants".padEnd(12)} ${list(view.invariants.map((i) => `${i.id} (preserved by ${list(i.preservedBy)})`))}`,
  );
  lines.push(`  ${"tests".padEnd(12)} ${list(view.tests)}`);
  lines.push(
    `  ${"files".padEnd(12)} ${view.files.length} (${list(view.files.map((f) => f.slice(view.directory.length + 1)))})`,
  );
  return `${lines.join("\n")}\n`;
}

function schemaSlots(operation: OperationEntry): number {
  return [operation.input, operation.output, ...operation.errors.map((e) => e.schema)].filter(
    (slot) => slot.schema !== null,
  ).length;
}

/** Close names for an unknown target (same prefix, or a small edit distance). */
function suggestions(target: string, names: readonly string[]): string[] {
  const distance = (a: string, b: string): number => {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i += 1) {
      let previous = row[0]!;
      row[0] = i;
      for (let j = 1; j <= b.length; j += 1) {
        const current = row[j]!;
        row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
        previous = current;
      }
    }
    return row[b.length]!;
  };
  return names
    .map((name) => ({ name, score: name.startsWith(target) ? 0 : distance(target, name) }))
    .filter((entry) => entry.score <= Math.max(2, Math.floor(target.length / 5)))
    .sort((a, b) => a.score - b.score || compareText(a.name, b.name))
    .slice(0, 5)
    .map((entry) => entry.name);
}

export const inspectCommand: Command = {
  name: "inspect",
  summary: "a feature or an operation: contract, effects, consumers, tests",
  usage: `Usage: agentix inspect <feature|operation> [--full] [--json [--compact]] [--project <tsconfig>] [--root <dir>]

Shows where a feature's or an operation's contract is, what it may read, change, emit or
call, its invariants, consumers and linked tests. An operation's --json result is at most
${OPERATION_JSON_LIMIT} bytes: JSON Schemas are left out and long collections summarised,
each listed in "omitted"; --full shows everything. Prefix the name with feature: or
operation: when a feature and an operation share it.

Options:
  --full               include JSON Schemas and never summarise
  --json               print JSON (schema/cli-inspect.v1.schema.json)
  --compact            with --json: one line
  -p, --project <file> the tsconfig.json to analyse (default: <root>/tsconfig.json)
  --root <dir>         the project root (default: the tsconfig's folder, else the working directory)
  -h, --help           show this help

Exit codes: 0 shown, 2 bad invocation or unknown name, 3 internal error.`,
  run(args: readonly string[], io: CliIO): ExitCode {
    const { values, positionals } = parseVerbArgs(
      "inspect",
      args,
      { full: { type: "boolean" }, ...JSON_FLAGS },
      1,
    );
    const target = positionals[0];
    if (target === undefined)
      throw new UsageError("name a feature or an operation to inspect", "inspect");
    const { format, compact } = jsonFlags("inspect", values);
    const { index } = projectIndex(values, io);
    const full = values.full === true;
    const wanted = /^(feature|operation):/u.exec(target)?.[1];
    const name = wanted ? target.slice(wanted.length + 1) : target;
    const operation =
      wanted !== "feature" ? index.operations.find((o) => o.id === name) : undefined;
    const feature =
      wanted !== "operation" && !operation ? index.features.find((f) => f.id === name) : undefined;
    if (operation) {
      const view = operationView(index, operation, full);
      if (format === "json") {
        const result: InspectResult = full
          ? {
              schemaVersion: 1,
              command: "inspect",
              kind: "operation",
              full: true,
              operation: view,
              omitted: [],
            }
          : limitOperationResult(view, compact, schemaSlots(operation));
        io.stdout(jsonOutput(result, compact));
      } else {
        io.stdout(operationText(view, full));
      }
      return EXIT.ok;
    }
    if (feature) {
      const view = featureView(index, feature);
      if (format === "json")
        io.stdout(
          jsonOutput(
            {
              schemaVersion: 1,
              command: "inspect",
              kind: "feature",
              full,
              feature: view,
              omitted: [],
            } satisfies InspectResult,
            compact,
          ),
        );
      else io.stdout(featureText(view));
      return EXIT.ok;
    }
    const names = [...index.features.map((f) => f.id), ...index.operations.map((o) => o.id)];
    const close = suggestions(name, names);
    throw new UsageError(
      `no feature or operation "${name}"${close.length > 0 ? `; did you mean ${close.join(", ")}?` : ""} (features: ${list(index.features.map((f) => f.id))})`,
      "inspect",
    );
  },
};
