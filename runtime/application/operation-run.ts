import type { Issue, SafeParseResult } from "../schema/types.js";
import type { AnyPortOperation, HandlerContext } from "../descriptors/port-operation.js";
import type { EmittedEvent } from "../descriptors/event.js";
import type { AnyOperation } from "../descriptors/operation.js";
import { capabilityProxy } from "./capability-proxy.js";
import { issueFault, type BoundaryFault } from "./fault.js";
import { PortSchemaViolation, violationSummary } from "./port-schema-violation.js";
import type { EffectSlot, EmitSlot, OperationPlan } from "./operation-plan.js";
import type { EffectCall, FrameworkError, Outcome, Trace } from "./outcome.js";
import { reportDefect, type DefectHook } from "./report-defect.js";

/** What the application knows when it runs one operation. */
export interface RunEnvironment {
  readonly onDefect: DefectHook;
  /** The application's deadline for every dispatch, in milliseconds. */
  readonly timeoutMs?: number | undefined;
}

type Checked = SafeParseResult<unknown>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type EffectFn = (input?: unknown) => Promise<unknown>;
type EmitFn = (payload: unknown) => void;
type Phase = "input" | "output";

export const isPromise = (value: unknown): value is Promise<unknown> => value instanceof Promise;

const ignore = (): void => {};

/** A rejected promise that is never an unhandled rejection, whether or not its caller awaits it. */
function refusal(fault: unknown): Promise<never> {
  const promise = Promise.reject(fault);
  promise.catch(ignore);
  return promise;
}

/** The issues of a failed check, as outcome details carry them. */
export function issueDetails(result: { readonly issues: readonly Issue[]; readonly omittedIssues?: number }): {
  issues: readonly Issue[];
  omittedIssues?: number;
} {
  return result.omittedIssues === undefined ? { issues: result.issues } : { issues: result.issues, omittedIssues: result.omittedIssues };
}

// The capability contexts: built per dispatch from the plan's slots, nothing else.
const effectContext = capabilityProxy<OperationRun, EffectSlot, EffectFn>({
  bind: (run, slot) => (input) => run.callEffect(slot, input),
  refuse: (run, key) => () => run.undeclaredEffect(key),
});
const emitterContext = capabilityProxy<OperationRun, EmitSlot, EmitFn>({
  bind: (run, slot) => (payload) => run.emitEvent(slot, payload),
  refuse: (run, key) => () => run.undeclaredEvent(key),
});

/**
 * The state of one dispatch: its capability contexts, its latched fault, its trace, and whether
 * it was abandoned at a deadline. Revoked contexts refuse every use without throwing into the
 * caller's timers and without leaving unhandled rejections; every late use is reported.
 *
 * An effect whose validators and adapter answer synchronously runs without a single `await`:
 * its promise is settled when `execute` gets it, so only effects still pending are tracked.
 */
export class OperationRun {
  readonly operation: AnyOperation;
  fault: BoundaryFault | undefined = undefined;
  /** Set when the outcome came from the work itself; a deadline can no longer end it. */
  completed = false;
  private revoked = false;
  private abandonment: { readonly error: FrameworkError; readonly reason: unknown } | undefined = undefined;
  private controller: AbortController | undefined = undefined;
  private context: HandlerContext | undefined = undefined;
  /** Effects started and not yet settled; `idle` wakes a drain waiting for the last one. */
  private pending = 0;
  private idle: (() => void) | undefined = undefined;
  private onEffectSettled: (() => void) | undefined = undefined;
  private pendingEventChecks: Promise<void>[] | undefined = undefined;
  private readonly emitted: EmittedEvent[] = [];
  private readonly calls: EffectCall[] | undefined;

  constructor(
    readonly plan: OperationPlan,
    traced: boolean,
    private readonly environment: RunEnvironment,
  ) {
    this.operation = plan.operation;
    this.calls = traced ? [] : undefined;
  }

  get abandoned(): boolean {
    return this.abandonment !== undefined;
  }

  private trace(copy: boolean): Trace | undefined {
    if (this.calls === undefined) return undefined;
    // An abandoned run's effects may still answer: the outcome keeps what was true when it ended.
    if (copy) return { operation: this.operation.id, effects: this.calls.map((call) => ({ ...call })), events: [...this.emitted] };
    return { operation: this.operation.id, effects: this.calls, events: this.emitted };
  }

