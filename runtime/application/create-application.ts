import type { AnyAdapter } from "../descriptors/adapter.js";
import type { Contract } from "../descriptors/contract.js";
import { describeValue, kindOf } from "../descriptors/descriptor-kind.js";
import type { AnyEvent } from "../descriptors/event.js";
import type { AnyFeature } from "../descriptors/feature.js";
import type { AnyInvariant } from "../descriptors/invariant.js";
import type { AnyOperation, ErrorOf, InputOf, OutputOf } from "../descriptors/operation.js";
import { portOf, type AnyPort } from "../descriptors/port.js";
import type { Outcome } from "./outcome.js";
import { bindAdapters } from "./bind-adapters.js";
import { runOperation, type DefectHook, type DispatchOptions } from "./run-operation.js";

/** Thrown by `createApplication` with every problem found, each naming its culprit. */
export class ApplicationDefinitionError extends Error {
  override readonly name = "ApplicationDefinitionError";
  constructor(readonly problems: readonly string[]) {
    super(`createApplication: ${problems.length} problem${problems.length === 1 ? "" : "s"}:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

/** Operation id -> descriptor, computed once from the features given to `createApplication`. */
export type OperationMap<Features extends readonly AnyFeature[]> = {
  [Op in Features[number]["operations"][number] as Op["id"]]: Op;
};

export type OutcomeOf<Op extends AnyOperation> = Outcome<OutputOf<Op>, ErrorOf<Op>>;

export interface Application<Operations extends { readonly [id: string]: AnyOperation } = { readonly [id: string]: AnyOperation }> {
  /** Runs an operation by stable id; the id and input are typed from the application's features. */
  dispatch<Id extends keyof Operations & string>(
    id: Id,
    input: InputOf<Operations[Id]>,
    options?: DispatchOptions,
  ): Promise<OutcomeOf<Operations[Id]>>;
  /** Runs an operation by descriptor (inside a feature and in its tests). */
  dispatch<Op extends AnyOperation>(operation: Op, input: InputOf<Op>, options?: DispatchOptions): Promise<OutcomeOf<Op>>;
  /** For transports that receive ids and input as data (HTTP, queues): nothing is typed. */
  dispatchUntyped(id: string, input: unknown, options?: DispatchOptions): Promise<Outcome<unknown, { code: string; message?: string; details?: unknown }>>;
  /** The operation with this id, if the application has it. */
  operation(id: string): AnyOperation | undefined;
  readonly features: readonly AnyFeature[];
}

export interface ApplicationConfig<Features extends readonly AnyFeature[]> {
  readonly features: Features;
  readonly adapters: readonly AnyAdapter[];
  /**
   * Receives the cause of every DEFECT (outcomes never carry it). Defaults to `console.error`.
   */
  readonly onDefect?: DefectHook;
}

const defaultDefectHook: DefectHook = (report) => {
  console.error(`[agentix] DEFECT in ${report.operation}${report.portOperation ? ` (adapter of ${report.portOperation})` : ""}:`, report.cause);
};

export function createApplication<Features extends readonly AnyFeature[]>(
  config: ApplicationConfig<Features>,
): Application<OperationMap<Features>> {
  const problems: string[] = [];
  const features = config.features.filter((feature, index) => {
    if (kindOf(feature) === "feature") return true;
    problems.push(`features[${index}] must be a defineFeature(...), got ${describeValue(feature)}`);
    return false;
  });

  // Ids are unique among their kind (a feature and its port may both be "payments").
  const owners = new Map<string, { what: string; value: object }>();
  const claim = (id: string, what: string, value: object) => {
    const kind = what.slice(0, what.indexOf(" "));
    const key = `${kind === "query" ? "command" : kind} ${id}`;
    const previous = owners.get(key);
    if (previous === undefined) owners.set(key, { what, value });
    else if (previous.value !== value) problems.push(`duplicate id "${id}": ${previous.what} and ${what}`);
  };

  const operations = new Map<string, AnyOperation>();
  const contractOwner = new Map<Contract, AnyFeature>();
  const portContract = new Map<AnyPort, Contract>();
  const eventContract = new Map<AnyEvent, Contract>();
  const invariantsDefined = new Set<AnyInvariant>();

  for (const feature of features) {
    claim(feature.id, `feature "${feature.id}"`, feature);
    if (feature.contract.id !== feature.id) {
      problems.push(`feature "${feature.id}" has the contract "${feature.contract.id}"; a feature's contract carries the feature's id`);
    }
    const otherOwner = contractOwner.get(feature.contract);
    if (otherOwner !== undefined && otherOwner !== feature) {
      problems.push(`contract "${feature.contract.id}" belongs to both feature "${otherOwner.id}" and feature "${feature.id}"`);
    }
    contractOwner.set(feature.contract, feature);
    for (const port of feature.contract.ports) {
      portContract.set(port, feature.contract);
      claim(port.id, `port "${port.id}" (contract ${feature.contract.id})`, port);
      for (const operation of Object.values(port.operations)) {
        claim(operation.id, `port-operation "${operation.id}" (port ${port.id})`, operation);
      }
    }
    for (const event of feature.contract.events) {
      eventContract.set(event, feature.contract);
      claim(event.id, `event "${event.id}" (contract ${feature.contract.id})`, event);
    }
    for (const invariant of feature.invariants) {
      invariantsDefined.add(invariant);
      claim(invariant.id, `invariant "${invariant.id}" (feature ${feature.id})`, invariant);
    }
    for (const operation of feature.operations as readonly AnyOperation[]) {
      claim(operation.id, `${operation.kind} "${operation.id}" (feature ${feature.id})`, operation);
      operations.set(operation.id, operation);
    }
  }

  // Adapters: one per port.
  const bindings = bindAdapters(config.adapters);
  problems.push(...bindings.problems);

  const unboundPorts = new Set<AnyPort>();
  const dependsOn = (feature: AnyFeature, contract: Contract | undefined) =>
    contract === undefined || contract === feature.contract || feature.dependencies.includes(contract);

  for (const feature of features) {
    for (const dependency of feature.dependencies) {
      if (!contractOwner.has(dependency)) {
        problems.push(`feature "${feature.id}" depends on contract "${dependency.id}", but no feature of the application has that contract`);
      }
    }
    for (const operation of feature.operations as readonly AnyOperation[]) {
      for (const [key, effect] of Object.entries(operation.effects)) {
        const port = portOf(effect);
        if (port === undefined) {
          problems.push(`${operation.id}: effect "${key}" (${effect.id}) is not an operation of any port; reference it through its port (e.g. Port.${key})`);
          continue;
        }
        const contract = portContract.get(port);
        if (!dependsOn(feature, contract)) {
          problems.push(
            `feature "${feature.id}" uses port "${port.id}" of contract "${contract?.id}" (${operation.id}, effect "${key}") but does not list that contract in its dependencies`,
          );
        }
        if (!bindings.ports.has(port) && !unboundPorts.has(port)) {
          unboundPorts.add(port);
          problems.push(`no adapter is bound for port "${port.id}" (needed by ${operation.id} for effect "${key}" -> ${effect.id})`);
        }
      }
      for (const [key, event] of Object.entries(operation.emits)) {
        const contract = eventContract.get(event);
        if (!dependsOn(feature, contract)) {
          problems.push(
            `feature "${feature.id}" emits event "${event.id}" of contract "${contract?.id}" (${operation.id}, "${key}") but does not list that contract in its dependencies`,
          );
        }
      }
      for (const invariant of operation.invariants) {
        if (!invariantsDefined.has(invariant)) {
          problems.push(`${operation.id} lists invariant "${invariant.id}", which no feature of the application defines`);
        }
      }
    }
    for (const invariant of feature.invariants) {
      for (const contract of invariant.dependsOn) {
        if (!dependsOn(feature, contract)) {
          problems.push(`invariant "${invariant.id}" of feature "${feature.id}" depends on contract "${contract.id}", which "${feature.id}" does not list in its dependencies`);
        }
      }
    }
  }

  if (problems.length > 0) throw new ApplicationDefinitionError(problems);

  const environment = { handlers: bindings.handlers, onDefect: config.onDefect ?? defaultDefectHook };
  const known = new Set(operations.values());

  const dispatchUntyped: Application["dispatchUntyped"] = (id, input, options = {}) => {
    const operation = operations.get(id);
    if (operation === undefined) {
      return Promise.resolve({ ok: false, error: { code: "UNKNOWN_OPERATION", message: `the application has no operation "${id}"` } });
    }
    return runOperation(operation, input, options, environment) as ReturnType<Application["dispatchUntyped"]>;
  };

  const application: Application = {
    dispatch(target: string | AnyOperation, input: unknown, options: DispatchOptions = {}) {
      if (typeof target === "string") return dispatchUntyped(target, input, options);
      if (!known.has(target)) {
        const id = (target as { id?: unknown } | null)?.id;
        return Promise.resolve({
          ok: false,
          error: { code: "UNKNOWN_OPERATION", message: `the operation ${typeof id === "string" ? `"${id}" ` : ""}is not part of this application` },
        });
      }
      return runOperation(target, input, options, environment);
    },
    dispatchUntyped,
    operation: (id) => operations.get(id),
    features: Object.freeze([...features]),
  } as Application;
  return Object.freeze(application) as unknown as Application<OperationMap<Features>>;
}
