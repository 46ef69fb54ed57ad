import { validate } from "../schema/validate.js";
import type { AnySchema, Issue, SafeParseResult } from "../schema/types.js";
import type { AnyPortOperation, HandlerContext } from "../descriptors/port-operation.js";
import type { AnyEvent, EmittedEvent } from "../descriptors/event.js";
import type { AnyOperation } from "../descriptors/operation.js";
import type { Handler } from "./bind-adapters.js";
import { capabilityProxy } from "./capability-proxy.js";
import { issueFault, type BoundaryFault } from "./fault.js";
import type { EffectCall, FrameworkError, Outcome, Trace } from "./outcome.js";
import { reportDefect, type DefectHook } from "./report-defect.js";

/** What the application knows when it runs one operation. */
export interface RunEnvironment {
  /** Port operation id -> the bound adapter handler. */
  readonly handlers: ReadonlyMap<string, Handler>;
  readonly onDefect: DefectHook;
  /** The application's deadline for every dispatch, in milliseconds. */
  readonly timeoutMs?: number | undefined;
}

type Checked = SafeParseResult<unknown>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };
type EffectFn = (...args: unknown[]) => Promise<unknown>;
type EmitFn = (payload: unknown) => void;

/** The entries of an operation's maps, computed once per operation rather than per dispatch. */
interface OperationPlan {
  readonly effects: readonly (readonly [string, AnyPortOperation])[];
  readonly emits: readonly (readonly [string, AnyEvent])[];
}
const plans = new WeakMap<AnyOperation, OperationPlan>();
export function planOf(operation: AnyOperation): OperationPlan {
  let plan = plans.get(operation);
  if (plan === undefined) {
    plan = { effects: Object.entries(operation.effects), emits: Object.entries(operation.emits) };
    plans.set(operation, plan);
  }
  return plan;
}

export const isPromise = (value: unknown): value is Promise<unknown> => value instanceof Promise;

const ignore = (): void => {};

