// An AffectedResult with nothing affected, for tests of what is made from one (text, plans);
// each test overrides the fields it is about.
import type { AffectedResult } from "../../analyzer/affected/result.js";

export function affectedResultWith(fields: Partial<AffectedResult>): AffectedResult {
  return {
    schemaVersion: 1,
    command: "affected",
    since: null,
    targets: [],
    changes: [],
    widened: [],
    affected: {
      files: [],
      features: [],
      operations: [],
      ports: [],
      adapters: [],
      events: [],
      invariants: [],
    },
    edges: [],
    tests: { selected: { files: 0, cases: 0 }, total: { files: 0, cases: 0 }, files: [] },
    notes: [],
    ...fields,
  };
}
