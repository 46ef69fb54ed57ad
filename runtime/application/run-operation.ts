import { validate } from "../schema/validate.js";
import type { AnySchema, Issue, SafeParseResult } from "../schema/types.js";
import type { AnyPortOperation } from "../descriptors/port-operation.js";
import type { AnyEvent, EmittedEvent } from "../descriptors/event.js";
import { InvariantViolation } from "../descriptors/invariant.js";
import { createFailure, isFailure, type AnyOperation, type Principal } from "../descriptors/operation.js";
import type { Handler } from "./bind-adapters.js";
import { capabilityProxy } from "./capability-proxy.js";
import { BoundaryFault } from "./fault.js";
import type { EffectCall, FrameworkError, Outcome, Trace } from "./outcome.js";

/** What the application knows when it runs one operation. */
export interface RunEnvironment {
  /** Port operation id -> the bound adapter handler. */
  readonly handlers: ReadonlyMap<string, Handler>;
  readonly onDefect: DefectHook;
}

export interface DefectReport {
  readonly operation: string;
  /** The port operation whose adapter threw, when it was an adapter. */
  readonly portOperation?: string;
  readonly cause: unknown;
}

export type DefectHook = (report: DefectReport) => void;

export interface DispatchOptions {
  readonly principal?: Principal | undefined;
  /** Attach the effect and event trace to the outcome. */
  readonly trace?: boolean;
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
function planOf(operation: AnyOperation): OperationPlan {
  let plan = plans.get(operation);
  if (plan === undefined) {
    plan = { effects: Object.entries(operation.effects), emits: Object.entries(operation.emits) };
    plans.set(operation, plan);
  }
  return plan;
}

const isPromise = (value: unknown): value is Promise<unknown> => value instanceof Promise;

/**
 * The fixed dispatch sequence: permissions -> parse input -> build the exact effect and emitter
 * contexts -> execute and drain -> fail on boundary faults -> validate output or declared error
 * -> outcome + events (+ trace). Synchronous validators are never awaited: every `await` on the
 * hot path costs a microtask per dispatch.
 */
export async function runOperation(
  operation: AnyOperation,
  rawInput: unknown,
  options: DispatchOptions,
  environment: RunEnvironment,
): Promise<Outcome<unknown, unknown>> {
  const run = new OperationRun(operation, options.trace === true, environment);

  // 1. Permissions, before anything of the operation runs.
  const principal = options.principal;
  const missing = operation.permissions.filter((permission) => !(principal?.permissions.includes(permission) ?? false));
  if (missing.length > 0) {
    const who = principal === undefined ? "no principal" : `principal "${principal.id}"`;
    return run.failed({ code: "FORBIDDEN", message: `${who} lacks ${missing.join(", ")} for ${operation.id}`, details: { missing } });
  }

  // 2. Input.
  let input = validate(operation.input, rawInput);
  if (isPromise(input)) input = await input;
  if (!input.ok) return run.failed({ code: "INVALID_INPUT", message: `invalid input for ${operation.id}`, details: { issues: input.issues } });

  // 3 + 4. Execute with the exact contexts, then drain every effect it started.
  let result: unknown;
  let thrown: { cause: unknown } | undefined;
  try {
    result = operation.execute({
      input: input.value,
      effects: run.effects(),
      emit: run.emitters(),
      fail: (code: string, details: unknown, message?: string) => createFailure(code, details, message),
      principal,
    } as never);
    if (isPromise(result)) result = await result;
  } catch (cause) {
    thrown = { cause };
  }
  await run.settle();

  // 5. Boundary faults win over whatever execute did with them.
  if (run.fault !== undefined) return run.failed(run.fault.toError());
  if (thrown !== undefined) {
    const cause = thrown.cause;
    environment.onDefect({ operation: operation.id, cause });
    if (cause instanceof InvariantViolation) {
      return run.failed({ code: "DEFECT", message: `invariant ${cause.invariant} does not hold after ${operation.id}`, details: { invariant: cause.invariant } });
    }
    return run.failed({ code: "DEFECT", message: `${operation.id} failed unexpectedly` });
  }

  // 6. Declared error or output.
  if (isFailure(result)) {
    const schema: AnySchema | undefined = Object.hasOwn(operation.errors, result.code) ? operation.errors[result.code] : undefined;
    if (schema === undefined) {
      return run.failed({ code: "INVALID_OUTPUT", message: `${operation.id} failed with the undeclared error code "${result.code}"`, details: { code: result.code } });
    }
    let details = validate(schema, result.details);
    if (isPromise(details)) details = await details;
    if (!details.ok) {
      return run.failed({
        code: "INVALID_OUTPUT",
        message: `${operation.id} failed with ${result.code} details that break its schema`,
        details: { code: result.code, issues: details.issues },
      });
    }
    return run.failed(
      result.message === undefined ? { code: result.code, details: details.value } : { code: result.code, message: result.message, details: details.value },
    );
  }
  let output = validate(operation.output, result);
  if (isPromise(output)) output = await output;
  if (!output.ok) return run.failed({ code: "INVALID_OUTPUT", message: `${operation.id} returned output that breaks its schema`, details: { issues: output.issues } });
  return run.succeeded(output.value);
}

/** The state of one dispatch: its capability contexts, its latched fault, its trace. */
class OperationRun {
  fault: BoundaryFault | undefined;
  private revoked = false;
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly pendingEventChecks: Promise<void>[] = [];
  private readonly emitted: EmittedEvent[] = [];
  private readonly calls: EffectCall[] | undefined;

