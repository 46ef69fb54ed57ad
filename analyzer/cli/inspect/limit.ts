// Keeps `agentix inspect <operation> --json` within OPERATION_JSON_LIMIT bytes: JSON Schemas are
// left out (--full shows them), then the largest collections are halved, then long types are
// shortened, each step recorded in `omitted`.
import { jsonOutput } from "../json-output.js";
import type { FeatureView, OperationView, SlotView } from "./views.js";

/** The hard limit of `inspect <operation> --json` output (without --full), in bytes. */
export const OPERATION_JSON_LIMIT = 8 * 1024;

/** A collection or field summarised to fit the size limit, or left out by default. */
export interface Omission {
  /** A JSON pointer into the result (`/operation/tests`), or `schema` for every JSON Schema. */
  readonly path: string;
  readonly total: number;
  readonly shown: number;
  readonly reason: string;
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

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const byteLength = (text: string) => Buffer.byteLength(text, "utf8");

const COLLECTIONS = ["tests", "effects", "errors", "permissions", "emits", "invariants"] as const;

const SUMMARISED = `summarised to keep the result within ${OPERATION_JSON_LIMIT} bytes; --full shows everything`;

/** What the result leaves out, one entry per path (a later step on the same path replaces it). */
class Omissions {
  readonly list: Omission[] = [];

  constructor(schemaCount: number) {
    if (schemaCount > 0)
      this.list.push({
        path: "schema",
        total: schemaCount,
        shown: 0,
        reason: "JSON Schemas are left out; `agentix inspect <operation> --full` shows them",
      });
  }

  record(path: string, total: number, shown: number, reason: string): void {
    const existing = this.list.findIndex((o) => o.path === path);
    const entry = { path, total, shown, reason };
    if (existing >= 0) this.list[existing] = entry;
    else this.list.push(entry);
  }
}

/** The operation result within OPERATION_JSON_LIMIT bytes (as printed). */
export function limitOperationResult(
  view: OperationView,
  compact: boolean,
  schemaCount: number,
): InspectResult {
  const omitted = new Omissions(schemaCount);
  const operation = structuredClone(view) as Mutable<OperationView>;
  const result = () => ({
    schemaVersion: 1 as const,
    command: "inspect" as const,
    kind: "operation" as const,
    full: false,
    operation,
    omitted: omitted.list,
  });
  const size = () => byteLength(jsonOutput(result(), compact));
  while (size() > OPERATION_JSON_LIMIT) {
    if (halveLargestCollection(operation, view, omitted)) continue;
    if (!shortenLongestText(operation, omitted)) break;
  }
  return result();
}

/** Halves the largest non-empty collection; false when every one is empty. */
function halveLargestCollection(
  operation: Mutable<OperationView>,
  view: OperationView,
  omitted: Omissions,
): boolean {
  let largest: (typeof COLLECTIONS)[number] | undefined;
  let largestSize = 0;
  for (const name of COLLECTIONS) {
    const items = operation[name] as readonly unknown[];
    if (items.length === 0) continue;
    const bytes = byteLength(JSON.stringify(items));
    if (bytes > largestSize) {
      largest = name;
      largestSize = bytes;
    }
  }
  if (largest === undefined) return false;
  const items = operation[largest] as readonly unknown[];
  const keep = Math.floor(items.length / 2);
  (operation as Record<string, unknown>)[largest] = items.slice(0, keep);
  omitted.record(`/operation/${largest}`, view[largest].length, keep, SUMMARISED);
  return true;
}

/** Shortens the longest type or description over 64 characters; false when there is none. */
function shortenLongestText(operation: Mutable<OperationView>, omitted: Omissions): boolean {
  const slot = (name: "input" | "output", field: "type" | "inputType") => ({
    path: `/operation/${name}/${field}`,
    get: () => operation[name][field],
    set: (v: string) => ((operation[name] as Mutable<SlotView>)[field] = v),
  });
  const texts: { path: string; get: () => string | null; set: (v: string) => void }[] = [
    slot("input", "type"),
    slot("input", "inputType"),
    slot("output", "type"),
    slot("output", "inputType"),
    {
      path: "/operation/description",
      get: () => operation.description,
      set: (v) => (operation.description = v),
    },
  ];
  const longest = texts
    .filter((t) => (t.get()?.length ?? 0) > 64)
    .sort((a, b) => (b.get()?.length ?? 0) - (a.get()?.length ?? 0))[0];
  if (!longest) return false;
  const text = longest.get()!;
  const keep = Math.max(64, Math.floor(text.length / 2));
  longest.set(`${text.slice(0, keep)}…`);
  omitted.record(
    longest.path,
    text.length,
    keep,
    `shortened (characters) to keep the result within ${OPERATION_JSON_LIMIT} bytes`,
  );
  return true;
}
