// The result of `agentix check` (schema/cli-check.v1.schema.json): commands/check.ts makes it,
// the workspace layer merges several into one SARIF run.
export const CHECK_RESULT_SCHEMA_VERSION = 1;

/** One problem `agentix check` reports. */
export interface Problem {
  /** violation: an architecture rule (as ESLint reports it); diagnostic: the model; unresolved: not statically known; config: agentix.config.json. */
  readonly source: "violation" | "diagnostic" | "unresolved" | "config";
  readonly severity: "error" | "warning";
  /** A rule id (`agentix/no-private-imports`), a diagnostic code (`duplicate-id`), `unresolved/<kind>` or `config`. */
  readonly rule: string;
  readonly message: string;
  readonly file: string | null;
  readonly line: number | null;
  readonly column: number | null;
  readonly endLine: number | null;
  readonly endColumn: number | null;
  readonly related: readonly { readonly file: string; readonly line: number }[];
}

export interface CheckResult {
  readonly schemaVersion: typeof CHECK_RESULT_SCHEMA_VERSION;
  readonly command: "check";
  readonly ok: boolean;
  readonly summary: {
    readonly errors: number;
    readonly warnings: number;
    readonly features: number;
    readonly operations: number;
    readonly files: number;
  };
  readonly problems: readonly Problem[];
}