  constructor(
    private readonly operation: AnyOperation,
    traced: boolean,
    private readonly environment: RunEnvironment,
  ) {
    this.calls = traced ? [] : undefined;
  }

  private get trace(): Trace | undefined {
    return this.calls === undefined ? undefined : { operation: this.operation.id, effects: this.calls, events: this.emitted };
  }

  failed(error: FrameworkError | { code: string; message?: string; details?: unknown }): Outcome<never, unknown> {
    const trace = this.trace;
    return trace === undefined ? { ok: false, error } : { ok: false, error, trace };
  }

  succeeded(value: unknown): Outcome<unknown, never> {
    const trace = this.trace;
    return trace === undefined ? { ok: true, value, events: this.emitted } : { ok: true, value, events: this.emitted, trace };
  }

  private latch(fault: BoundaryFault): BoundaryFault {
    this.fault ??= fault;
    return fault;
  }

  private revokedFault(what: "effect" | "event", key: string): BoundaryFault {
    return new BoundaryFault("UNDECLARED_EFFECT", `${what} "${key}" was used after ${this.operation.id} settled; its context is revoked`, { [what]: key });
  }

  /** Waits for effects started but not awaited, then revokes both contexts. */
  async settle(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
    if (this.pendingEventChecks.length > 0) await Promise.all(this.pendingEventChecks);
    this.revoked = true;
  }

  effects(): Readonly<Record<string, EffectFn>> {
    const declared: Record<string, EffectFn> = {};
    for (const [key, portOperation] of planOf(this.operation).effects) {
      declared[key] = (...args) => {
        if (this.revoked) return Promise.reject(this.revokedFault("effect", key));
        if (this.fault !== undefined) return Promise.reject(this.fault);
        const promise = this.callEffect(key, portOperation, args);
        this.inflight.add(promise);
        // Bookkeeping only; the caller still sees the rejection.
        promise.then(
          () => this.inflight.delete(promise),
          () => this.inflight.delete(promise),
        );
        return promise;
      };
    }
    return capabilityProxy<EffectFn>(declared, (key) => () =>
      Promise.reject(
        this.revoked
          ? this.revokedFault("effect", key)
          : this.latch(new BoundaryFault("UNDECLARED_EFFECT", `${this.operation.id} does not declare the effect "${key}"`, { effect: key })),
      ),
    );
  }

