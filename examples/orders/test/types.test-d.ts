// Compile-time fixtures of the orders application: the type-level guarantees of its own
// descriptors, pinned. Nothing here runs; `npm run typecheck` (tsc) fails when a positive
// assertion breaks, or when a line marked `@ts-expect-error` stops being an error: the
// guarantee it pins was lost.
import { implementPort, type Brand, type Input, type Invariant } from "agentix";
import { adapterContract, arbitrary, checkInvariant } from "agentix/testing/property";
import fc from "fast-check";
import { expectTypeOf } from "vitest";
import { MemoryDatabase, memoryStorage } from "../src/adapters/memory/index.js";
import type { OrdersApplication } from "../src/app.js";
import { CustomerStore, type CustomerId } from "../src/features/customers/contract.js";
import { Order, OrderStore, type OrderId } from "../src/features/orders/contract.js";
import type { ProductId } from "../src/features/products/contract.js";

declare const app: OrdersApplication;

// --- Operations are dispatched by id, with the input their schema describes.
async function dispatching() {
  const created = await app.dispatch("orders.create", { customerId: "cus_1", lines: [{ productId: "prd_1", quantity: 2 }] });
  if (created.ok) expectTypeOf(created.value.id).toEqualTypeOf<OrderId>();
  // Declared errors narrow by code, framework codes stay possible.
  else if (created.error.code === "OUT_OF_STOCK") expectTypeOf(created.error.details).toEqualTypeOf<{ productId: ProductId; requested: number; available: number }>();
  // @ts-expect-error there is no orders.delete
  await app.dispatch("orders.delete", { orderId: "ord_1" });
  // @ts-expect-error lines are required
  await app.dispatch("orders.create", { customerId: "cus_1" });
  // @ts-expect-error a quantity is a number
  await app.dispatch("orders.create", { customerId: "cus_1", lines: [{ productId: "prd_1", quantity: "2" }] });
}
void dispatching;

// --- Ids are branded once parsed; callers pass plain strings.
expectTypeOf<OrderId>().toEqualTypeOf<string & Brand<"OrderId">>();
expectTypeOf<Input<typeof Order>["id"]>().toEqualTypeOf<string>();
// @ts-expect-error a customer id is not an order id
export const mixedUp: OrderId = "cus_1" as CustomerId;

// --- An adapter implements every operation of its port, with the port's types.
// @ts-expect-error an order store without place, markPaid and cancel
implementPort(OrderStore, { get: () => null });
implementPort(CustomerStore, {
  get: () => null,
  // @ts-expect-error insert declares EMAIL_TAKEN: it returns an outcome, not a bare null
  insert: () => null,
  setStatus: () => null,
});

// --- Generated values and the property helpers are typed by the schemas and the descriptors.
expectTypeOf(arbitrary(Order)).toEqualTypeOf<fc.Arbitrary<Input<typeof Order>>>();
const storage = () => memoryStorage(new MemoryDatabase());
adapterContract(CustomerStore, { make: () => storage().customers });
// @ts-expect-error the make of a customer store contract gives a customer store
adapterContract(CustomerStore, { make: () => storage().products });
// @ts-expect-error get takes a customer id: generated inputs are strings
adapterContract(CustomerStore, { make: () => storage().customers, inputs: { get: fc.integer() } });
declare const aboutOrders: Invariant<"orders.example", typeof Order>;
checkInvariant(aboutOrders, { evidence: arbitrary(Order) });
// @ts-expect-error the evidence arbitrary generates what the evidence schema describes
checkInvariant(aboutOrders, { evidence: fc.string() });
