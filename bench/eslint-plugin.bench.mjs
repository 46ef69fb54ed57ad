// Time ESLint spends in agentix's three syntactic rules versus core no-restricted-imports +
// no-restricted-globals configured for the same bans, on a generated project of 2,000+ files
// with features, cross-feature imports (public and private, relative and aliased, static,
// type-only and dynamic) and ambient capability use (direct, aliased, shadowed).
// Both configurations run through ESLint's Node API with @typescript-eslint/parser and
// `stats: true`; per-rule times are summed over every file. So that neither side pays the
// other's warm-up, each side runs in a fresh child process, twice in a row there: the first
// pass is cold (a CLI run: empty caches, JIT), the second warm (an editor or a long-lived
// process). Sides alternate over ROUNDS rounds; the medians are printed, and the ratio is the
// median of the per-round ratios (each round's two sides ran back to back).
// The generated project is written to bench/.out/eslint-plugin-project (gitignored).
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import { ESLint } from "eslint";
import agentix from "agentix/eslint-plugin";

const here = dirname(fileURLToPath(import.meta.url));
const root = join(here, ".out", "eslint-plugin-project");
const FEATURES = Number(process.env.BENCH_FEATURES ?? 100);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const side = process.argv.find((arg) => arg.startsWith("--side="))?.slice("--side=".length);
const FILES_PER_FEATURE = 20; // contract, feature, model, operations + 16 parts

// ---------------------------------------------------------------------------------------------
// The generated project (deterministic).
let seed = 42;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = (n) => Math.floor(random() * n);

const files = new Map();
const write = (path, text) => files.set(path, text);
const other = (i, k) => `f${String((i + 1 + ((k * 7) % (FEATURES - 1))) % FEATURES).padStart(3, "0")}`;
const id = (i) => `f${String(i).padStart(3, "0")}`;

write("package.json", JSON.stringify({ name: "bench-project", private: true, type: "module" }, null, 2));
write(
  "tsconfig.json",
  JSON.stringify(
    { compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true, noEmit: true, paths: { "@app/*": ["./src/*"] } }, include: ["src"] },
    null,
    2,
  ),
);

/** Some ordinary code, so parse and traversal costs look like a real file's. */
const filler = (name, n) =>
  Array.from(
    { length: n },
    (_, k) => `
export interface ${name}Row${k} { readonly id: string; readonly amount: number; readonly tags: readonly string[] }
export function ${name}Sum${k}(rows: readonly ${name}Row${k}[], threshold = ${k}): number {
  let total = 0;
  for (const row of rows) {
    if (row.amount > threshold && row.tags.includes("x${k}")) total += row.amount * ${k + 1};
    else total -= Math.max(0, row.amount - threshold);
  }
  const byTag = new Map<string, number>();
  rows.forEach((row) => row.tags.forEach((tag) => byTag.set(tag, (byTag.get(tag) ?? 0) + row.amount)));
  return [...byTag.values()].reduce((a, b) => a + b, total);
}
export class ${name}Service${k} {
  #cache = new Map<string, ${name}Row${k}>();
  constructor(private readonly prefix: string) {}
  remember(row: ${name}Row${k}): void { this.#cache.set(this.prefix + row.id, { ...row, tags: [...row.tags] }); }
  find(key: string): ${name}Row${k} | undefined { return this.#cache.get(this.prefix + key) ?? undefined; }
}`,
  ).join("\n");