  emitters(): Readonly<Record<string, EmitFn>> {
    const declared: Record<string, EmitFn> = {};
    for (const [key, event] of planOf(this.operation).emits) {
      declared[key] = (payload) => {
        if (this.revoked) throw this.revokedFault("event", key);
        if (this.fault !== undefined) throw this.fault;
        this.emit(event, payload);
      };
    }
    return capabilityProxy<EmitFn>(declared, (key) => () => {
      throw this.revoked
        ? this.revokedFault("event", key)
        : this.latch(new BoundaryFault("UNDECLARED_EFFECT", `${this.operation.id} does not declare the event "${key}"`, { event: key }));
    });
  }

  private emit(event: AnyEvent, payload: unknown): void {
    const invalid = (issues: readonly Issue[]) =>
      this.latch(
        new BoundaryFault("INVALID_OUTPUT", `${this.operation.id} emitted ${event.id} with a payload that breaks its schema`, { event: event.id, issues }),
      );
    const result = validate(event.payload, payload);
    if (!isPromise(result)) {
      if (!result.ok) throw invalid(result.issues);
      this.emitted.push({ event: event.id, version: event.version, payload: result.value });
      return;
    }
    // A foreign validator answering later: keep the emission's place, fill it in when it answers.
    const index = this.emitted.length;
    this.emitted.push({ event: event.id, version: event.version, payload });
    this.pendingEventChecks.push(
      result.then((checked) => {
        if (checked.ok) this.emitted[index] = { event: event.id, version: event.version, payload: checked.value };
        else invalid(checked.issues);
      }),
    );
  }

  private async callEffect(key: string, portOperation: AnyPortOperation, args: readonly unknown[]): Promise<unknown> {
    const operationId = this.operation.id;
    const handler = this.environment.handlers.get(portOperation.id);
    if (handler === undefined) {
      throw this.latch(new BoundaryFault("DEFECT", `no adapter is bound for ${portOperation.id}`, { portOperation: portOperation.id, phase: "adapter" }));
    }
    const call: Mutable<EffectCall> = { effect: key, operation: portOperation.id, kind: portOperation.kind };
    this.calls?.push(call);
    let input: unknown;
    if (portOperation.input !== undefined) {
      let parsed = validate(portOperation.input, args[0]);
      if (isPromise(parsed)) parsed = await parsed;
      if (!parsed.ok) {
        call.fault = "DEFECT";
        throw this.latch(
          new BoundaryFault("DEFECT", `${operationId} called ${portOperation.id} with input that breaks its schema`, {
            portOperation: portOperation.id,
            phase: "input",
            issues: parsed.issues,
          }),
        );
      }
      input = parsed.value;
      call.input = input;
    }
    let raw: unknown;
    try {
      raw = portOperation.input === undefined ? handler() : handler(input);
      if (isPromise(raw)) raw = await raw;
    } catch (cause) {
      call.fault = "DEFECT";
      this.environment.onDefect({ operation: operationId, portOperation: portOperation.id, cause });
      throw this.latch(new BoundaryFault("DEFECT", `the adapter for ${portOperation.id} threw`, { portOperation: portOperation.id, phase: "adapter" }));
    }
    let checked = checkAdapterResult(portOperation, raw);
    if (isPromise(checked)) checked = await checked;
    if (!checked.ok) {
      call.fault = "DEFECT";
      throw this.latch(
        new BoundaryFault("DEFECT", `the adapter for ${portOperation.id} returned a result that breaks its schema`, {
          portOperation: portOperation.id,
          phase: "output",
          issues: checked.issues,
        }),
      );
    }
    call.output = checked.value;
    return checked.value;
  }
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
      value.ok ? { ok: true, value: { ok: true, value: value.value } } : { ok: false, issues: prefixed("/value", value.issues) },
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
      : { ok: false, issues: prefixed("/error/details", details.issues) },
  );
}

function then(result: Checked | Promise<Checked>, next: (checked: Checked) => Checked): Checked | Promise<Checked> {
  return isPromise(result) ? result.then(next) : next(result);
}

function prefixed(prefix: string, issues: readonly Issue[]): Issue[] {
  return issues.map((issue) => ({ ...issue, path: `${prefix}${issue.path}` }));
}
