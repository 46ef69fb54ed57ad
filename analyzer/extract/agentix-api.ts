/** The agentix functions whose calls the analyzer reads (from `agentix` and `agentix/testing`). */
export const AGENTIX_CALLS = new Set([
  "portOperation",
  "definePort",
  "defineEvent",
  "defineCommand",
  "defineQuery",
  "defineInvariant",
  "assertInvariant",
  "defineContract",
  "defineFeature",
  "implementPort",
  "createApplication",
  "testCommand",
  "testQuery",
  "replayTrace",
] as const);

export type AgentixCall = typeof AGENTIX_CALLS extends Set<infer T> ? T : never;

/** Calls that create a descriptor value, whose members are its definition's fields. */
export const DESCRIPTOR_CALLS: ReadonlySet<string> = new Set([
  "portOperation",
  "definePort",
  "defineEvent",
  "defineCommand",
  "defineQuery",
  "defineInvariant",
  "defineContract",
  "defineFeature",
  "implementPort",
]);

/** The schema builders of `s` and nothing else. */
export const SCHEMA_BUILDERS: ReadonlySet<string> = new Set([
  "string",
  "number",
  "integer",
  "boolean",
  "literal",
  "enum",
  "array",
  "object",
  "record",
  "optional",
  "union",
  "brand",
  "unknown",
]);
