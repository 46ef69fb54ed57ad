import type { Database } from "better-sqlite3";
import type { Customer, CustomerStatus } from "./customer.js";

export interface CustomerRepository {
  findById(id: string): Customer | undefined;
  /** The UNIQUE constraint on the email decides, so two concurrent registrations cannot both win. */
  insert(customer: Customer): "inserted" | "email-taken";
  /** Sets the status and returns the customer as stored; `undefined` when there is none. */
  setStatus(id: string, status: CustomerStatus): Customer | undefined;
}

export class SqliteCustomerRepository implements CustomerRepository {
  private readonly select;
  private readonly insertRow;
  private readonly updateStatus;

  constructor(private readonly db: Database) {
    this.select = db.prepare<[string], Customer>("SELECT id, name, email, status FROM customers WHERE id = ?");
    this.insertRow = db.prepare<[Customer]>("INSERT INTO customers (id, name, email, status) VALUES (@id, @name, @email, @status)");
    this.updateStatus = db.prepare<[CustomerStatus, string]>("UPDATE customers SET status = ? WHERE id = ?");
  }

  findById(id: string): Customer | undefined {
    return this.select.get(id);
  }

  insert(customer: Customer): "inserted" | "email-taken" {
    try {
      this.insertRow.run(customer);
      return "inserted";
    } catch (error) {
      if (isUniqueViolation(error, "customers.email")) return "email-taken";
      throw error;
    }
  }

  setStatus(id: string, status: CustomerStatus): Customer | undefined {
    return this.db.transaction(() => {
      this.updateStatus.run(status, id);
      return this.select.get(id);
    })();
  }
}

function isUniqueViolation(error: unknown, column: string): boolean {
  return (
    error instanceof Error &&
    (error as { code?: unknown }).code === "SQLITE_CONSTRAINT_UNIQUE" &&
    error.message === `UNIQUE constraint failed: ${column}`
  );
}
