// app.dispatch of a command with two effects, against calling the same logic directly with the
// same Ajv validation (input, both port inputs and results, output), and the same dispatch with
// a deadline. Interleaved rounds in one process, so machine noise hits the sides alike; the
// ratios are what matter.
import {
  createApplication,
  defineCommand,
  defineContract,
  defineFeature,
  definePort,
  implementPort,
  portOperation,
  s,
} from "agentix";

const Item = s.object({ id: s.string({ minLength: 1 }), qty: s.integer({ minimum: 0 }) });
const Store = definePort({
  id: "bench.store",
  operations: {
    load: portOperation({ id: "bench.store.load", kind: "read", input: s.string(), output: Item }),
    save: portOperation({ id: "bench.store.save", kind: "write", input: Item, output: s.literal(null) }),
  },
});
const Input = s.object({ id: s.string({ minLength: 1 }), add: s.integer({ minimum: 1 }) });
const rows = new Map([["a", { id: "a", qty: 1 }]]);
const load = (id) => rows.get(id);
const save = (item) => (rows.set(item.id, item), null);

const restock = defineCommand({
  id: "bench.restock",
  input: Input,
  output: Item,
  permissions: ["stock:write"],
  effects: { load: Store.load, save: Store.save },
  async execute({ input, effects }) {
    const item = await effects.load(input.id);
    const next = { id: item.id, qty: item.qty + input.add };
    await effects.save(next);
    return next;
  },
});
const feature = defineFeature({ id: "bench", contract: defineContract({ id: "bench", ports: [Store] }), operations: [restock] });
const app = createApplication({ features: [feature], adapters: [implementPort(Store, { load, save })] });
const principal = { id: "bench", permissions: ["stock:write"] };

async function direct(input) {
  const parsed = Input.parse(input);
  if (!principal.permissions.includes("stock:write")) throw new Error("forbidden");
  const item = Item.parse(await load(s.string().parse(parsed.id)));
  const next = { id: item.id, qty: item.qty + parsed.add };
  s.literal(null).parse(await save(Item.parse(next)));
  return Item.parse(next);
}
// Build the validators once, as dispatch does (schemas are compiled once and cached).
const idSchema = s.string();
const nullSchema = s.literal(null);
async function directCached(input) {
  const parsed = Input.parse(input);
  if (!principal.permissions.includes("stock:write")) throw new Error("forbidden");
  const item = Item.parse(await load(idSchema.parse(parsed.id)));
  const next = { id: item.id, qty: item.qty + parsed.add };
  nullSchema.parse(await save(Item.parse(next)));
  return Item.parse(next);
}
void direct;

const input = { id: "a", add: 1 };
/** CPU time per call, in ns: on a shared machine, time spent waiting for a core is not counted. */
async function time(fn, n) {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await fn();
  const spent = process.cpuUsage(start);
  return ((spent.user + spent.system) * 1000) / n;
}

const check = (outcome) => {
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.error));
};
const withDeadline = { principal, timeoutMs: 30_000 };
const sides = {
  direct: () => directCached(input),
  dispatch: async () => check(await app.dispatch("bench.restock", input, { principal })),
  deadline: async () => check(await app.dispatch("bench.restock", input, withDeadline)),
};

const perRound = 10_000;
const rounds = 15;
for (const fn of Object.values(sides)) await time(fn, 5_000);
const times = { direct: [], dispatch: [], deadline: [] };
const ratios = { dispatch: [], deadline: [] };
for (let round = 0; round < rounds; round++) {
  // Each round measures every side back to back (in an order that alternates), so a burst of
  // load on the machine hits the sides of a round alike; the ratio is the median of the rounds'.
  const order = round % 2 === 0 ? ["direct", "dispatch", "deadline"] : ["deadline", "dispatch", "direct"];
  const spent = {};
  for (const side of order) {
    spent[side] = await time(sides[side], perRound);
    times[side].push(spent[side]);
  }
  ratios.dispatch.push(spent.dispatch / spent.direct);
  ratios.deadline.push(spent.deadline / spent.dispatch);
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const us = (value) => `${(value / 1000).toFixed(2)} µs/op`;
const dispatchRatio = median(ratios.dispatch);
console.log(`dispatch of a command with two effects (${rounds} rounds x ${perRound} ops, CPU time, medians)`);
console.log(`  direct call, same Ajv validation  ${us(median(times.direct))}`);
console.log(`  app.dispatch                      ${us(median(times.dispatch))}`);
console.log(`  app.dispatch with timeoutMs       ${us(median(times.deadline))}`);
console.log(`  ratio dispatch / direct           ${dispatchRatio.toFixed(2)}x   goal <= 2.5x: ${dispatchRatio <= 2.5 ? "met" : "NOT met"}`);
console.log(`  ratio with timeoutMs / without    ${median(ratios.deadline).toFixed(2)}x   (the deadline's own cost; no goal)`);
