// The agentix functions whose calls the analyzer reads (from `agentix`, `agentix/testing` and
// `agentix/testing/property`).

/** Calls that create a descriptor value, whose members are its definition's fields. */
const DESCRIPTOR_CALL_NAMES = [
  "portOperation",
  "definePort",
  "defineEvent",
  "defineCommand",
  "defineQuery",
  "defineInvariant",
  "defineContract",
  "defineFeature",
  "implementPort",
] as const;

/** Calls that only point at descriptors: an application, a test, an assertion. */
const POINTER_CALL_NAMES = [
  "assertInvariant",
  "createApplication",
  "testCommand",
  "testQuery",
  "replayTrace",
  // agentix/testing/property
  "checkOperation",
  "checkInvariant",
  "adapterContract",
  // agentix/testing doubles: which port a test fakes
  "memoryPort",
  "fakeClock",
  "sequentialIds",
] as const;

export type DescriptorCall = (typeof DESCRIPTOR_CALL_NAMES)[number];
export type PointerCall = (typeof POINTER_CALL_NAMES)[number];
export type AgentixCall = DescriptorCall | PointerCall;

export const AGENTIX_CALLS: ReadonlySet<AgentixCall> = new Set<AgentixCall>([
  ...DESCRIPTOR_CALL_NAMES,
  ...POINTER_CALL_NAMES,
]);

export const DESCRIPTOR_CALLS: ReadonlySet<string> = new Set<string>(DESCRIPTOR_CALL_NAMES);

export function isDescriptorCall(api: AgentixCall): api is DescriptorCall {
  return DESCRIPTOR_CALLS.has(api);
}

/** The agentix/testing doubles, and the standard port each fakes (null: the port it is given). */
export const TEST_DOUBLES: Readonly<Record<string, string | null>> = {
  memoryPort: null,
  fakeClock: "Clock",
  sequentialIds: "Ids",
};
