import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// `*.full.test.ts` files hold the expensive cases that `npm test` samples; they run only in
// `npm run test:full` (scripts/test-full.mjs sets this), which CI runs after `npm test`.
const fullSuite = process.env.AGENTIX_FULL_SUITE === "1";

export default defineConfig({
  resolve: {
    // Examples and tests import the package by its public name; run them against the sources.
    alias: [
      { find: /^agentix\/testing$/, replacement: here("./runtime/testing/index.ts") },
      {
        find: /^agentix\/testing\/property$/,
        replacement: here("./runtime/testing/property/index.ts"),
      },
      { find: /^agentix\/http$/, replacement: here("./runtime/http/index.ts") },
      { find: /^agentix$/, replacement: here("./runtime/index.ts") },
    ],
  },
  test: {
    include: ["{runtime,eslint-plugin,analyzer,schema,test,examples}/**/*.test.ts"],
    exclude: [
      "**/node_modules/**",
      "**/dist/**",
      "test/fixtures/**",
      ...(fullSuite ? [] : ["**/*.full.test.ts"]),
    ],
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine,
    // one file at a time, while most of the suite waits on ts-morph or a child process. All cores.
    maxWorkers: "100%",
    // Test files share their worker's loaded TypeScript, ts-morph and ESLint (no per-file
    // isolation: ~19% less CPU). What would leak between files is reset: typescript-eslint's
    // program caches after each file (the setup file), and its "single run" mode, which it infers
    // from CI=true and which lints an already linted file through a program without a current
    // directory, where typed rules crash inside TypeScript (test/setup/typed-lint-twice.test.ts).
    isolate: false,
    setupFiles: ["test/setup/typescript-eslint-caches.ts"],
    env: { TSESTREE_SINGLE_RUN: "false" },
    // A hang still fails, but a case that spawns the CLI or analyses a copy can take 15-25 s on a
    // loaded 2-core machine (the clean-clone CI run of 2026-12-02 timed one out at 20 s).
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
