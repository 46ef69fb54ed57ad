// app.dispatch of a command with two effects, against calling the same logic directly with the
// same Ajv validation (input, both port results, output). Interleaved rounds in one process, so
// machine noise hits both sides alike; the ratio is what matters.
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
async function time(fn, n) {
  const start = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await fn();
  return Number(process.hrtime.bigint() - start) / n;
}

const viaDispatch = async () => {
  const outcome = await app.dispatch("bench.restock", input, { principal });
  if (!outcome.ok) throw new Error(JSON.stringify(outcome.error));
};
const viaDirect = () => directCached(input);

const perRound = 20_000;
const rounds = 7;
await time(viaDispatch, 5_000);
await time(viaDirect, 5_000);
const dispatchTimes = [];
const directTimes = [];
for (let round = 0; round < rounds; round++) {
  globalThis.gc?.();
  directTimes.push(await time(viaDirect, perRound));
  globalThis.gc?.();
  dispatchTimes.push(await time(viaDispatch, perRound));
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ns = (value) => `${(value / 1000).toFixed(2)} µs/op`;
console.log(`dispatch of a command with two effects (${rounds} interleaved rounds x ${perRound} ops, median)`);
console.log(`  direct call, same Ajv validation  ${ns(median(directTimes))}`);
console.log(`  app.dispatch                      ${ns(median(dispatchTimes))}`);
console.log(`  ratio dispatch / direct           ${(median(dispatchTimes) / median(directTimes)).toFixed(2)}x`);
