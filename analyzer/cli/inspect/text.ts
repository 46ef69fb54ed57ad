// `agentix inspect` as text: an operation or a feature, one labelled line per aspect.
import { listText } from "../../text.js";
import type { FeatureView, OperationView, SlotView } from "./views.js";

const list = (values: readonly string[]): string => listText(values, { empty: "(none)" });

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
