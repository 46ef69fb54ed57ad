import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { loadScenarios, ScenarioError } from "../src/scenario.js";

const scenarios = fileURLToPath(new URL("../scenarios/", import.meta.url));

describe("the contract's scenario files", () => {
  test("load, every scenario with a unique id, the fixture's steps first and its state where the scenario says nothing", () => {
    const loaded = loadScenarios(scenarios);
    expect(new Set(loaded.map((scenario) => scenario.id)).size).toBe(loaded.length);
    expect(loaded.map((scenario) => scenario.id.split(" › ")[0])).toEqual([
      ...Array<string>(2).fill("bad-input"),
      ...Array<string>(3).fill("concurrency"),
      ...Array<string>(2).fill("customers"),
      ...Array<string>(4).fill("environment"),
      ...Array<string>(5).fill("orders"),
      ...Array<string>(3).fill("payments"),
      ...Array<string>(2).fill("permissions"),
      "products",
    ]);
    const declined = loaded.find((scenario) => scenario.id === "payments › a declined card changes nothing; the next card pays");
    expect(declined?.environment).toEqual({ clockStart: "2026-03-01T09:00:00.000Z", idSeed: 1, paymentAnswers: ["card_declined", "insufficient_funds", "limit_exceeded", "approved"] });
    expect(declined?.steps.slice(0, 3).map((step) => ("do" in step ? step.do : "concurrently"))).toEqual(["POST /customers", "POST /products", "POST /products"]);
    expect(declined?.state.customers).toEqual([{ id: "cus_1", name: "Ada Lovelace", email: "ada@example.com", status: "active" }]);
    expect(declined?.state.products).toEqual([
      { id: "prd_2", name: "Kettle", priceCents: 2500, stock: 3 },
      { id: "prd_3", name: "Mug", priceCents: 1200, stock: 8 },
    ]);
  });
});

describe("a scenario file that cannot be used", () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), "orders-acceptance-files-"));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  const write = (name: string, content: unknown) => writeFileSync(join(directory, name), typeof content === "string" ? content : JSON.stringify(content));
  const refusal = () => {
    try {
      loadScenarios(directory);
    } catch (error) {
      if (error instanceof ScenarioError) return error.message.replaceAll(directory, "<dir>");
      throw error;
    }
    throw new Error("expected a ScenarioError");
  };
  const step = { do: "GET /customers/cus_1", as: "admin", expect: { status: 404, body: null } };

  test("is not JSON", () => {
    write("a.json", "{ scenarios: [] }");
    expect(refusal()).toMatch(/^<dir>\/a\.json: .*JSON/);
  });

  test("breaks the schema: each problem with its path", () => {
    write("a.json", { scenarios: [{ name: "x", steps: [{ do: "FETCH /x", expect: { status: 200 } }, { ...step, as: "root" }], state: { invoices: [] } }] });
    expect(refusal()).toBe(
      "<dir>/a.json: /scenarios/0/steps/0/do must match pattern \"^(GET|POST|PUT|PATCH|DELETE) /\\S*$\"; /scenarios/0/steps/0/expect must have required property 'body'; " +
        "/scenarios/0/steps/1/as must be equal to one of the allowed values; /scenarios/0/state/invoices is not allowed here",
    );
  });

  test("gives both a token and a principal, or both a JSON and a raw body", () => {
    write("a.json", { scenarios: [{ name: "x", steps: [{ ...step, authorization: "Bearer x" }, { ...step, body: {}, rawBody: "{}" }] }] });
    expect(refusal()).toBe(
      '<dir>/a.json: /scenarios/0/steps/0 gives both "as" and "authorization", or both "body" and "rawBody"; /scenarios/0/steps/1 gives both "as" and "authorization", or both "body" and "rawBody"',
    );
  });

  test("names a fixture no file defines, or defines one twice, or names two scenarios alike", () => {
    write("a.json", { scenarios: [{ name: "x", given: "shop" }] });
    expect(refusal()).toBe('a.json: scenario "x" is given "shop", which no file defines');
    write("a.json", { fixtures: { shop: { description: "", steps: [], state: {} } }, scenarios: [] });
    write("b.json", { fixtures: { shop: { description: "", steps: [], state: {} } }, scenarios: [] });
    expect(refusal()).toBe('b.json: fixture "shop" is defined twice');
    write("b.json", { scenarios: [{ name: "x" }, { name: "x" }] });
    expect(refusal()).toBe('b.json: two scenarios are named "x"');
  });
});
