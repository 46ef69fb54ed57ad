import BetterSqlite3 from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { DatabaseUnavailable, migrate, migrations, openDatabase } from "../src/adapters/sqlite/index.js";
import { temporaryDirectory } from "./support.js";

describe("openDatabase", () => {
  let directory: ReturnType<typeof temporaryDirectory>;
  beforeEach(() => {
    directory = temporaryDirectory();
  });
  afterEach(() => directory.remove());

  test("creates and migrates a new file; opening it again runs no migration", () => {
    const path = directory.file("orders.db");
    const db = openDatabase(path);
    const tables = db.prepare<[], { name: string }>("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all();
    expect(tables.map((table) => table.name)).toEqual(["customers", "order_lines", "orders", "outbox", "payments", "products"]);
    expect(db.pragma("user_version", { simple: true })).toBe(migrations.length);
    expect(db.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(migrate(db)).toBe(0);
    db.close();

    const again = openDatabase(path);
    expect(again.pragma("user_version", { simple: true })).toBe(1);
    again.close();
  });

  test("a path in a directory that does not exist is a DatabaseUnavailable naming the path", () => {
    const path = directory.file("missing/orders.db");
    expect(() => openDatabase(path)).toThrow(
      new DatabaseUnavailable(`cannot use the SQLite database at ${JSON.stringify(path)}: Cannot open database because the directory does not exist`),
    );
  });

  test("a directory given as the database is a DatabaseUnavailable", () => {
    expect(() => openDatabase(directory.path)).toThrow(
      new DatabaseUnavailable(`cannot use the SQLite database at ${JSON.stringify(directory.path)}: unable to open database file`),
    );
  });

  test("a database written by a newer version of the program is refused, not downgraded", () => {
    const path = directory.file("orders.db");
    const newer = new BetterSqlite3(path);
    newer.pragma(`user_version = ${migrations.length + 1}`);
    newer.close();
    expect(() => openDatabase(path)).toThrow(
      new DatabaseUnavailable(
        `cannot use the SQLite database at ${JSON.stringify(path)}: the database schema is version ${migrations.length + 1}, newer than this program's ${migrations.length}`,
      ),
    );
  });
});
