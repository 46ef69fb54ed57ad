import type { AnyAdapter } from "../descriptors/adapter.js";
import type { Contract } from "../descriptors/contract.js";
import { describeValue, kindOf, showValue } from "../descriptors/descriptor-kind.js";
import { unknownKeyProblems } from "../descriptors/known-keys.js";
import type { AnyEvent } from "../descriptors/event.js";
import type { AnyFeature } from "../descriptors/feature.js";
import type { AnyInvariant } from "../descriptors/invariant.js";
import type { AnyOperation, ErrorOf, InputOf, OutputOf } from "../descriptors/operation.js";
import { portOf, type AnyPort } from "../descriptors/port.js";
import type { Outcome } from "./outcome.js";
import { bindAdapters } from "./bind-adapters.js";
import { isTimeoutMs } from "./deadline.js";
import { planOperation, type OperationPlan } from "./operation-plan.js";
import { runOperation, type DefectHook, type DispatchOptions } from "./run-operation.js";
import { dependencyCycles } from "./dependency-cycles.js";
import { defaultDefectHook, reportDefect } from "./report-defect.js";

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
   * Receives the cause of every DEFECT (outcomes never carry it) and every late use of a
   * revoked context. Defaults to `console.error`. A hook that throws is reported on the console.
   */
  readonly onDefect?: DefectHook;
  /**
   * A deadline for every dispatch, in milliseconds: a dispatch that has not settled by then
   * answers TIMEOUT. A dispatch's own `timeoutMs` can make it shorter, never longer.
   */
  readonly timeoutMs?: number;
}

const configKeys: ReadonlySet<string> = new Set(["features", "adapters", "onDefect", "timeoutMs"]);

/** The config's own shape; a config too broken to look inside throws at once. */
function checkConfig(config: unknown): string[] {
  if (config === null || typeof config !== "object" || Array.isArray(config)) {
    throw new ApplicationDefinitionError([`the config must be an object { features, adapters }, got ${describeValue(config)}`]);
  }
  const { features, adapters, onDefect, timeoutMs } = config as Record<string, unknown>;
  const fatal: string[] = [];
  if (!Array.isArray(features)) fatal.push(`features must be an array of defineFeature(...) values, got ${describeValue(features)}`);
  if (!Array.isArray(adapters)) {
    fatal.push(`adapters must be an array of implementPort(...) values (an empty array when no feature uses a port), got ${describeValue(adapters)}`);
  }
  const problems = unknownKeyProblems(config, configKeys, "option");
  if (onDefect !== undefined && typeof onDefect !== "function") problems.push(`onDefect must be a function, got ${describeValue(onDefect)}`);
  if (timeoutMs !== undefined && !isTimeoutMs(timeoutMs)) problems.push(`timeoutMs must be a positive number of milliseconds, got ${showValue(timeoutMs)}`);
  if (fatal.length > 0) throw new ApplicationDefinitionError([...fatal, ...problems]);
  return problems;
}

const unknownOperation = (message: string) => Promise.resolve({ ok: false as const, error: { code: "UNKNOWN_OPERATION" as const, message } });
/** A target that could not even be looked at (a getter or proxy trap threw): reported like any DEFECT. */
function failedDispatch(onDefect: DefectHook, target: unknown, cause: unknown) {
  reportDefect(onDefect, { operation: typeof target === "string" ? target : "(unknown operation)", cause });
  return Promise.resolve({ ok: false as const, error: { code: "DEFECT" as const, message: "the dispatch failed unexpectedly" } });
}

