// Each write of the order repository commits whole or not at all. To prove the "not at all",
// a SQLite trigger in the test's own database makes the outbox write (the last of each unit)
// fail: a real failure of a real statement, after the other rows were already written.
import { describe, expect, test } from "vitest";
import { storedState, testShop } from "./support.js";

const failOutbox = "CREATE TRIGGER outbox_unavailable BEFORE INSERT ON outbox BEGIN SELECT RAISE(ABORT, 'outbox unavailable'); END;";

describe("the order repository's units of work", () => {
  test("place: a failed outbox write rolls back the order, its lines and its stock reservation", () => {
    const { db, services } = testShop();
    const before = storedState(db);
    db.exec(failOutbox);
    expect(() => services.orders.create({ customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 2 }] })).toThrow("outbox unavailable");
    expect(storedState(db)).toEqual(before);
  });

  test("markPaid: a failed outbox write records no payment and leaves the order pending", async () => {
    const { db, services } = testShop();
    services.orders.create({ customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 2 }] });
    const before = storedState(db);
    db.exec(failOutbox);
    await expect(services.orders.pay("ord_4", "tok_visa")).rejects.toThrow("outbox unavailable");
    expect(storedState(db)).toEqual(before);
  });

  test("cancel: a failed outbox write keeps the order pending and its stock reserved", () => {
    const { db, services } = testShop();
    services.orders.create({ customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 2 }] });
    const before = storedState(db);
    db.exec(failOutbox);
    expect(() => services.orders.cancel("ord_4")).toThrow("outbox unavailable");
    expect(storedState(db)).toEqual(before);
  });
});
