import { s } from "../schema/builders.js";
import { frameworkErrorCodes, type FrameworkErrorCode } from "../application/outcome.js";
import type { Infer } from "../schema/types.js";

const effectKind = s.enum(["read", "write", "time", "random", "external"]);
const frameworkCode = s.enum(frameworkErrorCodes as readonly [FrameworkErrorCode, ...FrameworkErrorCode[]]);
// `input`, a success's `value` and an event's `payload` may be absent: that is how JSON holds an
// `undefined` one (JSON.stringify leaves the key out), and what replay reads back as undefined.
const event = s.object({ event: s.string(), version: s.integer({ minimum: 1 }), payload: s.optional(s.unknown()) });

/** A recorded run: plain, schema-versioned JSON data (no functions), replayable with `replayTrace`. */
export const TraceRecording = s.object(
  {
    schemaVersion: s.literal(1),
    operation: s.string({ minLength: 1 }),
    input: s.optional(s.unknown()),
    principal: s.union([s.object({ id: s.string(), permissions: s.array(s.string()) }), s.literal(null)]),
    effects: s.array(
      s.object({
        effect: s.string(),
        operation: s.string(),
        kind: effectKind,
        input: s.optional(s.unknown()),
        output: s.optional(s.unknown()),
        fault: s.optional(frameworkCode),
      }),
    ),
    events: s.array(event),
    outcome: s.union([
      s.object({ ok: s.literal(true), value: s.optional(s.unknown()) }),
      s.object({
        ok: s.literal(false),
        error: s.object({ code: s.string(), message: s.optional(s.string()), details: s.optional(s.unknown()) }),
      }),
    ]),
  },
  { title: "agentix trace recording v1" },
);

export type TraceRecording = Infer<typeof TraceRecording>;
