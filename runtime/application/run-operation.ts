import { showValue } from "../descriptors/descriptor-kind.js";
import { InvariantViolation } from "../descriptors/invariant.js";
import { createFailure, isFailure, type Failure, type Principal } from "../descriptors/operation.js";
import { checkJsonForm } from "../schema/json-form.js";
import type { AnySchema, SafeParseResult } from "../schema/types.js";
import { abortedError, earlierDeadline, isTimeoutMs, timeoutError, timeoutReason } from "./deadline.js";
import { setDeadline, type Deadline, type Expiry } from "./deadline-queue.js";
import { isIssuedFault } from "./fault.js";
import { OperationRun, isPromise, isThenable, issueDetails, type RunEnvironment } from "./operation-run.js";
import type { OperationPlan } from "./operation-plan.js";
import type { FrameworkError, Outcome } from "./outcome.js";
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
/** A step's outcome: synchronous as long as everything before it answered synchronously. */
type Step = AnyOutcome | Promise<AnyOutcome>;
type Checked = SafeParseResult<unknown>;

/**
 * One dispatch. Never rejects and never throws: whatever the caller, the principal, the input,
 * the operation, its adapters, its validators or the defect hook do, the answer is an outcome.
 */
export function runOperation(plan: OperationPlan, rawInput: unknown, options: unknown, environment: RunEnvironment): Promise<AnyOutcome> {
  const operation = plan.operation;
  try {
    // The options are read once, each property once.
    let principal: unknown;
    let trace: unknown;
    let ownTimeoutMs: unknown;
    let signal: unknown;
    if (options !== undefined && options !== null) {
      if (typeof options !== "object") return invalidOptions(operation.id, environment, `the options must be an object, got ${typeof options}`);
      ({ principal, trace, timeoutMs: ownTimeoutMs, signal } = options as Record<string, unknown>);
      if (ownTimeoutMs !== undefined && !isTimeoutMs(ownTimeoutMs)) {
        return invalidOptions(operation.id, environment, `timeoutMs must be a positive number of milliseconds, got ${showValue(ownTimeoutMs)}`);
      }
      if (signal !== undefined && !(signal instanceof AbortSignal)) return invalidOptions(operation.id, environment, "signal must be an AbortSignal");
    }
    const timeoutMs = earlierDeadline(environment.timeoutMs, ownTimeoutMs as number | undefined);
    const abortSignal = signal as AbortSignal | undefined;
    const run = new OperationRun(plan, trace === true, environment);
    if (abortSignal?.aborted === true) return Promise.resolve(run.failed(abortedError(operation.id, abortSignal.reason)));
    const work = runSteps(run, rawInput, principal);
    if (timeoutMs === undefined && abortSignal === undefined) return isPromise(work) ? work : Promise.resolve(work);
    return withDeadline(run, work, timeoutMs, abortSignal);
  } catch (cause) {
    reportDefect(environment.onDefect, { operation: operation.id, cause });
    return Promise.resolve({ ok: false, error: { code: "DEFECT", message: `${operation.id} failed unexpectedly` } });
  }
}

function invalidOptions(id: string, environment: RunEnvironment, problem: string): Promise<AnyOutcome> {
  reportDefect(environment.onDefect, { operation: id, cause: new TypeError(`dispatch of ${id}: ${problem}`) });
  return Promise.resolve({ ok: false, error: { code: "DEFECT", message: `dispatch of ${id} was given invalid options: ${problem}` } });
}

/**
 * Whichever comes first: the work's outcome, the deadline, or the caller's abort. A run whose
 * work answered synchronously needs neither a deadline nor a listener.
 */
function withDeadline(run: OperationRun, work: Step, timeoutMs: number | undefined, signal: AbortSignal | undefined): Promise<AnyOutcome> {
  if (!isPromise(work)) return Promise.resolve(work);
  return new Promise((resolve) => {
    const race = new DeadlineRace(run, resolve, timeoutMs, signal);
    // runSteps never rejects; the second handler is only there so nothing can be left unhandled.
    work.then(
      (outcome) => race.finish(outcome),
      (cause: unknown) => {
        run.report(cause);
        race.finish({ ok: false, error: { code: "DEFECT", message: `${run.operation.id} failed unexpectedly` } });
      },
    );
  });
}

