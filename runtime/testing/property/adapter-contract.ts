import type { Arbitrary } from "fast-check";
import type { Adapter } from "../../descriptors/adapter.js";
import { defineCommand } from "../../descriptors/operation.js";
import type { AnyPortOperation, CallOf } from "../../descriptors/port-operation.js";
import type { AnyPort } from "../../descriptors/port.js";
import { PortSchemaViolation } from "../../application/port-schema-violation.js";
import { s } from "../../schema/builders.js";
import { formatIssues } from "../../schema/issues.js";
import { runWithHarness } from "../harness.js";
import { arbitraryOf } from "./arbitrary.js";
import { fc } from "./fast-check.js";
import { parametersOf, throwOnFailure, type PropertyOptions } from "./property-failure.js";

type MaybePromise<T> = T | Promise<T>;

/** An adapter under test, with whatever else its cases need (its database, a way to read it). */
export interface AdapterSubject<P extends AnyPort> {
  readonly adapter: Adapter<P>;
  /** Called after every run and case, failed or not. */
  close?(): MaybePromise<unknown>;
}

/** The input a port operation's handler receives (`never` for one called without input). */
export type PortInputOf<Op extends AnyPortOperation> = CallOf<Op> extends (...args: infer A) => unknown ? (A extends readonly [infer I] ? I : never) : unknown;

/** What `make` may return: the adapter, or a subject holding it (or a promise of either). */
export type MadeSubject<P extends AnyPort> = MaybePromise<Adapter<P> | AdapterSubject<P>>;

export interface AdapterContractOptions<P extends AnyPort, Made extends MadeSubject<P>> extends PropertyOptions {
  /** A fresh adapter (or subject) for every generated run and every case. */
  readonly make: () => Made;
  /**
   * The inputs to try for an operation, when not every valid input makes sense on a fresh
   * adapter (an order for products that must exist first). `null`: try none, the cases cover it.
   * Default: `arbitrary(operation.input)`.
   */
  readonly inputs?: { readonly [K in keyof P["operations"]]?: Arbitrary<PortInputOf<P["operations"][K]>> | null };
  /** Behaviour every implementation must show, by name; each gets a fresh subject. */
  readonly cases?: Readonly<Record<string, (subject: Awaited<Made>) => MaybePromise<void>>>;
}

/** One check of the suite: a test framework runs it, e.g. `test.each(checks)("$name", (check) => check.run())`. */
export interface ContractCheck {
  readonly name: string;
  run(): Promise<void>;
}

/**
 * The contract every adapter of a port must meet, as named checks: for each operation,
 * generated valid inputs get results within the port's schemas (its output, or one of its
 * declared errors as an outcome, never a throw), through the same validation dispatch applies;
 * then the behavioural `cases`. One line per implementation in Vitest:
 * `test.each(adapterContract(CustomerStore, { make }))("$name", (check) => check.run())`.
 */
