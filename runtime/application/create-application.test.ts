import { describe, expect, it } from "vitest";
import {
  ApplicationDefinitionError,
  Ids,
  createApplication,
  defineCommand,
  defineContract,
  defineFeature,
  defineInvariant,
  definePort,
  defineQuery,
  implementPort,
  portOperation,
  s,
} from "../index.js";
import { CustomerStore, customers, customersContract } from "../test-support/customers.js";
import { memoryCustomerStore } from "../test-support/memory-customer-store.js";

const ids = implementPort(Ids, { next: () => "1" });

function problemsOf(build: () => unknown): readonly string[] {
  try {
    build();
  } catch (error) {
    if (error instanceof ApplicationDefinitionError) return error.problems;
    throw error;
  }
  throw new Error("createApplication did not throw");
}

const Orders = definePort({
  id: "orders.store",
  operations: { save: portOperation({ id: "orders.store.save", kind: "write", input: s.object({ id: s.string() }), output: s.literal(null) }) },
});
const ordersContract = defineContract({ id: "orders", ports: [Orders] });

/** An orders feature whose command reads customers through the customers contract's port. */
function ordersFeature(dependencies: readonly (typeof customersContract)[]) {
  const place = defineCommand({
    id: "orders.place",
    input: s.object({ customerId: s.string() }),
    output: s.literal(null),
    effects: { customer: CustomerStore.get, save: Orders.save },
    execute: () => null,
  });
  return defineFeature({ id: "orders", contract: ordersContract, dependencies, operations: [place] });
}

describe("createApplication", () => {
  it("accepts a consistent application", () => {
    const app = createApplication({ features: [customers, ordersFeature([customersContract])], adapters: [memoryCustomerStore().adapter, ids, implementPort(Orders, { save: () => null })] });
    expect(app.operation("orders.place")?.id).toBe("orders.place");
    expect(app.features.map((feature) => feature.id)).toEqual(["customers", "orders"]);
  });

  it("rejects duplicate operation ids, naming both owners", () => {
    const copy = defineCommand({ id: "customers.register", input: s.object({}), output: s.literal(null), execute: () => null });
    const other = defineFeature({ id: "crm", contract: defineContract({ id: "crm" }), operations: [copy] });
    expect(problemsOf(() => createApplication({ features: [customers, other], adapters: [memoryCustomerStore().adapter, ids] }))).toEqual([
      'duplicate id "customers.register": command "customers.register" (feature customers) and command "customers.register" (feature crm)',
    ]);
  });

  it("rejects duplicate feature ids", () => {
    const twin = defineFeature({ id: "customers", contract: customersContract, operations: [] });
    expect(problemsOf(() => createApplication({ features: [customers, twin], adapters: [memoryCustomerStore().adapter, ids] }))).toEqual([
      'duplicate id "customers": feature "customers" and feature "customers"',
      'contract "customers" belongs to both feature "customers" and feature "customers"',
    ]);
  });

  it("rejects a missing adapter binding, naming the port, the operation and the effect", () => {
    expect(problemsOf(() => createApplication({ features: [customers], adapters: [ids] }))).toEqual([
      'no adapter is bound for port "customers.store" (needed by customers.register for effect "findByName" -> customers.store.findByName)',
    ]);
  });

  it("rejects two adapters for one port", () => {
    expect(
      problemsOf(() => createApplication({ features: [customers], adapters: [memoryCustomerStore().adapter, ids, implementPort(Ids, { next: () => "2" }, { name: "second" })] })),
    ).toEqual(['port "ids" has more than one adapter (adapters[2] "second")']);
  });

  it("rejects a feature using another feature's port without declaring the dependency", () => {
    const problems = problemsOf(() =>
      createApplication({ features: [customers, ordersFeature([])], adapters: [memoryCustomerStore().adapter, ids, implementPort(Orders, { save: () => null })] }),
    );
    expect(problems).toEqual([
      'feature "orders" uses port "customers.store" of contract "customers" (orders.place, effect "customer") but does not list that contract in its dependencies',
    ]);
  });

  it("rejects a dependency on a contract no feature of the application has", () => {
    const problems = problemsOf(() => createApplication({ features: [ordersFeature([customersContract])], adapters: [memoryCustomerStore().adapter, implementPort(Orders, { save: () => null })] }));
    expect(problems).toEqual(['feature "orders" depends on contract "customers", but no feature of the application has that contract']);
  });

  it("rejects invariants over undeclared contracts and operations listing unknown invariants", () => {
    const invariant = defineInvariant({ id: "orders.customer-exists", dependsOn: [customersContract], evidence: s.object({}), check: () => true });
    const command = defineCommand({ id: "orders.touch", input: s.object({}), output: s.literal(null), invariants: [invariant], execute: () => null });
    const feature = defineFeature({ id: "orders", contract: ordersContract, operations: [command], invariants: [invariant] });
    const stray = defineCommand({ id: "orders.stray", input: s.object({}), output: s.literal(null), invariants: [invariant], execute: () => null });
    const lonely = defineFeature({ id: "misc", contract: defineContract({ id: "misc" }), operations: [stray] });
    expect(problemsOf(() => createApplication({ features: [customers, feature], adapters: [memoryCustomerStore().adapter, ids] }))).toEqual([
      'invariant "orders.customer-exists" of feature "orders" depends on contract "customers", which "orders" does not list in its dependencies',
    ]);
    expect(problemsOf(() => createApplication({ features: [lonely], adapters: [] }))).toEqual([
      'orders.stray lists invariant "orders.customer-exists", which no feature of the application defines',
    ]);
  });

  it("rejects values that are not descriptors and a contract with another id", () => {
    const misnamed = defineFeature({ id: "shipping", contract: defineContract({ id: "shipments" }), operations: [] });
    expect(problemsOf(() => createApplication({ features: [misnamed, {} as never], adapters: ["x" as never] }))).toEqual([
      "features[1] must be a defineFeature(...), got an object",
      'feature "shipping" has the contract "shipments"; a feature\'s contract carries the feature\'s id',
      "adapters[0] must be an implementPort(...), got a string",
    ]);
  });

  it("rejects an effect that is not reached through a port", () => {
    const loose = portOperation({ id: "loose.op", kind: "read", output: s.string() });
    const command = defineCommand({ id: "misc.run", input: s.object({}), output: s.literal(null), effects: { loose }, execute: () => null });
    const feature = defineFeature({ id: "misc", contract: defineContract({ id: "misc" }), operations: [command] });
    expect(problemsOf(() => createApplication({ features: [feature], adapters: [] }))).toEqual([
      'misc.run: effect "loose" (loose.op) is not an operation of any port; reference it through its port (e.g. Port.loose)',
    ]);
  });
});

