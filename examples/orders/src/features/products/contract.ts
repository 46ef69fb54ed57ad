// The products feature's public surface: the only file of this folder other features import.
import { defineContract, definePort, portOperation, s, type Infer } from "agentix";

/** `prd_` followed by an id from the `Ids` port. */
export const ProductId = s.brand("ProductId", s.string({ pattern: "^prd_[A-Za-z0-9-]+$", maxLength: 64 }));
export type ProductId = Infer<typeof ProductId>;

/** Number.MAX_SAFE_INTEGER: every integer here stays within what SQLite and JavaScript both hold exactly. */
const MAX_SAFE_INTEGER = 9_007_199_254_740_991;

/** Prices are integer cents (one currency), so totals never round. */
export const PriceCents = s.integer({ minimum: 1, maximum: 10_000_000 });

/** Units that can still be ordered: orders reserve stock when they are placed. */
export const Stock = s.integer({ minimum: 0, maximum: MAX_SAFE_INTEGER });

export const Product = s.object({
  id: ProductId,
  name: s.string({ minLength: 1, maxLength: 200 }),
  priceCents: PriceCents,
  stock: Stock,
});
export type Product = Infer<typeof Product>;

/** Where products are kept. Adapters: `src/adapters/memory`, `src/adapters/sqlite`. */
export const ProductStore = definePort({
  id: "products.store",
  description: "Product records and their available stock.",
  operations: {
    get: portOperation({
      id: "products.store.get",
      kind: "read",
      input: ProductId,
      output: s.union([Product, s.literal(null)]),
    }),
    insert: portOperation({ id: "products.store.insert", kind: "write", input: Product, output: s.literal(null) }),
    /**
     * Adds to the stock in one step (never read-modify-write, which would lose a concurrent
     * reservation) and returns the product as stored, or `null` when there is none.
     */
    addStock: portOperation({
      id: "products.store.add-stock",
      kind: "write",
      input: s.object({ id: ProductId, quantity: s.integer({ minimum: 1, maximum: 1_000_000 }) }),
      output: s.union([Product, s.literal(null)]),
    }),
  },
});

export const productsContract = defineContract({
  id: "products",
  description: "What can be ordered, at what price, and how many are left.",
  schemas: { ProductId, PriceCents, Stock, Product },
  ports: [ProductStore],
});
