import type { Issue } from "../schema/types.js";
import type { EffectKind } from "../descriptors/port-operation.js";
import type { EmittedEvent } from "../descriptors/event.js";

/** Codes the framework itself returns. Declared error codes are the operation's own. */
export type FrameworkErrorCode =
  | "UNKNOWN_OPERATION"
  | "FORBIDDEN"
  | "INVALID_INPUT"
  | "UNDECLARED_EFFECT"
  | "INVALID_OUTPUT"
  | "DEFECT"
  | "TIMEOUT"
  | "ABORTED";

export const frameworkErrorCodes: readonly FrameworkErrorCode[] = [
  "UNKNOWN_OPERATION",
  "FORBIDDEN",
  "INVALID_INPUT",
  "UNDECLARED_EFFECT",
  "INVALID_OUTPUT",
  "DEFECT",
  "TIMEOUT",
  "ABORTED",
];

export interface FrameworkError {
  readonly code: FrameworkErrorCode;
  readonly message: string;
  readonly details?: FrameworkErrorDetails;
}

/** What each framework code carries in `details`. Never an exception's message or stack. */
export interface FrameworkErrorDetails {
  /** FORBIDDEN: the permissions the principal lacks. */
  readonly missing?: readonly string[];
  /** FORBIDDEN for a malformed principal: what is wrong with it. */
  readonly reason?: string;
  /** INVALID_INPUT, INVALID_OUTPUT: what was wrong (at most 50 issues). A DEFECT never carries them: they go to `onDefect`. */
  readonly issues?: readonly Issue[];
  /** How many issues were found beyond the listed ones. */
  readonly omittedIssues?: number;
  /** UNDECLARED_EFFECT: the effect or event key that is not declared. */
  readonly effect?: string;
  readonly event?: string;
  /** DEFECT at a port boundary: the port operation it happened at. */
  readonly portOperation?: string;
  /**
   * DEFECT at a port or an event: `input` (the operation's call broke the port's input schema,
   * or its foreign validator failed), `output` (the adapter's result broke the port's output
   * schema, or its foreign validator failed), `adapter` (the adapter threw, or none is bound),
   * `validator` (an event payload's foreign validator failed).
   */
  readonly phase?: "input" | "output" | "adapter" | "validator";
  /** DEFECT from assertInvariant. */
  readonly invariant?: string;
  /** INVALID_OUTPUT for `fail` with an undeclared code. */
  readonly code?: string;
  /** TIMEOUT: the deadline the dispatch ran under. */
  readonly timeoutMs?: number;
}

export interface Success<Out> {
  readonly ok: true;
  readonly value: Out;
  /** Emitted events in emission order, each payload a copy taken at `emit` and validated. */
  readonly events: readonly EmittedEvent[];
  readonly trace?: Trace;
}

export interface Failed<Err> {
  readonly ok: false;
  readonly error: Err | FrameworkError;
  readonly trace?: Trace;
}

export type Outcome<Out, Err = never> = Success<Out> | Failed<Err>;

/** One effect call, as the adapter saw it. Plain data: it can be recorded and replayed. */
export interface EffectCall {
  /** The key in the operation's `effects` map. */
  readonly effect: string;
  /** The port operation id. */
  readonly operation: string;
  readonly kind: EffectKind;
  readonly input?: unknown;
  /** What `execute` received (a port outcome for operations that declare errors). */
  readonly output?: unknown;
  /** Set when the call failed at the boundary instead of returning. */
  readonly fault?: FrameworkErrorCode;
}

export interface Trace {
  readonly operation: string;
  readonly effects: readonly EffectCall[];
  readonly events: readonly EmittedEvent[];
}
