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
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
