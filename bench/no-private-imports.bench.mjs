// agentix/no-private-imports against core no-restricted-imports configured for the same feature
// bans, on a corpus shaped like real code (bench/generate-real-shaped.mjs: extensionless
// relative imports, index.ts barrels, paths aliases), once with feature folders and once with
// none. Both rules run in ONE ESLint run (same files, same parse) with `stats: true`, ESLint's
// per-rule timing (what TIMING=all prints); the figure is the ratio of their summed times.
//
// The rule that runs first on a freshly parsed file pays for bringing its syntax tree into the
// CPU's caches: two copies of core's rule in one run measure about 3x apart, the first the dearer.
// So each corpus is linted in pairs of processes, agentix first in one and core first in the
// other, and each rule's times are summed over all: neither rule is charged the other's first
// touch. Two pairs by default (BENCH_PAIRS): one pair's cold ratio is one sample per order.
// Each process is fresh: its first run is cold (a CLI run), later ones warm (an editor session,
// each after a pause that starts a new disk round: schema/disk-rounds.ts).
// Goal: <= 1.5x with features, near zero without. Written to bench/.out/ (gitignored). Each rule's
// share of the whole run (its time over lintFiles' wall time: parsing, both rules, ESLint) puts
// the ratio in proportion.
//
// Without feature folders, a reference rule that only reads its file's name (and returns no
// listeners) is measured against core the same way, in two more processes: what any rule that
// must know its file pays per file, its floor. The first rule to read a file's name pays V8 for
// ESLint's new per-file context object; core's rule reads only its own options. A second
// reference takes the step every agentix rule takes first, the agentix configuration of its file's
// folder for this disk round (support/lean-plans.ts folderPlans: nested projects have their own),
// and returns no listeners: what knowing the project costs, which core's rule never needs (it
// reads no disk), so near zero is judged between the two.
import { execFileSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { generateRealShaped } from "./generate-real-shaped.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const FEATURES = Number(process.env.BENCH_FEATURES ?? 80);
/** Pairs of processes agentix and core are compared in (each pair: agentix first, core first). */
const PAIRS = Number(process.env.BENCH_PAIRS ?? 2);
const AGENTIX = "agentix/no-private-imports";
const CORE = "no-restricted-imports";
const REFERENCE = "reference/reads-its-file-name";
const PROJECT_REFERENCE = "reference/knows-its-project";

/** A rule that reads its file's name and nothing else: the floor of a rule's per-file cost. */
const reference = {
  rules: {
    "reads-its-file-name": {
      meta: { type: "problem", schema: [] },
      create(context) {
        if (context.filename === "") throw new Error("no file name");
        return {};
      },
    },
  },
};

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

/** One process: ROUNDS ESLint runs over `root` with both rules in `order`; per-rule ms and problems per run. */
async function lintRounds(root, folder, order) {
  const [{ default: tsParser }, { ESLint }, { default: agentix }] = await Promise.all([
    import("@typescript-eslint/parser"),
    import("eslint"),
    import("agentix/eslint-plugin"),
  ]);
  const { folderPlans } = await import("../dist/eslint-plugin/support/lean-plans.js");
  const { DISK_ROUND_QUIET_MS } = await import("../dist/schema/disk-rounds.js");
  reference.rules["knows-its-project"] = {
    meta: { type: "problem", schema: [] },
    create(context) {
      if (folderPlans(context.filename, context.sourceCode.ast).dir === "") throw new Error("no folder");
      return {};
    },
  };
  const settings = {
    [AGENTIX]: "error",
    [CORE]: coreBans(folder),
    [REFERENCE]: "error",
    [PROJECT_REFERENCE]: "error",
  };
  // ESLint runs a file's rules in the order the config lists them.
  const rules = Object.fromEntries(order.map((rule) => [rule, settings[rule]]));
  const runs = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    // A pause before each warm run, as between an editor's lints: it starts a disk round, so the
    // run looks at the disk again (back to back, it would go on with the answers of the last).
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, DISK_ROUND_QUIET_MS + 100));
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      stats: true,
      overrideConfig: [
        { files: ["**/*.ts"], languageOptions: { parser: tsParser }, plugins: { agentix, reference }, rules },
      ],
    });
    const started = performance.now();
    const results = await eslint.lintFiles(["src/**/*.ts"]);
    const wallMs = performance.now() - started;
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
    runs.push({ perRule, problems, wallMs });
  }
  return runs;
}

