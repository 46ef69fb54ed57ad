// The index of fixture projects, through the programmatic API (agentix/analyzer sources).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  analyzeProject,
  indexProblems,
  serializeIndex,
  type AgentixIndex,
} from "../../analyzer/index.js";
import { copyFixture, fixtureDir, removeCopies } from "../support/analyzer-fixtures.js";

let shop: AgentixIndex;
let shopBytes: string;

beforeAll(() => {
  shop = analyzeProject({ root: fixtureDir("shop") });
  shopBytes = serializeIndex(shop);
});

afterAll(removeCopies);

describe("the index of the shop fixture", () => {
  it("is valid against schema/index.v2.schema.json", () => {
    expect(indexProblems(shop)).toEqual([]);
  });

  it("matches the reviewed snapshot byte for byte", async () => {
    await expect(shopBytes).toMatchFileSnapshot("./__snapshots__/shop.index.json");
  });

  it("is byte-identical on a second run and from another folder (no absolute paths, no timestamps)", () => {
    expect(serializeIndex(analyzeProject({ root: fixtureDir("shop") }))).toBe(shopBytes);
    const copy = copyFixture("shop");
    expect(serializeIndex(analyzeProject({ root: copy }))).toBe(shopBytes);
    expect(shopBytes).not.toContain(fixtureDir("shop"));
    expect(shopBytes).not.toContain(copy);
    expect(shopBytes).not.toMatch(/20\d\d-\d\d-\d\dT/u);
  });

  it("is byte-identical from a checkout with CRLF line endings", () => {
    const copy = copyFixture("shop");
    for (const file of [...shop.files, { path: "tsconfig.json" }]) {
      const absolute = path.join(copy, file.path);
      writeFileSync(absolute, readFileSync(absolute, "utf8").replace(/\n/gu, "\r\n"));
    }
    expect(serializeIndex(analyzeProject({ root: copy }))).toBe(shopBytes);
  });

  it("lists features with their contracts, dependencies and consumers", () => {
    expect(
      shop.features.map((f) => [
        f.id,
        f.dependencies.declared,
        f.dependencies.imported,
        f.consumers,
      ]),
    ).toEqual([
      ["customers", [], [], ["orders"]],
      ["orders", ["customers", "payments"], ["customers", "payments"], []],
      ["payments", [], [], ["orders"]],
    ]);
    const customers = shop.features[0]!;
    expect(customers.contract?.exports.map((e) => `${e.name}:${e.kind}:${e.id ?? ""}`)).toEqual([
      "Customer:schema:",
      "CustomerId:schema:",
      "CustomerRegistered:event:customers.registered",
      "CustomerStore:port:customers.store",
      "customersContract:contract:customers",
    ]);
    expect(customers.descriptor).toEqual({
      file: "src/features/customers/feature.ts",
      line: 5,
      column: 1,
      endLine: 10,
      endColumn: 4,
    });
  });

  it("extracts an operation's schemas, effects, events, invariants and tests", () => {
    const create = shop.operations.find((o) => o.id === "orders.create")!;
    expect(create.kind).toBe("command");
    expect(create.name).toBe("createOrder");
    expect(create.input.ref).toEqual({
      name: "CreateOrderInput",
      file: "src/features/orders/operations.ts",
      line: 8,
    });
    expect(create.input.schema).toEqual({
      type: "object",
      properties: {
        customerId: { type: "string", pattern: "^cus_", title: "CustomerId" },
        lines: {
          type: "array",
          items: {
            type: "object",
            properties: { sku: { type: "string" }, quantity: { type: "integer", minimum: 1 } },
            required: ["sku", "quantity"],
            additionalProperties: false,
          },
          minItems: 1,
        },
      },
      required: ["customerId", "lines"],
      additionalProperties: false,
    });
    expect(create.input.type).toBe(
      '{ customerId: string & Brand<"CustomerId">; lines: { sku: string; quantity: number; }[]; }',
    );
    expect(create.input.inputType).toBe(
      "{ readonly customerId: string; readonly lines: readonly { readonly sku: string; readonly quantity: number; }[]; }",
    );
    expect(create.errors.map((e) => e.code)).toEqual(["CUSTOMER_NOT_FOUND", "PAYMENT_FAILED"]);
    expect(create.permissions).toEqual(["customers:read", "orders:create"]);
    expect(create.effects).toEqual([
      {
        key: "charge",
        operation: "payments.gateway.charge",
        port: "payments.gateway",
        kind: "external",
      },
      {
        key: "loadCustomer",
        operation: "customers.store.get",
        port: "customers.store",
        kind: "read",
      },
      { key: "nextId", operation: "ids.next", port: "ids", kind: "random" },
      { key: "now", operation: "clock.now", port: "clock", kind: "time" },
      { key: "saveOrder", operation: "orders.store.save", port: "orders.store", kind: "write" },
    ]);
    expect(create.emits).toEqual([{ key: "orderCreated", event: "orders.created", version: 1 }]);
    expect(create.invariants).toEqual(["orders.paid-has-payment"]);
    expect(create.assertions).toEqual([{ invariant: "orders.paid-has-payment", line: 35 }]);
    expect(create.tests).toEqual([
      { file: "src/features/orders/create-order.test.ts", by: "name" },
    ]);
  });

  it("records a foreign (zod) schema as opaque, with its type", () => {
    const get = shop.operations.find((o) => o.id === "orders.get")!;
    expect(get.output.schema).toBeNull();
    expect(get.output.opaque).toEqual({
      reason:
        'z.object({ id: z.string(), status: z.string() }) builds a "zod" schema (not an s.* schema)',
      vendor: "zod",
      file: "src/features/orders/operations.ts",
      line: 45,
    });
    expect(get.output.type).toBe("{ id: string; status: string; }");
    expect(shop.unresolved).toEqual([]);
  });

  it("links tests exactly through agentix/testing, else by name", () => {
    expect(
      shop.tests.map((t) => [
        t.file,
        t.links.map((l) => `${l.target}:${l.id}:${l.by}:${l.via ?? ""}`),
      ]),
    ).toEqual([
      [
        "src/features/customers/customers.test.ts",
        ["operation:customers.get:call:testQuery", "operation:customers.register:call:testCommand"],
      ],
      ["src/features/orders/create-order.test.ts", ["operation:orders.create:name:"]],
      [
        "src/features/orders/invariants.test.ts",
        ["invariant:orders.paid-has-payment:call:assertInvariant"],
      ],
    ]);
  });

  it("maps permissions to operations, ports to adapters and users, events to emitters", () => {
    expect(shop.permissions).toEqual([
      { permission: "customers:read", operations: ["customers.get", "orders.create"] },
      { permission: "customers:write", operations: ["customers.register"] },
      { permission: "orders:create", operations: ["orders.create"] },
      { permission: "orders:read", operations: ["orders.get"] },
    ]);
    expect(
      shop.ports.map((p) => [
        p.id,
        p.origin,
        p.adapters.map((a) => a.name),
        p.operations.map((o) => `${o.id}:${o.kind}:${o.usedBy.join("+")}`),
      ]),
    ).toEqual([
      ["clock", "agentix", ["system-clock"], ["clock.now:time:orders.create"]],
      [
        "customers.store",
        "project",
        ["memory-customers"],
        [
          "customers.store.get:read:customers.get+orders.create",
          "customers.store.save:write:customers.register",
        ],
      ],
      ["ids", "agentix", ["random-ids"], ["ids.next:random:customers.register+orders.create"]],
      [
        "orders.store",
        "project",
        ["memory-orders"],
        ["orders.store.get:read:orders.get", "orders.store.save:write:orders.create"],
      ],
      [
        "payments.gateway",
        "project",
        ["approving-payments"],
        ["payments.gateway.charge:external:orders.create"],
      ],
    ]);
    expect(shop.events.map((e) => [e.id, e.version, e.emittedBy])).toEqual([
      ["customers.registered", 1, ["customers.register"]],
      ["orders.created", 1, ["orders.create"]],
    ]);
    const invariant = shop.invariants[0]!;
    expect([invariant.id, invariant.dependsOn, invariant.preservedBy]).toEqual([
      "orders.paid-has-payment",
      ["orders", "payments"],
      ["orders.create"],
    ]);
    expect(invariant.assertions).toEqual([
      { file: "src/features/orders/invariants.test.ts", line: 5, operation: null, test: true },
      {
        file: "src/features/orders/operations.ts",
        line: 35,
        operation: "orders.create",
        test: false,
      },
    ]);
    expect(shop.applications).toEqual([
      {
        location: { file: "src/main.ts", line: 9, column: 1, endLine: 12, endColumn: 4 },
        features: ["customers", "orders", "payments"],
        adapters: [
          { port: "clock", name: "system-clock" },
          { port: "customers.store", name: "memory-customers" },
          { port: "ids", name: "random-ids" },
          { port: "orders.store", name: "memory-orders" },
          { port: "payments.gateway", name: "approving-payments" },
        ],
      },
    ]);
  });

  it("holds the file import graph with roles", () => {
    const operations = shop.files.find((f) => f.path === "src/features/orders/operations.ts")!;
    expect(operations.role).toBe("feature");
    expect(
      operations.imports.map((i) => `${i.form} ${i.specifier} -> ${i.resolution}:${i.target}`),
    ).toEqual([
      "import agentix -> package:agentix",
      "import zod -> package:zod",
      "import ../customers/contract.js -> file:src/features/customers/contract.ts",
      "import ../payments/contract.js -> file:src/features/payments/contract.ts",
      "import ./contract.js -> file:src/features/orders/contract.ts",
      "import ./invariants.js -> file:src/features/orders/invariants.ts",
    ]);
    expect(Object.fromEntries(shop.files.map((f) => [f.path, f.role]))).toMatchObject({
      "src/main.ts": "composition-root",
      "src/adapters/memory-orders.ts": "adapter",
      "src/shared/money.ts": "shared",
      "src/features/orders/contract.ts": "contract",
      "src/features/orders/feature.ts": "descriptor",
      "src/features/orders/create-order.test.ts": "test",
    });
    expect(shop.project.tsconfig).toBe("tsconfig.json");
  });
});

