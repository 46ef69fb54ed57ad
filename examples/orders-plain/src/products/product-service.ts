import { DomainError } from "../shared/domain-error.js";
import type { IdGenerator } from "../shared/ids.js";
import { newProduct, type Product, type ProductDraft } from "./product.js";
import type { ProductRepository } from "./product-repository.js";

export class ProductService {
  constructor(
    private readonly products: ProductRepository,
    private readonly ids: IdGenerator,
  ) {}

  /** Adds a product to the catalogue with its initial stock. */
  create(draft: ProductDraft): Product {
    const product = newProduct(`prd_${this.ids.next()}`, draft);
    this.products.insert(product);
    return product;
  }

  get(productId: string): Product {
    return this.products.findById(productId) ?? notFound(productId);
  }

  /** Adds units to the available stock. */
  restock(productId: string, quantity: number): Product {
    return this.products.addStock(productId, quantity) ?? notFound(productId);
  }
}

function notFound(productId: string): never {
  throw new DomainError("NOT_FOUND", `There is no product ${productId}.`, { productId });
}
