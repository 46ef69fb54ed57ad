// CustomerService and ProductService over a real (in-memory) SQLite database.
import { describe, expect, test } from "vitest";
import { refusal, testShop } from "./support.js";

describe("CustomerService", () => {
  test("registers active customers with trimmed names and lower-cased emails", () => {
    const { services } = testShop({ seed: false });
    expect(services.customers.register({ name: "  Ada Lovelace ", email: "Ada@Example.com" })).toEqual({
      id: "cus_1",
      name: "Ada Lovelace",
      email: "ada@example.com",
      status: "active",
    });
    expect(services.customers.get("cus_1")).toEqual({ id: "cus_1", name: "Ada Lovelace", email: "ada@example.com", status: "active" });
  });

  test("an email is taken whatever its case; the refused registration used an id but stored nothing", () => {
    const { db, services } = testShop({ seed: false });
    services.customers.register({ name: "Ada", email: "ada@example.com" });
    expect(refusal(() => services.customers.register({ name: "Other", email: "ADA@example.com" }))).toEqual({
      code: "EMAIL_TAKEN",
      message: "A customer with the email ada@example.com already exists.",
      details: { email: "ada@example.com" },
    });
    expect(db.prepare("SELECT id FROM customers").all()).toEqual([{ id: "cus_1" }]);
    expect(services.customers.register({ name: "Grace", email: "grace@example.com" }).id).toBe("cus_3");
  });

  test("suspend and reactivate are idempotent; unknown customers are NOT_FOUND", () => {
    const { services } = testShop();
    expect(services.customers.suspend("cus_1").status).toBe("suspended");
    expect(services.customers.suspend("cus_1").status).toBe("suspended");
    expect(services.customers.reactivate("cus_1").status).toBe("active");
    for (const attempt of [() => services.customers.get("cus_9"), () => services.customers.suspend("cus_9"), () => services.customers.reactivate("cus_9")]) {
      expect(refusal(attempt)).toEqual({ code: "NOT_FOUND", message: "There is no customer cus_9.", details: { customerId: "cus_9" } });
    }
  });
});

describe("ProductService", () => {
  test("creates products with trimmed names, restocks by adding, refuses unknown ids", () => {
    const { services } = testShop({ seed: false });
    expect(services.products.create({ name: " Teapot ", priceCents: 3_000, stock: 0 })).toEqual({ id: "prd_1", name: "Teapot", priceCents: 3_000, stock: 0 });
    expect(services.products.restock("prd_1", 7)).toEqual({ id: "prd_1", name: "Teapot", priceCents: 3_000, stock: 7 });
    expect(services.products.restock("prd_1", 1)).toEqual({ id: "prd_1", name: "Teapot", priceCents: 3_000, stock: 8 });
    expect(services.products.get("prd_1")).toEqual({ id: "prd_1", name: "Teapot", priceCents: 3_000, stock: 8 });
    const notFound = { code: "NOT_FOUND", message: "There is no product prd_9.", details: { productId: "prd_9" } };
    expect(refusal(() => services.products.restock("prd_9", 1))).toEqual(notFound);
    expect(refusal(() => services.products.get("prd_9"))).toEqual(notFound);
  });
});
