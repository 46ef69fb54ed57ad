// The browser's storage (localStorage, sessionStorage, indexedDB, caches, cookieStore,
// document.cookie, navigator.storage) is state that outlives an operation: a domain file that
// reads or writes it has a hidden input and output. It is allowed with the database category.
import "../../test/setup/rule-tester.js";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { fixture } from "../../test/support/eslint-plugin-fixtures.js";
import { noAmbientCapabilities } from "./no-ambient-capabilities.js";
import { at } from "../../test/support/ambient-reports.js";

const ruleTester = new RuleTester();

const domain = fixture("project", "src/features/orders/operations.ts");
const adapter = fixture("project", "src/adapters/http-client.ts");

ruleTester.run("no-ambient-capabilities (browser storage)", noAmbientCapabilities, {
  valid: [
    {
      name: "the storage in an adapter",
      filename: adapter,
      code: "export const read = (key: string) => localStorage.getItem(key) ?? document.cookie;",
    },
    {
      name: "local namesakes, types, and the document's other members",
      filename: domain,
      code: [
        "export function save(localStorage: Storage, caches: Map<string, string>) {",
        '  localStorage.setItem("k", "v");',
        '  return caches.get("k");',
        "}",
        "export type Stores = [Storage, typeof indexedDB, IDBDatabase, CacheStorage];",
        "export const title = (): string => document.title;",
        "const sessionStorage = new Map<string, string>();",
        'export const seen = sessionStorage.has("x");',
        "export const estimateOf = (navigator: { storage: { estimate(): unknown } }) => navigator.storage.estimate();",
      ].join("\n"),
    },
    {
      name: "allowed with the database category",
      filename: fixture("configured", "modules/drafts/draft.ts"),
      code: 'export const draft = () => localStorage.getItem("draft") ?? document.cookie;',
    },
  ],
  invalid: [
    {
      name: "each store, read and written, through the global object and aliases",
      filename: domain,
      code: [
        'export const theme = localStorage.getItem("theme");',
        'window.sessionStorage.setItem("step", "2");',
        'export const db = indexedDB.open("orders", 1);',
        'export const cache = await caches.open("v1");',
        'export const cookie = await cookieStore.get("session");',
        'document.cookie = "seen=1";',
        "export const cookies = globalThis.document.cookie;",
        "export const quota = navigator.storage.estimate();",
        "const { localStorage: store } = globalThis;",
        'store.removeItem("theme");',
      ].join("\n"),
      errors: [
        at("storage", "localStorage", 1, 22, 34),
        at("storage", "sessionStorage", 2, 1, 22),
        at("storage", "indexedDB", 3, 19, 28),
        at("storage", "caches", 4, 28, 34),
        at("storage", "cookieStore", 5, 29, 40),
        at("storage", "document.cookie", 6, 1, 16),
        at("storage", "document.cookie", 7, 24, 50),
        at("storage", "navigator.storage", 8, 22, 39),
        at("storage", "localStorage", 9, 9, 28),
      ],
    },
    {
      // The database category's allow list covers the browser's storage too; it is checked
      // where the clock is off (the configured fixture turns the clock off, not the database).
      name: "checked where another category is off",
      filename: fixture("configured", "modules/billing/invoice.ts"),
      code: 'export const last = sessionStorage.getItem("invoice");',
      errors: [at("storage", "sessionStorage", 1, 21, 35)],
    },
  ],
});
