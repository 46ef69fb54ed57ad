import { describe, expect, test } from "vitest";
import { assertEffects, assertNoEffects, memoryPort, sequentialIds, testCommand, testQuery } from "agentix/testing";
import { ProductStore } from "./contract.js";
import { createProduct, getProduct, restockProduct } from "./operations.js";

const kettle = { id: "prd_1", name: "Kettle", priceCents: 2_500, stock: 3 };

describe("products.create", () => {
  test("stores a product with the next id and a trimmed name", async () => {
    const store = memoryPort(ProductStore);
    const run = await testCommand(createProduct, {
      input: { name: " Kettle ", priceCents: 2_500, stock: 3 },
      adapters: [store, sequentialIds()],
    });

    expect(run.outcome).toEqual({ ok: true, value: kettle, events: [] });
    assertEffects(run, ["ids.next", "products.store.insert"]);
    expect(store.calls).toEqual([{ operation: "products.store.insert", input: kettle }]);
  });

  test("rejects a zero price and a negative stock, naming both", async () => {
    const run = await testCommand(createProduct, {
      input: { name: "Kettle", priceCents: 0, stock: -1 },
      adapters: [memoryPort(ProductStore), sequentialIds()],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: {
        code: "INVALID_INPUT",
        message: "invalid input for products.create",
        details: {
          issues: [
            { code: "too_small", path: "/priceCents", message: "must be >= 1" },
            { code: "too_small", path: "/stock", message: "must be >= 0" },
          ],
        },
      },
    });
    assertNoEffects(run);
  });

  test("denies a principal without products:write before any effect", async () => {
    const run = await testCommand(createProduct, {
      input: { name: "Kettle", priceCents: 2_500, stock: 3 },
      permissions: ["products:read"],
      adapters: [memoryPort(ProductStore), sequentialIds()],
    });

    expect(run.outcome).toEqual({
      ok: false,
      error: { code: "FORBIDDEN", message: 'principal "test-principal" lacks products:write for products.create', details: { missing: ["products:write"] } },
    });
    assertNoEffects(run);
  });
});

describe("products.get", () => {
  test("returns the product with its available stock", async () => {
    const run = await testQuery(getProduct, { input: { productId: "prd_1" }, adapters: [memoryPort(ProductStore, { get: [kettle] })] });

    expect(run.outcome).toEqual({ ok: true, value: kettle, events: [] });
    assertEffects(run, ["products.store.get"]);
  });

  test("answers NOT_FOUND for an unknown id", async () => {
    const run = await testQuery(getProduct, { input: { productId: "prd_9" }, adapters: [memoryPort(ProductStore, { get: [null] })] });

    expect(run.outcome).toEqual({ ok: false, error: { code: "NOT_FOUND", message: "There is no product prd_9.", details: { productId: "prd_9" } } });
  });

  test("rejects an id that is not a product id", async () => {
    const run = await testQuery(getProduct, { input: { productId: "cus_1" }, adapters: [memoryPort(ProductStore)] });

    expect(run.outcome.ok === false && run.outcome.error.code).toBe("INVALID_INPUT");
    assertNoEffects(run);
  });
});

describe("products.restock", () => {
  test("adds to the stock in the store and returns the product as stored", async () => {
    const store = memoryPort(ProductStore, { addStock: [{ ...kettle, stock: 13 }] });
    const run = await testCommand(restockProduct, { input: { productId: "prd_1", quantity: 10 }, adapters: [store] });

    expect(run.outcome).toEqual({ ok: true, value: { ...kettle, stock: 13 }, events: [] });
    expect(store.calls).toEqual([{ operation: "products.store.add-stock", input: { id: "prd_1", quantity: 10 } }]);
  });

  test("answers NOT_FOUND when the store has no such product", async () => {
    const run = await testCommand(restockProduct, { input: { productId: "prd_9", quantity: 1 }, adapters: [memoryPort(ProductStore, { addStock: [null] })] });

    expect(run.outcome).toEqual({ ok: false, error: { code: "NOT_FOUND", message: "There is no product prd_9.", details: { productId: "prd_9" } } });
  });

  test("denies a principal without products:write", async () => {
    const run = await testCommand(restockProduct, { input: { productId: "prd_1", quantity: 1 }, permissions: [], adapters: [memoryPort(ProductStore)] });

    expect(run.outcome.ok === false && run.outcome.error.code).toBe("FORBIDDEN");
    assertNoEffects(run);
  });
});