const once = { once: true } as const;

/** One run's deadline and abort listener (it is the listener itself: no closure per dispatch). */
class DeadlineRace implements Expiry {
  private readonly deadline: Deadline | undefined;

  constructor(
    private readonly run: OperationRun,
    private readonly resolve: (outcome: AnyOutcome) => void,
    private readonly timeoutMs: number | undefined,
    private readonly signal: AbortSignal | undefined,
  ) {
    this.deadline = timeoutMs === undefined ? undefined : setDeadline(timeoutMs, this);
    signal?.addEventListener("abort", this, once);
  }

  /** The deadline passed. */
  expire(): void {
    const id = this.run.operation.id;
    const timeoutMs = this.timeoutMs as number;
    this.abandon(timeoutError(id, timeoutMs), timeoutReason(id, timeoutMs));
  }

  /** The caller's signal aborted. */
  handleEvent(): void {
    const reason: unknown = this.signal?.reason;
    this.abandon(abortedError(this.run.operation.id, reason), reason);
  }

  finish(outcome: AnyOutcome): void {
    this.stop();
    this.resolve(outcome);
  }

  private abandon(error: FrameworkError, reason: unknown): void {
    const outcome = this.run.abandon(error, reason);
    if (outcome !== undefined) this.finish(outcome);
  }

  private stop(): void {
    this.deadline?.cancel();
    this.signal?.removeEventListener("abort", this);
  }
}

/*
 * The fixed dispatch sequence: permissions -> parse input -> build the exact effect and emitter
 * contexts -> execute and drain -> fail on boundary faults -> validate output or declared error
 * -> outcome + events (+ trace). Each step runs on as soon as the one before answered, and
 * only what answers with a promise is waited for: every `await` on the hot path costs a
 * microtask per dispatch. No step throws or rejects: anything unexpected (a validator that
 * throws or rejects, a value that cannot be read) is a DEFECT reported to the hook.
 */

function runSteps(run: OperationRun, rawInput: unknown, candidate: unknown): Step {
  try {
    // 1. Permissions, before anything of the operation runs.
    const authorization = authorize(run.operation, candidate);
    if (!authorization.ok) {
      run.revoke();
      return completed(run, run.failed(authorization.error));
    }
    // 2. Input.
    const principal = authorization.principal;
    const input = run.plan.checkInput(rawInput);
    if (isPromise(input)) {
      return input.then(
        (checked) => execute(run, checked, principal),
        (cause: unknown) => unexpected(run, cause),
      );
    }
    return execute(run, input, principal);
  } catch (cause) {
    return unexpected(run, cause);
  }
}

/** 3 + 4. Execute with the exact contexts, then drain every effect it started. */
function execute(run: OperationRun, input: Checked, principal: Principal | undefined): Step {
  try {
    if (!input.ok) {
      run.revoke();
      return completed(run, run.failed({ code: "INVALID_INPUT", message: `invalid input for ${run.operation.id}`, details: issueDetails(input) }));
    }
    if (run.abandoned) return ignored(run);
    let result: unknown;
    try {
      result = run.operation.execute({ input: input.value, effects: run.effects(), emit: run.emitters(), fail, principal } as never);
      if (isThenable(result)) {
        return (isPromise(result) ? result : Promise.resolve(result)).then(
          (value) => drain(run, value, undefined),
          (cause: unknown) => drain(run, undefined, { cause }),
        );
      }
    } catch (cause) {
      return drain(run, undefined, { cause });
    }
    return drain(run, result, undefined);
  } catch (cause) {
    return unexpected(run, cause);
  }
}

function drain(run: OperationRun, result: unknown, thrown: { readonly cause: unknown } | undefined): Step {
  try {
    const draining = run.settle();
    if (draining === undefined) return conclude(run, result, thrown);
    return draining.then(
      () => conclude(run, result, thrown),
      (cause: unknown) => unexpected(run, cause),
    );
  } catch (cause) {
    return unexpected(run, cause);
  }
}

