// Type-checking cost is part of the runtime's API: an application of N features (each a
// contract with a port and schemas, a command, a query) assembled by one createApplication and
// dispatched by id, against the same application written as plain TypeScript (interfaces and
// functions), both checked cold by `tsc --noEmit`. Near-linear growth and no TS2589 expected.
// Each tsc run reports its own CPU time (a loaded machine stretches wall time, not CPU time),
// and --extendedDiagnostics its check time and type instantiations. TYPECHECK_SIZES=100,500
// picks the sizes; TYPECHECK_ROUNDS=3 repeats each pair in alternating order (medians).
// TYPECHECK_VS=<dir> also checks the agentix app against another build's declarations,
// <dir>/runtime/index.d.ts (another worktree's dist/), in the same rounds, for an A/B of a change.
// TYPECHECK_FLOOR=1 also checks it against a copy of dist/'s declarations in which defineCommand
// and defineQuery still infer their six type parameters from the one definition object, but type
// `execute`'s context as `any` and return untyped operations: what the API's shape (an object
// literal whose `execute` is context-sensitive, so TypeScript checks it four times per call) costs
// before any of the typing users get from it. No typing of the operations can go below it.
// It also checks the app with its operations taken out (contracts, the operations' schemas and
// features kept, no defineCommand/defineQuery): what the rest of the descriptors cost.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(root, "bench/.out/typecheck");
const tsc = join(root, "node_modules/typescript/bin/tsc");
const sizes = (process.env.TYPECHECK_SIZES ?? "100,250,500,1000").split(",").map(Number);
const rounds = Number(process.env.TYPECHECK_ROUNDS ?? "1");
const vsDeclarations = process.env.TYPECHECK_VS ? resolve(process.env.TYPECHECK_VS, "runtime/index.d.ts") : undefined;
if (vsDeclarations !== undefined) {
  if (!existsSync(vsDeclarations)) throw new Error(`TYPECHECK_VS: no ${vsDeclarations}`);
  // Declarations outside a node_modules tree that has @standard-schema/spec type every schema as
  // `any` without a word, which would look like a large win.
  try {
    createRequire(vsDeclarations).resolve("@standard-schema/spec");
  } catch {
    throw new Error(`TYPECHECK_VS: @standard-schema/spec does not resolve from ${dirname(vsDeclarations)}`);
  }
}
const floor = process.env.TYPECHECK_FLOOR === "1";
const goalAt = 500;
const goal = 1.6;
// Reports the tsc process's own CPU time when it exits.
const cpuReport = `data:text/javascript,process.on("exit",()=>{const u=process.cpuUsage();process.stderr.write("\\ncpu-us "+(u.user+u.system)+"\\n")})`;

function tsconfig(dir, declarations = join(root, "dist/runtime/index.d.ts"), name = "tsconfig.json") {
  writeFileSync(
    join(dir, name),
    JSON.stringify({
      compilerOptions: {
        target: "ES2023", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, skipLibCheck: true,
        types: [], paths: { agentix: [declarations] },
      },
      include: ["src"],
    }),
  );
}