for (let i = 0; i < FEATURES; i += 1) {
  const me = id(i);
  const dir = `src/features/${me}`;
  write(`${dir}/contract.ts`, `export const ${me}Contract = { id: "${me}" } as const;\nexport type ${me}Id = string;\nexport const ${me}Store = { id: "${me}.store" } as const;\n${filler(`${me}C`, 1)}\n`);
  write(
    `${dir}/feature.ts`,
    `import { defineFeature } from "agentix";\nimport { ${me}Contract } from "./contract.js";\nimport { ${other(i, 1)}Contract } from "../${other(i, 1)}/contract.js";\nimport { ${other(i, 2)}Contract } from "@app/features/${other(i, 2)}/contract.js";\nexport const ${me} = defineFeature({ id: "${me}", contract: ${me}Contract, dependencies: [${other(i, 1)}Contract, ${other(i, 2)}Contract], operations: [], invariants: [] });\n`,
  );
  write(`${dir}/model.ts`, `export const rate = ${i};\n${filler(`${me}M`, 3)}\n`);
  write(`${dir}/operations.ts`, `import { rate } from "./model.js";\nimport { ${other(i, 1)}Store } from "../${other(i, 1)}/contract.js";\nexport const run = (fetch: (u: string) => number) => fetch("/x") + rate + ${other(i, 1)}Store.id.length;\n${filler(`${me}O`, 3)}\n`);
  for (let p = 0; p < FILES_PER_FEATURE - 4; p += 1) {
    const lines = [`import { rate } from "./model.js";`];
    const target = other(i, p + 3);
    switch (pick(10)) {
      case 0:
        lines.push(`import { rate as otherRate } from "../${target}/model.js";`); // private import
        break;
      case 1:
        lines.push(`import type { ${target}Id } from "@app/features/${target}/contract.js";`);
        break;
      case 2:
        lines.push(`export const lazy = () => import("../${target}/contract.js");`);
        break;
      case 3:
        lines.push(`import { ${target}Contract } from "../${target}/contract.js";`); // maybe undeclared
        break;
      default:
        lines.push(`import { ${other(i, 1)}Contract } from "../${other(i, 1)}/contract.js";`);
    }
    switch (pick(8)) {
      case 0:
        lines.push(`export const stamp = () => Date.now() + rate;`);
        break;
      case 1:
        lines.push(`export const load = async (path: string) => (await fetch(path)).status;`);
        break;
      case 2:
        lines.push(`const { env } = process;\nexport const port = env.PORT;`);
        break;
      case 3:
        lines.push(`const g = globalThis;\nexport const id = () => g.crypto.randomUUID();`);
        break;
      case 4:
        lines.push(`import { readFile } from "node:fs/promises";\nexport const read = (p: string) => readFile(p, "utf8");`);
        break;
      default:
        lines.push(`export const local = (Date: { now(): number }) => Date.now() + rate;`); // shadowed
    }
    lines.push(filler(`${me}P${p}`, 2));
    write(`${dir}/part-${p}.ts`, `${lines.join("\n")}\n`);
  }
}
for (let a = 0; a < 20; a += 1) {
  write(`src/adapters/adapter-${a}.ts`, `import { ${id(a)}Store } from "../features/${id(a)}/contract.js";\nexport const call = (u: string) => fetch(u + ${id(a)}Store.id);\n${filler(`A${a}`, 2)}\n`);
}
for (let s = 0; s < 10; s += 1) write(`src/shared/util-${s}.ts`, `${filler(`S${s}`, 3)}\n`);
write("src/main.ts", `import { f000 } from "./features/f000/feature.js";\nexport const port = process.env.PORT;\nexport const features = [f000];\n`);

