// Stage: commands and queries, with their effects, events, invariants, assertions and tests;
// and the reverse map of their permissions.
import { lineOf, locationOf } from "../extract/location.js";
import type { OperationEntry, PermissionEntry } from "../index-file/types.js";
import type { BuildContext } from "./context.js";
import { orderBy, sortedUnique } from "./order.js";
import type { TestLinks } from "./test-links.js";

export function operationEntries(
  { analysis, featureOfSite }: BuildContext,
  tests: TestLinks,
): OperationEntry[] {
  return analysis.descriptors.operations
    .map((operation): OperationEntry => ({
      id: operation.id,
      kind: operation.kind,
      feature: featureOfSite(operation.site),
      name: operation.binding,
      location: locationOf(operation.site),
      description: operation.description,
      input: operation.input,
      output: operation.output,
      errors: operation.errors,
      permissions: operation.permissions,
      effects: operation.effects.map((effect) => ({
        key: effect.key,
        operation: effect.operation.id,
        port: effect.operation.port?.id ?? null,
        kind: effect.operation.kind,
      })),
      emits: operation.emits.map((emit) => ({
        key: emit.key,
        event: emit.event.id,
        version: emit.event.version,
      })),
      invariants: sortedUnique([
        ...operation.invariants.map((invariant) => invariant.id),
        ...operation.assertions.flatMap((assertion) =>
          assertion.invariant ? [assertion.invariant.id] : [],
        ),
      ]),
      assertions: operation.assertions
        .map((assertion) => ({
          invariant: assertion.invariant?.id ?? null,
          line: lineOf(assertion.site),
        }))
        .sort(
          orderBy(
            (a) => a.line,
            (a) => a.invariant,
          ),
        ),
      tests: tests.ofOperation(operation.id),
    }))
    .sort(
      orderBy(
        (o) => o.id,
        (o) => o.location.file,
        (o) => o.location.line,
      ),
    );
}

/** Each permission and the operations that require it. */
export function permissionEntries({ analysis }: BuildContext): PermissionEntry[] {
  const permissionMap = new Map<string, Set<string>>();
  for (const operation of analysis.descriptors.operations) {
    for (const permission of operation.permissions) {
      const set = permissionMap.get(permission) ?? new Set();
      set.add(operation.id);
      permissionMap.set(permission, set);
    }
  }
  return [...permissionMap]
    .map(([permission, ids]) => ({ permission, operations: sortedUnique(ids) }))
    .sort(orderBy((p) => p.permission));
}