export function createApplication<const Features extends readonly AnyFeature[]>(
  config: ApplicationConfig<Features>,
): Application<OperationMap<Features>> {
  const problems = checkConfig(config);
  const features: AnyFeature[] = [];
  const listedFeatures = new Set<AnyFeature>();
  // An index loop, so a hole in the array is reported rather than skipped.
  for (let index = 0; index < config.features.length; index++) {
    const feature: unknown = config.features[index];
    if (kindOf(feature) !== "feature") problems.push(`features[${index}] must be a defineFeature(...), got ${describeValue(feature)}`);
    else if (listedFeatures.has(feature as AnyFeature)) problems.push(`feature "${(feature as AnyFeature).id}" is listed twice (features[${index}])`);
    else {
      listedFeatures.add(feature as AnyFeature);
      features.push(feature as AnyFeature);
    }
  }

  // Ids are unique among their kind (a feature and its port may both be "payments"), and every
  // descriptor has one owner: the same operation listed by two features is refused too.
  const owners = new Map<string, { what: string; value: object; owner: object; ownerName: string }>();
  /** `noun` is e.g. `command "orders.place"`; `where` names its owner, e.g. `feature orders`. */
  const claim = (id: string, noun: string, value: object, owner: object, where: string | undefined) => {
    const kind = noun.slice(0, noun.indexOf(" "));
    const key = `${kind === "query" ? "command" : kind} ${id}`;
    const what = where === undefined ? noun : `${noun} (${where})`;
    const ownerName = where ?? "the application";
    const previous = owners.get(key);
    if (previous === undefined) owners.set(key, { what, value, owner, ownerName });
    else if (previous.value !== value) problems.push(`duplicate id "${id}": ${previous.what} and ${what}`);
    else if (previous.owner === owner) problems.push(`${noun} is listed twice by ${ownerName}`);
    else problems.push(`${noun} is listed by both ${previous.ownerName} and ${ownerName}; it belongs to one of them`);
  };

  const operations = new Map<string, AnyOperation>();
  const contractOwner = new Map<Contract, AnyFeature>();
  const portContract = new Map<AnyPort, Contract>();
  const eventContract = new Map<AnyEvent, Contract>();
  const invariantsDefined = new Set<AnyInvariant>();

  for (const feature of features) {
    const featureName = `feature ${feature.id}`;
    claim(feature.id, `feature "${feature.id}"`, feature, config, undefined);
    if (feature.contract.id !== feature.id) {
      problems.push(`feature "${feature.id}" has the contract "${feature.contract.id}"; a feature's contract carries the feature's id`);
    }
    const otherOwner = contractOwner.get(feature.contract);
    if (otherOwner !== undefined && otherOwner !== feature) {
      problems.push(`contract "${feature.contract.id}" belongs to both feature "${otherOwner.id}" and feature "${feature.id}"`);
    } else {
      contractOwner.set(feature.contract, feature);
      const contractName = `contract ${feature.contract.id}`;
      for (const port of feature.contract.ports) {
        portContract.set(port, feature.contract);
        const claimed = owners.get(`port ${port.id}`)?.value === port;
        claim(port.id, `port "${port.id}"`, port, feature.contract, contractName);
        if (claimed) continue;
        for (const operation of Object.values(port.operations)) {
          claim(operation.id, `port-operation "${operation.id}"`, operation, port, `port ${port.id}`);
        }
      }
      for (const event of feature.contract.events) {
        eventContract.set(event, feature.contract);
        claim(event.id, `event "${event.id}"`, event, feature.contract, contractName);
      }
    }
    for (const invariant of feature.invariants) {
      invariantsDefined.add(invariant);
      claim(invariant.id, `invariant "${invariant.id}"`, invariant, feature, featureName);
    }
    for (const operation of feature.operations as readonly AnyOperation[]) {
      claim(operation.id, `${operation.kind} "${operation.id}"`, operation, feature, featureName);
      if (!operations.has(operation.id)) operations.set(operation.id, operation);
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
      if (dependency === feature.contract) {
        problems.push(`feature "${feature.id}" lists its own contract as a dependency; a feature uses its own contract without listing it`);
      } else if (!contractOwner.has(dependency)) {
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
  for (const cycle of dependencyCycles(features, contractOwner)) {
    problems.push(`features depend on each other in a cycle: ${cycle.map((feature) => feature.id).join(" -> ")}`);
  }

  if (problems.length > 0) throw new ApplicationDefinitionError(problems);

  const environment = { onDefect: config.onDefect ?? defaultDefectHook, timeoutMs: config.timeoutMs };
  // Everything an operation's dispatch needs that does not change between dispatches.
  const plans = new Map<AnyOperation, OperationPlan>();
  const plansById = new Map<string, OperationPlan>();
  for (const operation of operations.values()) {
    const plan = planOperation(operation, bindings.handlers);
    plans.set(operation, plan);
    plansById.set(operation.id, plan);
  }

  // Neither ever throws nor rejects: a transport hands them whatever it received.
  const dispatchUntyped: Application["dispatchUntyped"] = (id, input, options) => {
    try {
      const plan = plansById.get(id);
      if (plan === undefined) return unknownOperation(`the application has no operation ${typeof id === "string" ? `"${id}"` : `with the id ${describeValue(id)}`}`);
      return runOperation(plan, input, options, environment) as ReturnType<Application["dispatchUntyped"]>;
    } catch (cause) {
      return failedDispatch(environment.onDefect, id, cause);
    }
  };

  const application: Application = {
    dispatch(target: string | AnyOperation, input: unknown, options?: DispatchOptions) {
      try {
        if (typeof target === "string") return dispatchUntyped(target, input, options);
        const plan = plans.get(target);
        if (plan === undefined) {
          const id = kindOf(target) === undefined ? undefined : (target as { id?: unknown }).id;
          return unknownOperation(`the operation ${typeof id === "string" ? `"${id}" ` : ""}is not part of this application`);
        }
        return runOperation(plan, input, options, environment);
      } catch (cause) {
        return failedDispatch(environment.onDefect, target, cause);
      }
    },
    dispatchUntyped,
    operation: (id) => operations.get(id),
    features: Object.freeze([...features]),
  } as Application;
  return Object.freeze(application) as unknown as Application<OperationMap<Features>>;
}
