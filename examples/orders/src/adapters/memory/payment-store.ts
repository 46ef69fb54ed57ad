import { implementPort } from "agentix";
import { PaymentStore } from "../../features/payments/contract.js";
import type { MemoryDatabase } from "./database.js";

/** Reads payments; they are written by the order store's `markPaid` unit of work. */
export function memoryPaymentStore(db: MemoryDatabase) {
  return implementPort(
    PaymentStore,
    { get: (id) => db.read((tables) => tables.payments.get(id) ?? null) },
    { name: "memory:payments.store" },
  );
}
