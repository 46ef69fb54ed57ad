// agentix/no-private-imports against core no-restricted-imports configured for the same feature
// bans, on a corpus shaped like real code (bench/generate-real-shaped.mjs: extensionless
// relative imports, index.ts barrels, paths aliases), once with feature folders and once with
// none. Both rules run in ONE ESLint run (same files, same parse) with `stats: true`, ESLint's
// per-rule timing (what TIMING=all prints); the figure is the ratio of their summed times.
// Goal: <= 1.5x with features, near zero without. Written to bench/.out/ (gitignored).
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import { ESLint } from "eslint";
import agentix from "agentix/eslint-plugin";
import { generateRealShaped } from "./generate-real-shaped.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FEATURES = Number(process.env.BENCH_FEATURES ?? 80);

/** Core's version of the feature boundary: another feature's files but its contract. */
const coreBans = (folder) => [
  "error",
  {
    patterns: [
      {
        group: [`**/${folder}/*/*`, `!**/${folder}/*/contract`, `@app/*/*`, "!@app/*/contract"],
        message: "import another feature's contract",
      },
    ],
  },
];

async function lint(root, folder) {
  const eslint = new ESLint({
    cwd: root,
    overrideConfigFile: true,
    stats: true,
    overrideConfig: [
      {
        files: ["**/*.ts"],
        languageOptions: { parser: tsParser },
        plugins: { agentix },
        rules: { "agentix/no-private-imports": "error", "no-restricted-imports": coreBans(folder) },
      },
    ],
  });
  const results = await eslint.lintFiles(["src/**/*.ts"]);
  const perRule = {};
  const problems = {};
  for (const result of results) {
    for (const m of result.messages) {
      if (m.fatal) throw new Error(`${result.filePath}: ${m.message}`);
      problems[m.ruleId] = (problems[m.ruleId] ?? 0) + 1;
    }
    for (const pass of result.stats?.times.passes ?? [])
      for (const [rule, { total }] of Object.entries(pass.rules ?? {})) perRule[rule] = (perRule[rule] ?? 0) + total;
  }
  return { files: results.length, perRule, problems };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (value) => `${value.toFixed(0).padStart(5)} ms`;

for (const [label, folder, goal] of [
  ["with feature folders", "features", "goal <= 1.5x"],
  ["without feature folders", "domains", "goal near 0x"],
]) {
  const root = join(here, ".out", `real-shaped-${folder}`);
  const count = generateRealShaped(root, { features: FEATURES, featuresFolder: folder });
  const rounds = [];
  // Each round lints in the same process: the first is cold (a CLI run), later ones warm.
  for (let round = 0; round < ROUNDS; round += 1) rounds.push(await lint(root, folder));
  const ratio = (run) => run.perRule["agentix/no-private-imports"] / run.perRule["no-restricted-imports"];
  const [cold, ...warm] = rounds;
  console.log(`\n${label}: ${count} files (${FEATURES} capsules under src/${folder}), ${ROUNDS} ESLint runs in one process`);
  for (const rule of ["agentix/no-private-imports", "no-restricted-imports"])
    console.log(`  ${rule.padEnd(28)} cold ${ms(cold.perRule[rule])}   warm ${ms(median(warm.map((r) => r.perRule[rule])))}   problems ${cold.problems[rule] ?? 0}`);
  console.log(`  ratio no-private-imports / no-restricted-imports: cold ${ratio(cold).toFixed(2)}x, warm ${median(warm.map(ratio)).toFixed(2)}x (${goal})`);
}