  failed(error: FrameworkError | { code: string; message?: string; details?: unknown }, copyTrace = false): Outcome<never, unknown> {
    const trace = this.trace(copyTrace);
    return trace === undefined ? { ok: false, error } : { ok: false, error, trace };
  }

  succeeded(value: unknown): Outcome<unknown, never> {
    const trace = this.trace(false);
    return trace === undefined ? { ok: true, value, events: this.emitted } : { ok: true, value, events: this.emitted, trace };
  }

  /** Hands a defect to the hook; the hook failing is reported on the console, never here. */
  report(cause: unknown, portOperation?: string): void {
    reportDefect(
      this.environment.onDefect,
      portOperation === undefined ? { operation: this.operation.id, cause } : { operation: this.operation.id, portOperation, cause },
    );
  }

  /** A defect of an event's payload validator: the report names the event. */
  private reportEvent(cause: unknown, event: string): void {
    reportDefect(this.environment.onDefect, { operation: this.operation.id, event, cause });
  }

  /**
   * Ends the run at its deadline or its caller's abort: revokes both contexts at once, aborts
   * the adapters' signal and answers the outcome. Does nothing for a run that already completed.
   */
  abandon(error: FrameworkError, reason: unknown): Outcome<never, unknown> | undefined {
    if (this.completed || this.abandonment !== undefined) return undefined;
    this.abandonment = { error, reason };
    this.revoked = true;
    this.controller?.abort(reason);
    return this.failed(error, true);
  }

  /** The signal handed to adapters, made on first use (most handlers never read it). */
  signal(): AbortSignal {
    if (this.controller === undefined) {
      this.controller = new AbortController();
      if (this.abandonment !== undefined) this.controller.abort(this.abandonment.reason);
    }
    return this.controller.signal;
  }

  private latch(fault: BoundaryFault): BoundaryFault {
    this.fault ??= fault;
    return fault;
  }

  /** A revoked context was used: refused, reported, and never near an adapter. */
  private lateUse(what: "effect" | "event", key: string, portOperation?: string): BoundaryFault {
    const fault = issueFault(
      "UNDECLARED_EFFECT",
      `${what} "${key}" was used after ${this.operation.id} ${this.abandoned ? "was abandoned" : "settled"}; its context is revoked`,
      { [what]: key },
    );
    this.report(fault, portOperation);
    return fault;
  }

