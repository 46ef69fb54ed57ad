// Type-checking cost is part of the runtime's API: an application of N features (each a
// contract with a port and schemas, a command, a query) assembled by one createApplication and
// dispatched by id, against the same application written as plain TypeScript (interfaces and
// functions), both checked cold by `tsc --noEmit`. Near-linear growth and no TS2589 expected.
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "bench/.out/typecheck");
const tsc = join(root, "node_modules/typescript/bin/tsc");
const sizes = (process.env.TYPECHECK_SIZES ?? "100,250,500").split(",").map(Number);

function tsconfig(dir) {
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2023", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, skipLibCheck: true,
        types: [], paths: { agentix: [join(root, "dist/runtime/index.d.ts")] },
      },
      include: ["src"],
    }),
  );
}

function agentixApp(dir, n) {
  const names = Array.from({ length: n }, (_, i) => `f${i}`);
  for (const name of names) {
    const f = join(dir, "src/features", name);
    mkdirSync(f, { recursive: true });
    writeFileSync(join(f, "contract.ts"), `import { defineContract, definePort, portOperation, s } from "agentix";
export const ${name}Id = s.brand("${name}Id", s.string({ pattern: "^${name}_" }));
export const ${name}Item = s.object({ id: ${name}Id, title: s.string({ minLength: 1 }), qty: s.integer({ minimum: 0 }), tags: s.array(s.string()), note: s.optional(s.string()) });
export const ${name}Store = definePort({ id: "${name}.store", operations: {
  get: portOperation({ id: "${name}.store.get", kind: "read", input: ${name}Id, output: s.union([${name}Item, s.literal(null)]) }),
  save: portOperation({ id: "${name}.store.save", kind: "write", input: ${name}Item, output: s.literal(null) }),
} });
export const ${name}Contract = defineContract({ id: "${name}", schemas: { ${name}Id, ${name}Item }, ports: [${name}Store] });
`);
    writeFileSync(join(f, "feature.ts"), `import { defineCommand, defineFeature, defineQuery, Ids, s } from "agentix";
import { ${name}Contract, ${name}Id, ${name}Item, ${name}Store } from "./contract.js";
export const create = defineCommand({ id: "${name}.create", input: s.object({ title: s.string(), qty: s.integer() }), output: ${name}Item,
  errors: { DUPLICATE: s.object({ title: s.string() }) }, permissions: ["${name}:write"],
  effects: { save: ${name}Store.save, nextId: Ids.next },
  async execute({ input, effects, fail }) {
    if (input.title === "") return fail("DUPLICATE", { title: input.title });
    const item = { id: ${name}Id.parse("${name}_" + (await effects.nextId())), title: input.title, qty: input.qty, tags: [] };
    await effects.save(item);
    return item;
  } });
export const get = defineQuery({ id: "${name}.get", input: s.object({ id: ${name}Id }), output: ${name}Item, errors: { NOT_FOUND: s.object({ id: s.string() }) },
  permissions: ["${name}:read"], effects: { get: ${name}Store.get },
  async execute({ input, effects, fail }) { return (await effects.get(input.id)) ?? fail("NOT_FOUND", { id: input.id }); } });
export const ${name} = defineFeature({ id: "${name}", contract: ${name}Contract, operations: [create, get] });
`);
  }
  writeFileSync(join(dir, "src/main.ts"), `import { createApplication } from "agentix";
${names.map((name) => `import { ${name} } from "./features/${name}/feature.js";`).join("\n")}
export const app = createApplication({ features: [${names.join(", ")}], adapters: [] });
export async function run() {
  const made = await app.dispatch("f0.create", { title: "x", qty: 1 });
  if (made.ok) { const id: string = made.value.id; return app.dispatch("f${n - 1}.get", { id }); }
  return made.error.code;
}
`);
}

function plainApp(dir, n) {
  const names = Array.from({ length: n }, (_, i) => `f${i}`);
  for (const name of names) {
    const f = join(dir, "src/features", name);
    mkdirSync(f, { recursive: true });
    writeFileSync(join(f, "contract.ts"), `export type ${name}Id = string & { readonly __brand: "${name}Id" };
export interface ${name}Item { id: ${name}Id; title: string; qty: number; tags: string[]; note?: string }
export interface ${name}Store { get(id: ${name}Id): Promise<${name}Item | null>; save(item: ${name}Item): Promise<null> }
export type Result<T, E> = { ok: true; value: T } | { ok: false; error: E };
`);
    writeFileSync(join(f, "feature.ts"), `import type { ${name}Id, ${name}Item, ${name}Store, Result } from "./contract.js";
export interface Deps { store: ${name}Store; nextId(): Promise<string> }
export async function create(deps: Deps, input: { title: string; qty: number }): Promise<Result<${name}Item, { code: "DUPLICATE"; details: { title: string } }>> {
  if (input.title === "") return { ok: false, error: { code: "DUPLICATE", details: { title: input.title } } };
  const item = { id: ("${name}_" + (await deps.nextId())) as ${name}Id, title: input.title, qty: input.qty, tags: [] };
  await deps.store.save(item);
  return { ok: true, value: item };
}
export async function get(deps: Deps, input: { id: ${name}Id }): Promise<Result<${name}Item, { code: "NOT_FOUND"; details: { id: string } }>> {
  const item = await deps.store.get(input.id);
  return item ? { ok: true, value: item } : { ok: false, error: { code: "NOT_FOUND", details: { id: input.id } } };
}
export const ${name} = { create, get };
`);
  }
  writeFileSync(join(dir, "src/main.ts"), `${names.map((name) => `import { ${name} } from "./features/${name}/feature.js";`).join("\n")}
export const operations = { ${names.map((name) => `"${name}.create": ${name}.create, "${name}.get": ${name}.get`).join(", ")} };
`);
}

function check(dir) {
  const start = process.hrtime.bigint();
  const result = spawnSync(process.execPath, [tsc, "-p", join(dir, "tsconfig.json")], { encoding: "utf8" });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (result.status !== 0) {
    console.error(result.stdout.slice(0, 4000));
    throw new Error(`tsc failed in ${dir}`);
  }
  return seconds;
}

console.log("tsc --noEmit, cold (seconds)");
console.log("features   plain TS   agentix   ratio   agentix per feature (ms)");
for (const n of sizes) {
  const a = join(out, `agentix-${n}`);
  const p = join(out, `plain-${n}`);
  rmSync(a, { recursive: true, force: true });
  rmSync(p, { recursive: true, force: true });
  mkdirSync(join(a, "src"), { recursive: true });
  mkdirSync(join(p, "src"), { recursive: true });
  agentixApp(a, n);
  plainApp(p, n);
  tsconfig(a);
  tsconfig(p);
  const plain = check(p);
  const agentix = check(a);
  console.log(
    `${String(n).padStart(8)}   ${plain.toFixed(2).padStart(8)}   ${agentix.toFixed(2).padStart(7)}   ${(agentix / plain).toFixed(2).padStart(5)}x   ${((agentix * 1000) / n).toFixed(1).padStart(8)}`,
  );
}
