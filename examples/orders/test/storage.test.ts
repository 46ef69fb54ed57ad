import { describe, test } from "vitest";
import { MemoryDatabase, memoryStorage } from "../src/adapters/memory/index.js";
import { openDatabase, sqliteStorage } from "../src/adapters/sqlite/index.js";
import { storageContract } from "./storage-contract.js";
import { memoryState, sqliteState } from "./support.js";

describe("memory storage", () => {
  const open = () => {
    const db = new MemoryDatabase();
    return { storage: memoryStorage(db), state: () => memoryState(db), close: () => undefined };
  };
  test.each(storageContract(open))("$name", (check) => check.run());
});

describe("sqlite storage", () => {
  // In memory: the server's SQL, constraints and transactions, without a file for each of the
  // contract's generated runs (a file costs some 40 ms to create; other suites use real files).
  const open = () => {
    const db = openDatabase(":memory:");
    return { storage: sqliteStorage(db), state: () => sqliteState(db), close: () => db.close() };
  };
  test.each(storageContract(open))("$name", (check) => check.run());
});