/** `operations: false` keeps the operations' schemas and drops the operations (see TYPECHECK_FLOOR above). */
function agentixApp(dir, n, { operations = true } = {}) {
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
    if (!operations) {
      writeFileSync(join(f, "feature.ts"), `import { defineFeature, s } from "agentix";
import { ${name}Contract, ${name}Id } from "./contract.js";
export const createInput = s.object({ title: s.string(), qty: s.integer() });
export const createErrors = { DUPLICATE: s.object({ title: s.string() }) };
export const getInput = s.object({ id: ${name}Id });
export const getErrors = { NOT_FOUND: s.object({ id: s.string() }) };
export const ${name} = defineFeature({ id: "${name}", contract: ${name}Contract, operations: [] });
`);
      continue;
    }
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
${operations ? "" : "/*"}export async function run() {
  const made = await app.dispatch("f0.create", { title: "x", qty: 1 });
  if (made.ok) { const id: string = made.value.id; return app.dispatch("f${n - 1}.get", { id }); }
  return made.error.code;
}${operations ? "" : "*/"}
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

/** dist/'s runtime declarations with the operations' typing taken out (see TYPECHECK_FLOOR above). */
function floorDeclarations() {
  const target = join(out, "floor-declarations/runtime");
  rmSync(target, { recursive: true, force: true });
  cpSync(join(root, "dist/runtime"), target, { recursive: true, filter: (path) => !/\.(js|map)$/.test(path) });
  const file = join(target, "descriptors/operation.d.ts");
  const untyped = (name, kind, typeParameters) =>
    `export declare function ${name}<Id extends string, I, O, ${typeParameters}>(definition: { id: Id; input: I; output: O; errors?: E; ` +
    `permissions?: readonly string[]; effects?: Fx;${kind === "Command" ? " emits?: Ev;" : ""} invariants?: readonly unknown[]; description?: string; ` +
    `execute(context: any): unknown }): ${kind}<Id, any, any, any>;`;
  let text = readFileSync(file, "utf8");
  for (const [name, kind, typeParameters] of [
    ["defineCommand", "Command", "E = {}, Fx = {}, Ev = {}"],
    ["defineQuery", "Query", "E = {}, Fx = {}"],
  ]) {
    const declaration = new RegExp(`^export declare function ${name}<.*$`, "m");
    if (!declaration.test(text)) throw new Error(`TYPECHECK_FLOOR: no one-line declaration of ${name} in ${file}`);
    text = text.replace(declaration, untyped(name, kind, typeParameters));
  }
  writeFileSync(file, text);
  return join(target, "index.d.ts");
}

function check(dir, config = "tsconfig.json") {
  const result = spawnSync(process.execPath, ["--import", cpuReport, tsc, "-p", join(dir, config), "--extendedDiagnostics"], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    console.error(result.stdout.slice(0, 4000));
    throw new Error(`tsc failed in ${dir}${/TS2589/.test(result.stdout) ? " (TS2589: type instantiation is excessively deep)" : ""}`);
  }
  const figure = (name) => Number(new RegExp(`^${name}:\\s+([\\d.]+)`, "m").exec(result.stdout)?.[1]);
  return { cpu: Number(/cpu-us (\d+)/.exec(result.stderr)?.[1]) / 1e6, check: figure("Check time"), instantiations: figure("Instantiations") };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`tsc --noEmit, cold: CPU seconds of the tsc process (median of ${rounds} alternating round${rounds === 1 ? "" : "s"}), check time, type instantiations`);
const floorDeclarationFile = floor ? floorDeclarations() : undefined;
console.log(
  "features   plain TS   agentix   ratio   check plain / agentix   instantiations plain / agentix" +
    (vsDeclarations ? `   vs (${vsDeclarations})   agentix / vs` : "") +
    (floor ? "   floor (operations untyped)   floor / plain   no operations / plain" : ""),
);
let verdict;
for (const n of sizes) {
  const a = join(out, `agentix-${n}`);
  const p = join(out, `plain-${n}`);
  const bare = join(out, `no-operations-${n}`);
  for (const dir of [a, p, bare]) rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(a, "src"), { recursive: true });
  mkdirSync(join(p, "src"), { recursive: true });
  agentixApp(a, n);
  plainApp(p, n);
  tsconfig(a);
  tsconfig(p);
  if (floor) {
    mkdirSync(join(bare, "src"), { recursive: true });
    agentixApp(bare, n, { operations: false });
    tsconfig(bare);
  }
  if (vsDeclarations) tsconfig(a, vsDeclarations, "tsconfig.vs.json");
  if (floorDeclarationFile) tsconfig(a, floorDeclarationFile, "tsconfig.floor.json");
  const sides = ["plain", "agentix", ...(vsDeclarations ? ["vs"] : []), ...(floor ? ["floor", "bare"] : [])];
  const runs = Object.fromEntries(sides.map((side) => [side, []]));
  for (let round = 0; round < rounds; round++) {
    // Each round starts one side later, so no side always runs first or last.
    const order = sides.map((_, index) => sides[(index + round) % sides.length]);
    for (const side of order) {
      runs[side].push(side === "plain" ? check(p) : side === "bare" ? check(bare) : check(a, side === "agentix" ? "tsconfig.json" : `tsconfig.${side}.json`));
    }
  }
  const plain = { cpu: median(runs.plain.map((r) => r.cpu)), check: median(runs.plain.map((r) => r.check)) };
  const agentix = { cpu: median(runs.agentix.map((r) => r.cpu)), check: median(runs.agentix.map((r) => r.check)) };
  const ratio = agentix.cpu / plain.cpu;
  if (n === goalAt) verdict = ratio;
  // The ratio to the other build is the median of the per-round ratios (pairs share the machine's state).
  const vs = vsDeclarations ? { cpu: median(runs.vs.map((r) => r.cpu)), ratio: median(runs.vs.map((r, i) => runs.agentix[i].cpu / r.cpu)) } : undefined;
  const floorCpu = floor ? median(runs.floor.map((r) => r.cpu)) : undefined;
  const bareCpu = floor ? median(runs.bare.map((r) => r.cpu)) : undefined;
  console.log(
    `${String(n).padStart(8)}   ${plain.cpu.toFixed(2).padStart(8)}   ${agentix.cpu.toFixed(2).padStart(7)}   ${ratio.toFixed(2).padStart(5)}x   ` +
      `${`${plain.check.toFixed(2)} / ${agentix.check.toFixed(2)} s`.padStart(21)}   ${`${runs.plain[0].instantiations} / ${runs.agentix[0].instantiations}`.padStart(30)}` +
      (vs ? `   ${`${vs.cpu.toFixed(2)} s, ${runs.vs[0].instantiations} inst.`.padStart(22)}   ${vs.ratio.toFixed(3)}` : "") +
      (floorCpu !== undefined ? `   ${`${floorCpu.toFixed(2)} s, ${runs.floor[0].instantiations} inst.`.padStart(26)}   ${(floorCpu / plain.cpu).toFixed(2).padStart(12)}x` : "") +
      (bareCpu !== undefined ? `   ${`${bareCpu.toFixed(2)} s = ${(bareCpu / plain.cpu).toFixed(2)}x`.padStart(21)}` : ""),
  );
}
console.log("no TS2589 at any size");
if (verdict !== undefined) console.log(`ratio at ${goalAt} features ${verdict.toFixed(2)}x   goal <= ${goal}x: ${verdict <= goal ? "met" : "NOT met"}`);
