import { MemoryDatabase, memoryStorage } from "../src/adapters/memory/index.js";
import { openDatabase, sqliteStorage } from "../src/adapters/sqlite/index.js";
import { describeStorageContract } from "./storage-contract.js";
import { memoryState, sqliteState, temporaryDirectory } from "./support.js";

describeStorageContract("memory", () => {
  const db = new MemoryDatabase();
  return { storage: memoryStorage(db), state: () => memoryState(db), close: () => undefined };
});

describeStorageContract("sqlite", () => {
  const directory = temporaryDirectory();
  const db = openDatabase(directory.file("orders.db"));
  return {
    storage: sqliteStorage(db),
    state: () => sqliteState(db),
    close: () => {
      db.close();
      directory.remove();
    },
  };
});
