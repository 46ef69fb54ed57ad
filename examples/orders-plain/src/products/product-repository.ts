import type { Database } from "better-sqlite3";
import type { Product } from "./product.js";

export interface ProductRepository {
  findById(id: string): Product | undefined;
  insert(product: Product): void;
  /**
   * Adds to the stock in one statement (a read-modify-write would lose a concurrent
   * reservation) and returns the product as stored; `undefined` when there is none.
   */
  addStock(id: string, quantity: number): Product | undefined;
}

export class SqliteProductRepository implements ProductRepository {
  private readonly select;
  private readonly insertRow;
  private readonly increaseStock;

  constructor(private readonly db: Database) {
    this.select = db.prepare<[string], Product>("SELECT id, name, price_cents AS priceCents, stock FROM products WHERE id = ?");
    this.insertRow = db.prepare<[Product]>("INSERT INTO products (id, name, price_cents, stock) VALUES (@id, @name, @priceCents, @stock)");
    this.increaseStock = db.prepare<[number, string]>("UPDATE products SET stock = stock + ? WHERE id = ?");
  }

  findById(id: string): Product | undefined {
    return this.select.get(id);
  }

  insert(product: Product): void {
    this.insertRow.run(product);
  }

  addStock(id: string, quantity: number): Product | undefined {
    return this.db.transaction(() => {
      this.increaseStock.run(quantity, id);
      return this.select.get(id);
    })();
  }
}