const sourceFiles = [...files.keys()].filter((path) => path.endsWith(".ts")).length;
if (!side) {
  rmSync(root, { recursive: true, force: true });
  for (const [path, text] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

// ---------------------------------------------------------------------------------------------
// The two configurations.
const BANNED_MODULES = [
  "http", "https", "http2", "net", "tls", "dgram", "dns", "undici", "fs", "fs/promises",
  "child_process", "worker_threads", "cluster", "pg", "mysql2", "better-sqlite3", "sqlite3",
  "mongodb", "redis", "ioredis",
];
const coreRules = {
  "no-restricted-imports": [
    "error",
    {
      paths: [
        ...BANNED_MODULES.flatMap((name) => [name, `node:${name}`]).map((name) => ({ name, message: "ambient capability" })),
        ...["crypto", "node:crypto"].map((name) => ({
          name,
          importNames: ["randomUUID", "randomBytes", "randomInt", "getRandomValues", "webcrypto"],
          message: "ambient randomness",
        })),
        ...["process", "node:process"].map((name) => ({ name, importNames: ["env", "hrtime"], message: "ambient environment" })),
        ...["perf_hooks", "node:perf_hooks"].map((name) => ({ name, importNames: ["performance"], message: "ambient clock" })),
      ],
      patterns: [
        {
          group: ["**/features/*/*", "!**/features/*/contract", "!**/features/*/contract.js", "!**/features/*/contract.ts"],
          message: "import another feature's contract",
        },
      ],
    },
  ],
  "no-restricted-globals": [
    "error",
    ...["fetch", "XMLHttpRequest", "WebSocket", "EventSource", "process", "Deno", "Date", "performance", "Math", "crypto", "globalThis", "window", "self"].map(
      (name) => ({ name, message: "ambient capability" }),
    ),
  ],
};

const languageOptions = { parser: tsParser };
const configs = {
  agentix: [{ files: ["**/*.ts"], languageOptions }, agentix.configs.recommended],
  core: [{ files: ["**/*.ts"], languageOptions, rules: coreRules }],
};

async function run(name) {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: configs[name], stats: true });
  const started = performance.now();
  const results = await eslint.lintFiles(["src/**/*.ts"]);
  const wall = performance.now() - started;
  const perRule = {};
  let parse = 0;
  let problems = 0;
  for (const result of results) {
    problems += result.messages.length;
    if (result.messages.some((m) => m.fatal)) throw new Error(`${result.filePath}: ${result.messages[0].message}`);
    for (const pass of result.stats?.times.passes ?? []) {
      parse += pass.parse?.total ?? 0;
      for (const [rule, { total }] of Object.entries(pass.rules ?? {})) perRule[rule] = (perRule[rule] ?? 0) + total;
    }
  }
  const rules = Object.values(perRule).reduce((a, b) => a + b, 0);
  return { name, files: results.length, wall, parse, rules, perRule, problems };
}

const ms = (value) => `${value.toFixed(0).padStart(6)} ms`;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

if (side) {
  // A child: one side, a cold pass then a warm pass, as JSON on stdout.
  const cold = await run(side);
  const warm = await run(side);
  process.stdout.write(JSON.stringify({ cold, warm }));
} else {
  console.log(`generated ${sourceFiles} TypeScript files (${FEATURES} features) in ${root}`);
  console.log(`${ROUNDS} rounds; each side in a fresh process per round: a cold pass, then a warm pass`);
  const runs = { agentix: [], core: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const name of round % 2 === 0 ? ["agentix", "core"] : ["core", "agentix"]) {
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), `--side=${name}`], {
        encoding: "utf8",
        maxBuffer: 64 * 1024 * 1024,
        stdio: ["ignore", "pipe", "inherit"],
      });
      if (child.status !== 0) throw new Error(`${name} run failed with ${child.status ?? child.signal}`);
      runs[name].push(JSON.parse(child.stdout));
    }
  }
  for (const pass of ["cold", "warm"]) {
    console.log(`\n${pass === "cold" ? "cold (first pass in a fresh process: a CLI run)" : "warm (second pass: an editor, a long-lived process)"}`);
    const totals = {};
    for (const name of ["agentix", "core"]) {
      const samples = runs[name].map((r) => r[pass]);
      totals[name] = median(samples.map((r) => r.rules));
      const rules = Object.keys(samples[0].perRule).sort();
      console.log(
        `  ${(name === "agentix" ? "agentix (3 rules)" : "core (2 rules)").padEnd(20)} rules ${ms(totals[name])}   parse ${ms(median(samples.map((r) => r.parse)))}   files ${samples[0].files}   problems ${samples[0].problems}`,
      );
      for (const rule of rules) console.log(`    ${rule.padEnd(40)} ${ms(median(samples.map((r) => r.perRule[rule])))}`);
    }
    // Each round ran both sides back to back: the ratio within a round is immune to the machine
    // getting slower or faster between rounds, so its median is the figure to read.
    const paired = runs.agentix.map((run, round) => run[pass].rules / runs.core[round][pass].rules);
    console.log(`  ratio agentix/core rule time: ${median(paired).toFixed(2)}x median of ${ROUNDS} paired rounds (${paired.map((r) => r.toFixed(2)).join(", ")}); ${(totals.agentix / totals.core).toFixed(2)}x of the medians (target <= 2x)`);
  }
}