/** 5 + 6. Boundary faults win over whatever execute did with them; then the declared error or the output. */
function conclude(run: OperationRun, result: unknown, thrown: { readonly cause: unknown } | undefined): Step {
  const operation = run.operation;
  try {
    if (run.abandoned) return ignored(run);
    if (run.fault !== undefined) return completed(run, run.failed(run.fault.toError()));
    if (thrown !== undefined) {
      const cause = thrown.cause;
      // A fault of another dispatch's context (a leaked one) keeps its code; a DEFECT of it is
      // reported again here, as this dispatch's (the hook hears of every DEFECT outcome).
      if (isIssuedFault(cause)) {
        if (cause.code === "DEFECT") run.report(cause, cause.details?.portOperation);
        return completed(run, run.failed(cause.toError()));
      }
      run.report(cause);
      if (cause instanceof InvariantViolation) {
        return completed(
          run,
          run.failed({ code: "DEFECT", message: `invariant ${cause.invariant} does not hold after ${operation.id}`, details: { invariant: cause.invariant } }),
        );
      }
      return completed(run, run.failed({ code: "DEFECT", message: `${operation.id} failed unexpectedly` }));
    }
    if (isFailure(result)) return declaredError(run, result);
    return after(run, run.plan.checkOutput(result), (output) => {
      if (!output.ok) return run.failed({ code: "INVALID_OUTPUT", message: `${operation.id} returned output that breaks its schema`, details: issueDetails(output) });
      // Checked here, not only where it is sent: in-process callers, tests and HTTP get one answer.
      const sent = checkJsonForm(operation.output, output.value)?.result;
      if (sent !== undefined && !sent.ok) {
        return run.failed({ code: "INVALID_OUTPUT", message: `${operation.id} returned output whose JSON form breaks its schema`, details: issueDetails(sent) });
      }
      return run.succeeded(output.value);
    });
  } catch (cause) {
    return unexpected(run, cause);
  }
}

/** 6, for `fail(code, details, message)`: a declared code, with details its schema accepts. */
function declaredError(run: OperationRun, failure: Failure): Step {
  const operation = run.operation;
  const check = run.plan.errors.get(failure.code);
  if (check === undefined) {
    return completed(
      run,
      run.failed({ code: "INVALID_OUTPUT", message: `${operation.id} failed with the undeclared error code "${failure.code}"`, details: { code: failure.code } }),
    );
  }
  return after(run, check(failure.details), (details) => {
    const broken = (what: string, checked: Checked & { ok: false }) =>
      run.failed({
        code: "INVALID_OUTPUT",
        message: `${operation.id} failed with ${failure.code} details ${what} its schema`,
        details: { code: failure.code, ...issueDetails(checked) },
      });
    if (!details.ok) return broken("that break", details);
    const sent = checkJsonForm(operation.errors[failure.code] as AnySchema, details.value)?.result;
    if (sent !== undefined && !sent.ok) return broken("whose JSON form breaks", sent);
    // A message that is not text is dropped, as an adapter's is: the types allow only a string.
    const message: unknown = failure.message;
    return run.failed(
      typeof message === "string" ? { code: failure.code, message, details: details.value } : { code: failure.code, details: details.value },
    );
  });
}

/** The last step: the outcome of a check, once it has answered. */
function after(run: OperationRun, checked: Checked | Promise<Checked>, outcome: (checked: Checked) => AnyOutcome): Step {
  if (!isPromise(checked)) return completed(run, outcome(checked));
  return checked.then(
    (answer) => {
      try {
        return completed(run, outcome(answer));
      } catch (cause) {
        return unexpected(run, cause);
      }
    },
    (cause: unknown) => unexpected(run, cause),
  );
}

/** From here on the outcome is the work's own: a deadline can no longer replace it. */
function completed(run: OperationRun, outcome: AnyOutcome): AnyOutcome {
  run.completed = true;
  return outcome;
}

function unexpected(run: OperationRun, cause: unknown): AnyOutcome {
  run.revoke();
  run.report(cause);
  return completed(run, run.failed({ code: "DEFECT", message: `${run.operation.id} failed unexpectedly` }));
}

const fail = (code: string, details: unknown, message?: string) => createFailure(code, details, message);

/** What the work of an abandoned run ends with; nobody reads it (the deadline answered). */
function ignored(run: OperationRun): AnyOutcome {
  return completed(run, run.failed({ code: "DEFECT", message: `${run.operation.id} was abandoned` }));
}
