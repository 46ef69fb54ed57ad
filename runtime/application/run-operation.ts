import { validate } from "../schema/validate.js";
import type { AnySchema, Issue } from "../schema/types.js";
import type { AnyPortOperation } from "../descriptors/port-operation.js";
import type { AnyEvent, EmittedEvent } from "../descriptors/event.js";
import { InvariantViolation } from "../descriptors/invariant.js";
import { createFailure, isFailure, type AnyOperation, type Principal } from "../descriptors/operation.js";
import { BoundaryFault } from "./fault.js";
import { capabilityProxy } from "./capability-proxy.js";
import type { EffectCall, FrameworkError, Outcome, Trace } from "./outcome.js";

import type { Handler } from "./bind-adapters.js";

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

const failed = <E>(error: FrameworkError | E, trace: Trace | undefined): Outcome<never, E> =>
  trace === undefined ? { ok: false, error } : { ok: false, error, trace };

function issuesOf(result: { ok: false; issues: readonly Issue[] }): { issues: readonly Issue[] } {
  return { issues: result.issues };
}

/**
 * The fixed dispatch sequence: permissions -> parse input -> build the exact effect and emitter
 * contexts -> execute and drain -> fail on boundary faults -> validate output or declared error
 * -> outcome + events (+ trace).
 */
export async function runOperation(
  operation: AnyOperation,
  rawInput: unknown,
  options: DispatchOptions,
  environment: RunEnvironment,
): Promise<Outcome<unknown, unknown>> {
  const effectCalls: EffectCall[] = [];
  const emitted: EmittedEvent[] = [];
  const wantTrace = options.trace === true;
  const trace: Trace | undefined = wantTrace ? { operation: operation.id, effects: effectCalls, events: emitted } : undefined;

  // 1. Permissions, before anything of the operation runs.
  const principal = options.principal;
  const missing = operation.permissions.filter((permission) => !(principal?.permissions.includes(permission) ?? false));
  if (missing.length > 0) {
    const who = principal === undefined ? "no principal" : `principal "${principal.id}"`;
    return failed({ code: "FORBIDDEN", message: `${who} lacks ${missing.join(", ")} for ${operation.id}`, details: { missing } }, trace);
  }

  // 2. Input.
  const parsedInput = await validate(operation.input, rawInput);
  if (!parsedInput.ok) {
    return failed({ code: "INVALID_INPUT", message: `invalid input for ${operation.id}`, details: issuesOf(parsedInput) }, trace);
  }

  // 3. The exact capability contexts.
  let fault: BoundaryFault | undefined;
  let revoked = false;
  const inflight = new Set<Promise<unknown>>();
  const pendingEventChecks: Promise<void>[] = [];
  const latch = (boundaryFault: BoundaryFault): BoundaryFault => {
    fault ??= boundaryFault;
    return boundaryFault;
  };

  const callEffect = async (key: string, portOperation: AnyPortOperation, args: readonly unknown[]): Promise<unknown> => {
    const handler = environment.handlers.get(portOperation.id);
    if (handler === undefined) {
      throw latch(new BoundaryFault("DEFECT", `no adapter is bound for ${portOperation.id}`, { portOperation: portOperation.id, phase: "adapter" }));
    }
    const call: { -readonly [K in keyof EffectCall]: EffectCall[K] } = { effect: key, operation: portOperation.id, kind: portOperation.kind };
    effectCalls.push(call);
    let input: unknown;
    if (portOperation.input !== undefined) {
      const parsed = await validate(portOperation.input, args[0]);
      if (!parsed.ok) {
        call.fault = "DEFECT";
        throw latch(
          new BoundaryFault("DEFECT", `${operation.id} called ${portOperation.id} with input that breaks its schema`, {
            portOperation: portOperation.id,
            phase: "input",
            ...issuesOf(parsed),
          }),
        );
      }
      input = parsed.value;
      call.input = input;
    }
    let raw: unknown;
    try {
      raw = await (portOperation.input === undefined ? handler() : handler(input));
    } catch (cause) {
      call.fault = "DEFECT";
      environment.onDefect({ operation: operation.id, portOperation: portOperation.id, cause });
      throw latch(new BoundaryFault("DEFECT", `the adapter for ${portOperation.id} threw`, { portOperation: portOperation.id, phase: "adapter" }));
    }
    const checked = await checkAdapterResult(portOperation, raw);
    if (!checked.ok) {
      call.fault = "DEFECT";
      throw latch(
        new BoundaryFault("DEFECT", `the adapter for ${portOperation.id} returned a result that breaks its schema`, {
          portOperation: portOperation.id,
          phase: "output",
          issues: checked.issues,
        }),
      );
    }
    call.output = checked.value;
    return checked.value;
  };

  const effectFns: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const [key, portOperation] of Object.entries(operation.effects)) {
    effectFns[key] = (...args) => {
      if (revoked) return Promise.reject(revokedFault("effect", key));
      if (fault !== undefined) return Promise.reject(fault);
      const promise = callEffect(key, portOperation, args);
      inflight.add(promise);
      // Bookkeeping only; the caller still sees the rejection.
      promise.then(
        () => inflight.delete(promise),
        () => inflight.delete(promise),
      );
      return promise;
    };
  }
  const revokedFault = (what: "effect" | "event", key: string) =>
    new BoundaryFault("UNDECLARED_EFFECT", `${what} "${key}" was used after ${operation.id} settled; its context is revoked`, { [what]: key });
  const effects = capabilityProxy<(...args: unknown[]) => Promise<unknown>>(effectFns, (key) => () =>
    Promise.reject(
      revoked
        ? revokedFault("effect", key)
        : latch(new BoundaryFault("UNDECLARED_EFFECT", `${operation.id} does not declare the effect "${key}"`, { effect: key })),
    ),
  );

  const emitOne = (event: AnyEvent, payload: unknown): void => {
    const invalid = (issues: readonly Issue[]) =>
      latch(new BoundaryFault("INVALID_OUTPUT", `${operation.id} emitted ${event.id} with a payload that breaks its schema`, { event: event.id, issues }));
    const result = validate(event.payload, payload);
    if (result instanceof Promise) {
      // A foreign validator answering later: keep the emission's place, fill it in when it answers.
      const index = emitted.length;
      emitted.push({ event: event.id, version: event.version, payload });
      pendingEventChecks.push(
        result.then((checked) => {
          if (checked.ok) emitted[index] = { event: event.id, version: event.version, payload: checked.value };
          else invalid(checked.issues);
        }),
      );
      return;
    }
    if (!result.ok) throw invalid(result.issues);
    emitted.push({ event: event.id, version: event.version, payload: result.value });
  };
  const emitFns: Record<string, (payload: unknown) => void> = {};
  for (const [key, event] of Object.entries(operation.emits)) {
    emitFns[key] = (payload) => {
      if (revoked) throw revokedFault("event", key);
      if (fault !== undefined) throw fault;
      emitOne(event, payload);
    };
  }
  const emit = capabilityProxy<(payload: unknown) => void>(emitFns, (key) => () => {
    throw revoked ? revokedFault("event", key) : latch(new BoundaryFault("UNDECLARED_EFFECT", `${operation.id} does not declare the event "${key}"`, { event: key }));
  });

  const fail = (code: string, details: unknown, message?: string) => createFailure(code, details, message);

  // 4. Execute, then drain every effect it started, so nothing runs after the outcome.
  let result: unknown;
  let thrown: { cause: unknown } | undefined;
  try {
    result = await operation.execute({ input: parsedInput.value, effects, emit, fail, principal } as never);
  } catch (cause) {
    thrown = { cause };
  }
  while (inflight.size > 0) await Promise.allSettled([...inflight]);
  await Promise.all(pendingEventChecks);
  revoked = true;

  // 5. Boundary faults win over whatever execute did with them.
  if (fault !== undefined) return failed(fault.toError(), trace);
  if (thrown !== undefined) {
    const cause = thrown.cause;
    environment.onDefect({ operation: operation.id, cause });
    if (cause instanceof InvariantViolation) {
      return failed({ code: "DEFECT", message: `invariant ${cause.invariant} does not hold after ${operation.id}`, details: { invariant: cause.invariant } }, trace);
    }
    return failed({ code: "DEFECT", message: `${operation.id} failed unexpectedly` }, trace);
  }

  // 6. Declared error or output.
  if (isFailure(result)) {
    const schema: AnySchema | undefined = Object.hasOwn(operation.errors, result.code) ? operation.errors[result.code] : undefined;
    if (schema === undefined) {
      return failed(
        { code: "INVALID_OUTPUT", message: `${operation.id} failed with the undeclared error code "${result.code}"`, details: { code: result.code } },
        trace,
      );
    }
    const details = await validate(schema, result.details);
    if (!details.ok) {
      return failed(
        { code: "INVALID_OUTPUT", message: `${operation.id} failed with ${result.code} details that break its schema`, details: { code: result.code, ...issuesOf(details) } },
        trace,
      );
    }
    const error = result.message === undefined ? { code: result.code, details: details.value } : { code: result.code, message: result.message, details: details.value };
    return failed(error, trace);
  }
  const output = await validate(operation.output, result);
  if (!output.ok) {
    return failed({ code: "INVALID_OUTPUT", message: `${operation.id} returned output that breaks its schema`, details: issuesOf(output) }, trace);
  }
  return trace === undefined
    ? { ok: true, value: output.value, events: emitted }
    : { ok: true, value: output.value, events: emitted, trace };
}

