// Pure rules about customers: no effects, no time, no ids. Operations call these.
import type { CustomerStatus } from "./contract.js";

/** What registering asks for. */
export interface Registration {
  readonly name: string;
  readonly email: string;
}

/**
 * A new customer is active. Names lose surrounding whitespace; emails are compared
 * case-insensitively, so they are stored lower-cased.
 */
export function newCustomer(id: string, registration: Registration): { id: string; name: string; email: string; status: CustomerStatus } {
  return { id, name: registration.name.trim(), email: registration.email.toLowerCase(), status: "active" };
}