  /**
   * Waits for effects started but not awaited (and for event checks of foreign validators),
   * then revokes both contexts. Answers `undefined` when nothing is pending, so the common
   * case costs no extra turn of the microtask queue.
   */
  settle(): Promise<void> | undefined {
    if (this.pending === 0 && (this.pendingEventChecks === undefined || this.pendingEventChecks.length === 0)) {
      this.revoked = true;
      return undefined;
    }
    return this.drain();
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        if (this.pending > 0) await new Promise<void>((resolve) => (this.idle = resolve));
        const checks = this.pendingEventChecks;
        this.pendingEventChecks = undefined;
        if (checks !== undefined && checks.length > 0) await Promise.allSettled(checks);
        else if (this.pending === 0) break;
      }
    } finally {
      this.revoked = true;
    }
  }

  /** Counts an effect until it settles (which also marks its rejection handled). */
  private track(effect: Promise<unknown>): Promise<unknown> {
    this.pending++;
    const settled = (this.onEffectSettled ??= () => {
      if (--this.pending === 0 && this.idle !== undefined) {
        const idle = this.idle;
        this.idle = undefined;
        idle();
      }
    });
    effect.then(settled, settled);
    return effect;
  }

  /** Revokes both contexts without waiting (a run that failed before or outside `execute`). */
  revoke(): void {
    this.revoked = true;
  }

  /** The effect context `execute` receives: exactly the declared effects. */
  effects(): Readonly<Record<string, EffectFn>> {
    return effectContext(this, this.plan.effects);
  }

  /**
   * Emitters never throw (an emit may run in a timer of the operation's own): a bad emission
   * is latched and ends the dispatch with its fault; a late one is reported and dropped.
   */
  emitters(): Readonly<Record<string, EmitFn>> {
    return emitterContext(this, this.plan.emits);
  }

  undeclaredEffect(key: string): Promise<never> {
    return refusal(
      this.revoked
        ? this.lateUse("effect", key)
        : this.latch(issueFault("UNDECLARED_EFFECT", `${this.operation.id} does not declare the effect "${key}"`, { effect: key })),
    );
  }

  undeclaredEvent(key: string): void {
    if (this.revoked) this.lateUse("event", key);
    else this.latch(issueFault("UNDECLARED_EFFECT", `${this.operation.id} does not declare the event "${key}"`, { event: key }));
  }

  emitEvent(slot: EmitSlot, payload: unknown): void {
    if (this.revoked) {
      this.lateUse("event", slot.key);
      return;
    }
    if (this.fault !== undefined) return;
    const event = slot.event;
    // The payload is copied, and the copy is what is checked and kept: code that still holds
    // the caller's object (a timer of execute's, a getter read twice) cannot change an event
    // once it was validated. A copy rather than a second check when the operation finishes:
    // the outcome outlives the dispatch, and its events must not change after it either.
    // structuredClone copies data only (own enumerable properties, read once; prototypes and
    // the toJSON on them are left behind) and keeps Dates, Maps and undefined as they are.
    let copy: unknown;
    let result: Checked | Promise<Checked>;
    try {
      copy = structuredClone(payload);
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === "DataCloneError") this.uncopyableEvent(slot);
      else this.eventValidatorFailed(slot, cause); // a getter of the payload threw, as it would have in the check
      return;
    }
    try {
      result = slot.checkPayload(copy);
    } catch (cause) {
      this.eventValidatorFailed(slot, cause);
      return;
    }
    if (!isPromise(result)) {
      if (!result.ok) this.invalidEvent(slot, result);
      else this.emitted.push({ event: event.id, version: event.version, payload: result.value });
      return;
    }
    // A foreign validator answering later: keep the emission's place, fill it in when it answers.
    const index = this.emitted.length;
    this.emitted.push({ event: event.id, version: event.version, payload: copy });
    (this.pendingEventChecks ??= []).push(
      result.then(
        (checked) => {
          if (this.abandoned) return;
          if (checked.ok) this.emitted[index] = { event: event.id, version: event.version, payload: checked.value };
          else this.invalidEvent(slot, checked);
        },
        (cause: unknown) => {
          if (!this.abandoned) this.eventValidatorFailed(slot, cause);
        },
      ),
    );
  }

  private invalidEvent(slot: EmitSlot, failed: { readonly issues: readonly Issue[]; readonly omittedIssues?: number }): void {
    const event = slot.event;
    this.latch(
      issueFault("INVALID_OUTPUT", `${this.operation.id} emitted ${event.id} with a payload that breaks its schema`, {
        event: event.id,
        ...issueDetails(failed),
      }),
    );
  }

  private uncopyableEvent(slot: EmitSlot): void {
    const event = slot.event;
    this.latch(
      issueFault(
        "INVALID_OUTPUT",
        `${this.operation.id} emitted ${event.id} with a payload that is not data (structuredClone cannot copy it: a function, a symbol, a proxy, ...)`,
        { event: event.id },
      ),
    );
  }

  private eventValidatorFailed(slot: EmitSlot, cause: unknown): void {
    const event = slot.event;
    this.latch(issueFault("DEFECT", `the payload validator of ${event.id} failed`, { event: event.id, phase: "validator" }));
    this.reportEvent(cause, event.id);
  }

  /**
   * One effect call from `execute`. Never throws: a refusal or a fault is a rejected promise
   * already marked handled (so leaving it unawaited is harmless, and awaiting it still rejects).
   */
  callEffect(slot: EffectSlot, argument: unknown): Promise<unknown> {
    if (this.revoked) return refusal(this.lateUse("effect", slot.key, slot.portOperation.id));
    if (this.fault !== undefined) return refusal(this.fault);
    let answer: unknown;
    try {
      answer = this.startEffect(slot, argument);
    } catch (fault) {
      return refusal(fault);
    }
    // An effect that answered synchronously is over: only pending ones need draining.
    return isPromise(answer) ? this.track(answer) : Promise.resolve(answer);
  }

  /**
   * Input check -> adapter -> output check, synchronously as far as each step answers
   * synchronously; a step that answers with a promise continues in an async step. Throws (or
   * rejects with) the fault that ends the call.
   */
  private startEffect(slot: EffectSlot, argument: unknown): unknown {
    const portOperation = slot.portOperation;
    if (slot.handler === undefined) {
      const fault = this.latch(issueFault("DEFECT", `no adapter is bound for ${portOperation.id}`, { portOperation: portOperation.id, phase: "adapter" }));
      this.report(fault, portOperation.id);
      throw fault;
    }
    const call: Mutable<EffectCall> | undefined = this.calls === undefined ? undefined : { effect: slot.key, operation: portOperation.id, kind: portOperation.kind };
    if (call !== undefined) this.calls?.push(call);
    if (slot.checkInput === undefined) return this.invokeAdapter(slot, call, undefined);
    let parsed: Checked | Promise<Checked>;
    try {
      parsed = slot.checkInput(argument);
    } catch (cause) {
      throw this.validatorFailed(slot, call, "input", cause);
    }
    if (isPromise(parsed)) return this.afterPendingCheck(slot, call, "input", parsed);
    return this.afterInput(slot, call, parsed);
  }

  /** A foreign validator answering later: the call goes on from the check's answer. */
  private async afterPendingCheck(slot: EffectSlot, call: Mutable<EffectCall> | undefined, phase: Phase, pending: Promise<Checked>): Promise<unknown> {
    let checked: Checked;
    try {
      checked = await pending;
    } catch (cause) {
      throw this.validatorFailed(slot, call, phase, cause);
    }
    return phase === "input" ? this.afterInput(slot, call, checked) : this.afterOutput(slot, call, checked);
  }

  private afterInput(slot: EffectSlot, call: Mutable<EffectCall> | undefined, parsed: Checked): unknown {
    if (!parsed.ok) throw this.brokeSchema(slot, call, "input", parsed);
    if (this.abandoned) throw this.abandonedFault(slot.portOperation);
    if (call !== undefined) call.input = parsed.value;
    return this.invokeAdapter(slot, call, parsed.value);
  }

  private invokeAdapter(slot: EffectSlot, call: Mutable<EffectCall> | undefined, input: unknown): unknown {
    let raw: unknown;
    try {
      raw = (slot.handler as NonNullable<EffectSlot["handler"]>)(input, (this.context ??= new RunHandlerContext(this)));
    } catch (cause) {
      throw this.adapterFailed(slot, call, cause);
    }
    if (isThenable(raw)) return this.afterPendingAdapter(slot, call, raw);
    return this.afterAdapter(slot, call, raw);
  }

  private async afterPendingAdapter(slot: EffectSlot, call: Mutable<EffectCall> | undefined, pending: PromiseLike<unknown>): Promise<unknown> {
    let raw: unknown;
    try {
      raw = await pending;
    } catch (cause) {
      throw this.adapterFailed(slot, call, cause);
    }
    return this.afterAdapter(slot, call, raw);
  }

  private afterAdapter(slot: EffectSlot, call: Mutable<EffectCall> | undefined, raw: unknown): unknown {
    if (this.abandoned) throw this.abandonedFault(slot.portOperation);
    let checked: Checked | Promise<Checked>;
    try {
      checked = checkAdapterResult(slot, raw);
    } catch (cause) {
      throw this.validatorFailed(slot, call, "output", cause);
    }
    if (isPromise(checked)) return this.afterPendingCheck(slot, call, "output", checked);
    return this.afterOutput(slot, call, checked);
  }

  private afterOutput(slot: EffectSlot, call: Mutable<EffectCall> | undefined, checked: Checked): unknown {
    if (!checked.ok) throw this.brokeSchema(slot, call, "output", checked);
    if (this.abandoned) throw this.abandonedFault(slot.portOperation);
    if (call !== undefined) call.output = checked.value;
    return checked.value;
  }

  /** Ignores what an effect answers once its dispatch was abandoned. */
  private abandonedFault(portOperation: AnyPortOperation): BoundaryFault {
    const error = (this.abandonment as { readonly error: FrameworkError }).error;
    return issueFault(error.code, `${this.operation.id} was abandoned (${error.code}); what ${portOperation.id} answered is ignored`, {
      portOperation: portOperation.id,
    });
  }

  private adapterFailed(slot: EffectSlot, call: Mutable<EffectCall> | undefined, cause: unknown): BoundaryFault {
    const id = slot.portOperation.id;
    if (this.abandoned) return this.abandonedFault(slot.portOperation);
    if (call !== undefined) call.fault = "DEFECT";
    // Latch first: whatever the hook does, the fault stands.
    const fault = this.latch(issueFault("DEFECT", `the adapter for ${id} threw`, { portOperation: id, phase: "adapter" }));
    this.report(cause, id);
    return fault;
  }

  private validatorFailed(slot: EffectSlot, call: Mutable<EffectCall> | undefined, phase: Phase, cause: unknown): BoundaryFault {
    const id = slot.portOperation.id;
    if (call !== undefined) call.fault = "DEFECT";
    const fault = this.latch(issueFault("DEFECT", `the ${phase} validator of ${id} failed`, { portOperation: id, phase }));
    this.report(cause, id);
    return fault;
  }

  /** Like every DEFECT: the outcome names where (port operation, phase), the hook gets what (the issues). */
  private brokeSchema(slot: EffectSlot, call: Mutable<EffectCall> | undefined, phase: Phase, failed: Checked & { ok: false }): BoundaryFault {
    const id = slot.portOperation.id;
    if (call !== undefined) call.fault = "DEFECT";
    const fault = this.latch(issueFault("DEFECT", violationSummary(this.operation.id, id, phase), { portOperation: id, phase }));
    this.report(new PortSchemaViolation(this.operation.id, id, phase, failed.issues, failed.omittedIssues), id);
    return fault;
  }
}