describe("a project with every kind of problem", () => {
  let broken: AgentixIndex;
  beforeAll(() => {
    broken = analyzeProject({ root: fixtureDir("broken") });
  });

  it("is still a valid index", () => {
    expect(indexProblems(broken)).toEqual([]);
  });

  it("reports model problems as diagnostics", () => {
    expect(broken.diagnostics.map((d) => `${d.severity} ${d.code} ${d.file}:${d.line}`)).toEqual([
      "error duplicate-id src/features/alpha/operations.ts:13",
      "error syntax-error src/features/beta/broken.ts:2",
      "error syntax-error src/features/beta/broken.ts:2",
      "error feature-cycle src/features/beta/feature.ts:2",
      "warning unused-dependency src/features/beta/feature.ts:6",
      "warning missing-contract src/features/delta/model.ts:1",
      "warning missing-descriptor src/features/delta/model.ts:1",
      "error feature-id-mismatch src/features/gamma/feature.ts:9",
    ]);
    // Two syntax errors on one line keep their columns, so they do not read as duplicates.
    expect(
      broken.diagnostics
        .filter((d) => d.code === "syntax-error")
        .map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`),
    ).toEqual([
      "src/features/beta/broken.ts:2:14 syntax error: Variable declaration expected. (TS1134)",
      "src/features/beta/broken.ts:2:35 syntax error: Expression expected. (TS1109)",
    ]);
    expect(broken.diagnostics.filter((d) => "column" in d).map((d) => d.code)).toEqual([
      "syntax-error",
      "syntax-error",
      "feature-cycle",
    ]);
    // At the import that closes the example cycle (beta -> alpha), its specifier's column (a
    // declared dependency's, in beta's descriptor), the other edges related.
    const cycle = broken.diagnostics.find((d) => d.code === "feature-cycle")!;
    expect(`${cycle.file}:${cycle.line}:${cycle.column}`).toBe("src/features/beta/feature.ts:2:31");
    expect(cycle.message).toBe(
      "features alpha, beta, gamma depend on each other in cycles, e.g. alpha -> beta -> alpha; dependencies between features must form a directed acyclic graph",
    );
    expect(cycle.related).toEqual([{ file: "src/features/alpha/feature.ts", line: 2 }]);
    expect(broken.diagnostics[0]!.related).toEqual([
      { file: "src/features/beta/operations.ts", line: 3 },
    ]);
  });

  it("lists what it could not resolve, with file, line and reason", () => {
    expect(broken.unresolved).toEqual([
      {
        kind: "id",
        file: "src/features/alpha/operations.ts",
        line: 21,
        column: 7,
        reason:
          'the id of defineCommand(...) is not a literal string: makeId("computed") is not a literal value',
      },
      {
        kind: "schema",
        file: "src/features/alpha/operations.ts",
        line: 29,
        column: 10,
        reason: 'makeSchema(): "makeSchema" is a function, not a constant',
      },
      {
        kind: "schema",
        file: "src/features/alpha/operations.ts",
        line: 30,
        column: 33,
        reason: 'Number("1") is not a literal value',
      },
      {
        kind: "dynamic-import",
        file: "src/features/alpha/operations.ts",
        line: 35,
        column: 10,
        reason:
          "import() with a non-literal target: the module it loads cannot be known statically",
      },
    ]);
  });

  it("reports architecture violations through the ESLint plugin's logic", () => {
    expect(broken.violations.map((v) => `${v.rule} ${v.file}:${v.line}:${v.column}`)).toEqual([
      "agentix/no-private-imports src/features/alpha/operations.ts:2:27",
      "agentix/no-undeclared-dependencies src/features/alpha/operations.ts:3:31",
      "agentix/no-private-imports src/features/alpha/operations.ts:35:10",
      "agentix/no-ambient-capabilities src/features/beta/model.ts:1:9",
      "agentix/no-ambient-capabilities src/features/beta/model.ts:3:49",
      "agentix/no-ambient-capabilities src/features/beta/model.ts:6:26",
      "agentix/no-undeclared-dependencies src/features/gamma/queries.ts:2:28",
      "agentix/no-query-writes src/features/gamma/queries.ts:10:14",
      "agentix/no-query-writes src/features/gamma/queries.ts:11:3",
      // Write effects reached through an overridden entry, a variable and a spread.
      "agentix/no-query-writes src/features/gamma/query-override.ts:10:14",
      "agentix/no-query-writes src/features/gamma/query-spread.ts:5:119",
      "agentix/no-query-writes src/features/gamma/query-variable.ts:5:112",
    ]);
  });
});

describe("an application assembled from parameters, with tests the tsconfig excludes", () => {
  let composed: AgentixIndex;
  beforeAll(() => {
    composed = analyzeProject({ root: fixtureDir("composed") });
  });

  it("analyses test files the build tsconfig leaves out and links them", () => {
    expect(composed.files.map((f) => f.path)).toContain("test/app.test.ts");
    expect(
      composed.tests.map((t) => [t.file, t.links.map((l) => `${l.target}:${l.id}:${l.by}`)]),
    ).toEqual([
      ["src/features/notes/notes.test.ts", ["operation:notes.write:call"]],
      // It reaches the feature through src/app.ts, the composition root.
      ["test/app.test.ts", ["feature:notes:import"]],
    ]);
  });

  it("knows adapters and effects held in parameters and variables from their types", () => {
    expect(composed.applications[0]!.adapters).toEqual([
      { port: "clock", name: null },
      { port: "notes.store", name: null },
    ]);
    expect(composed.operations[0]!.effects).toEqual([
      { key: "now", operation: "clock.now", port: "clock", kind: "time" },
      { key: "save", operation: "notes.store.save", port: "notes.store", kind: "write" },
    ]);
    expect(composed.unresolved).toEqual([]);
    expect(composed.diagnostics).toEqual([]);
  });
});

describe("a library laid out like hono: folders as features, a build tsconfig without its tests", () => {
  let library: AgentixIndex;
  beforeAll(() => {
    library = analyzeProject({
      root: fixtureDir("library"),
      tsconfig: path.join(fixtureDir("library"), "tsconfig.build.json"),
    });
  });

  it("is a valid index, linking .test.ts and .test.tsx files the tsconfig excludes", () => {
    expect(indexProblems(library)).toEqual([]);
    expect(
      library.tests.map((t) => [t.file, t.links.map((l) => `${l.target}:${l.id}:${l.by}`)]),
    ).toEqual([
      ["src/jsx/render.test.tsx", ["feature:jsx:folder"]],
      ["src/router/trie.test.ts", ["feature:router:folder"]],
    ]);
  });

  it("resolves extensionless imports and export-star barrels under Bundler resolution", () => {
    expect(library.files.find((f) => f.path === "src/index.ts")!.imports).toEqual([
      {
        specifier: "./router",
        form: "export-all",
        typeOnly: false,
        resolution: "file",
        target: "src/router/index.ts",
        line: 1,
      },
      {
        specifier: "./compose",
        form: "export-from",
        typeOnly: false,
        resolution: "file",
        target: "src/compose.ts",
        line: 2,
      },
      {
        specifier: "./utils/url",
        form: "export-all",
        typeOnly: false,
        resolution: "file",
        target: "src/utils/url.ts",
        line: 3,
      },
      {
        specifier: "./router/types",
        form: "export-from",
        typeOnly: true,
        resolution: "file",
        target: "src/router/types.ts",
        line: 4,
      },
    ]);
  });

  it("reports the cycle between folders at the import that closes it, the other imports related", () => {
    expect(library.diagnostics.filter((d) => d.code === "feature-cycle")).toEqual([
      {
        code: "feature-cycle",
        severity: "error",
        message:
          "features depend on each other in a cycle: helper -> router -> utils -> helper; dependencies between features must form a directed acyclic graph",
        file: "src/utils/url.ts",
        line: 1,
        column: 24,
        related: [
          { file: "src/helper/html.ts", line: 1 },
          { file: "src/router/trie.ts", line: 1 },
        ],
      },
    ]);
    expect(library.features.map((f) => [f.id, f.dependencies.imported, f.consumers])).toEqual([
      ["helper", ["router"], ["utils"]],
      ["jsx", [], []],
      ["router", ["utils"], ["helper"]],
      ["utils", ["helper"], ["router"]],
    ]);
  });
});

describe("descriptors reached through a local facade, namespaces, default exports and aliases", () => {
  it("follows export * and renamed re-exports of agentix, namespace imports and shared constants", () => {
    const index = analyzeProject({ root: fixtureDir("aliases") });
    expect(index.unresolved).toEqual([]);
    expect(index.diagnostics).toEqual([]);
    const bill = index.operations[0]!;
    expect([bill.id, bill.name, bill.permissions]).toEqual([
      "billing.bill",
      "bill",
      ["billing:write"],
    ]);
    expect(bill.effects).toEqual([
      {
        key: "charge",
        operation: "billing.gateway.charge",
        port: "billing.gateway",
        kind: "external",
      },
      { key: "now", operation: "clock.now", port: "clock", kind: "time" },
    ]);
    expect(bill.errors.map((e) => [e.code, e.schema.type, e.schema.ref?.name ?? null])).toEqual([
      ["DECLINED", "{ reason: string; }", null],
    ]);
    expect(index.ports.map((p) => [p.id, p.operations.map((o) => `${o.name}=${o.id}`)])).toEqual([
      ["billing.gateway", ["charge=billing.gateway.charge"]],
      ["clock", ["now=clock.now"]],
    ]);
    expect(
      index.features.map((f) => [
        f.id,
        f.declaredId,
        f.contract?.id,
        f.operations,
        f.contract?.exports.map((e) => `${e.name}:${e.kind}`),
      ]),
    ).toEqual([
      ["billing", "billing", "billing", ["billing.bill"], ["Gateway:port", "default:contract"]],
    ]);
  });
});

describe("the analyzer never runs project code", () => {
  it("leaves no marker behind, though every module (and the configs) would write one on import", () => {
    const dir = copyFixture("marker");
    const marker = path.join(dir, "MARKER");
    const index = analyzeProject({ root: dir });
    expect(index.operations.map((o) => o.id)).toEqual(["boom.explode"]);
    expect(existsSync(marker)).toBe(false);
    // The fixture is not inert: importing its module does write the marker.
    writeFileSync(path.join(dir, "probe.mjs"), 'await import("./src/features/boom/mark.mjs");\n');
    expect(spawnSync(process.execPath, ["probe.mjs"], { cwd: dir }).status).toBe(0);
    expect(readFileSync(marker, "utf8")).toBe("mark.mjs\n");
  });
});