if (process.argv[2] === "--child") {
  const [root, folder, order] = process.argv.slice(3);
  process.stdout.write(JSON.stringify(await lintRounds(root, folder, order.split(","))));
} else {
  /** The middle value; of an even count, the mean of the middle two. */
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const half = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
  };
  const ms = (value) => `${value.toFixed(0).padStart(5)} ms`;
  const inChild = (root, folder, order) =>
    JSON.parse(
      execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--child", root, folder, order.join(",")], {
        encoding: "utf8",
        maxBuffer: 1 << 24,
      }),
    );
  const warm = Array.from({ length: ROUNDS - 1 }, (_, k) => k + 1);
  /**
   * `rule` against core over `pairs` pairs of processes (`rule` first in one of a pair, core in
   * the other): times summed over all of them. A process has one cold run, so the cold ratio of
   * one pair moves by a tenth or more between two runs of the bench on a shared machine; each
   * pair's is printed beside the sum.
   */
  const against = (root, folder, rule, pairs) => {
    const orders = Array.from({ length: pairs }, () => [
      [rule, CORE],
      [CORE, rule],
    ])
      .flat()
      .map((order) => inChild(root, folder, order));
    // Run k of every process: each rule's time summed over all of them.
    const summed = (k, name, of = orders) => of.reduce((sum, runs) => sum + runs[k].perRule[name], 0);
    const ratioOf = (k) => summed(k, rule) / summed(k, CORE);
    const warmMs = (name) => (warm.length ? median(warm.map((k) => summed(k, name))) : NaN);
    const ratioIn = (runs, k) => runs[k].perRule[rule] / runs[k].perRule[CORE];
    const wallOf = (k) => orders.reduce((sum, runs) => sum + runs[k].wallMs, 0);
    /** `name`'s share of the whole lint run (parsing, every rule, ESLint itself): cold, warm. */
    const shareOf = (name) => {
      const share = (k) => summed(k, name) / wallOf(k);
      const percent = (value) => `${(value * 100).toFixed(1)}%`;
      return `cold ${percent(share(0))} of ${(wallOf(0) / 1000).toFixed(1)} s, warm ${warm.length ? percent(median(warm.map(share))) : "-"}`;
    };
    /** The cold ratio of each pair (its two processes summed). */
    const coldByPair = Array.from({ length: pairs }, (_, pair) => {
      const both = orders.slice(pair * 2, pair * 2 + 2);
      return (summed(0, rule, both) / summed(0, CORE, both)).toFixed(2);
    }).join(", ");
    return {
      shareOf,
      processes: `${ROUNDS} ESLint runs in each of ${pairs * 2} processes (${pairs} with agentix first, ${pairs} with core first); times summed over all`,
      line: (name) =>
        `  ${name.padEnd(30)} cold ${ms(summed(0, name))}   warm ${ms(warmMs(name))}   problems ${orders[0][0].problems[name] ?? 0}`,
      ratio: `cold ${ratioOf(0).toFixed(2)}x, warm ${warm.length ? median(warm.map(ratioOf)).toFixed(2) : "-"}x`,
      coldByPair,
      byOrder: (() => {
        const byOrder = (ratio) =>
          [0, 1]
            .map((first) => median(orders.filter((_, at) => at % 2 === first).map(ratio)).toFixed(2))
            .join(" / ");
        return `cold ${byOrder((runs) => ratioIn(runs, 0))}${warm.length ? `, warm ${byOrder((runs) => median(warm.map((k) => ratioIn(runs, k))))}` : ""}`;
      })(),
    };
  };
  for (const [label, folder, goal] of [
    ["with feature folders", "features", "goal <= 1.5x"],
    ["without feature folders", "domains", "goal near 0x"],
  ]) {
    const root = join(here, ".out", `real-shaped-${folder}`);
    const count = generateRealShaped(root, { features: FEATURES, featuresFolder: folder });
    const agentixVsCore = against(root, folder, AGENTIX, PAIRS);
    console.log(
      `\n${label}: ${count} files (${FEATURES} capsules under src/${folder}), ${agentixVsCore.processes}`,
    );
    for (const rule of [AGENTIX, CORE]) console.log(agentixVsCore.line(rule));
    console.log(`  ratio no-private-imports / no-restricted-imports: ${agentixVsCore.ratio} (${goal})`);
    console.log(`  cold ratio of each pair of processes: ${agentixVsCore.coldByPair}`);
    console.log(`  by order, median (agentix first / core first): ${agentixVsCore.byOrder}`);
    console.log(
      `  share of the whole ESLint run (all processes): no-private-imports ${agentixVsCore.shareOf(AGENTIX)}; no-restricted-imports ${agentixVsCore.shareOf(CORE)}`,
    );
    if (folder === "features") continue;
    // The floor "near zero" is judged against: a rule that reads its file's name, nothing more.
    const floor = against(root, folder, REFERENCE, 1);
    console.log(`  in 2 more processes (a pair, as above): a rule that only reads its file's name`);
    for (const rule of [REFERENCE, CORE]) console.log(floor.line(rule));
    console.log(`  ratio reads-its-file-name / no-restricted-imports: ${floor.ratio} (the floor)`);
    const project = against(root, folder, PROJECT_REFERENCE, 1);
    console.log(`  in 2 more processes: a rule that finds its file's agentix configuration, nothing more`);
    for (const rule of [PROJECT_REFERENCE, CORE]) console.log(project.line(rule));
    console.log(`  ratio knows-its-project / no-restricted-imports: ${project.ratio} (the floor of a rule that knows its project)`);
  }
}
