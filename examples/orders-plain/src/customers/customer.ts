import { z } from "zod";

/** `cus_` followed by an id from the id generator. */
export const CustomerId = z.string().max(64).regex(/^cus_[A-Za-z0-9-]+$/);

export type CustomerStatus = "active" | "suspended";

/** Suspended customers keep their history but may not place new orders. */
export interface Customer {
  readonly id: string;
  readonly name: string;
  /** Stored lower-cased: two spellings of one address are one customer. */
  readonly email: string;
  readonly status: CustomerStatus;
}

export interface Registration {
  readonly name: string;
  readonly email: string;
}

/** A new customer is active; the name loses surrounding whitespace, the email its case. */
export function newCustomer(id: string, registration: Registration): Customer {
  return { id, name: registration.name.trim(), email: registration.email.toLowerCase(), status: "active" };
}
