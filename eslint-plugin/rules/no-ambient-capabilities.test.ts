import "../../test/setup/rule-tester.js";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { fixture } from "../../test/support/eslint-plugin-fixtures.js";
import { noAmbientCapabilities } from "./no-ambient-capabilities.js";
import { at, mod } from "../../test/support/ambient-reports.js";

const ruleTester = new RuleTester();

const domain = fixture("project", "src/features/orders/operations.ts");
const contract = fixture("project", "src/features/orders/contract.ts");
const featureTest = fixture("project", "src/features/orders/operations.test.ts");
const featureSpec = fixture("project", "src/features/orders/__tests__/pricing.ts");
const featureCypressSpec = fixture("project", "src/features/orders/OrderForm.cy.tsx");
const adapter = fixture("project", "src/adapters/http-client.ts");
const main = fixture("project", "src/main.ts");
const app = fixture("project", "src/app.ts");
const shared = fixture("project", "src/shared/fetch-json.ts");
const billing = fixture("configured", "modules/billing/invoice.ts");
const ids = fixture("configured", "modules/ids/generator.ts");

ruleTester.run("no-ambient-capabilities", noAmbientCapabilities, {
  valid: [
    // Shadowed names are never reported.
    {
      name: "a parameter named fetch",
      filename: domain,
      code: `export function load(fetch: (url: string) => void) { fetch("/orders"); }`,
    },
    {
      name: "Date as a type test, a class of a local Date, a class of another global",
      filename: domain,
      code: `export const isDate = (x: unknown) => x instanceof Date;\nexport class Failure extends Error {}\nexport function wrap(Date: new () => object) { return class extends Date {}; }`,
    },
    {
      name: "a local Date class",
      filename: domain,
      code: `class Date { static now() { return 1; } }\nDate.now();\nnew Date();\nDate();`,
    },
    {
      name: "a local process object",
      filename: domain,
      code: `const process = { env: { PORT: "1" } };\nexport const port = process.env.PORT;`,
    },
    {
      name: "a local Math",
      filename: domain,
      code: `const Math = { random: () => 4 };\nMath.random();`,
    },
    {
      name: "an imported binding named fetch",
      filename: domain,
      code: `import { fetch } from "./http-port.js";\nfetch("/orders");`,
    },
    {
      name: "a local globalThis-like object",
      filename: domain,
      code: `const globalThis = { fetch: () => 1 };\nglobalThis.fetch();`,
    },
    {
      name: "a destructured parameter named env",
      filename: domain,
      code: `export const read = ({ env }: { env: string }) => env;`,
    },
    // Harmless members of the same globals and modules.
    {
      name: "Date with arguments and its pure statics",
      filename: domain,
      code: `new Date("2024-01-01T00:00:00Z");\nnew Date(0);\nDate.parse("2024-01-01");\nDate.UTC(2024, 0, 1);`,
    },
    { name: "Math without random", filename: domain, code: `Math.max(1, 2);\nMath.floor(1.5);` },
    {
      name: "the Function constructor read, not called: instanceof, its prototype, a type",
      filename: domain,
      code: [
        "export const isCallable = (x: unknown) => x instanceof Function;",
        "export const call = Function.prototype.call;",
        "export let handler: Function | undefined;",
      ].join("\n"),
    },
    {
      name: "a local Function",
      filename: domain,
      code: `const Function = (text: string) => text;\nexport const f = Function("x");`,
    },
    {
      name: "crypto.subtle is not randomness",
      filename: domain,
      code: `const digest = crypto.subtle.digest("SHA-256", new Uint8Array(1));`,
    },
    { name: "performance.clearMarks", filename: domain, code: `performance.clearMarks("start");` },
    {
      name: "node:crypto createHash",
      filename: domain,
      code: `import { createHash } from "node:crypto";\ncreateHash("sha256");`,
    },
    {
      name: "node:crypto namespace without random members",
      filename: domain,
      code: `import * as nodeCrypto from "node:crypto";\nnodeCrypto.createHash("sha256");`,
    },
    {
      name: "node:process without env/hrtime",
      filename: domain,
      code: `import { nextTick } from "node:process";\nnextTick(() => undefined);`,
    },
    {
      name: "pure node modules",
      filename: domain,
      code: `import path from "node:path";\nimport { URL } from "node:url";\nimport { EventEmitter } from "node:events";`,
    },
    {
      name: "other members of the global object",
      filename: domain,
      code: `const location = window.location;\nglobalThis.structuredClone({});\nqueueMicrotask(() => undefined);`,
    },
    {
      name: "a member named fetch of another object",
      filename: domain,
      code: `declare const client: { fetch(): void };\nclient.fetch();`,
    },
    // Types only.
    {
      name: "typeof fetch in a type position",
      filename: domain,
      code: `let request: typeof fetch;\ntype Env = typeof process.env;`,
    },
    {
      name: "import type of node:http",
      filename: domain,
      code: `import type { IncomingMessage } from "node:http";`,
    },
    {
      name: "inline type import of node:fs",
      filename: domain,
      code: `import { type Stats } from "node:fs";`,
    },
    {
      name: "typeof import() of node:fs",
      filename: domain,
      code: `type Fs = typeof import("node:fs");`,
    },
    // Files that are not domain files.
    {
      name: "an adapter",
      filename: adapter,
      code: `export const get = (url: string) => fetch(url);\nimport { readFile } from "node:fs/promises";`,
    },
    {
      name: "the composition root (main.ts)",
      filename: main,
      code: `export const port = Number(process.env.PORT ?? 3000);`,
    },
    {
      name: "the composition root (app.ts)",
      filename: app,
      code: `export const now = Date.now();`,
    },
    {
      name: "a test inside a feature",
      filename: featureTest,
      code: `const started = Date.now();\nconst id = crypto.randomUUID();`,
    },
    {
      name: "a __tests__ folder inside a feature",
      filename: featureSpec,
      code: `const started = Date.now();`,
    },
    {
      name: "a Cypress component spec inside a feature",
      filename: featureCypressSpec,
      code: `cy.clock(Date.now());
setTimeout(() => undefined, 10);`,
    },
    {
      name: "shared code outside features",
      filename: shared,
      code: `export const getJson = (url: string) => fetch(url);`,
    },
    // agentix.config.json: clock off, randomness allowed in modules/ids.
    {
      name: "config: a category turned off",
      filename: billing,
      code: `export const now = Date.now();\nnew Date();`,
    },
    {
      name: "config: a category allowed in some files",
      filename: ids,
      code: `export const id = () => crypto.randomUUID() + Math.random();`,
    },
    {
      name: "config: adapters glob",
      filename: fixture("configured", "infra/http.ts"),
      code: `fetch("/x");`,
    },
    {
      name: "config: compositionRoots glob",
      filename: fixture("configured", "boot.ts"),
      code: `process.env.PORT;`,
    },
    {
      name: "config: tests glob",
      filename: fixture("configured", "modules/billing/invoice.check.ts"),
      code: `fetch("/x");`,
    },
    {
      name: "config: src/features is no feature folder there",
      filename: fixture("configured", "src/features/a/b.ts"),
      code: `fetch("/x");`,
    },
  ],
  invalid: [
    // network
    {
      name: "fetch",
      filename: domain,
      code: `await fetch("/orders");`,
      errors: [at("network", "fetch", 1, 7, 12)],
    },
    {
      name: "XMLHttpRequest, WebSocket, EventSource",
      filename: domain,
      code: `new XMLHttpRequest();\nnew WebSocket("ws://localhost");\nnew EventSource("/events");`,
      errors: [
        at("network", "XMLHttpRequest", 1, 5),
        at("network", "WebSocket", 2, 5),
        at("network", "EventSource", 3, 5),
      ],
    },
    {
      name: "navigator.sendBeacon",
      filename: domain,
      code: `navigator.sendBeacon("/log");`,
      errors: [at("network", "navigator.sendBeacon()", 1, 1, 21)],
    },
    // environment
    {
      name: "process.env",
      filename: domain,
      code: `const port = process.env.PORT;`,
      errors: [at("environment", "process.env", 1, 14, 25)],
    },
    {
      name: "process.env, computed",
      filename: contract,
      code: `const port = process["env"].PORT;`,
      errors: [at("environment", "process.env", 1, 14, 28)],
    },
    {
      name: "process.argv",
      filename: domain,
      code: `const args = process.argv;`,
      errors: [at("environment", "process.argv", 1, 14)],
    },
    {
      name: "import.meta.env",
      filename: domain,
      code: `const mode = import.meta.env.MODE;`,
      errors: [at("environment", "import.meta.env", 1, 14, 29)],
    },
    {
      name: "import.meta.env destructured",
      filename: domain,
      code: `const { env } = import.meta;`,
      errors: [at("environment", "import.meta.env", 1, 9, 12)],
    },
    {
      name: "Deno.env",
      filename: domain,
      code: `const home = Deno.env.get("HOME");`,
      errors: [at("environment", "Deno.env", 1, 14, 22)],
    },
    {
      name: "Bun.env",
      filename: domain,
      code: `const home = Bun.env.HOME;`,
      errors: [at("environment", "Bun.env", 1, 14)],
    },
    // clock
    {
      name: "Date.now()",
      filename: domain,
      code: `const now = Date.now();`,
      errors: [at("clock", "Date.now()", 1, 13, 21)],
    },
    {
      name: "new Date() without arguments",
      filename: domain,
      code: `const now = new Date();`,
      errors: [at("clock", "new Date()", 1, 13, 23)],
    },
    {
      name: "a subclass of Date, declared or as an expression, through an alias too",
      filename: domain,
      code: `export class Stamp extends Date {}\nconst D = Date;\nexport const make = () => new (class extends D {})();`,
      errors: [
        at("clock", "a subclass of Date", 1, 28, 32),
        at("clock", "a subclass of Date", 3, 46, 47),
      ],
    },
    {
      name: "Date() called",
      filename: domain,
      code: `const now = Date();`,
      errors: [at("clock", "Date()", 1, 13, 19)],
    },
    {
      name: "performance.now()",
      filename: domain,
      code: `const t = performance.now();`,
      errors: [at("clock", "performance.now()", 1, 11, 26)],
    },
    {
      name: "performance.timeOrigin",
      filename: domain,
      code: `const t = performance.timeOrigin;`,
      errors: [at("clock", "performance.timeOrigin", 1, 11)],
    },
    {
      name: "process.hrtime and process.hrtime.bigint",
      filename: domain,
      code: `const a = process.hrtime();\nconst b = process.hrtime.bigint();`,
      errors: [
        at("clock", "process.hrtime()", 1, 11, 25),
        at("clock", "process.hrtime()", 2, 11, 25),
      ],
    },
    {
      name: "process.uptime",
      filename: domain,
      code: `process.uptime();`,
      errors: [at("clock", "process.uptime()", 1, 1)],
    },
    // randomness
    {
      name: "Math.random()",
      filename: domain,
      code: `const r = Math.random();`,
      errors: [at("randomness", "Math.random()", 1, 11, 22)],
    },
    {
      name: "crypto.randomUUID() and crypto.getRandomValues()",
      filename: domain,
      code: `const id = crypto.randomUUID();\ncrypto.getRandomValues(new Uint8Array(4));`,
      errors: [
        at("randomness", "crypto.randomUUID()", 1, 12, 29),
        at("randomness", "crypto.getRandomValues()", 2, 1, 23),
      ],
    },
    // A declared name binds nothing at run time: the global is what runs (helper-28 A2).
    {
      name: "declare const, declare function, declare class and declare global hide no global",
      filename: domain,
      code: [
        "declare const process: { env: Record<string, string> };",
        "declare function fetch(url: string): Promise<unknown>;",
        "declare class Date { constructor(); }",
        "export const home = process.env.HOME;",
        'export const sent = fetch("/x");',
        "export const at = new Date();",
      ].join("\n"),
      errors: [
        at("environment", "process.env", 4, 21, 32),
        at("network", "fetch", 5, 21, 26),
        at("clock", "new Date()", 6, 19, 29),
      ],
    },
    // agentix's standard adapters: called from a domain file, their handlers read the real
    // clock and draw randomness with no declared effect (helper-27 repro-1).
    {
      name: "agentix's systemClock and randomIds",
      filename: domain,
      code: `import { defineCommand, systemClock, randomIds as ids } from "agentix";\nexport const at = systemClock.handlers.now();`,
      errors: [
        at("clock", 'systemClock from "agentix"', 1, 25, 36),
        at("randomness", 'randomIds from "agentix"', 1, 38, 54),
      ],
    },
    // through the global object
    {
      name: "globalThis, window, self, global: dotted",
      filename: domain,
      code: `globalThis.fetch("/a");\nwindow.fetch("/b");\nself.fetch("/c");\nglobal.fetch("/d");`,
      errors: [
        at("network", "fetch", 1, 1, 17),
        at("network", "fetch", 2, 1, 13),
        at("network", "fetch", 3, 1, 11),
        at("network", "fetch", 4, 1, 13),
      ],
    },
    {
      name: "globalThis: computed string and template",
      filename: domain,
      code: 'globalThis["fetch"]("/a");\nglobalThis[`fetch`]("/b");',
      errors: [at("network", "fetch", 1, 1, 20), at("network", "fetch", 2, 1, 20)],
    },
    {
      name: "nested members through the global object",
      filename: domain,
      code: `globalThis.process.env.PORT;\nglobalThis.Date.now();\nnew globalThis.Date();\nwindow.globalThis.Math.random();`,
      errors: [
        at("environment", "process.env", 1, 1, 23),
        at("clock", "Date.now()", 2, 1, 20),
        at("clock", "new Date()", 3, 1, 22),
        at("randomness", "Math.random()", 4, 1, 30),
      ],
    },
    {
      name: "optional chaining, non-null and casts",
      filename: domain,
      code: `process?.env;\n(process as NodeJS.Process).env;\nglobalThis.crypto!.randomUUID();`,
      errors: [
        at("environment", "process.env", 1, 1, 13),
        at("environment", "process.env", 2, 1, 32),
        at("randomness", "crypto.randomUUID()", 3, 1, 30),
      ],
    },
    // aliases by assignment and destructuring
    {
      name: "const f = fetch",
      filename: domain,
      code: `const f = fetch;\nf("/orders");`,
      errors: [at("network", "fetch", 1, 11, 16)],
    },
    {
      name: "const { env } = process",
      filename: domain,
      code: `const { env } = process;`,
      errors: [at("environment", "process.env", 1, 9, 12)],
    },
    {
      name: "const { env: environment } = process",
      filename: domain,
      code: `const { env: environment } = process;`,
      errors: [at("environment", "process.env", 1, 9, 25)],
    },
    {
      name: "const { now } = Date",
      filename: domain,
      code: `const { now } = Date;\nnow();`,
      errors: [at("clock", "Date.now()", 1, 9, 12)],
    },
    {
      name: "const { random = fallback } = Math",
      filename: domain,
      code: `const { random = () => 4 } = Math;`,
      errors: [at("randomness", "Math.random()", 1, 9, 25)],
    },
    {
      name: "const g = globalThis; g.fetch()",
      filename: domain,
      code: `const g = globalThis;\ng.fetch("/orders");`,
      errors: [at("network", "fetch", 2, 1, 8)],
    },
    {
      name: "const { fetch: get } = globalThis",
      filename: domain,
      code: `const { fetch: get } = globalThis;`,
      errors: [at("network", "fetch", 1, 9, 19)],
    },
    {
      name: "const { process: { env } } = globalThis",
      filename: domain,
      code: `const { process: { env } } = globalThis;`,
      errors: [at("environment", "process.env", 1, 20, 23)],
    },
    {
      name: "const { ...rest } = globalThis; rest.fetch",
      filename: domain,
      code: `const { ...rest } = globalThis;\nrest.fetch;`,
      errors: [at("network", "fetch", 2, 1, 11)],
    },
    {
      name: "const D = Date; D.now(); new D()",
      filename: domain,
      code: `const D = Date;\nD.now();\nnew D();\nnew D(0);`,
      errors: [at("clock", "Date.now()", 2, 1, 6), at("clock", "new Date()", 3, 1, 8)],
    },
    {
      name: "alias of an alias",
      filename: domain,
      code: `const p = process;\nconst q = p;\nconst e = q.env;`,
      errors: [at("environment", "process.env", 3, 11, 16)],
    },
    {
      name: "assignment alias",
      filename: domain,
      code: `let g: typeof globalThis;\ng = globalThis;\ng.fetch("/orders");`,
      errors: [at("network", "fetch", 3, 1, 8)],
    },
    {
      name: "an alias inside a function",
      filename: domain,
      code: `export function ids() {\n  const m = Math;\n  return m.random();\n}`,
      errors: [at("randomness", "Math.random()", 3, 10, 18)],
    },
    // modules: allowed modules with banned named exports
    {
      name: "import { env } from node:process",
      filename: domain,
      code: `import { env } from "node:process";`,
      errors: [at("environment", "process.env", 1, 10, 13)],
    },
    {
      name: "import { hrtime } from process",
      filename: domain,
      code: `import { hrtime } from "process";`,
      errors: [at("clock", "process.hrtime()", 1, 10, 16)],
    },
    {
      name: "import process from node:process",
      filename: domain,
      code: `import process from "node:process";\nprocess.env.PORT;`,
      errors: [at("environment", "process.env", 2, 1, 12)],
    },
    {
      name: "import * as proc from node:process",
      filename: domain,
      code: `import * as proc from "node:process";\nproc.env;`,
      errors: [at("environment", "process.env", 2, 1, 9)],
    },
    {
      name: "import { randomUUID } from node:crypto",
      filename: domain,
      code: `import { randomUUID } from "node:crypto";`,
      errors: [at("randomness", 'randomUUID from "node:crypto"', 1, 10, 20)],
    },
    {
      name: "only the random members of crypto",
      filename: domain,
      code: `import { createHash, randomBytes as bytes, randomInt } from "crypto";`,
      errors: [
        at("randomness", 'randomBytes from "crypto"', 1, 22, 42),
        at("randomness", 'randomInt from "crypto"', 1, 44, 53),
      ],
    },
    {
      name: "webcrypto's random members from node:crypto",
      filename: domain,
      code: `import { webcrypto } from "node:crypto";\nwebcrypto.getRandomValues(new Uint8Array(4));`,
      errors: [at("randomness", 'webcrypto.getRandomValues from "node:crypto"', 2, 1, 26)],
    },
    {
      name: "namespace import used for a random member",
      filename: domain,
      code: `import * as nodeCrypto from "node:crypto";\nnodeCrypto.createHash("sha256");\nnodeCrypto.randomInt(10);`,
      errors: [at("randomness", 'randomInt from "node:crypto"', 3, 1, 21)],
    },
    {
      name: "default import of crypto",
      filename: domain,
      code: `import nodeCrypto from "node:crypto";\nnodeCrypto.randomUUID();`,
      errors: [at("randomness", 'randomUUID from "node:crypto"', 2, 1, 22)],
    },
    {
      name: "import { performance } from node:perf_hooks",
      filename: domain,
      code: `import { performance } from "node:perf_hooks";`,
      errors: [at("clock", 'performance from "node:perf_hooks"', 1, 10, 21)],
    },
    {
      name: "export { randomUUID } from node:crypto",
      filename: domain,
      code: `export { randomUUID } from "node:crypto";`,
      errors: [at("randomness", 'randomUUID from "node:crypto"', 1, 10, 20)],
    },
    // modules: banned modules, with and without node:
    {
      name: "network modules",
      filename: domain,
      code: [
        `import { createServer } from "node:http";`,
        `import https from "https";`,
        `import * as http2 from "node:http2";`,
        `import net from "net";`,
        `import tls from "node:tls";`,
        `import dgram from "dgram";`,
        `import { lookup } from "node:dns/promises";`,
        `import { request } from "undici";`,
        `import { type IncomingMessage, get } from "node:http";`,
      ].join("\n"),
      errors: [
        at("network", mod("node:http"), 1, 30),
        at("network", mod("https"), 2, 19),
        at("network", mod("node:http2"), 3, 24),
        at("network", mod("net"), 4, 17),
        at("network", mod("node:tls"), 5, 17),
        at("network", mod("dgram"), 6, 19),
        at("network", mod("node:dns/promises"), 7, 24),
        at("network", mod("undici"), 8, 25),
        at("network", mod("node:http"), 9, 43),
      ],
    },
    {
      name: "filesystem modules",
      filename: domain,
      code: `import fs from "fs";\nimport { readFile } from "node:fs/promises";\nimport "node:fs";`,
      errors: [
        at("filesystem", mod("fs"), 1, 16, 20),
        at("filesystem", mod("node:fs/promises"), 2, 26),
        at("filesystem", mod("node:fs"), 3, 8),
      ],
    },
    {
      name: "process modules",
      filename: domain,
      code: `import { spawn } from "node:child_process";\nimport { Worker } from "worker_threads";\nimport cluster from "node:cluster";`,
      errors: [
        at("process", mod("node:child_process"), 1, 23),
        at("process", mod("worker_threads"), 2, 24),
        at("process", mod("node:cluster"), 3, 21),
      ],
    },
    // Escapes from every other check (helper-28 A5): eval runs any text, node:vm any code,
    // process.getBuiltinModule loads a module no import shows; node:os reads the host.
    {
      name: "eval, node:vm, node:os, process.getBuiltinModule and process.loadEnvFile",
      filename: domain,
      code: [
        'import { runInNewContext } from "node:vm";',
        'import { hostname } from "os";',
        'export const v = eval("1 + 1");',
        'export const fs = process.getBuiltinModule("node:fs");',
        "process.loadEnvFile();",
      ].join("\n"),
      errors: [
        at("process", mod("node:vm"), 1, 33),
        at("environment", mod("os"), 2, 26),
        at("process", "eval()", 3, 18, 22),
        at("process", "process.getBuiltinModule()", 4, 19, 43),
        at("environment", "process.loadEnvFile()", 5, 1, 20),
      ],
    },
    // The Function constructor runs any text, as eval does: called or constructed, however reached.
    {
      name: "the Function constructor",
      filename: domain,
      code: [
        'export const f = new Function("a", "return a + 1");',
        'export const g = Function("return 1");',
        "const F = Function;",
        'export const h = new F("return 2");',
        'export const i = globalThis.Function("return 3");',
        'export const j = Reflect.construct(Function, ["return 4"]);',
        'export const k = Reflect.apply(Function, undefined, ["return 5"]);',
      ].join("\n"),
      errors: [
        at("process", "new Function()", 1, 18, 51),
        at("process", "Function()", 2, 18, 38),
        at("process", "new Function()", 4, 18, 35),
        at("process", "Function()", 5, 18, 49),
        at("process", "new Function()", 6, 18, 59),
        at("process", "Function()", 7, 18, 66),
      ],
    },
    {
      name: "database modules",
      filename: domain,
      code: [
        `import { Pool } from "pg";`,
        `import mysql from "mysql2/promise";`,
        `import Database from "better-sqlite3";`,
        `import sqlite3 from "sqlite3";`,
        `import { MongoClient } from "mongodb";`,
        `import { createClient } from "redis";`,
        `import Redis from "ioredis";`,
        `import { DatabaseSync } from "node:sqlite";`,
        `import { PrismaClient } from "@prisma/client";`,
      ].join("\n"),
      errors: [
        at("database", mod("pg"), 1, 22),
        at("database", mod("mysql2/promise"), 2, 19),
        at("database", mod("better-sqlite3"), 3, 22),
        at("database", mod("sqlite3"), 4, 21),
        at("database", mod("mongodb"), 5, 29),
        at("database", mod("redis"), 6, 30),
        at("database", mod("ioredis"), 7, 19),
        at("database", mod("node:sqlite"), 8, 30),
        at("database", mod("@prisma/client"), 9, 30),
      ],
    },
    {
      name: "environment and randomness packages",
      filename: domain,
      code: `import "dotenv/config";\nimport { v4 } from "uuid";\nimport { nanoid } from "nanoid";`,
      errors: [
        at("environment", mod("dotenv/config"), 1, 8),
        at("randomness", mod("uuid"), 2, 20),
        at("randomness", mod("nanoid"), 3, 24),
      ],
    },
    {
      name: "export from a banned module",
      filename: domain,
      code: `export { readFile } from "node:fs";`,
      errors: [at("filesystem", mod("node:fs"), 1, 26)],
    },
    {
      name: "export * from a banned module",
      filename: domain,
      code: `export * from "node:fs";`,
      errors: [at("filesystem", mod("node:fs"), 1, 15)],
    },
    // dynamic imports and require of banned modules
    {
      name: "dynamic import of a banned module",
      filename: domain,
      code: `const fs = await import("node:fs");`,
      errors: [at("filesystem", mod("node:fs"), 1, 25, 34)],
    },
    {
      name: "require of a banned module",
      filename: domain,
      code: `const cp = require("child_process");`,
      errors: [at("process", mod("child_process"), 1, 20)],
    },
    {
      name: "require made by createRequire",
      filename: domain,
      code: `import { createRequire } from "node:module";\nconst require = createRequire(import.meta.url);\nconst fs = require("node:fs");`,
      errors: [at("filesystem", mod("node:fs"), 3, 20)],
    },
    // A computed key held in a const of the file (helper-28 A4).
    {
      name: "a computed member whose key is a const",
      filename: domain,
      code: `const key = "env";\nexport const env = process[key];\nexport const home = globalThis[\`process\`][key];`,
      errors: [
        at("environment", "process.env", 2, 20, 32),
        at("environment", "process.env", 3, 21, 47),
      ],
    },
    // Created and called at once (helper-28 A6): no local to follow.
    {
      name: "a require made by createRequire and called at once",
      filename: domain,
      code: `import { createRequire } from "node:module";\nexport const fs = createRequire(import.meta.url)("node:fs");`,
      errors: [at("filesystem", mod("node:fs"), 2, 50)],
    },
    {
      name: "a require made by the module's default or namespace import",
      filename: domain,
      code: `import module from "node:module";\nimport * as m from "node:module";\nexport const fs = module.createRequire(import.meta.url)("node:fs");\nconst load = m.createRequire(import.meta.url);\nexport const pg = load("pg");`,
      errors: [at("filesystem", mod("node:fs"), 3, 57), at("database", mod("pg"), 5, 24)],
    },
    {
      name: "import x = require() of a banned module",
      filename: domain,
      code: `import pg = require("pg");`,
      errors: [at("database", mod("pg"), 1, 21)],
    },
    {
      name: "dynamic import of crypto, destructured",
      filename: domain,
      code: `const { randomUUID } = await import("node:crypto");`,
      errors: [at("randomness", 'randomUUID from "node:crypto"', 1, 9, 19)],
    },
    {
      name: "require of crypto: destructured and member",
      filename: domain,
      code: `const { randomUUID } = require("node:crypto");\nrequire("crypto").randomBytes(8);`,
      errors: [
        at("randomness", 'randomUUID from "node:crypto"', 1, 9, 19),
        at("randomness", 'randomBytes from "crypto"', 2, 1, 30),
      ],
    },
    {
      name: "import x = require() of crypto",
      filename: domain,
      code: `import c = require("crypto");\nc.randomInt(3);`,
      errors: [at("randomness", 'randomInt from "crypto"', 2, 1, 12)],
    },
    // configuration
    {
      name: "config: other categories stay on",
      filename: billing,
      code: `export const r = Math.random();`,
      errors: [at("randomness", "Math.random()", 1, 18)],
    },
    {
      name: "config: an allowance covers one category only",
      filename: ids,
      code: `fetch("/ids");`,
      errors: [at("network", "fetch", 1, 1)],
    },
    {
      name: "a broken agentix.config.json is reported, not thrown",
      filename: fixture("bad-config", "src/features/orders/operations.ts"),
      code: `export const x = 1;`,
      errors: [
        {
          messageId: "invalidConfig",
          data: {
            problem:
              "test/fixtures/eslint-plugin/bad-config/agentix.config.json:3:26: /ambient/clock/allow/0 must be string",
          },
          line: 1,
          column: 1,
        },
      ],
    },
    {
      name: "malformed JSON in agentix.config.json names line and column",
      filename: fixture("malformed-config", "src/features/orders/operations.ts"),
      code: `export const x = 1;`,
      errors: [
        {
          messageId: "invalidConfig",
          data: {
            problem:
              'test/fixtures/eslint-plugin/malformed-config/agentix.config.json:4:3: malformed JSON: unexpected "}", expected a property name in double quotes',
          },
          line: 1,
          column: 1,
        },
      ],
    },
  ],
});
