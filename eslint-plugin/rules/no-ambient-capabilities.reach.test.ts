// Ways of reaching a capability that slipped through before (issue 13): default-parameter
// aliases, Reflect, Intl formatters and `new Date(undefined)` reading the clock, process control
// and host information, timers; banned modules whose bindings are used only as types; and the
// global object read by a name no one can tell or handed on whole.
import "../../test/setup/rule-tester.js";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { fixture } from "../../test/support/eslint-plugin-fixtures.js";
import { noAmbientCapabilities } from "./no-ambient-capabilities.js";
import { at } from "../../test/support/ambient-reports.js";

const ruleTester = new RuleTester();

const domain = fixture("project", "src/features/orders/operations.ts");
const adapter = fixture("project", "src/adapters/http-client.ts");
// The configured fixture turns the clock off.
const clockOff = fixture("configured", "modules/billing/invoice.ts");

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
      // (Handing it the global object is reported: any function given it may read anything.)
      name: "a local Reflect",
      filename: domain,
      code: `const Reflect = { get: (o: unknown, k: string) => k };\nReflect.get(process, "env");\nReflect.get(Date, "now");`,
    },
    {
      name: "a default parameter that is not the global object",
      filename: domain,
      code: `export function f(g = { fetch: () => 1 }) { return g.fetch(); }`,
    },
    { name: "timers in an adapter", filename: adapter, code: `setTimeout(() => undefined, 1);` },
    {
      name: "the global object read by a name a const gives, or used without reading a member",
      filename: domain,
      code: [
        'const name = "structuredClone";',
        "export const clone = globalThis[name];",
        'export const inBrowser = typeof window !== "undefined" && "document" in window;',
        "export const same = globalThis === self;",
        "export const text = `${globalThis}`;",
        "if (globalThis) void 0;",
        'export const has = Reflect.has(globalThis, "fetch");',
        "declare const key: string;",
        "(globalThis as Record<string, unknown>)[key] = 1;",
        "delete (globalThis as Record<string, unknown>)[key];",
      ].join("\n"),
    },
    {
      name: "a constructor read otherwise (a class's, an object's)",
      filename: domain,
      code: [
        "export class Money {",
        "  constructor(readonly cents: number) {}",
        "  copy(): Money {",
        "    return new (this.constructor as typeof Money)(this.cents);",
        "  }",
        "  get kind(): string {",
        "    return this.constructor.name;",
        "  }",
        "}",
        "export const plain = (x: object) => x.constructor === Object;",
        'export const named = (x: object) => x["constructor"].name;',
      ].join("\n"),
    },
    {
      name: "other windows' harmless members",
      filename: domain,
      code: `window.parent.postMessage("ready", "*");\nexport const framed = window.top !== window.self;\nexport const count = window.frames.length;\nexport const title = document.defaultView?.document.title;`,
    },
    {
      name: "symbol and number keys of the global object (a singleton's home) name no capability",
      filename: domain,
      code: [
        'const loads = Symbol.for("app.loads");',
        "const g = globalThis as unknown as Record<symbol | number, number>;",
        "g[loads] = (g[loads] ?? 0) + 1;",
        'g[Symbol.for("app.db")] ??= 1;',
        "export const first = g[0] ?? g[Symbol.iterator as never];",
        "const { [loads]: count } = g;",
        "export const n = count;",
      ].join("\n"),
    },
    {
      name: "a singleton on the global object read by name (Prisma's pattern)",
      filename: domain,
      code: `const globalForDb = globalThis as unknown as { db?: { query(): void } };\nexport const db = globalForDb.db ?? { query() {} };\nglobalForDb.db = db;`,
    },
    {
      name: "computed members of other roots are not reported (Math[op], Date[k])",
      filename: domain,
      code: `declare const op: "floor" | "ceil";\nexport const rounded = Math[op](1.5);\ndeclare const k: "parse";\nexport const parsed = Date[k]("2020-01-01");`,
    },
    {
      name: "roots handed on other than the global object (z.instanceof(Date), () => Date)",
      filename: domain,
      code: `declare const z: { instanceof(c: unknown): unknown };\nexport const when = z.instanceof(Date);\nexport const type = () => Date;\nexport const roots = [Math, Intl];`,
    },
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
    {
      // A function's constructor is the Function constructor: eval under another name.
      name: "the Function constructor reached as a function's constructor",
      filename: domain,
      code: [
        'export const a = (() => {}).constructor("return 1")();',
        'export const b = [].constructor.constructor("return this")();',
        "const F = (async () => {}).constructor;",
        'export const c = new F("await 1");',
        'export const d = Reflect.apply((function () {}).constructor, undefined, ["return 2"]);',
      ].join("\n"),
      errors: [
        at("process", "Function()", 1, 18, 52),
        at("process", "Function()", 2, 18, 59),
        at("process", "new Function()", 4, 18, 34),
        at("process", "Function()", 5, 18),
      ],
    },
    {
      // Compiled code calls through `(0, x)` to drop `this`; before, these passed unseen.
      name: "the last expression of a sequence (0, Math).random()",
      filename: domain,
      code: [
        "export const r = (0, Math).random();",
        "export const d = (0, Date)();",
        "export const e = (0, process).env;",
        'export const f = (0, globalThis).fetch("/x");',
        "export const n = (Date, 0);",
      ].join("\n"),
      errors: [
        at("randomness", "Math.random()", 1, 18, 34),
        at("clock", "Date()", 2, 18, 29),
        at("environment", "process.env", 3, 18, 34),
        at("network", "fetch", 4, 18, 39),
      ],
    },
    {
      name: "another window reached from the global object (top, parent, opener, frames)",
      filename: domain,
      code: [
        'window.top?.fetch("/x");',
        "const { parent } = window;",
        'parent.fetch("/y");',
        "export const stamp = globalThis.opener.Date.now();",
        "export const f = self.frames.fetch;",
      ].join("\n"),
      errors: [
        at("network", "fetch", 1, 1, 18),
        at("network", "fetch", 3, 1, 13),
        at("clock", "Date.now()", 4, 22, 48),
        at("network", "fetch", 5, 18, 35),
      ],
    },
    {
      name: "the window as the document's view (document.defaultView)",
      filename: domain,
      code: [
        'document.defaultView?.fetch("/x");',
        "const { defaultView } = document;",
        "export const stamp = defaultView!.Date.now();",
        'export const saved = globalThis.document.defaultView?.localStorage.getItem("k");',
      ].join("\n"),
      errors: [
        at("network", "fetch", 1, 1, 28),
        at("clock", "Date.now()", 3, 22, 43),
        at("storage", "localStorage", 4, 22, 67),
      ],
    },
    {
      // A name no one can tell may be any capability: `globalThis["fe" + "tch"]` is fetch.
      name: "members of the global object and of process read by a name no one can tell",
      filename: domain,
      code: [
        "declare const key: string;",
        "export const a = globalThis[key];",
        'export const b = (window as any)["fe" + "tch"];',
        "export const c = Reflect.get(globalThis, key);",
        'export const d = process[key as "env"];',
        "const { [key]: e } = globalThis as Record<string, unknown>;",
        "export const f = (self as any)[key] ??= 1;",
        "const g = globalThis;",
        "export const h = g[`${key}`];",
      ].join("\n"),
      errors: [
        at("unknownMember", "globalThis[key]", 2, 18, 33),
        at("unknownMember", '(window as any)["fe" + "tch"]', 3, 18, 47),
        at("unknownMember", "Reflect.get(globalThis, key)", 4, 18, 46),
        at("unknownMember", 'process[key as "env"]', 5, 18, 39),
        at("unknownMember", "[key]: e", 6, 9, 17),
        at("unknownMember", "(self as any)[key]", 7, 18, 36),
        at("unknownMember", "g[`${key}`]", 9, 18, 29),
      ],
    },
    {
      // Quoted on one line, cut at 60 characters; a key of a megabyte is read no further.
      name: "an unknown member's source, quoted on one line and cut",
      filename: domain,
      code: `declare const aVeryLongNameForTheKeyThatIsReadFromTheGlobalObject: string;\nexport const a = globalThis[\n  aVeryLongNameForTheKeyThatIsReadFromTheGlobalObject\n];\nexport const b = (globalThis as any)[${JSON.stringify("x".repeat(1 << 20))} + a];`,
      errors: [
        at("unknownMember", "globalThis[ aVeryLongNameForTheKeyThatIsReadFromTheGlobalOb…", 2, 18),
        at("unknownMember", `(globalThis as any)["${"x".repeat(38)}…`, 5, 18),
      ],
    },
    {
      // Object.getOwnPropertyDescriptor(globalThis, "fetch").value is fetch, unseen.
      name: "the global object handed on whole: an argument, returned, an element, spread, stored",
      filename: domain,
      code: [
        'export const a = Object.getOwnPropertyDescriptor(globalThis, "fetch");',
        "export const b = () => globalThis;",
        "export const c = [self];",
        "export function d(use: (g: typeof globalThis) => void) {",
        "  use(window);",
        "  return global;",
        "}",
        "const alias = globalThis;",
        "export const e = { ...alias };",
        "export const f = { root: globalThis };",
        "export const holder = { g: undefined as unknown };",
        "holder.g = globalThis;",
        "let later: unknown;",
        "later ??= globalThis;",
        'export const h = Reflect.getOwnPropertyDescriptor(globalThis, "fetch");',
        "export const i = new Proxy(globalThis, {});",
      ].join("\n"),
      errors: [
        at("globalHandedOn", "globalThis", 1, 50, 60),
        at("globalHandedOn", "globalThis", 2, 24, 34),
        at("globalHandedOn", "self", 3, 19, 23),
        at("globalHandedOn", "window", 5, 7, 13),
        at("globalHandedOn", "global", 6, 10, 16),
        at("globalHandedOn", "alias", 9, 23, 28),
        at("globalHandedOn", "globalThis", 10, 26, 36),
        at("globalHandedOn", "holder.g", 12, 1, 9),
        at("globalHandedOn", "globalThis", 14, 11, 21),
        at("globalHandedOn", "globalThis", 15, 51, 61),
        at("globalHandedOn", "globalThis", 16, 28, 38),
      ],
    },
    {
      // Any category may be reached: reported where any one is checked (the clock is off here).
      name: "an unknown member where some categories are off",
      filename: clockOff,
      code: `declare const key: string;\nexport const a = globalThis[key];\nexport const b = () => globalThis;`,
      errors: [
        at("unknownMember", "globalThis[key]", 2, 18),
        at("globalHandedOn", "globalThis", 3, 24),
      ],
    },
  ],
});
