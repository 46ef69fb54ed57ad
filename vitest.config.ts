import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

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
    exclude: ["**/node_modules/**", "**/dist/**", "test/fixtures/**"],
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine,
    // one file at a time, while most of the suite waits on ts-morph or a child process. All cores.
    maxWorkers: "100%",
    // Files stay isolated: with `isolate: false` (each worker reusing TypeScript, ts-morph and
    // ESLint across files, ~19% less CPU) typed linting in parity.test.ts crashed inside
    // TypeScript's module-specifier code in a clean-clone CI run, depending on which files shared
    // its worker. Until that shared state is found, isolation is the safe default.
    isolate: true,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
