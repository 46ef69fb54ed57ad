import { DomainError } from "../shared/domain-error.js";
import type { IdGenerator } from "../shared/ids.js";
import { newCustomer, type Customer, type CustomerStatus, type Registration } from "./customer.js";
import type { CustomerRepository } from "./customer-repository.js";

export class CustomerService {
  constructor(
    private readonly customers: CustomerRepository,
    private readonly ids: IdGenerator,
  ) {}

  /** Registers an active customer. Emails are unique, ignoring case. */
  register(registration: Registration): Customer {
    const customer = newCustomer(`cus_${this.ids.next()}`, registration);
    if (this.customers.insert(customer) === "email-taken") {
      throw new DomainError("EMAIL_TAKEN", `A customer with the email ${customer.email} already exists.`, { email: customer.email });
    }
    return customer;
  }

  get(customerId: string): Customer {
    return this.customers.findById(customerId) ?? notFound(customerId);
  }

  /** Stops the customer from ordering; suspending a suspended customer changes nothing. */
  suspend(customerId: string): Customer {
    return this.setStatus(customerId, "suspended");
  }

  /** Lets a suspended customer order again; reactivating an active one changes nothing. */
  reactivate(customerId: string): Customer {
    return this.setStatus(customerId, "active");
  }

  private setStatus(customerId: string, status: CustomerStatus): Customer {
    return this.customers.setStatus(customerId, status) ?? notFound(customerId);
  }
}

function notFound(customerId: string): never {
  throw new DomainError("NOT_FOUND", `There is no customer ${customerId}.`, { customerId });
}
