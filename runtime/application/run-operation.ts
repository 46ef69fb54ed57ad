import { validate } from "../schema/validate.js";
import type { AnySchema } from "../schema/types.js";
import { InvariantViolation } from "../descriptors/invariant.js";
import { createFailure, isFailure, type AnyOperation, type Principal } from "../descriptors/operation.js";
import { abortedError, earlierDeadline, isTimeoutMs, timeoutError, timeoutReason } from "./deadline.js";
import { isIssuedFault } from "./fault.js";
import { OperationRun, isPromise, isThenable, issueDetails, type RunEnvironment } from "./operation-run.js";
import type { Outcome } from "./outcome.js";
import { authorize } from "./principal.js";
import { reportDefect } from "./report-defect.js";

export type { RunEnvironment } from "./operation-run.js";
export type { DefectHook, DefectReport } from "./report-defect.js";

export interface DispatchOptions {
  /**
   * Who is calling: `{ id, permissions }` exactly. `null` or `undefined` is no principal;
   * anything else is refused as FORBIDDEN before anything runs.
   */
  readonly principal?: Principal | null | undefined;
  /** Attach the effect and event trace to the outcome. */
  readonly trace?: boolean;
  /**
   * A deadline in milliseconds: the dispatch ends with TIMEOUT if it has not settled by then.
   * With the application's `timeoutMs`, the earlier one applies.
   */
  readonly timeoutMs?: number;
  /** Aborting it ends the dispatch with ABORTED (TIMEOUT when its reason is a `TimeoutError`). */
  readonly signal?: AbortSignal;
}

type AnyOutcome = Outcome<unknown, unknown>;

interface RunSettings {
  readonly principal: unknown;
  readonly trace: boolean;
  readonly timeoutMs: number | undefined;
  readonly signal: AbortSignal | undefined;
}

/** Reads the options once; a wrong one is a sentence saying what is wrong. */
function readOptions(options: unknown, applicationTimeoutMs: number | undefined): RunSettings | string {
  if (options === undefined || options === null) {
    return { principal: undefined, trace: false, timeoutMs: earlierDeadline(applicationTimeoutMs, undefined), signal: undefined };
  }
  if (typeof options !== "object") return `the options must be an object, got ${typeof options}`;
  const { principal, trace, timeoutMs, signal } = options as Record<string, unknown>;
  if (timeoutMs !== undefined && !isTimeoutMs(timeoutMs)) return `timeoutMs must be a positive number of milliseconds, got ${String(timeoutMs)}`;
  if (signal !== undefined && !(signal instanceof AbortSignal)) return "signal must be an AbortSignal";
  return { principal, trace: trace === true, timeoutMs: earlierDeadline(applicationTimeoutMs, timeoutMs), signal };
}

/**
 * One dispatch. Never rejects and never throws: whatever the caller, the principal, the input,
 * the operation, its adapters, its validators or the defect hook do, the answer is an outcome.
 */
export function runOperation(operation: AnyOperation, rawInput: unknown, options: unknown, environment: RunEnvironment): Promise<AnyOutcome> {
  try {
    const settings = readOptions(options, environment.timeoutMs);
    if (typeof settings === "string") {
      reportDefect(environment.onDefect, { operation: operation.id, cause: new TypeError(`dispatch of ${operation.id}: ${settings}`) });
      return Promise.resolve({ ok: false, error: { code: "DEFECT", message: `dispatch of ${operation.id} was given invalid options: ${settings}` } });
    }
    const run = new OperationRun(operation, settings.trace, environment);
    const { timeoutMs, signal } = settings;
    if (signal?.aborted === true) return Promise.resolve(run.failed(abortedError(operation.id, signal.reason)));
    const work = runSteps(run, rawInput, settings.principal);
    if (timeoutMs === undefined && signal === undefined) return work;
    return withDeadline(run, work, timeoutMs, signal);
  } catch (cause) {
    reportDefect(environment.onDefect, { operation: operation.id, cause });
    return Promise.resolve({ ok: false, error: { code: "DEFECT", message: `${operation.id} failed unexpectedly` } });
  }
}

