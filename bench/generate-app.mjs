// The generated application the analyzer benches run on: `generate(files)` writes (once; it is
// reused while GENERATOR_VERSION and the size match) a project of about `files` files under
// bench/.out/analyzer/<files>/ and returns its folder and feature count. Each feature is a
// realistic capsule: a contract (branded id, entity schema, a port, an event), commands and a
// query with effects, emits and an invariant, a model, helpers, tests linked through
// agentix/testing, an adapter, all assembled in one composition root.
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "bench/.out/analyzer");
export const FILES_PER_FEATURE = 11;
const GENERATOR_VERSION = "3";

function write(file, text) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** One feature capsule of FILES_PER_FEATURE files (plus its adapter outside features). */
function feature(dir, i, count) {
  const n = `f${i}`;
  const N = `F${i}`;
  const dependency = i > 0 ? `f${i - 1}` : undefined;
  const far = i > 6 ? `f${i - 7}` : undefined;
  const f = join(dir, "src/features", n);
  write(join(f, "contract.ts"), `import { defineContract, defineEvent, definePort, portOperation, s, type Infer } from "agentix";

export const ${N}Id = s.brand("${N}Id", s.string({ pattern: "^${n}_", minLength: 4 }));
export const ${N}Status = s.enum(["draft", "active", "archived"]);
export const ${N}Item = s.object({
  id: ${N}Id,
  title: s.string({ minLength: 1, maxLength: 200 }),
  quantity: s.integer({ minimum: 0 }),
  status: ${N}Status,
  tags: s.array(s.string({ maxLength: 40 }), { maxItems: 20 }),
  note: s.optional(s.string()),
  createdAt: s.string({ format: "date-time" }),
});
export type ${N}Item = Infer<typeof ${N}Item>;

export const ${N}Store = definePort({
  id: "${n}.store",
  operations: {
    get: portOperation({ id: "${n}.store.get", kind: "read", input: ${N}Id, output: s.union([${N}Item, s.literal(null)]) }),
    save: portOperation({ id: "${n}.store.save", kind: "write", input: ${N}Item, output: s.literal(null) }),
    list: portOperation({ id: "${n}.store.list", kind: "read", input: s.object({ status: ${N}Status }), output: s.array(${N}Item) }),
  },
});

export const ${N}Created = defineEvent({ id: "${n}.created", version: 1, payload: s.object({ id: ${N}Id, title: s.string() }) });

export const ${n}Contract = defineContract({
  id: "${n}",
  schemas: { ${N}Id, ${N}Item, ${N}Status },
  ports: [${N}Store],
  events: [${N}Created],
});
`);
  write(join(f, "model.ts"), `import type { ${N}Item } from "./contract.js";
import { clamp, normalizeTitle } from "./helpers.js";

export interface ${N}Summary {
  readonly count: number;
  readonly active: number;
  readonly titles: readonly string[];
}

export function summarize${N}(items: readonly ${N}Item[]): ${N}Summary {
  let active = 0;
  const titles: string[] = [];
  for (const item of items) {
    if (item.status === "active") active += 1;
    titles.push(normalizeTitle(item.title));
  }
  return { count: items.length, active, titles };
}

export function restock${N}(item: ${N}Item, delta: number): ${N}Item {
  return { ...item, quantity: clamp(item.quantity + delta, 0, 1_000_000) };
}

export function archive${N}(item: ${N}Item): ${N}Item {
  if (item.status === "archived") return item;
  return { ...item, status: "archived" };
}

export function isSellable${N}(item: ${N}Item): boolean {
  return item.status === "active" && item.quantity > 0 && item.title.length > 0;
}
`);
  write(join(f, "helpers.ts"), `/** Helpers private to the ${n} feature. */
export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

export function normalizeTitle(title: string): string {
  return title
    .trim()
    .split(/\\s+/u)
    .map((word) => (word.length === 0 ? word : word[0]!.toUpperCase() + word.slice(1).toLowerCase()))
    .join(" ");
}

export function slug(title: string): string {
  return normalizeTitle(title).toLowerCase().replace(/[^a-z0-9]+/gu, "-").replace(/^-|-$/gu, "");
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}
`);
  write(join(f, "rules.ts"), `import type { ${N}Item } from "./contract.js";
import { slug } from "./helpers.js";

export type ${N}Problem = { readonly field: string; readonly message: string };

export function validate${N}(item: ${N}Item): ${N}Problem[] {
  const problems: ${N}Problem[] = [];
  if (item.title.length > 120) problems.push({ field: "title", message: "too long" });
  if (item.tags.length > 10) problems.push({ field: "tags", message: "too many tags" });
  if (new Set(item.tags).size !== item.tags.length) problems.push({ field: "tags", message: "duplicate tags" });
  if (slug(item.title) === "") problems.push({ field: "title", message: "no letters" });
  return problems;
}

export const ${n}Limits = { maxTitle: 120, maxTags: 10 } as const;
`);
  write(join(f, "invariants.ts"), `import { defineInvariant, s } from "agentix";
import { ${N}Item, ${n}Contract } from "./contract.js";

export const ${n}StockNonNegative = defineInvariant({
  id: "${n}.stock-non-negative",
  dependsOn: [${n}Contract],
  evidence: s.object({ item: ${N}Item }),
  check: ({ item }) => item.quantity >= 0,
});
`);
  const depImport = dependency ? `import { F${i - 1}Store } from "../${dependency}/contract.js";\n` : "";
  const farImport = far ? `import { F${i - 7}Created } from "../${far}/contract.js";\n` : "";
  write(join(f, "operations.ts"), `import { assertInvariant, Clock, defineCommand, defineQuery, Ids, s } from "agentix";
${depImport}${farImport}import { ${N}Created, ${N}Id, ${N}Item, ${N}Status, ${N}Store } from "./contract.js";
import { ${n}StockNonNegative } from "./invariants.js";
import { archive${N}, restock${N} } from "./model.js";
import { validate${N} } from "./rules.js";

const CreateInput = s.object({ title: s.string({ minLength: 1 }), quantity: s.integer({ minimum: 0 }), tags: s.array(s.string()) });

export const create${N} = defineCommand({
  id: "${n}.create",
  description: "Creates an item of ${n}.",
  input: CreateInput,
  output: ${N}Item,
  errors: { INVALID: s.object({ problems: s.array(s.object({ field: s.string(), message: s.string() })) }) },
  permissions: ["${n}:write"],
  effects: { save: ${N}Store.save, nextId: Ids.next, now: Clock.now${dependency ? `, lookup: F${i - 1}Store.get` : ""} },
  emits: { created: ${N}Created${far ? `, echoed: F${i - 7}Created` : ""} },
  invariants: [${n}StockNonNegative],
  async execute({ input, effects, emit, fail }) {
    const item = {
      id: ${N}Id.parse("${n}_" + (await effects.nextId())),
      title: input.title,
      quantity: input.quantity,
      status: "active" as const,
      tags: [...input.tags],
      createdAt: await effects.now(),
    };
    const problems = validate${N}(item);
    if (problems.length > 0) return fail("INVALID", { problems });
    assertInvariant(${n}StockNonNegative, { item });
    await effects.save(item);
    emit.created({ id: item.id, title: item.title });
    return item;
  },
});

export const restock${N}Command = defineCommand({
  id: "${n}.restock",
  input: s.object({ id: ${N}Id, delta: s.integer() }),
  output: ${N}Item,
  errors: { NOT_FOUND: s.object({ id: s.string() }) },
  permissions: ["${n}:write"],
  effects: { get: ${N}Store.get, save: ${N}Store.save },
  invariants: [${n}StockNonNegative],
  async execute({ input, effects, fail }) {
    const item = await effects.get(input.id);
    if (item === null) return fail("NOT_FOUND", { id: input.id });
    const next = input.delta < 0 && item.quantity + input.delta < 0 ? archive${N}(item) : restock${N}(item, input.delta);
    assertInvariant(${n}StockNonNegative, { item: next });
    await effects.save(next);
    return next;
  },
});

export const list${N} = defineQuery({
  id: "${n}.list",
  input: s.object({ status: ${N}Status }),
  output: s.array(${N}Item),
  permissions: ["${n}:read"],
  effects: { list: ${N}Store.list },
  async execute({ input, effects }) {
    return effects.list({ status: input.status });
  },
});
`);
  const depContract = dependency ? `import { ${dependency}Contract } from "../${dependency}/contract.js";\n` : "";
  const farContract = far ? `import { ${far}Contract } from "../${far}/contract.js";\n` : "";
  const deps = [dependency ? `${dependency}Contract` : "", far ? `${far}Contract` : ""].filter(Boolean).join(", ");
  write(join(f, "feature.ts"), `import { defineFeature } from "agentix";
${depContract}${farContract}import { ${n}Contract } from "./contract.js";
import { ${n}StockNonNegative } from "./invariants.js";
import { create${N}, list${N}, restock${N}Command } from "./operations.js";

export const ${n} = defineFeature({
  id: "${n}",
  contract: ${n}Contract,
  dependencies: [${deps}],
  operations: [create${N}, restock${N}Command, list${N}],
  invariants: [${n}StockNonNegative],
});
`);
  write(join(f, `${n}.test.ts`), `import { fakeClock, memoryPort, sequentialIds, testCommand, testQuery } from "agentix/testing";
${dependency ? `import { F${i - 1}Store } from "../${dependency}/contract.js";\n` : ""}import { ${N}Store } from "./contract.js";
import { create${N}, list${N} } from "./operations.js";

export async function creates(): Promise<boolean> {
  const run = await testCommand(create${N}, {
    input: { title: "first", quantity: 1, tags: [] },
    adapters: [memoryPort(${N}Store), sequentialIds(), fakeClock("2026-01-01T00:00:00.000Z")${dependency ? `, memoryPort(F${i - 1}Store)` : ""}],
  });
  return run.outcome.ok;
}

export async function lists(): Promise<boolean> {
  const run = await testQuery(list${N}, { input: { status: "active" }, adapters: [memoryPort(${N}Store)] });
  return run.outcome.ok;
}
`);
  write(join(f, "model.test.ts"), `import { summarize${N} } from "./model.js";
import { normalizeTitle } from "./helpers.js";

export function summarizes(): boolean {
  const summary = summarize${N}([]);
  return summary.count === 0 && normalizeTitle(" a  b ") === "A B";
}
`);
  write(join(f, "format.ts"), `import type { ${N}Item } from "./contract.js";
import type { ${N}Summary } from "./model.js";

export function format${N}(item: ${N}Item): string {
  const tags = item.tags.length > 0 ? \` [\${item.tags.join(", ")}]\` : "";
  return \`\${item.title} (\${item.quantity}, \${item.status})\${tags}\`;
}

export function format${N}Summary(summary: ${N}Summary): string {
  return \`\${summary.active}/\${summary.count} active: \${summary.titles.slice(0, 3).join(", ")}\`;
}
`);
  write(join(dir, "src/adapters", `${n}-store.ts`), `import { implementPort } from "agentix";
import { ${N}Store, type ${N}Item } from "../features/${n}/contract.js";

export function memory${N}Store() {
  const rows = new Map<string, ${N}Item>();
  return implementPort(
    ${N}Store,
    {
      get: (id) => rows.get(id) ?? null,
      save: (item) => {
        rows.set(item.id, item);
        return null;
      },
      list: ({ status }) => [...rows.values()].filter((item) => item.status === status),
    },
    { name: "memory-${n}" },
  );
}
`);
  return count;
}

