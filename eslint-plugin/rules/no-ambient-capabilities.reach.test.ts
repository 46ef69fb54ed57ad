// Ways of reaching a capability that slipped through before (issue 13): default-parameter
// aliases, Reflect, Intl formatters and `new Date(undefined)` reading the clock, process control
// and host information, timers; and banned modules whose bindings are used only as types.
import "../../test/setup/rule-tester.js";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { fixture } from "../../test/support/eslint-plugin-fixtures.js";
import { noAmbientCapabilities } from "./no-ambient-capabilities.js";

const ruleTester = new RuleTester();

const domain = fixture("project", "src/features/orders/operations.ts");
const adapter = fixture("project", "src/adapters/http-client.ts");
// The configured fixture turns the clock off.
const clockOff = fixture("configured", "modules/billing/invoice.ts");

type Category = "network" | "environment" | "clock" | "timer" | "process" | "database";

const at = (messageId: Category, capability: string, line: number, column: number) => ({
  messageId,
  data: { capability },
  line,
  column,
});

ruleTester.run("no-ambient-capabilities (reach)", noAmbientCapabilities, {
  valid: [
    {
      name: "a banned module's bindings used only as types (an injected instance)",
      filename: domain,
      code: `import { Knex } from "knex";\nimport type { Pool } from "pg";\nexport class Repo {\n  constructor(private readonly knex: Knex, readonly pool: Pool) {}\n}\nexport type Client = typeof Knex;`,
    },
    {
      name: "dates and formatters given a date",
      filename: domain,
      code: `export const a = new Date(0);\nexport const b = (d: number) => new Date(d);\nexport const c = new Intl.DateTimeFormat("en").format(a);\nexport const d = Intl.DateTimeFormat().formatToParts(b(1));\nexport const e = new Intl.NumberFormat("en").format();`,
    },
    {
      name: "Reflect on local objects and harmless members",
      filename: domain,
      code: `const o = { fetch: 1 };\nReflect.get(o, "fetch");\nReflect.get(globalThis, "Array");\nReflect.apply(Math.max, undefined, [1]);\nReflect.construct(Date, [0]);`,
    },
    {
      name: "a local Reflect",
      filename: domain,
      code: `const Reflect = { get: (o: unknown, k: string) => k };\nReflect.get(globalThis, "fetch");`,
    },
    {
      name: "a default parameter that is not the global object",
      filename: domain,
      code: `export function f(g = { fetch: () => 1 }) { return g.fetch(); }`,
    },
    { name: "timers in an adapter", filename: adapter, code: `setTimeout(() => undefined, 1);` },
    {
      name: "timers where the clock is off",
      filename: clockOff,
      code: `setInterval(() => undefined, 1);\nsetTimeout(() => undefined, 1);`,
    },
  ],
  invalid: [
    {
      name: "a banned module's binding used as a value, even once",
      filename: domain,
      code: `import { Knex } from "knex";\nexport class Repo { constructor(readonly knex: Knex) {} }\nexport const k = Knex;`,
      errors: [at("database", 'the "knex" module', 1, 22)],
    },
    {
      name: "aliases through default parameters",
      filename: domain,
      code: `export function f(g = globalThis) {\n  return g.fetch("/x");\n}\nexport const h = ({ env } = process) => env;\nexport const n = (now = Date.now) => now();`,
      errors: [
        at("network", "fetch", 2, 10),
        at("environment", "process.env", 4, 21),
        at("clock", "Date.now()", 5, 25),
      ],
    },
    {
      name: "Reflect.get on the global object and on capability roots",
      filename: domain,
      code: `Reflect.get(globalThis, "fetch")("/x");\nexport const env = Reflect.get(process, "env");\nReflect.get(Reflect.get(globalThis, "Date"), "now")();`,
      errors: [
        at("network", "fetch", 1, 1),
        at("environment", "process.env", 2, 20),
        at("clock", "Date.now()", 3, 1),
      ],
    },
    {
      name: "Reflect.apply and Reflect.construct of Date",
      filename: domain,
      code: `Reflect.apply(Date, undefined, []);\nReflect.construct(Date, []);\nReflect.construct(Date, [undefined]);\nReflect.apply(fetch, undefined, ["/x"]);`,
      errors: [
        at("clock", "Date()", 1, 1),
        at("clock", "new Date()", 2, 1),
        at("clock", "new Date()", 3, 1),
        at("network", "fetch", 4, 15),
      ],
    },
    {
      name: "new Date(undefined) and new Date(void 0)",
      filename: domain,
      code: `export const a = new Date(undefined);\nexport const b = new Date(void 0);\nexport const c = new globalThis.Date(undefined);`,
      errors: [
        at("clock", "new Date()", 1, 18),
        at("clock", "new Date()", 2, 18),
        at("clock", "new Date()", 3, 18),
      ],
    },
    {
      name: "Intl.DateTimeFormat formatters without a date",
      filename: domain,
      code: `export const a = new Intl.DateTimeFormat("en").format();\nexport const b = Intl.DateTimeFormat().formatToParts(undefined);\nconst f = new Intl.DateTimeFormat();\nexport const c = f.format();\nconst { format } = new globalThis.Intl.DateTimeFormat();\nexport const d = format();`,
      errors: [
        at("clock", "Intl.DateTimeFormat().format() without a date", 1, 18),
        at("clock", "Intl.DateTimeFormat().formatToParts() without a date", 2, 18),
        at("clock", "Intl.DateTimeFormat().format() without a date", 4, 18),
        at("clock", "Intl.DateTimeFormat().format() without a date", 6, 18),
      ],
    },
    {
      name: "process control and information",
      filename: domain,
      code: `process.exit(1);\nexport const dir = process.cwd();\nexport const os = process.platform;\nconst { kill, arch } = process;\nimport { chdir } from "node:process";`,
      errors: [
        at("process", "process.exit()", 1, 1),
        at("environment", "process.cwd", 2, 20),
        at("environment", "process.platform", 3, 19),
        at("process", "process.kill()", 4, 9),
        at("environment", "process.arch", 4, 15),
        at("process", "process.chdir()", 5, 10),
      ],
    },
    {
      // A timer reads no time: "call effects.now() instead" did not fit it (plugin helper).
      name: "timers are the clock, with a message of their own",
      filename: domain,
      code: `setTimeout(() => undefined, 1);\nsetInterval(() => undefined, 1);\nglobalThis.setImmediate(() => undefined);\nimport { setTimeout as sleep } from "node:timers/promises";\nimport * as timers from "timers";\ntimers.setInterval(() => undefined, 1);`,
      errors: [
        at("timer", "setTimeout()", 1, 1),
        at("timer", "setInterval()", 2, 1),
        at("timer", "setImmediate()", 3, 1),
        at("timer", 'setTimeout from "node:timers/promises"', 4, 10),
        at("timer", 'setInterval from "timers"', 6, 1),
      ],
    },
  ],
});
