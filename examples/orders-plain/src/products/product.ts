import { z } from "zod";

/** `prd_` followed by an id from the id generator. */
export const ProductId = z.string().max(64).regex(/^prd_[A-Za-z0-9-]+$/);

/** Prices are integer cents in one currency, so totals never round. */
export const PriceCents = z.int().min(1).max(10_000_000);

/** Units that can still be ordered: placing an order reserves them. */
export const Stock = z.int().min(0);

/** How many units one restock may add. */
export const RestockQuantity = z.int().min(1).max(1_000_000);

export interface Product {
  readonly id: string;
  readonly name: string;
  readonly priceCents: number;
  readonly stock: number;
}

export interface ProductDraft {
  readonly name: string;
  readonly priceCents: number;
  readonly stock: number;
}

/** A new product; its name loses surrounding whitespace. */
export function newProduct(id: string, draft: ProductDraft): Product {
  return { id, name: draft.name.trim(), priceCents: draft.priceCents, stock: draft.stock };
}