describe("createApplication checks shapes and ownership", () => {
  it("refuses a config of the wrong shape with problems, never a TypeError", () => {
    const cases: [unknown, string[]][] = [
      [undefined, ["the config must be an object { features, adapters }, got undefined"]],
      ["app", ["the config must be an object { features, adapters }, got a string"]],
      [{ features: customers, adapters: [] }, ["features must be an array of defineFeature(...) values, got a feature"]],
      [{ features: [] }, ["adapters must be an array of implementPort(...) values (an empty array when no feature uses a port), got undefined"]],
      [{ features: "customers", adapters: "none" }, [
        "features must be an array of defineFeature(...) values, got a string",
        "adapters must be an array of implementPort(...) values (an empty array when no feature uses a port), got a string",
      ]],
      [{ features: [], adapters: [], onDefect: "log", timeout: 5 }, [
        'unknown option "timeout" (did you mean "timeoutMs"?)',
        "onDefect must be a function, got a string",
      ]],
      [{ features: [], adapters: [], verbose: true, timeoutMs: "100" }, [
        'unknown option "verbose" (the options are features, adapters, onDefect, timeoutMs)',
        'timeoutMs must be a positive number of milliseconds, got the string "100"',
      ]],
      [{ features: [, customers], adapters: [memoryCustomerStore().adapter, ids] }, ["features[0] must be a defineFeature(...), got undefined"]],
    ];
    for (const [config, problems] of cases) {
      expect(problemsOf(() => createApplication(config as never)), JSON.stringify(config)).toEqual(problems);
    }
  });

  it("refuses descriptors whose list or map slots are of the wrong shape, naming the slot", () => {
    const base = { id: "x.run", input: s.object({}), output: s.literal(null), execute: () => null };
    expect(() => defineCommand({ ...base, permissions: "orders:write" as never })).toThrow('defineCommand "x.run": permissions must be an array, got a string');
    expect(() => defineCommand({ ...base, effects: "load" as never })).toThrow('defineCommand "x.run": effects must be an object, got a string');
    expect(() => defineFeature({ id: "x", contract: defineContract({ id: "x" }), operations: "x.run" as never })).toThrow(
      'defineFeature "x": operations must be an array, got a string',
    );
    expect(() => defineContract({ id: "x", ports: CustomerStore as never })).toThrow('defineContract "x": ports must be an array, got a port');
    expect(() => defineInvariant({ id: "x.i", dependsOn: "customers" as never, evidence: s.object({}), check: () => true })).toThrow(
      'defineInvariant "x.i": dependsOn must be an array of contracts, got a string',
    );
  });

  it("refuses a feature that lists its own contract as a dependency", () => {
    const self = defineFeature({ id: "orders", contract: ordersContract, dependencies: [ordersContract], operations: [] });
    expect(problemsOf(() => createApplication({ features: [self], adapters: [] }))).toEqual([
      'feature "orders" lists its own contract as a dependency; a feature uses its own contract without listing it',
    ]);
  });

  it("refuses features that depend on each other in a cycle, naming it once", () => {
    const a = defineContract({ id: "a" });
    const b = defineContract({ id: "b" });
    const c = defineContract({ id: "c" });
    const features = [
      defineFeature({ id: "c", contract: c, dependencies: [a], operations: [] }),
      defineFeature({ id: "b", contract: b, dependencies: [c], operations: [] }),
      defineFeature({ id: "a", contract: a, dependencies: [b], operations: [] }),
      defineFeature({ id: "d", contract: defineContract({ id: "d" }), dependencies: [a], operations: [] }),
    ];
    expect(problemsOf(() => createApplication({ features, adapters: [] }))).toEqual(["features depend on each other in a cycle: a -> b -> c -> a"]);
  });

  it("refuses an operation listed by two features, or twice by one", () => {
    const shared = defineCommand({ id: "misc.run", input: s.object({}), output: s.literal(null), execute: () => null });
    const one = defineFeature({ id: "one", contract: defineContract({ id: "one" }), operations: [shared] });
    const two = defineFeature({ id: "two", contract: defineContract({ id: "two" }), operations: [shared] });
    const twice = defineFeature({ id: "three", contract: defineContract({ id: "three" }), operations: [shared, shared] });
    expect(problemsOf(() => createApplication({ features: [one, two], adapters: [] }))).toEqual([
      'command "misc.run" is listed by both feature one and feature two; it belongs to one of them',
    ]);
    expect(problemsOf(() => createApplication({ features: [twice], adapters: [] }))).toEqual(['command "misc.run" is listed twice by feature three']);
    expect(problemsOf(() => createApplication({ features: [one, one], adapters: [] }))).toEqual(['feature "one" is listed twice (features[1])']);
  });
});

