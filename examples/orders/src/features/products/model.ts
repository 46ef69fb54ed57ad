// Pure rules about products: no effects, no time, no ids. Operations call these.

/** What creating a product asks for. */
export interface ProductDraft {
  readonly name: string;
  readonly priceCents: number;
  readonly stock: number;
}

/** A new product; its name loses surrounding whitespace. */
export function newProduct(id: string, draft: ProductDraft): { id: string; name: string; priceCents: number; stock: number } {
  return { id, name: draft.name.trim(), priceCents: draft.priceCents, stock: draft.stock };
}
