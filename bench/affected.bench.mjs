// `agentix affected`: how much of the suite it selects (lower is better; recall is proven 100%
// by the mutation check in npm test) against `vitest related` on the same change, and the wall
// time of `agentix affected --since HEAD~1`, on the orders example and on a generated project
// of about 2,000 files. Counts are static test calls (it.each counts once) on both sides.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createVitest } from "vitest/node";

const repo = fileURLToPath(new URL("../", import.meta.url));
const out = path.join(repo, "bench/.out/affected");
const bin = path.join(repo, "dist/analyzer/cli/main.js");
const { analyze } = await import(path.join(repo, "dist/analyzer/analyze.js"));
const { computeAffected } = await import(path.join(repo, "dist/analyzer/affected/live-facts.js"));
const { fileUnits } = await import(path.join(repo, "dist/analyzer/affected/code-units.js"));
const FEATURES = Number(process.env.AFFECTED_BENCH_FEATURES ?? 400);

const git = (cwd, ...args) => execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const commitAll = (cwd, message) => {
  git(cwd, "add", "-A");
  git(cwd, "-c", "user.email=b@agentix", "-c", "user.name=bench", "commit", "-q", "-m", message);
};
const silent = { onInit() {} };
const vitestConfig = (root, include) => {
  const file = path.join(root, "vitest.config.mjs");
  writeFileSync(
    file,
    `export default { resolve: { alias: [
  { find: /^agentix\\/testing$/, replacement: ${JSON.stringify(path.join(repo, "runtime/testing/index.ts"))} },
  { find: /^agentix$/, replacement: ${JSON.stringify(path.join(repo, "runtime/index.ts"))} },
] }, test: { include: [${JSON.stringify(include)}] } };\n`,
  );
  return file;
};

/** Static test calls per test file, the unit both sides are counted in. */
function casesPerFile(analysis) {
  const checker = analysis.loaded.program.getTypeChecker();
  const counts = new Map();
  for (const file of analysis.loaded.files) {
    if (!analysis.roles.isTest(file)) continue;
    counts.set(file.path, Math.max(fileUnits(file.sourceFile, file.path, true, checker).testCases.length, 1));
  }
  return counts;
}

async function relatedCases(root, config, project, file, counts) {
  const vitest = await createVitest("test", { root, config, watch: false, reporters: [silent], related: [path.join(project, file)] });
  const files = (await vitest.getRelevantTestSpecifications()).map((spec) => path.relative(project, spec.moduleId).split(path.sep).join("/"));
  await vitest.close();
  return files.reduce((sum, test) => sum + (counts.get(test) ?? 0), 0);
}

