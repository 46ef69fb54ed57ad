// agentix/testing: run one operation through the real dispatch sequence with fakes,
// assert what it did, and record/replay runs as plain data.
export { testCommand, testQuery } from "./harness.js";
export type { HarnessOptions, OperationRun } from "./harness.js";
export { memoryPort } from "./memory-port.js";
export type { FakeAnswer, FakeAnswers, FakeCall, MemoryAdapter } from "./memory-port.js";
export { fakeClock } from "./fake-clock.js";
export type { FakeClock } from "./fake-clock.js";
export { sequentialIds } from "./sequential-ids.js";
export type { SequentialIds } from "./sequential-ids.js";
export { assertEffects, assertEvents, assertNoEffects } from "./assertions.js";
export type { ExpectedEvent } from "./assertions.js";
export { recordTrace, replayTrace } from "./replay.js";
export { TraceRecording } from "./trace-recording.js";
export { MissingFakeData } from "./missing-fake-data.js";
