// What a feature's contract file exports, and what each export is (a descriptor with its id, an
// s.* schema, a type, or another value).
import type { Analysis } from "../analyze.js";
import type { ContractExport } from "../index-file/types.js";
import type { ProjectFile } from "../project/load-project.js";
import { ts } from "../project/ts-morph.js";
import { orderBy } from "./order.js";

type DescriptorSites = Map<ts.Node, { kind: ContractExport["kind"]; id: string | null }>;

const descriptorSitesCache = new WeakMap<Analysis, DescriptorSites>();

export function contractExports(analysis: Analysis, file: ProjectFile): ContractExport[] {
  const tables = analysis.resolver.tablesOf(file.sourceFile);
  const byCall = descriptorSites(analysis);
  const lineOf = (node: ts.Node) =>
    file.sourceFile.getLineAndCharacterOfPosition(node.getStart(file.sourceFile)).line + 1;
  const out: ContractExport[] = [];
  for (const [name, entry] of tables.exports) {
    if (
      entry.kind === "local" &&
      !tables.bindings.has(entry.local) &&
      tables.types.has(entry.local)
    ) {
      out.push({ name, kind: "type", id: null, line: lineOf(entry.node) });
      continue;
    }
    const origin = analysis.resolver.exportOf(file, name, 0, file.sourceFile);
    let kind: ContractExport["kind"] = "value";
    let id: string | null = null;
    if (origin.kind === "node") {
      const descriptor = findDescriptor(origin.node, byCall);
      if (descriptor) {
        kind = descriptor.kind;
        id = descriptor.id;
      } else if (isSchemaCall(analysis, origin.node)) {
        kind = "schema";
      }
    }
    const exported =
      entry.kind === "local"
        ? entry.node
        : entry.kind === "expression"
          ? entry.expression
          : entry.literal;
    out.push({ name, kind, id, line: lineOf(exported) });
  }
  return out.sort(orderBy((e) => e.name));
}

/** Every descriptor by the node of its site, built once per analysis. */
function descriptorSites(analysis: Analysis): DescriptorSites {
  const cached = descriptorSitesCache.get(analysis);
  if (cached) return cached;
  const descriptors = analysis.descriptors;
  const byCall: DescriptorSites = new Map();
  for (const m of descriptors.ports)
    if (m.site) byCall.set(m.site.node, { kind: "port", id: m.id });
  for (const m of descriptors.events) byCall.set(m.site.node, { kind: "event", id: m.id });
  for (const m of descriptors.contracts) byCall.set(m.site.node, { kind: "contract", id: m.id });
  for (const m of descriptors.operations) byCall.set(m.site.node, { kind: "operation", id: m.id });
  for (const m of descriptors.invariants) byCall.set(m.site.node, { kind: "invariant", id: m.id });
  for (const m of descriptors.features)
    byCall.set(m.site.node, { kind: "feature", id: m.declaredId });
  for (const m of descriptors.adapters)
    if (m.site) byCall.set(m.site.node, { kind: "adapter", id: m.port.id });
  descriptorSitesCache.set(analysis, byCall);
  return byCall;
}

function findDescriptor(node: ts.Node, byCall: DescriptorSites) {
  // Descriptor sites are the variable statement (or the call): match either.
  const direct = byCall.get(node);
  if (direct) return direct;
  let current: ts.Node | undefined = node.parent;
  for (let depth = 0; current && depth < 4; depth += 1, current = current.parent) {
    const found = byCall.get(current);
    if (found) return found;
  }
  return undefined;
}

function isSchemaCall(analysis: Analysis, node: ts.Node): boolean {
  if (!ts.isCallExpression(node)) return false;
  const callee = analysis.resolver.resolve(node.expression);
  return (
    callee.kind === "external" &&
    callee.module === "agentix" &&
    callee.path.length === 2 &&
    callee.path[0] === "s"
  );
}