export function adapterContract<P extends AnyPort, Made extends MadeSubject<P>>(port: P, options: AdapterContractOptions<P, Made>): readonly ContractCheck[] {
  if (port === null || typeof port !== "object" || typeof port.id !== "string" || port.operations === null || typeof port.operations !== "object") {
    throw new TypeError("adapterContract: expected a port from definePort(...)");
  }
  const subject = `adapterContract(${port.id})`;
  if (typeof options?.make !== "function") throw new TypeError(`${subject}: make must be a function that returns a fresh adapter`);
  const inputs = (options.inputs ?? {}) as Readonly<Record<string, Arbitrary<unknown> | null | undefined>>;
  for (const name of Object.keys(inputs)) {
    if (!Object.hasOwn(port.operations, name)) throw new TypeError(`${subject}: inputs.${name} is not an operation of the port (it has ${Object.keys(port.operations).join(", ")})`);
  }
  const cases = Object.entries(options.cases ?? {});
  for (const [name, check] of cases) if (typeof check !== "function") throw new TypeError(`${subject}: cases[${JSON.stringify(name)}] must be a function of the subject`);

  const withSubject = async (use: (made: Awaited<Made>, adapter: Adapter<P>) => MaybePromise<void>) => {
    const made = await options.make();
    try {
      await use(made, adapterIn(made, port, subject));
    } finally {
      if (!isAdapter(made)) await (made as AdapterSubject<P>).close?.();
    }
  };

  const generated: ContractCheck[] = [];
  for (const [name, operation] of Object.entries(port.operations)) {
    const given = inputs[name];
    if (given === null) continue;
    const values =
      given ??
      (operation.input === undefined
        ? fc.constant(undefined)
        : arbitraryOf(
            operation.input,
            `${subject}: the input schema of ${operation.id}`,
            `give an arbitrary yourself: adapterContract(${port.id}, { inputs: { ${name}: <fast-check arbitrary> } }), or inputs: { ${name}: null } to leave it to the cases`,
          ));
    const probe = probeOf(operation);
    generated.push({
      name: `${operation.id}: results for generated inputs stay within the port's schemas`,
      run: async () => {
        const details = await fc.check(
          fc.asyncProperty(values, (input) =>
            withSubject(async (_made, adapter) => {
              const run = await runWithHarness(probe, { input, adapters: [adapter] });
              if (!run.outcome.ok) throw new Error(faultOf(run.outcome.error, run.defects[0]?.cause, adapter));
            }),
          ),
          parametersOf(options),
        );
        throwOnFailure(details, subject, `${operation.id} breaks the contract for this input`);
      },
    });
  }
  return [...generated, ...cases.map(([name, check]) => ({ name, run: () => withSubject((made) => check(made)) }))];
}

function isAdapter(value: unknown): value is Adapter<AnyPort> {
  return value !== null && typeof value === "object" && "port" in value && "handlers" in value;
}

function adapterIn<P extends AnyPort>(made: unknown, port: P, subject: string): Adapter<P> {
  const adapter = isAdapter(made) ? made : (made as { adapter?: unknown } | null | undefined)?.adapter;
  if (!isAdapter(adapter)) throw new TypeError(`${subject}: make() must return an adapter (implementPort(...)) or { adapter, ... }`);
  if (adapter.port !== port) throw new TypeError(`${subject}: make() returned an adapter of ${adapter.port?.id ?? "another port"}, not of ${port.id}`);
  return adapter as Adapter<P>;
}

// A command whose only effect is the port operation: the adapter's result goes through exactly
// the checks dispatch applies to it (the output schema, or a declared error as an outcome).
const probes = new WeakMap<AnyPortOperation, ReturnType<typeof defineProbe>>();

function defineProbe(operation: AnyPortOperation) {
  return defineCommand({
    id: `adapterContract:${operation.id}`,
    input: s.unknown(),
    output: s.unknown(),
    effects: { call: operation },
    execute: ({ input, effects }) => (operation.input === undefined ? (effects.call as () => Promise<unknown>)() : (effects.call as (input: unknown) => Promise<unknown>)(input)),
  });
}

function probeOf(operation: AnyPortOperation) {
  let probe = probes.get(operation);
  if (probe === undefined) {
    probe = defineProbe(operation);
    probes.set(operation, probe);
  }
  return probe;
}

function faultOf(error: { code: string; message?: string; details?: unknown }, cause: unknown, adapter: Adapter<AnyPort>): string {
  // A result breaking the port's schema: its issues are in the defect's cause, never in the outcome.
  const issues = cause instanceof PortSchemaViolation ? cause.issues : undefined;
  const named = adapter.name === undefined ? "" : ` (adapter "${adapter.name}")`;
  const because = issues !== undefined ? `: ${formatIssues(issues)}` : cause === undefined ? "" : `: ${cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)}`;
  return `${error.code}: ${error.message ?? "failed"}${named}${because}`;
}
