// What a feature's contract and operations cost when their module loads: the s.* builders and the
// define functions over them (the checks they make of what they are given included), per feature
// capsule like bench/generate-app.mjs writes, each with its own id pattern. Measured against
// building the same JSON Schema as plain frozen objects, or, with `--vs <file>` (another build's
// dist/runtime/index.js, e.g. main's), against that build: interleaved rounds in one process, so
// machine noise hits both sides alike; the ratio is what matters. CPU time, medians of the rounds.
import path from "node:path";
import { pathToFileURL } from "node:url";

const vsIndex = process.argv.indexOf("--vs");
const vsFile = vsIndex === -1 ? undefined : process.argv[vsIndex + 1];
const here = await import("agentix");
const other = vsFile === undefined ? undefined : await import(pathToFileURL(path.resolve(vsFile)).href);

/** One capsule: a contract (branded id, entity, a port, an event), two commands and a feature. */
function capsule(api, i) {
  const { s, defineCommand, defineContract, defineEvent, defineFeature, definePort, portOperation } = api;
  const Id = s.brand(`F${i}Id`, s.string({ pattern: `^f${i}_[a-z0-9]+$`, minLength: 4 }));
  const Status = s.enum(["draft", "active", "archived"]);
  const Item = s.object({
    id: Id,
    title: s.string({ minLength: 1, maxLength: 200 }),
    quantity: s.integer({ minimum: 0 }),
    status: Status,
    tags: s.array(s.string({ maxLength: 40 }), { maxItems: 20 }),
    note: s.optional(s.string()),
    createdAt: s.string({ format: "date-time" }),
  });
  const Store = definePort({
    id: `f${i}.store`,
    operations: {
      get: portOperation({ id: `f${i}.store.get`, kind: "read", input: Id, output: s.union([Item, s.literal(null)]) }),
      save: portOperation({ id: `f${i}.store.save`, kind: "write", input: Item, output: s.literal(null) }),
    },
  });
  const Created = defineEvent({ id: `f${i}.created`, version: 1, payload: s.object({ id: Id, title: s.string() }) });
  const contract = defineContract({ id: `f${i}`, schemas: { Id, Item, Status }, ports: [Store], events: [Created] });
  const create = defineCommand({
    id: `f${i}.create`,
    input: s.object({ title: s.string({ minLength: 1 }), quantity: s.integer({ minimum: 0 }), tags: s.array(s.string()) }),
    output: Item,
    errors: { INVALID: s.object({ problems: s.array(s.object({ field: s.string(), message: s.string() })) }) },
    permissions: [`f${i}:write`],
    effects: { save: Store.save },
    emits: { created: Created },
    execute: () => null,
  });
  const get = defineCommand({ id: `f${i}.get`, input: s.object({ id: Id }), output: Item, effects: { get: Store.get }, execute: () => null });
  return defineFeature({ id: `f${i}`, contract, operations: [create, get] });
}

function deepFreeze(value) {
  if (value !== null && typeof value === "object") {
    for (const key of Object.keys(value)) deepFreeze(value[key]);
    Object.freeze(value);
  }
  return value;
}

/** The same capsule's JSON Schema as plain frozen objects: what building costs with no library. */
function plainCapsule(i) {
  const id = { type: "string", pattern: `^f${i}_[a-z0-9]+$`, minLength: 4, title: `F${i}Id` };
  const status = { enum: ["draft", "active", "archived"] };
  const item = {
    type: "object",
    properties: {
      id,
      title: { type: "string", minLength: 1, maxLength: 200 },
      quantity: { type: "integer", minimum: 0 },
      status,
      tags: { type: "array", items: { type: "string", maxLength: 40 }, maxItems: 20 },
      note: { type: "string" },
      createdAt: { type: "string", format: "date-time" },
    },
    required: ["id", "title", "quantity", "status", "tags", "createdAt"],
    additionalProperties: false,
  };
  return deepFreeze({ id, status, item, get: { anyOf: [item, { const: null }] }, created: { type: "object", properties: { id, title: { type: "string" } } } });
}

let next = 0;
const sides = {
  "this build": () => capsule(here, next++),
  [other === undefined ? "plain objects" : "--vs build"]: other === undefined ? () => plainCapsule(next++) : () => capsule(other, next++),
};
const [mine, theirs] = Object.keys(sides);

/** CPU time per capsule, in µs. */
function time(fn, n) {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) fn();
  const spent = process.cpuUsage(start);
  return (spent.user + spent.system) / n;
}

const perRound = 2_000;
const rounds = 15;
for (const fn of Object.values(sides)) time(fn, 500);
const times = { [mine]: [], [theirs]: [] };
const ratios = [];
for (let round = 0; round < rounds; round++) {
  const order = round % 2 === 0 ? [mine, theirs] : [theirs, mine];
  const spent = {};
  for (const side of order) {
    spent[side] = time(sides[side], perRound);
    times[side].push(spent[side]);
  }
  ratios.push(spent[mine] / spent[theirs]);
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`building a feature capsule's schemas and descriptors (${rounds} rounds x ${perRound} capsules, CPU time, medians)`);
console.log(`  ${mine.padEnd(14)} ${median(times[mine]).toFixed(1)} µs/capsule`);
console.log(`  ${theirs.padEnd(14)} ${median(times[theirs]).toFixed(1)} µs/capsule`);
console.log(`  ratio ${mine} / ${theirs}  ${median(ratios).toFixed(2)}x`);
