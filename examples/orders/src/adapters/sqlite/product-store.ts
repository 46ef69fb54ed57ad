import { implementPort, type Input } from "agentix";
import type { Database } from "better-sqlite3";
import { ProductStore, type Product } from "../../features/products/contract.js";
import { inTransaction } from "./transaction.js";

type ProductRow = Input<typeof Product>;

export function sqliteProductStore(db: Database) {
  const select = db.prepare<[string], ProductRow>("SELECT id, name, price_cents AS priceCents, stock FROM products WHERE id = ?");
  const insert = db.prepare<[ProductRow]>("INSERT INTO products (id, name, price_cents, stock) VALUES (@id, @name, @priceCents, @stock)");
  // One statement: never read-modify-write, which would lose a concurrent reservation.
  const addStock = db.prepare<[number, string]>("UPDATE products SET stock = stock + ? WHERE id = ?");

  return implementPort(
    ProductStore,
    {
      get: (id) => select.get(id) ?? null,
      insert: (product) => {
        insert.run(product);
        return null;
      },
      addStock: ({ id, quantity }) => {
        const result = inTransaction(db, () => {
          addStock.run(quantity, id);
          return select.get(id) ?? null;
        });
        return result.ok ? result.value : null;
      },
    },
    { name: "sqlite:products.store" },
  );
}