describe("descriptor validation", () => {
  it("definePort rejects operation names that collide with the port's own fields", () => {
    expect(() =>
      definePort({ id: "p", operations: { id: portOperation({ id: "p.id", kind: "read", output: s.string() }) } as never }),
    ).toThrow('definePort "p": an operation may not be named "id" (it is a field of the port itself)');
  });

  it("implementPort requires a handler for every operation and no others", () => {
    expect(() => implementPort(CustomerStore, { get: () => null } as never)).toThrow('implementPort "customers.store": missing handlers for save, findByName');
    expect(() => implementPort(Ids, { next: () => "1", other: () => "2" } as never)).toThrow('implementPort "ids": other is not an operation of the port');
  });

  it("defineQuery refuses write and external effects and events at run time too", () => {
    const query = { id: "q", input: s.object({}), output: s.literal(null), execute: () => null };
    expect(() => defineQueryUntyped({ ...query, effects: { save: CustomerStore.save } })).toThrow(
      'defineQuery "q": a query may not declare the write effect "save" (customers.store.save); make it a command',
    );
    expect(() => defineQueryUntyped({ ...query, emits: { x: {} } })).toThrow('defineQuery "q": a query may not emit events; make it a command');
  });

  it("portOperation rejects an unknown kind", () => {
    expect(() => portOperation({ id: "x", kind: "delete" as never, output: s.string() })).toThrow(
      'portOperation "x": kind must be one of read, write, time, random, external, got the string "delete"',
    );
  });
});

function defineQueryUntyped(definition: Record<string, unknown>): unknown {
  return (defineQuery as (definition: unknown) => unknown)(definition);
}
