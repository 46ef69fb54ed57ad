// Stage: invariants, with the operations that preserve them, where they are asserted, and tests.
import { lineOf, locationOf } from "../extract/location.js";
import type { InvariantEntry } from "../index-file/types.js";
import type { BuildContext } from "./context.js";
import { orderBy, sortedUnique } from "./order.js";
import type { TestLinks } from "./test-links.js";

export function invariantEntries(
  { analysis, featureOfSite }: BuildContext,
  tests: TestLinks,
): InvariantEntry[] {
  return analysis.descriptors.invariants
    .map((invariant): InvariantEntry => ({
      id: invariant.id,
      feature: featureOfSite(invariant.site),
      name: invariant.binding,
      location: locationOf(invariant.site),
      description: invariant.description,
      dependsOn: sortedUnique(
        invariant.dependsOn.map((contract) => featureOfSite(contract.site) ?? contract.id ?? "?"),
      ),
      evidence: invariant.evidence,
      preservedBy: sortedUnique(invariant.preservedBy),
      assertions: invariant.assertions
        .map((assertion) => ({
          file: assertion.site.file.path,
          line: lineOf(assertion.site),
          operation: assertion.operation?.id ?? null,
          test: assertion.test,
        }))
        .sort(
          orderBy(
            (a) => a.file,
            (a) => a.line,
          ),
        ),
      tests: tests.ofInvariant(invariant.id),
    }))
    .sort(
      orderBy(
        (i) => i.id,
        (i) => i.location.file,
        (i) => i.location.line,
      ),
    );
}