/** Adapters of operations with declared errors return outcomes; both shapes are validated. */
async function checkAdapterResult(
  portOperation: AnyPortOperation,
  raw: unknown,
): Promise<{ ok: true; value: unknown } | { ok: false; issues: readonly Issue[] }> {
  const codes = Object.keys(portOperation.errors);
  if (codes.length === 0) return validate(portOperation.output, raw);
  if (raw === null || typeof raw !== "object" || typeof (raw as { ok?: unknown }).ok !== "boolean") {
    return { ok: false, issues: [{ code: "invalid_type", path: "", message: "must be an outcome { ok: true, value } or { ok: false, error }" }] };
  }
  const outcome = raw as { ok: boolean; value?: unknown; error?: { code?: unknown; message?: unknown; details?: unknown } };
  if (outcome.ok) {
    const value = await validate(portOperation.output, outcome.value);
    if (!value.ok) return { ok: false, issues: value.issues.map((issue) => ({ ...issue, path: `/value${issue.path}` })) };
    return { ok: true, value: { ok: true, value: value.value } };
  }
  const code = outcome.error?.code;
  if (typeof code !== "string" || !Object.hasOwn(portOperation.errors, code)) {
    return { ok: false, issues: [{ code: "invalid_value", path: "/error/code", message: `must be one of ${JSON.stringify(codes)}` }] };
  }
  const details = await validate(portOperation.errors[code] as AnySchema, outcome.error?.details);
  if (!details.ok) return { ok: false, issues: details.issues.map((issue) => ({ ...issue, path: `/error/details${issue.path}` })) };
  const message = typeof outcome.error?.message === "string" ? { message: outcome.error.message } : {};
  return { ok: true, value: { ok: false, error: { code, ...message, details: details.value } } };
}
