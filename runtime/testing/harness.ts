import { AssertionError } from "node:assert";
import type { AnyAdapter } from "../descriptors/adapter.js";
import type { AnyOperation, Command, InputOf, Principal, Query } from "../descriptors/operation.js";
import { portOf } from "../descriptors/port.js";
import { bindAdapters, type Handler } from "../application/bind-adapters.js";
import type { OutcomeOf } from "../application/create-application.js";
import type { Trace } from "../application/outcome.js";
import { planOperation } from "../application/operation-plan.js";
import { runOperation, type DefectReport } from "../application/run-operation.js";
import { MissingFakeData } from "./missing-fake-data.js";

export interface HarnessOptions<Op extends AnyOperation> {
  readonly input: InputOf<Op>;
  /** Adapters for every port the operation's effects use: fakes, memoryPort, fakeClock, ... */
  readonly adapters?: readonly AnyAdapter[];
  /** Grants exactly these permissions to a test principal. */
  readonly permissions?: readonly string[];
  /** The principal to run as; `null` runs with none. */
  readonly principal?: Principal | null;
}

/** The result of running one operation in a test: its outcome, what it did, and any defects. */
export interface OperationRun<Op extends AnyOperation> {
  readonly operation: string;
  readonly input: unknown;
  readonly principal: Principal | null;
  readonly outcome: OutcomeOf<Op>;
  readonly trace: Trace;
  /** The causes behind DEFECT outcomes (outcomes never carry them). */
  readonly defects: readonly DefectReport[];
}

/**
 * Runs one operation through the real dispatch sequence with the adapters given. Without
 * `permissions` or `principal`, the test principal holds exactly the operation's permissions.
 * Taking the descriptor is what lets the analyzer link this test to the operation exactly.
 */
export async function runWithHarness<Op extends AnyOperation>(operation: Op, options: HarnessOptions<Op>): Promise<OperationRun<Op>> {
  const principal = resolvePrincipal(operation, options);
  const bindings = bindAdapters(options.adapters ?? []);
  const problems = [...bindings.problems];
  for (const [key, effect] of Object.entries(operation.effects)) {
    const port = portOf(effect);
    if (port === undefined || !bindings.ports.has(port)) {
      problems.push(`no adapter for port "${port?.id ?? "?"}" (effect "${key}" -> ${effect.id}); pass one in adapters, e.g. memoryPort(${port?.id ?? "Port"})`);
    }
  }
  if (problems.length > 0) throw new Error(`${operation.id}: ${problems.join("; ")}`);
  return runWithHandlers(operation, options.input, principal, bindings.handlers);
}

export async function runWithHandlers<Op extends AnyOperation>(
  operation: Op,
  input: unknown,
  principal: Principal | null,
  handlers: ReadonlyMap<string, Handler>,
): Promise<OperationRun<Op>> {
  const defects: DefectReport[] = [];
  const outcome = await runOperation(
    planOperation(operation, handlers),
    input,
    { principal: principal ?? undefined, trace: true },
    { onDefect: (report) => defects.push(report) },
  );
  // A fake asked for something it was not given, or a fake's own assertion failed: that is the
  // test speaking, so fail the test instead of returning a DEFECT.
  const missing = defects.find((defect) => defect.cause instanceof MissingFakeData || defect.cause instanceof AssertionError);
  if (missing !== undefined) throw missing.cause;
  const { trace, ...rest } = outcome;
  return { operation: operation.id, input, principal, outcome: rest as OutcomeOf<Op>, trace: trace as Trace, defects };
}

function resolvePrincipal(operation: AnyOperation, options: HarnessOptions<AnyOperation>): Principal | null {
  if (options.principal !== undefined) return options.principal;
  return { id: "test-principal", permissions: options.permissions ?? operation.permissions };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyCommand = Command<string, any, any, any>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyQuery = Query<string, any, any, any>;

/** Runs a command in isolation: `const run = await testCommand(registerCustomer, { input, adapters })`. */
export function testCommand<Op extends AnyCommand>(command: Op, options: HarnessOptions<Op>): Promise<OperationRun<Op>> {
  if (command.kind !== "command") throw new TypeError(`testCommand: ${command.id} is a ${command.kind}; use testQuery`);
  return runWithHarness(command, options);
}

/** Runs a query in isolation. */
export function testQuery<Op extends AnyQuery>(query: Op, options: HarnessOptions<Op>): Promise<OperationRun<Op>> {
  if (query.kind !== "query") throw new TypeError(`testQuery: ${query.id} is a ${query.kind}; use testCommand`);
  return runWithHarness(query, options);
}