function affectedSinceTimed(cwd) {
  const started = performance.now();
  const run = spawnSync(process.execPath, [bin, "affected", "--since", "HEAD~1", "--json", "--compact"], { cwd, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(run.stderr);
  return { ms, result: JSON.parse(run.stdout) };
}

// --- 1. The orders example: every operation's execute body, one at a time.
{
  const root = path.join(out, "orders");
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const project = path.join(root, "examples/orders");
  cpSync(path.join(repo, "examples/orders"), project, { recursive: true, filter: (source) => !/[\\/](dist|node_modules)([\\/]|$)/.test(path.relative(repo, source)) });
  for (const file of ["package.json", "tsconfig.base.json"]) cpSync(path.join(repo, file), path.join(root, file));
  symlinkSync(path.join(repo, "node_modules"), path.join(root, "node_modules"), "dir");
  symlinkSync(path.join(repo, "dist"), path.join(root, "dist"), "dir");
  const config = vitestConfig(root, "examples/orders/**/*.test.ts");
  const analysis = analyze({ root: project });
  const counts = casesPerFile(analysis);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  let agentix = 0;
  let related = 0;
  for (const operation of analysis.descriptors.operations) {
    const computed = computeAffected(analysis, [], { operations: [operation.id] });
    agentix += computed.tests.reduce((sum, test) => sum + (test.whole ? test.totalCases : test.cases.length), 0);
    related += await relatedCases(root, config, project, operation.site.file.path, counts);
  }
  const n = analysis.descriptors.operations.length;
  git(root, "init", "-q");
  commitAll(root, "base");
  const target = path.join(project, "src/features/orders/model.ts");
  writeFileSync(target, `${execFileSync("cat", [target], { encoding: "utf8" })}\nexport const benchMarker = 1;\n`);
  commitAll(root, "change");
  const timing = affectedSinceTimed(project);
  console.log(`orders example: ${n} operations, ${total} test cases (static), one execute body changed at a time`);
  console.log(`  selected on average   agentix ${(agentix / n).toFixed(1)} (${((100 * agentix) / (n * total)).toFixed(0)}%)   vitest related ${(related / n).toFixed(1)} (${((100 * related) / (n * total)).toFixed(0)}%)   ratio ${(agentix / related).toFixed(2)}x`);
  console.log(`  agentix affected --since HEAD~1 (a model.ts change): ${(timing.ms / 1000).toFixed(2)} s wall, ${timing.result.tests.selected.cases} of ${timing.result.tests.total.cases} cases`);
}

// --- 2. A generated project of about 2,000 files.
{
  const root = path.join(out, "generated");
  rmSync(root, { recursive: true, force: true });
  mkdirSync(path.join(root, "src/features"), { recursive: true });
  mkdirSync(path.join(root, "node_modules"), { recursive: true });
  symlinkSync(repo, path.join(root, "node_modules/agentix"), "dir");
  symlinkSync(path.join(repo, "node_modules/vitest"), path.join(root, "node_modules/vitest"), "dir");
  writeFileSync(path.join(root, "tsconfig.json"), JSON.stringify({ compilerOptions: { target: "ES2023", module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, skipLibCheck: true, types: [] }, include: ["src"] }));
  writeFileSync(path.join(root, "agentix.config.json"), "{}\n");
  const names = Array.from({ length: FEATURES }, (_, i) => `f${i}`);
  for (const [i, name] of names.entries()) {
    const dir = path.join(root, "src/features", name);
    mkdirSync(dir);
    const previous = i > 0 ? names[i - 1] : undefined;
    writeFileSync(path.join(dir, "contract.ts"), `import { defineContract, definePort, portOperation, s } from "agentix";
export const Item = s.object({ id: s.string(), title: s.string({ minLength: 1 }), qty: s.integer({ minimum: 0 }) });
export const Store = definePort({ id: "${name}.store", operations: {
  get: portOperation({ id: "${name}.store.get", kind: "read", input: s.string(), output: s.union([Item, s.literal(null)]) }),
  put: portOperation({ id: "${name}.store.put", kind: "write", input: Item, output: s.literal(null) }),
} });
export const ${name}Contract = defineContract({ id: "${name}", schemas: { Item }, ports: [Store] });
`);
    writeFileSync(path.join(dir, "model.ts"), `export function normalizeTitle(title: string): string {
  return title.trim().replace(/\\s+/g, " ");
}
export function restock(qty: number, added: number): number {
  return qty + added;
}
`);
    writeFileSync(path.join(dir, "operations.ts"), `import { defineCommand, defineQuery, s } from "agentix";
import { Item, Store } from "./contract.js";
${previous ? `import { Store as Upstream } from "../${previous}/contract.js";\n` : ""}import { normalizeTitle, restock } from "./model.js";
export const create = defineCommand({ id: "${name}.create", input: Item, output: Item, permissions: ["${name}:write"], effects: { put: Store.put${previous ? ", upstream: Upstream.get" : ""} },
  async execute({ input, effects }) {
    const item = { ...input, title: normalizeTitle(input.title) };
    await effects.put(item);
    return item;
  } });
export const add = defineCommand({ id: "${name}.add", input: s.object({ id: s.string(), qty: s.integer() }), output: Item, errors: { NOT_FOUND: s.object({ id: s.string() }) }, permissions: ["${name}:write"], effects: { get: Store.get, put: Store.put },
  async execute({ input, effects, fail }) {
    const item = await effects.get(input.id);
    if (item === null) return fail("NOT_FOUND", { id: input.id });
    const next = { ...item, qty: restock(item.qty, input.qty) };
    await effects.put(next);
    return next;
  } });
export const get = defineQuery({ id: "${name}.get", input: s.object({ id: s.string() }), output: Item, errors: { NOT_FOUND: s.object({ id: s.string() }) }, permissions: ["${name}:read"], effects: { get: Store.get },
  async execute({ input, effects, fail }) { return (await effects.get(input.id)) ?? fail("NOT_FOUND", { id: input.id }); } });
`);
    writeFileSync(path.join(dir, "feature.ts"), `import { defineFeature } from "agentix";
import { ${name}Contract } from "./contract.js";
${previous ? `import { ${previous}Contract } from "../${previous}/contract.js";\n` : ""}import { add, create, get } from "./operations.js";
export const ${name} = defineFeature({ id: "${name}", contract: ${name}Contract, dependencies: [${previous ? `${previous}Contract` : ""}], operations: [create, add, get] });
`);
    writeFileSync(path.join(dir, `${name}.test.ts`), `import { memoryPort, testCommand, testQuery } from "agentix/testing";
import { describe, expect, it } from "vitest";
import { Store } from "./contract.js";
import { normalizeTitle } from "./model.js";
import { add, create, get } from "./operations.js";
const item = { id: "1", title: "Kettle", qty: 1 };
describe("${name}", () => {
  it("creates", async () => {
    const run = await testCommand(create, { input: { ...item, title: " Kettle " }, adapters: [memoryPort(Store)${previous ? ", memoryPort((await import(\"../" + previous + "/contract.js\")).Store)" : ""}] });
    expect(run.outcome).toMatchObject({ ok: true });
  });
  it("adds stock", async () => {
    const run = await testCommand(add, { input: { id: "1", qty: 2 }, adapters: [memoryPort(Store, { get: [item] })] });
    expect(run.outcome).toMatchObject({ ok: true, value: { qty: 3 } });
  });
  it("gets", async () => {
    const run = await testQuery(get, { input: { id: "1" }, adapters: [memoryPort(Store, { get: [item] })] });
    expect(run.outcome).toMatchObject({ ok: true });
  });
  it("normalizes titles", () => expect(normalizeTitle(" a  b ")).toBe("a b"));
});
`);
  }
  writeFileSync(path.join(root, "src/app.ts"), `import { createApplication } from "agentix";
${names.map((name) => `import { ${name} } from "./features/${name}/feature.js";`).join("\n")}
export function createApp() {
  return createApplication({ features: [${names.join(", ")}], adapters: [] });
}
`);
  writeFileSync(path.join(root, ".gitignore"), "node_modules\nvitest.config.mjs\n");
  git(root, "init", "-q");
  commitAll(root, "base");
  const changed = `src/features/f${Math.floor(FEATURES / 2)}/operations.ts`;
  const file = path.join(root, changed);
  const text = execFileSync("cat", [file], { encoding: "utf8" });
  writeFileSync(file, text.replace("const next = { ...item, qty: restock(item.qty, input.qty) };", "const next = { ...item, qty: restock(item.qty, input.qty) + 0 };"));
  commitAll(root, "change");
  const files = Number(git(root, "ls-files").trim().split("\n").length);

  const cold = affectedSinceTimed(root);
  const warm = affectedSinceTimed(root);
  const config = vitestConfig(root, "src/**/*.test.ts");
  const analysis = analyze({ root });
  const counts = casesPerFile(analysis);
  const related = await relatedCases(root, config, root, changed, counts);
  const selected = cold.result.tests.selected.cases;
  const total = cold.result.tests.total.cases;
  console.log(`generated project: ${files} files, ${FEATURES} features, ${total} test cases; one execute body changed (${changed})`);
  console.log(`  selected   agentix ${selected} (${((100 * selected) / total).toFixed(1)}%)   vitest related ${related} (${((100 * related) / total).toFixed(1)}%)`);
  console.log(`  agentix affected --since HEAD~1: ${(cold.ms / 1000).toFixed(2)} s wall (first run), ${(warm.ms / 1000).toFixed(2)} s (second)`);
}
