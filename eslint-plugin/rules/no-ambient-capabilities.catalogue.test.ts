// Catalogue entries added after helper-lint's audit (REPORT A11, D2): node:crypto's webcrypto
// narrowed to its random members, key and prime generation, id packages, timers, host locale and
// time zone, network and database packages. A banned module imported only as types stays fine.
import "../../test/setup/rule-tester.js";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { fixture } from "../../test/support/eslint-plugin-fixtures.js";
import { noAmbientCapabilities } from "./no-ambient-capabilities.js";
import { at, mod } from "../../test/support/ambient-reports.js";

const ruleTester = new RuleTester();

const domain = fixture("project", "src/features/orders/operations.ts");
const adapter = fixture("project", "src/adapters/http-client.ts");

ruleTester.run("no-ambient-capabilities (catalogue)", noAmbientCapabilities, {
  valid: [
    {
      // helper-lint D2: hashing is deterministic, through node:crypto as through the global.
      name: "webcrypto from node:crypto without its random members",
      filename: domain,
      code: [
        'import { webcrypto, subtle } from "node:crypto";',
        'export const a = (data: Uint8Array) => webcrypto.subtle.digest("SHA-256", data);',
        "const w = webcrypto;",
        'export const b = (data: Uint8Array) => w.subtle.digest("SHA-256", data);',
        'export const c = (data: Uint8Array) => subtle.digest("SHA-256", data);',
        'export const d = (key: CryptoKey, data: Uint8Array) => crypto.subtle.verify("HMAC", key, data, data);',
      ].join("\n"),
    },
    {
      name: "node:crypto's deterministic key derivation and id packages imported as types",
      filename: domain,
      code: [
        'import { createSecretKey, pbkdf2Sync, type KeyObject } from "node:crypto";',
        'export const key: KeyObject = createSecretKey(pbkdf2Sync("p", "s", 1, 32, "sha256"));',
        'import type { ULID } from "ulid";',
        'import { type createId } from "@paralleldrive/cuid2";',
        'export type Ids = [ULID, ReturnType<typeof createId>, typeof import("shortid")];',
      ].join("\n"),
    },
    {
      name: "id packages in an adapter",
      filename: adapter,
      code: 'import { ulid } from "ulid";\nimport { createId } from "@paralleldrive/cuid2";\nexport const ids = () => ulid() + createId();',
    },
    {
      name: "AbortSignal and performance without a timer or a clock read, and local namesakes",
      filename: domain,
      code: [
        "export const aborted = AbortSignal.abort();",
        "export const either = (a: AbortSignal, b: AbortSignal) => AbortSignal.any([a, b]);",
        "export const controller = new AbortController();",
        'performance.clearMarks("start");',
        "export function f(performance: { mark(n: string): void }, requestAnimationFrame: () => void) {",
        '  performance.mark("x");',
        "  requestAnimationFrame();",
        "}",
      ].join("\n"),
    },
    {
      name: "timers and marks where the clock is off",
      filename: fixture("configured", "modules/billing/invoice.ts"),
      code: 'AbortSignal.timeout(10);\nrequestAnimationFrame(() => undefined);\nperformance.mark("m");',
    },
    {
      name: "Intl.DateTimeFormat without resolvedOptions, and other Intl formatters",
      filename: domain,
      code: [
        'const f = new Intl.DateTimeFormat("en", { timeZone: "UTC" });',
        "export const a = f.format(0);",
        'export const b = new Intl.NumberFormat("en").resolvedOptions();',
        "export const c = (o: { resolvedOptions(): unknown }) => o.resolvedOptions();",
      ].join("\n"),
    },
    {
      name: "drizzle-orm's schema builders and operators, and drivers imported as types",
      filename: domain,
      code: [
        'import { eq, sql } from "drizzle-orm";',
        'import { pgTable, text } from "drizzle-orm/pg-core";',
        'import type { NodePgDatabase } from "drizzle-orm/node-postgres";',
        'import { type Kysely } from "kysely";',
        'import type { DataSource } from "typeorm";',
        'import type { GraphQLClient } from "graphql-request";',
        'export const orders = pgTable("orders", { id: text("id") });',
        "export const byId = (id: string) => eq(orders.id, id);",
        "export type Db = [NodePgDatabase, Kysely<unknown>, DataSource, GraphQLClient, typeof sql];",
      ].join("\n"),
    },
    {
      name: "network and database packages in an adapter",
      filename: adapter,
      code: 'import { ofetch } from "ofetch";\nimport { drizzle } from "drizzle-orm/node-postgres";\nimport { DataSource } from "typeorm";\nexport const db = drizzle("postgres://");\nexport const get = (url: string) => ofetch(url);\nexport const source = new DataSource({});',
    },
  ],
  invalid: [
    {
      name: "crypto.subtle.generateKey, global and from node:crypto",
      filename: domain,
      code: [
        'export const a = crypto.subtle.generateKey({ name: "HMAC", hash: "SHA-256" }, true, ["sign"]);',
        'import { webcrypto, subtle } from "node:crypto";',
        "export const b = webcrypto.subtle.generateKey;",
        "export const c = subtle.generateKey;",
        "const { generateKey } = globalThis.crypto.subtle;",
      ].join("\n"),
      errors: [
        at("randomness", "crypto.subtle.generateKey()", 1, 18, 43),
        at("randomness", 'webcrypto.subtle.generateKey from "node:crypto"', 3, 18, 46),
        at("randomness", 'subtle.generateKey from "node:crypto"', 4, 18, 36),
        at("randomness", "crypto.subtle.generateKey()", 5, 9, 20),
      ],
    },
    {
      // As the global crypto: reported through an alias, a destructuring and a namespace.
      name: "webcrypto's random members, however reached",
      filename: domain,
      code: [
        'import { webcrypto } from "node:crypto";',
        "const w = webcrypto;",
        "w.getRandomValues(new Uint8Array(4));",
        "export const { randomUUID } = webcrypto;",
        'import * as nodeCrypto from "node:crypto";',
        "export const id = nodeCrypto.webcrypto.randomUUID();",
        "const c = crypto;",
        "c.getRandomValues(new Uint8Array(4));",
      ].join("\n"),
      errors: [
        at("randomness", 'webcrypto.getRandomValues from "node:crypto"', 3, 1, 18),
        at("randomness", 'webcrypto.randomUUID from "node:crypto"', 4, 16, 26),
        at("randomness", 'webcrypto.randomUUID from "node:crypto"', 6, 19, 50),
        at("randomness", "crypto.getRandomValues()", 8, 1, 18),
      ],
    },
    {
      name: "node:crypto's key and prime generation",
      filename: domain,
      code: [
        'import { generateKey, generateKeySync as keySync, generatePrime } from "node:crypto";',
        'import * as nodeCrypto from "crypto";',
        'nodeCrypto.generateKeyPair("ed25519", {}, () => undefined);',
        'export const pair = require("node:crypto").generateKeyPairSync("ed25519");',
        'export { generatePrimeSync } from "node:crypto";',
      ].join("\n"),
      errors: [
        at("randomness", 'generateKey from "node:crypto"', 1, 10, 21),
        at("randomness", 'generateKeySync from "node:crypto"', 1, 23, 49),
        at("randomness", 'generatePrime from "node:crypto"', 1, 51, 64),
        at("randomness", 'generateKeyPair from "crypto"', 3, 1, 27),
        at("randomness", 'generateKeyPairSync from "node:crypto"', 4, 21, 63),
        at("randomness", 'generatePrimeSync from "node:crypto"', 5, 10, 27),
      ],
    },
    {
      name: "id packages",
      filename: domain,
      code: [
        'import { ulid } from "ulid";',
        'import { monotonicFactory } from "ulidx";',
        'import { createId, type Cuid } from "@paralleldrive/cuid2";',
        'import cuid from "cuid";',
        'import shortid = require("shortid");',
        'export const hyperid = await import("hyperid");',
      ].join("\n"),
      errors: [
        at("randomness", mod("ulid"), 1, 22),
        at("randomness", mod("ulidx"), 2, 34),
        at("randomness", mod("@paralleldrive/cuid2"), 3, 37),
        at("randomness", mod("cuid"), 4, 18),
        at("randomness", mod("shortid"), 5, 26),
        at("randomness", mod("hyperid"), 6, 37),
      ],
    },
    {
      // helper-lint A11, repro-6 n02: a timer schedules work, like setTimeout.
      name: "AbortSignal.timeout and requestAnimationFrame are timers",
      filename: domain,
      code: [
        "export const signal = AbortSignal.timeout(10);",
        "export const frame = requestAnimationFrame(() => undefined);",
        "const { timeout } = AbortSignal;",
        "window.requestAnimationFrame(() => undefined);",
      ].join("\n"),
      errors: [
        at("timer", "AbortSignal.timeout()", 1, 23, 42),
        at("timer", "requestAnimationFrame()", 2, 22, 43),
        at("timer", "AbortSignal.timeout()", 3, 9, 16),
        at("timer", "requestAnimationFrame()", 4, 1, 29),
      ],
    },
    {
      name: "performance.mark and performance.measure read the clock",
      filename: domain,
      code: [
        'export const mark = performance.mark("m").startTime;',
        'export const span = globalThis.performance.measure("m", "m");',
        "const { mark: record } = performance;",
      ].join("\n"),
      errors: [
        at("clock", "performance.mark()", 1, 21, 37),
        at("clock", "performance.measure()", 2, 21, 51),
        at("clock", "performance.mark()", 3, 9, 21),
      ],
    },
    {
      // helper-lint A11, repro-6 n06: the same input gives another output on another machine.
      name: "Intl.DateTimeFormat().resolvedOptions() reads the host's time zone and locale",
      filename: domain,
      code: [
        "export const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;",
        'const f = new globalThis.Intl.DateTimeFormat("en");',
        "export const locale = f.resolvedOptions().locale;",
        "const { resolvedOptions } = new Intl.DateTimeFormat();",
      ].join("\n"),
      errors: [
        at("environment", "Intl.DateTimeFormat().resolvedOptions()", 1, 19, 56),
        at("environment", "Intl.DateTimeFormat().resolvedOptions()", 3, 23, 40),
        at("environment", "Intl.DateTimeFormat().resolvedOptions()", 4, 9, 24),
      ],
    },
    {
      name: "network packages",
      filename: domain,
      code: [
        'import { ofetch } from "ofetch";',
        'import superagent from "superagent";',
        'import needle from "needle";',
        'const request = require("request");',
        'import { GraphQLClient, gql } from "graphql-request";',
      ].join("\n"),
      errors: [
        at("network", mod("ofetch"), 1, 24),
        at("network", mod("superagent"), 2, 24),
        at("network", mod("needle"), 3, 20),
        at("network", mod("request"), 4, 25),
        at("network", mod("graphql-request"), 5, 36),
      ],
    },
    {
      // helper-lint A11, repro-6 n05: drizzle's driver subpath and typeorm went unreported.
      name: "database packages and drizzle-orm's driver subpaths",
      filename: domain,
      code: [
        'import { DataSource } from "typeorm";',
        'import { Sequelize } from "sequelize";',
        'import { Kysely } from "kysely";',
        'import pgp from "pg-promise";',
        'import sql from "mssql";',
        'import { sql as vercel } from "@vercel/postgres";',
        'import { connect } from "@planetscale/database";',
        'import { drizzle } from "drizzle-orm/node-postgres";',
        'export { drizzle as postgres } from "drizzle-orm/postgres-js";',
        'export const mysql = await import("drizzle-orm/mysql2");',
        'import { drizzle as sqlite } from "drizzle-orm/better-sqlite3";',
        'import { drizzle as libsql } from "drizzle-orm/libsql";',
        'import { drizzle as neon } from "drizzle-orm/neon-http";',
        'import "drizzle-orm/neon-serverless";',
        'import "drizzle-orm/vercel-postgres";',
        'import "drizzle-orm/planetscale-serverless";',
      ].join("\n"),
      errors: [
        at("database", mod("typeorm"), 1, 28),
        at("database", mod("sequelize"), 2, 27),
        at("database", mod("kysely"), 3, 24),
        at("database", mod("pg-promise"), 4, 17),
        at("database", mod("mssql"), 5, 17),
        at("database", mod("@vercel/postgres"), 6, 31),
        at("database", mod("@planetscale/database"), 7, 25),
        at("database", mod("drizzle-orm/node-postgres"), 8, 25),
        at("database", mod("drizzle-orm/postgres-js"), 9, 37),
        at("database", mod("drizzle-orm/mysql2"), 10, 35),
        at("database", mod("drizzle-orm/better-sqlite3"), 11, 35),
        at("database", mod("drizzle-orm/libsql"), 12, 35),
        at("database", mod("drizzle-orm/neon-http"), 13, 33),
        at("database", mod("drizzle-orm/neon-serverless"), 14, 8),
        at("database", mod("drizzle-orm/vercel-postgres"), 15, 8),
        at("database", mod("drizzle-orm/planetscale-serverless"), 16, 8),
      ],
    },
  ],
});
