// Memory of `agentix affected` at the root of a workspace of many packages (repro-4's shape: each
// package imports the previous one by name, 40 small modules and a test each, compiler options
// varied per package), run with a heap limit so that the analyses cannot all be kept.
// Each run is a child process with --expose-gc: after each project (io.heap) a full collection,
// then the heap in use; the table gives the exit code, the projects done at the last reading (all
// but the last one when the answer completes), the peak RSS, the heap retained per finished project
// (from the 9th on: the first eight parse TypeScript's lib once per target), the CPU time and
// whether the answer equals the first run's. WORKSPACE_MEMORY_VS=<another checkout, built>
// runs its dist/ alternately with this one's (e.g. main's: before/after side by side).
//   node bench/workspace-memory.bench.mjs            (WORKSPACE_PACKAGES=60 HEAP_MB=1024 REPEAT=1)
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

if (process.argv[2] === "--child") await child(process.argv[3], process.argv[4]);
else main();

function main() {
  const packages = Number(process.env.WORKSPACE_PACKAGES ?? 60);
  const heapMb = Number(process.env.HEAP_MB ?? 1024);
  const repeat = Number(process.env.REPEAT ?? 1);
  const builds = [["this", join(here, "..", "dist")]];
  if (process.env.WORKSPACE_MEMORY_VS)
    builds.push(["vs", join(resolve(process.env.WORKSPACE_MEMORY_VS), "dist")]);
  const dir = mkdtempSync(join(tmpdir(), "agentix-workspace-memory-"));
  try {
    generate(dir, packages);
    console.log(`${packages} packages of 40 modules, --max-old-space-size=${heapMb}`);
    console.log("build  exit  projects  peak RSS MB  heap after MB  retained/project MB  CPU s  answer");
    let first;
    for (let round = 0; round < repeat; round++)
      for (const [name, dist] of round % 2 === 0 ? builds : [...builds].reverse()) {
        const run = spawnSync(
          process.execPath,
          [`--max-old-space-size=${heapMb}`, "--expose-gc", fileURLToPath(import.meta.url), "--child", dist, dir],
          { encoding: "utf8", maxBuffer: 1 << 30 },
        );
        const line = run.stdout.trim().split("\n").at(-1) ?? "";
        if (run.status !== 0 || !line.startsWith("{")) {
          console.log(`${name.padEnd(5)}  child failed (${run.status ?? run.signal}): ${run.stderr.slice(-400)}`);
          continue;
        }
        const r = JSON.parse(line);
        first ??= r.answer;
        const same = r.exit !== 0 ? "-" : r.answer === first ? "same" : "DIFFERENT";
        console.log(
          `${name.padEnd(5)}  ${String(r.exit).padStart(4)}  ${String(r.projects).padStart(8)}  ${r.peakRssMb.toFixed(0).padStart(11)}  ${r.heapAfterMb.toFixed(0).padStart(13)}  ${(r.retainedMb ?? NaN).toFixed(2).padStart(19)}  ${r.cpuS.toFixed(1).padStart(5)}  ${same}`,
        );
      }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One run in this process: the answer's digest and the heap after each project. */
async function child(dist, dir) {
  const { run } = await import(pathToFileURL(join(dist, "analyzer/cli/main.js")).href);
  const { default: v8 } = await import("node:v8");
  const heaps = [];
  let out = "";
  const io = {
    stdout: (text) => void (out += text),
    stderr: () => {},
    stderrIsTTY: false,
    cwd: join(dir, "ws"),
    heap: () => {
      globalThis.gc();
      const used = process.memoryUsage().heapUsed;
      heaps.push(used);
      return { used, limit: v8.getHeapStatistics().heap_size_limit };
    },
  };
  const exit = await run(["affected", "packages/p0/src/index.ts", "--json"], io);
  globalThis.gc();
  const mb = (bytes) => bytes / 1024 / 1024;
  // heaps[0] is the start; heaps[k + 1] is read before project k (k done).
  const done = heaps.length - 2;
  const from = Math.min(9, done);
  const usage = process.resourceUsage();
  console.log(
    JSON.stringify({
      exit,
      projects: Math.max(done, 0),
      peakRssMb: usage.maxRSS / 1024,
      heapAfterMb: mb(process.memoryUsage().heapUsed),
      retainedMb: done > from ? mb((heaps.at(-1) - heaps[from + 1]) / (done - from)) : null,
      cpuS: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
      answer: createHash("sha256").update(out).digest("hex").slice(0, 12),
    }),
  );
}

/** repro-4's generator (VARY=1 FILES=40): package i imports package i-1 by name. */
function generate(dir, count) {
  const ws = join(dir, "ws");
  const write = (file, text) => {
    mkdirSync(dirname(join(ws, file)), { recursive: true });
    writeFileSync(join(ws, file), text);
  };
  const json = (value) => JSON.stringify(value, null, 2);
  write("package.json", json({ name: "ws", private: true, workspaces: ["packages/*"] }));
  write(
    "tsconfig.base.json",
    json({
      compilerOptions: {
        target: "ES2022",
        module: "ESNext",
        moduleResolution: "Bundler",
        strict: true,
        noEmit: true,
        lib: ["ES2022", "DOM", "DOM.Iterable"],
      },
    }),
  );
  const targets = ["ES2017", "ES2018", "ES2019", "ES2020", "ES2021", "ES2022", "ES2023", "ESNext"];
  for (let i = 0; i < count; i++) {
    const pkg = `packages/p${i}`;
    write(
      `${pkg}/package.json`,
      json({
        name: `p${i}`,
        type: "module",
        exports: { ".": "./src/index.ts" },
        dependencies: i > 0 ? { [`p${i - 1}`]: "*" } : {},
        devDependencies: { vitest: "^3.2.0" },
      }),
    );
    write(
      `${pkg}/tsconfig.json`,
      json({
        extends: "../../tsconfig.base.json",
        compilerOptions: {
          target: targets[i % targets.length],
          jsx: i % 2 ? "react-jsx" : "preserve",
          strictNullChecks: i % 3 !== 0,
        },
        include: ["src", "tests"],
      }),
    );
    write(
      `${pkg}/src/index.ts`,
      (i > 0 ? `import { f${i - 1} } from "p${i - 1}";\n` : "") +
        `export function f${i}(x: number): number { return ${i > 0 ? `f${i - 1}(x) + 1` : "x"}; }\n`,
    );
    for (let k = 0; k < 40; k++)
      write(
        `${pkg}/src/m${k}.ts`,
        `export interface Rec${k} { id: string; values: number[]; nested: { a: Rec${k} | null; b: Array<Rec${k}> } }\n` +
          Array.from(
            { length: 40 },
            (_, j) =>
              `export function g${k}_${j}(r: Rec${k}): number { return r.values.reduce((s, v) => s + v * ${j}, 0) + (r.nested.a ? g${k}_${j}(r.nested.a) : 0); }`,
          ).join("\n") +
          "\n",
      );
    write(`${pkg}/src/all.ts`, Array.from({ length: 40 }, (_, k) => `export * from "./m${k}";`).join("\n") + "\n");
    write(
      `${pkg}/tests/index.test.ts`,
      `import { expect, test } from "vitest";\nimport { f${i} } from "../src/index";\nimport * as all from "../src/all";\nvoid all;\ntest("f${i}", () => { expect(f${i}(0)).toBe(${i}); });\n`,
    );
  }
}