/** What adapters see of their dispatch: only the signal (the run itself stays out of reach). */
class RunHandlerContext implements HandlerContext {
  readonly #run: OperationRun;
  constructor(run: OperationRun) {
    this.#run = run;
  }
  get signal(): AbortSignal {
    return this.#run.signal();
  }
}

/** Promises and any other thenable (a never-settling one included: deadlines cover it). */
export function isThenable(value: unknown): value is PromiseLike<unknown> {
  return (
    value instanceof Promise ||
    (value !== null && (typeof value === "object" || typeof value === "function") && typeof (value as { then?: unknown }).then === "function")
  );
}

/** Adapters of operations with declared errors return outcomes; both shapes are validated. */
function checkAdapterResult(slot: EffectSlot, raw: unknown): Checked | Promise<Checked> {
  const codes = slot.errorCodes;
  if (codes.length === 0) return slot.checkOutput(raw);
  if (raw === null || typeof raw !== "object" || typeof (raw as { ok?: unknown }).ok !== "boolean") {
    return { ok: false, issues: [{ code: "invalid_type", path: "", message: "must be an outcome { ok: true, value } or { ok: false, error }" }] };
  }
  const outcome = raw as { ok: boolean; value?: unknown; error?: { code?: unknown; message?: unknown; details?: unknown } };
  if (outcome.ok) {
    return then(slot.checkOutput(outcome.value), (value) =>
      value.ok ? { ok: true, value: { ok: true, value: value.value } } : { ok: false, ...prefixed("/value", value) },
    );
  }
  const code = outcome.error?.code;
  const checkDetails = typeof code === "string" ? slot.errors.get(code) : undefined;
  if (checkDetails === undefined) {
    return { ok: false, issues: [{ code: "invalid_value", path: "/error/code", message: `must be one of ${JSON.stringify(codes)}` }] };
  }
  const message = typeof outcome.error?.message === "string" ? { message: outcome.error.message } : {};
  return then(checkDetails(outcome.error?.details), (details) =>
    details.ok
      ? { ok: true, value: { ok: false, error: { code, ...message, details: details.value } } }
      : { ok: false, ...prefixed("/error/details", details) },
  );
}

function then(result: Checked | Promise<Checked>, next: (checked: Checked) => Checked): Checked | Promise<Checked> {
  return isPromise(result) ? result.then(next) : next(result);
}

function prefixed(prefix: string, failed: { readonly issues: readonly Issue[]; readonly omittedIssues?: number }) {
  return issueDetails({ ...failed, issues: failed.issues.map((issue) => ({ ...issue, path: `${prefix}${issue.path}` })) });
}
