// Stage: the problems the index records: architecture violations (from the shared rule logic),
// diagnostics about the model, and what the analyzer could not resolve.
import { declaredLoads } from "../../schema/declared-loads.js";
import { lineOf, locationOf } from "../extract/location.js";
import type { DiagnosticEntry, UnresolvedEntry, ViolationEntry } from "../index-file/types.js";
import type { BuildContext } from "./context.js";
import { orderBy, withoutRepeats } from "./order.js";

export function violationEntries(violations: readonly ViolationEntry[]): ViolationEntry[] {
  return [...violations].sort(
    orderBy(
      (v) => v.file,
      (v) => v.line,
      (v) => v.column,
      (v) => v.rule,
      (v) => v.message,
    ),
  );
}

/** Every diagnostic the stages before this one recorded, sorted. */
export function diagnosticEntries({ diagnostics }: BuildContext): DiagnosticEntry[] {
  return withDiagnostics(
    diagnostics.items.map((item): DiagnosticEntry => ({
      code: item.code,
      severity: item.severity,
      message: item.message,
      file: item.file ?? item.site?.file.path ?? null,
      line: item.line ?? (item.site ? lineOf(item.site) : null),
      ...(item.column === undefined ? {} : { column: item.column }),
      related: item.related
        .map((site) => ({ file: site.file.path, line: lineOf(site) }))
        .sort(
          orderBy(
            (r) => r.file,
            (r) => r.line,
          ),
        ),
    })),
    [],
  );
}

/**
 * Diagnostics and `more` (unused directives), sorted. The sort is stable: of two with equal keys
 * the first given stays first, so sorted diagnostics completed later give what one sort gives.
 */
export function withDiagnostics(
  diagnostics: readonly DiagnosticEntry[],
  more: readonly DiagnosticEntry[],
): DiagnosticEntry[] {
  return [...diagnostics, ...more].sort(
    orderBy(
      (d) => d.file,
      (d) => d.line,
      (d) => d.column ?? 0,
      (d) => d.code,
      (d) => d.message,
    ),
  );
}

export function unresolvedEntries({ analysis }: BuildContext): UnresolvedEntry[] {
  const declared = declaredLoads(analysis.loaded.config);
  // A non-literal load in a file agentix.config.json `loads` declares is known to the project.
  const known = (item: (typeof analysis.unresolved)[number]) =>
    (item.kind === "dynamic-import" || item.kind === "require") &&
    declared(item.site.file.path) !== undefined;
  const unresolved: UnresolvedEntry[] = analysis.unresolved
    .filter((item) => !known(item))
    .map((item) => {
      const location = locationOf(item.site);
      return {
        kind: item.kind,
        file: location.file,
        line: location.line,
        column: location.column,
        reason: item.reason,
      };
    });
  unresolved.sort(
    orderBy(
      (u) => u.file,
      (u) => u.line,
      (u) => u.column,
      (u) => u.kind,
      (u) => u.reason,
    ),
  );
  return withoutRepeats(unresolved);
}
