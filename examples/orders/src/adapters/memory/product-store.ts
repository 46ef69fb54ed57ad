import { implementPort } from "agentix";
import { ProductStore } from "../../features/products/contract.js";
import type { MemoryDatabase } from "./database.js";

export function memoryProductStore(db: MemoryDatabase) {
  return implementPort(
    ProductStore,
    {
      get: (id) => db.read((tables) => tables.products.get(id) ?? null),
      insert: (product) => {
        db.transaction((tables) => tables.products.set(product.id, product));
        return null;
      },
      addStock: ({ id, quantity }) => {
        const result = db.transaction((tables) => {
          const product = tables.products.get(id);
          if (product === undefined) return null;
          const updated = { ...product, stock: product.stock + quantity };
          tables.products.set(id, updated);
          return updated;
        });
        return result.ok ? result.value : null;
      },
    },
    { name: "memory:products.store" },
  );
}