/** A rejected promise that is never an unhandled rejection, whether or not its caller awaits it. */
function refusal(fault: BoundaryFault): Promise<never> {
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

/**
 * The state of one dispatch: its capability contexts, its latched fault, its trace, and whether
 * it was abandoned at a deadline. Revoked contexts refuse every use without throwing into the
 * caller's timers and without leaving unhandled rejections; every late use is reported.
 */
export class OperationRun {
  fault: BoundaryFault | undefined;
  /** Set when the outcome came from the work itself; a deadline can no longer end it. */
  completed = false;
  private revoked = false;
  private abandonment: { readonly error: FrameworkError; readonly reason: unknown } | undefined;
  private controller: AbortController | undefined;
  private context: HandlerContext | undefined;
  private readonly inflight = new Set<Promise<unknown>>();
  private pendingEventChecks: Promise<void>[] = [];
  private readonly emitted: EmittedEvent[] = [];
  private readonly calls: EffectCall[] | undefined;

  constructor(
    readonly operation: AnyOperation,
    traced: boolean,
    private readonly environment: RunEnvironment,
  ) {
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

  private handlerContext(): HandlerContext {
    return (this.context ??= new RunHandlerContext(() => this.signal()));
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
    if (this.inflight.size === 0 && this.pendingEventChecks.length === 0) {
      this.revoked = true;
      return undefined;
    }
    return this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.inflight.size > 0 || this.pendingEventChecks.length > 0) {
        if (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
        const checks = this.pendingEventChecks;
        this.pendingEventChecks = [];
        if (checks.length > 0) await Promise.allSettled(checks);
      }
    } finally {
      this.revoked = true;
    }
  }

  /** Revokes both contexts without waiting (a run that failed before or outside `execute`). */
  revoke(): void {
    this.revoked = true;
  }

  effects(): Readonly<Record<string, EffectFn>> {
    const declared: Record<string, EffectFn> = {};
    for (const [key, portOperation] of planOf(this.operation).effects) {
      declared[key] = (...args) => {
        if (this.revoked) return refusal(this.lateUse("effect", key, portOperation.id));
        if (this.fault !== undefined) return refusal(this.fault);
        const promise = this.callEffect(key, portOperation, args);
        this.inflight.add(promise);
        // Bookkeeping only; the caller still sees the rejection (and this marks it handled).
        promise.then(
          () => this.inflight.delete(promise),
          () => this.inflight.delete(promise),
        );
        return promise;
      };
    }
    return capabilityProxy<EffectFn>(declared, (key) => () =>
      refusal(
        this.revoked
          ? this.lateUse("effect", key)
          : this.latch(issueFault("UNDECLARED_EFFECT", `${this.operation.id} does not declare the effect "${key}"`, { effect: key })),
      ),
    );
  }

  /**
   * Emitters never throw (an emit may run in a timer of the operation's own): a bad emission
   * is latched and ends the dispatch with its fault; a late one is reported and dropped.
   */
  emitters(): Readonly<Record<string, EmitFn>> {
    const declared: Record<string, EmitFn> = {};
    for (const [key, event] of planOf(this.operation).emits) {
      declared[key] = (payload) => {
        if (this.revoked) {
          this.lateUse("event", key);
          return;
        }
        if (this.fault !== undefined) return;
        this.emit(event, payload);
      };
    }
    return capabilityProxy<EmitFn>(declared, (key) => () => {
      if (this.revoked) this.lateUse("event", key);
      else this.latch(issueFault("UNDECLARED_EFFECT", `${this.operation.id} does not declare the event "${key}"`, { event: key }));
    });
  }

  private emit(event: AnyEvent, payload: unknown): void {
    const invalid = (issues: { readonly issues: readonly Issue[]; readonly omittedIssues?: number }) =>
      this.latch(
        issueFault("INVALID_OUTPUT", `${this.operation.id} emitted ${event.id} with a payload that breaks its schema`, {
          event: event.id,
          ...issueDetails(issues),
        }),
      );
    const validatorFailed = (cause: unknown) => {
      this.latch(issueFault("DEFECT", `the payload validator of ${event.id} failed`, { event: event.id, phase: "validator" }));
      this.report(cause);
    };
    let result: Checked | Promise<Checked>;
    try {
      result = validate(event.payload, payload);
    } catch (cause) {
      validatorFailed(cause);
      return;
    }
    if (!isPromise(result)) {
      if (!result.ok) invalid(result);
      else this.emitted.push({ event: event.id, version: event.version, payload: result.value });
      return;
    }
    // A foreign validator answering later: keep the emission's place, fill it in when it answers.
    const index = this.emitted.length;
    this.emitted.push({ event: event.id, version: event.version, payload });
    this.pendingEventChecks.push(
      result.then(
        (checked) => {
          if (this.abandoned) return;
          if (checked.ok) this.emitted[index] = { event: event.id, version: event.version, payload: checked.value };
          else invalid(checked);
        },
        (cause: unknown) => {
          if (!this.abandoned) validatorFailed(cause);
        },
      ),
    );
  }

  /** Ignores what an effect answers once its dispatch was abandoned. */
  private abandonedFault(portOperation: AnyPortOperation): BoundaryFault {
    const error = (this.abandonment as { readonly error: FrameworkError }).error;
    return issueFault(error.code, `${this.operation.id} was abandoned (${error.code}); what ${portOperation.id} answered is ignored`, {
      portOperation: portOperation.id,
    });
  }

  private async callEffect(key: string, portOperation: AnyPortOperation, args: readonly unknown[]): Promise<unknown> {
    const operationId = this.operation.id;
    const handler = this.environment.handlers.get(portOperation.id);
    if (handler === undefined) {
      throw this.latch(issueFault("DEFECT", `no adapter is bound for ${portOperation.id}`, { portOperation: portOperation.id, phase: "adapter" }));
    }
    const call: Mutable<EffectCall> = { effect: key, operation: portOperation.id, kind: portOperation.kind };
    this.calls?.push(call);
    const boundaryFailed = (phase: "input" | "output", cause: unknown): BoundaryFault => {
      call.fault = "DEFECT";
      const fault = this.latch(
        issueFault("DEFECT", `the ${phase} validator of ${portOperation.id} failed`, { portOperation: portOperation.id, phase }),
      );
      this.report(cause, portOperation.id);
      return fault;
    };
    const brokeSchema = (phase: "input" | "output", message: string, failed: Checked & { ok: false }): BoundaryFault => {
      call.fault = "DEFECT";
      return this.latch(issueFault("DEFECT", message, { portOperation: portOperation.id, phase, ...issueDetails(failed) }));
    };
    let input: unknown;
    if (portOperation.input !== undefined) {
      let parsed: Checked;
      try {
        const result = validate(portOperation.input, args[0]);
        parsed = isPromise(result) ? await result : result;
      } catch (cause) {
        throw boundaryFailed("input", cause);
      }
      if (!parsed.ok) throw brokeSchema("input", `${operationId} called ${portOperation.id} with input that breaks its schema`, parsed);
      if (this.abandoned) throw this.abandonedFault(portOperation);
      input = parsed.value;
      call.input = input;
    }
    let raw: unknown;
    try {
      raw = handler(input, this.handlerContext());
      if (isThenable(raw)) raw = await raw;
    } catch (cause) {
      if (this.abandoned) throw this.abandonedFault(portOperation);
      call.fault = "DEFECT";
      // Latch first: whatever the hook does, the fault stands.
      const fault = this.latch(issueFault("DEFECT", `the adapter for ${portOperation.id} threw`, { portOperation: portOperation.id, phase: "adapter" }));
      this.report(cause, portOperation.id);
      throw fault;
    }
    if (this.abandoned) throw this.abandonedFault(portOperation);
    let checked: Checked;
    try {
      const result = checkAdapterResult(portOperation, raw);
      checked = isPromise(result) ? await result : result;
    } catch (cause) {
      throw boundaryFailed("output", cause);
    }
    if (!checked.ok) throw brokeSchema("output", `the adapter for ${portOperation.id} returned a result that breaks its schema`, checked);
    if (this.abandoned) throw this.abandonedFault(portOperation);
    call.output = checked.value;
    return checked.value;
  }
}

/** What adapters see of their dispatch: only the signal (the run itself stays out of reach). */
class RunHandlerContext implements HandlerContext {
  readonly #signal: () => AbortSignal;
  constructor(signal: () => AbortSignal) {
    this.#signal = signal;
  }
  get signal(): AbortSignal {
    return this.#signal();
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
function checkAdapterResult(portOperation: AnyPortOperation, raw: unknown): Checked | Promise<Checked> {
  const codes = Object.keys(portOperation.errors);
  if (codes.length === 0) return validate(portOperation.output, raw);
  if (raw === null || typeof raw !== "object" || typeof (raw as { ok?: unknown }).ok !== "boolean") {
    return { ok: false, issues: [{ code: "invalid_type", path: "", message: "must be an outcome { ok: true, value } or { ok: false, error }" }] };
  }
  const outcome = raw as { ok: boolean; value?: unknown; error?: { code?: unknown; message?: unknown; details?: unknown } };
  if (outcome.ok) {
    return then(validate(portOperation.output, outcome.value), (value) =>
      value.ok ? { ok: true, value: { ok: true, value: value.value } } : { ok: false, ...prefixed("/value", value) },
    );
  }
  const code = outcome.error?.code;
  if (typeof code !== "string" || !Object.hasOwn(portOperation.errors, code)) {
    return { ok: false, issues: [{ code: "invalid_value", path: "/error/code", message: `must be one of ${JSON.stringify(codes)}` }] };
  }
  const message = typeof outcome.error?.message === "string" ? { message: outcome.error.message } : {};
  return then(validate(portOperation.errors[code] as AnySchema, outcome.error?.details), (details) =>
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
