import BetterSqlite3, { type Database } from "better-sqlite3";
import { migrate } from "./migrations.js";

export type { Database };

/** The database file cannot be used; the message names the file and the reason. */
export class DatabaseUnavailable extends Error {
  override readonly name = "DatabaseUnavailable";
}

/**
 * Opens (creating if needed) and migrates the SQLite file, and proves it is writable, so the
 * server fails at start-up rather than at its first write. `":memory:"` gives a private
 * in-memory database (tests).
 */
export function openDatabase(path: string): Database {
  let db: Database;
  try {
    db = new BetterSqlite3(path);
  } catch (cause) {
    throw unavailable(path, cause);
  }
  try {
    db.pragma("foreign_keys = ON");
    db.pragma("busy_timeout = 5000");
    db.pragma("journal_mode = WAL");
    migrate(db);
    assertWritable(db);
    return db;
  } catch (cause) {
    db.close();
    throw unavailable(path, cause);
  }
}

/**
 * The unit of work: runs `work` in one `BEGIN IMMEDIATE` transaction. It commits when `work`
 * returns and rolls back when it throws (the error propagates, a DomainError included), so a
 * change and everything recorded with it land together or not at all. IMMEDIATE takes the
 * write lock first, so concurrent writers queue instead of failing half-way.
 */
export function unitOfWork<T>(db: Database, work: () => T): T {
  return db.transaction(work).immediate();
}

/** SQLite silently opens a file it may not write as read-only; a rolled-back write tells. */
function assertWritable(db: Database): void {
  db.exec("BEGIN IMMEDIATE");
  try {
    db.exec("CREATE TABLE write_probe (x INTEGER)");
  } finally {
    if (db.inTransaction) db.exec("ROLLBACK");
  }
}

function unavailable(path: string, cause: unknown): DatabaseUnavailable {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new DatabaseUnavailable(`cannot use the SQLite database at ${JSON.stringify(path)}: ${reason}`, { cause });
}