/** Whichever comes first: the work's outcome, the deadline, or the caller's abort. */
function withDeadline(run: OperationRun, work: Promise<AnyOutcome>, timeoutMs: number | undefined, signal: AbortSignal | undefined): Promise<AnyOutcome> {
  const id = run.operation.id;
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = () => {
      if (timer !== undefined) clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      const outcome = run.abandon(abortedError(id, signal?.reason), signal?.reason);
      if (outcome !== undefined) {
        stop();
        resolve(outcome);
      }
    };
    if (timeoutMs !== undefined) {
      timer = setTimeout(() => {
        const outcome = run.abandon(timeoutError(id, timeoutMs), timeoutReason(id, timeoutMs));
        if (outcome !== undefined) {
          stop();
          resolve(outcome);
        }
      }, timeoutMs);
    }
    signal?.addEventListener("abort", onAbort, { once: true });
    // runSteps never rejects; the second handler is only there so nothing can be left unhandled.
    void work.then(
      (outcome) => {
        stop();
        resolve(outcome);
      },
      () => {
        stop();
        resolve({ ok: false, error: { code: "DEFECT", message: `${id} failed unexpectedly` } });
      },
    );
  });
}

/**
 * The fixed dispatch sequence: permissions -> parse input -> build the exact effect and emitter
 * contexts -> execute and drain -> fail on boundary faults -> validate output or declared error
 * -> outcome + events (+ trace). Synchronous validators are never awaited: every `await` on the
 * hot path costs a microtask per dispatch. Anything unexpected (a validator that throws or
 * rejects, a value that cannot be read) is a DEFECT reported to the hook.
 */
async function runSteps(run: OperationRun, rawInput: unknown, candidate: unknown): Promise<AnyOutcome> {
  const operation = run.operation;
  try {
    // 1. Permissions, before anything of the operation runs.
    const authorization = authorize(operation, candidate);
    if (!authorization.ok) {
      run.revoke();
      return run.failed(authorization.error);
    }

    // 2. Input.
    let input = validate(operation.input, rawInput);
    if (isPromise(input)) input = await input;
    if (!input.ok) {
      run.revoke();
      return run.failed({ code: "INVALID_INPUT", message: `invalid input for ${operation.id}`, details: issueDetails(input) });
    }
    if (run.abandoned) return ignored(run);

    // 3 + 4. Execute with the exact contexts, then drain every effect it started.
    let result: unknown;
    let thrown: { cause: unknown } | undefined;
    try {
      result = operation.execute({
        input: input.value,
        effects: run.effects(),
        emit: run.emitters(),
        fail: (code: string, details: unknown, message?: string) => createFailure(code, details, message),
        principal: authorization.principal,
      } as never);
      if (isThenable(result)) result = await result;
  } catch (cause) {
    thrown = { cause };
  }
  const draining = run.settle();
  if (draining !== undefined) await draining;
  if (run.abandoned) return ignored(run);

  // 5. Boundary faults win over whatever execute did with them.
  if (run.fault !== undefined) return run.failed(run.fault.toError());
  if (thrown !== undefined) {
    const cause = thrown.cause;
    // A fault of another dispatch's context (a leaked one) keeps its code.
    if (isIssuedFault(cause)) return run.failed(cause.toError());
    run.report(cause);
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
        details: { code: result.code, ...issueDetails(details) },
      });
    }
    return run.failed(
      result.message === undefined ? { code: result.code, details: details.value } : { code: result.code, message: result.message, details: details.value },
    );
  }
  let output = validate(operation.output, result);
  if (isPromise(output)) output = await output;
  if (!output.ok) return run.failed({ code: "INVALID_OUTPUT", message: `${operation.id} returned output that breaks its schema`, details: issueDetails(output) });
  return run.succeeded(output.value);
  } catch (cause) {
    run.revoke();
    run.report(cause);
    return run.failed({ code: "DEFECT", message: `${operation.id} failed unexpectedly` });
  } finally {
    // From here on the outcome is the work's own: a deadline can no longer replace it.
    run.completed = true;
  }
}

/** What the work of an abandoned run ends with; nobody reads it (the deadline answered). */
function ignored(run: OperationRun): AnyOutcome {
  return run.failed({ code: "DEFECT", message: `${run.operation.id} was abandoned` });
}
