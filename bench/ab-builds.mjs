// Two builds of agentix/no-private-imports side by side in one ESLint run: same files, same
// parse, each rule timed by ESLint (`stats: true`). What a change to the rule costs or saves is
// far smaller than the spread between two runs of the bench on a shared machine, and about the
// size of what the rule that runs first on a freshly parsed file pays for touching it first; so
// both builds run in each process, in pairs of processes (A first in one, B first in the other),
// and each build's times are summed over all of them.
//
//   npm run build && cp -r dist bench/.out/before   # the baseline (inside the repository,
//                                                  # where its imports find node_modules)
//   ... change the rule ...
//   npm run build && node bench/ab-builds.mjs dist bench/.out/before
//
// Prints µs a file for each build, cold (each process's first run, a CLI lint) and warm (later
// runs, each after a pause that starts a disk round, as between an editor's lints), and A/B.
// Two copies of one build measured so (A/A) came out 0.97x cold and 1.05x warm over three pairs
// on the machine of 2026-12-07: a smaller difference is noise. Corpus: the real-shaped one without
// feature folders (bench/generate-real-shaped.mjs); AB_FEATURES=1 for the one with them.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { generateRealShaped } from "./generate-real-shaped.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.AB_ROUNDS ?? 4);
const PAIRS = Number(process.env.AB_PAIRS ?? 3);
const RULE = "no-private-imports";

/** One process: ROUNDS ESLint runs with both builds' rule, `first`'s first; per-build ms a run. */
async function lintRounds(root, builds, first) {
  const [{ default: tsParser }, { ESLint }, ...plugins] = await Promise.all([
    import("@typescript-eslint/parser"),
    import("eslint"),
    ...builds.map((build) => import(pathToFileURL(join(build, "eslint-plugin/entry.js")).href)),
  ]);
  const names = first === "a" ? ["a", "b"] : ["b", "a"];
  const rules = Object.fromEntries(names.map((name) => [`${name}/${RULE}`, "error"]));
  const runs = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    if (round > 0) await new Promise((done) => setTimeout(done, 600));
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      stats: true,
      overrideConfig: [
        {
          files: ["**/*.ts"],
          languageOptions: { parser: tsParser },
          plugins: { a: plugins[0].default, b: plugins[1].default },
          rules,
        },
      ],
    });
    const results = await eslint.lintFiles(["src/**/*.ts"]);
    const run = { files: results.length, a: 0, b: 0, problems: { a: 0, b: 0 } };
    for (const result of results) {
      for (const message of result.messages) {
        if (message.fatal) throw new Error(`${result.filePath}: ${message.message}`);
        // Only the two builds' rules run; an unused disable directive has no rule id.
        if (message.ruleId) run.problems[message.ruleId[0]] += 1;
      }
      for (const pass of result.stats?.times.passes ?? [])
        for (const [rule, { total }] of Object.entries(pass.rules ?? {})) run[rule[0]] += total;
    }
    runs.push(run);
  }
  return runs;
}

if (process.argv[2] === "--child") {
  const [root, a, b, first] = process.argv.slice(3);
  process.stdout.write(JSON.stringify(await lintRounds(root, [a, b], first)));
} else {
  const [a, b] = process.argv.slice(2).map((build) => resolve(build));
  if (!a || !b) {
    console.error("usage: node bench/ab-builds.mjs <build A: a dist folder> <build B>");
    process.exit(2);
  }
  for (const build of [a, b])
    if (!existsSync(join(build, "eslint-plugin/entry.js"))) {
      console.error(`${build}: no eslint-plugin/entry.js there (not a build of agentix: npm run build)`);
      process.exit(2);
    }
  const folder = process.env.AB_FEATURES ? "features" : "domains";
  const root = join(here, ".out", `real-shaped-${folder}`);
  generateRealShaped(root, { features: 80, featuresFolder: folder });
  const total = { coldA: 0, coldB: 0, warmA: 0, warmB: 0 };
  const coldByProcess = [];
  let files = 0;
  let problems;
  for (let pair = 0; pair < PAIRS; pair += 1)
    for (const first of ["a", "b"]) {
      const runs = JSON.parse(
        execFileSync(process.execPath, [fileURLToPath(import.meta.url), "--child", root, a, b, first], {
          encoding: "utf8",
          maxBuffer: 1 << 24,
        }),
      );
      const [cold, ...warm] = runs;
      total.coldA += cold.a;
      total.coldB += cold.b;
      for (const run of warm) {
        total.warmA += run.a;
        total.warmB += run.b;
      }
      files = cold.files;
      problems = cold.problems;
      coldByProcess.push(`${(cold.a / cold.b).toFixed(2)} (${first.toUpperCase()} first)`);
    }
  const processes = PAIRS * 2;
  const perFile = (ms, runs) => `${((ms * 1000) / files / runs).toFixed(1)} µs`;
  console.log(`A ${a}\nB ${b}`);
  console.log(
    `${files} files (src/${folder}), ${ROUNDS} runs in each of ${processes} processes; problems A ${problems.a}, B ${problems.b}`,
  );
  console.log(
    `  cold: A ${perFile(total.coldA, processes)}, B ${perFile(total.coldB, processes)} a file: A/B ${(total.coldA / total.coldB).toFixed(3)}`,
  );
  const warmRuns = processes * (ROUNDS - 1);
  console.log(
    `  warm: A ${perFile(total.warmA, warmRuns)}, B ${perFile(total.warmB, warmRuns)} a file: A/B ${(total.warmA / total.warmB).toFixed(3)}`,
  );
  console.log(`  cold A/B of each process: ${coldByProcess.join(", ")}`);
}
