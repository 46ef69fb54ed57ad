import { implementPort } from "../index.js";
import { CustomerStore } from "./customers.js";

type Customer = { id: string; name: string; status: "active" | "suspended" };

/** A plain in-memory adapter, with a log of the calls it served. */
export function memoryCustomerStore(initial: readonly Customer[] = []) {
  const rows = new Map(initial.map((customer) => [customer.id, customer]));
  const calls: string[] = [];
  const adapter = implementPort(CustomerStore, {
    get: (id) => {
      calls.push("get");
      return rows.get(id) ?? null;
    },
    save: (customer) => {
      calls.push("save");
      rows.set(customer.id, customer);
      return null;
    },
    findByName: (name) => {
      calls.push("findByName");
      return [...rows.values()].find((customer) => customer.name === name) ?? null;
    },
  });
  return { adapter, rows, calls };
}