export function generate(files) {
  const features = Math.max(1, Math.round((files - 1) / FILES_PER_FEATURE));
  const dir = join(out, String(files));
  const stamp = join(dir, `.generated-${GENERATOR_VERSION}-${features}`);
  if (existsSync(stamp)) return { dir, features };
  rmSync(dir, { recursive: true, force: true });
  for (let i = 0; i < features; i += 1) feature(dir, i, features);
  const names = Array.from({ length: features }, (_, i) => `f${i}`);
  write(join(dir, "src/main.ts"), `import { createApplication, randomIds, systemClock } from "agentix";
${names.map((n) => `import { ${n} } from "./features/${n}/feature.js";`).join("\n")}
${names.map((n, i) => `import { memoryF${i}Store } from "./adapters/${n}-store.js";`).join("\n")}

export const app = createApplication({
  features: [${names.join(", ")}],
  adapters: [${names.map((_, i) => `memoryF${i}Store()`).join(", ")}, systemClock, randomIds],
});
`);
  write(
    join(dir, "tsconfig.json"),
    `${JSON.stringify(
      {
        compilerOptions: {
          target: "ES2023",
          lib: ["ES2023"],
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
          paths: { agentix: [join(root, "dist/runtime/index.d.ts")], "agentix/testing": [join(root, "dist/runtime/testing/index.d.ts")] },
        },
        include: ["src"],
      },
      null,
      2,
    )}\n`,
  );
  writeFileSync(stamp, "");
  return { dir, features };
}
