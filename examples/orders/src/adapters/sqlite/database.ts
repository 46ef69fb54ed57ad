import BetterSqlite3, { type Database } from "better-sqlite3";
import { migrate } from "./migrations.js";

/** The database cannot be used: the message says which file and why, for a start-up error. */
export class DatabaseUnavailable extends Error {
  override readonly name = "DatabaseUnavailable";
}

/**
 * Opens (creating if needed) the SQLite file, migrates it, and proves it is writable, so a
 * server fails at start-up instead of at its first write.
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

/** SQLite opens a file it may not write read-only without saying so; a rolled-back write tells. */
function assertWritable(db: Database): void {
  try {
    db.exec("BEGIN IMMEDIATE; CREATE TABLE write_probe (x INTEGER); ROLLBACK;");
  } finally {
    if (db.inTransaction) db.exec("ROLLBACK");
  }
}

function unavailable(path: string, cause: unknown): DatabaseUnavailable {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new DatabaseUnavailable(`cannot use the SQLite database at ${JSON.stringify(path)}: ${reason}`, { cause });
}
