// `npm run build`: dist/ from an empty folder, and the examples' dist/. The TypeScript builds
// that do not need each other run side by side (each tsc is one thread; two cores): the package,
// then what needs its dist/ (the validators, the orders example resolving "agentix" to it),
// beside the plain orders server and the acceptance driver, which import nothing of agentix.
import { rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { repo, runLanes, step } from "./lanes.mjs";

const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
const compile = (project) => step(`tsc -p ${project}`, [process.execPath, tsc, "-p", project]);

rmSync(path.join(repo, "dist"), { recursive: true, force: true });
const started = performance.now();
const { code, steps } = await runLanes([
  [compile("tsconfig.build.json")],
  [
    compile("examples/orders-plain/tsconfig.build.json"),
    compile("examples/orders-acceptance/tsconfig.json"),
  ],
]);
const after =
  code === 0
    ? await runLanes([
        [step("validators", [process.execPath, "scripts/build-validators.mjs"])],
        [compile("examples/orders/tsconfig.json")],
      ])
    : { code, steps: [] };
for (const { name, code: failed } of [...steps, ...after.steps])
  if (failed !== 0) console.error(`build: ${name} failed (exit ${failed})`);
if (process.env.BUILD_TIMINGS)
  console.log(
    [...steps, ...after.steps].map((s) => `${s.name} ${(s.ms / 1000).toFixed(1)} s`).join("\n"),
    `\nbuild ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
process.exitCode = after.code;
