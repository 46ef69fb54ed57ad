// @ts-check
import tseslint from "typescript-eslint";
// The plugin as users get it: the built package entry (`npm test` builds it first).
import agentix from "./dist/eslint-plugin/index.js";

const here = import.meta.dirname;

export default tseslint.config(
  {
    // Fixtures hold deliberate violations, except lint-clean, which must lint clean.
    ignores: [
      "**/dist/**",
      "node_modules/**",
      "coverage/**",
      "test/fixtures/*",
      "!test/fixtures/eslint-plugin/",
      "test/fixtures/eslint-plugin/*",
      "!test/fixtures/eslint-plugin/lint-clean/",
      "**/.agentix/**",
      "bench/.out/**",
    ],
  },
  ...tseslint.configs.recommended,
  {
    // Named, not inferred: examples/orders-plain has its own eslint.config.js with
    // typescript-eslint, and with two candidate roots the parser refuses to guess.
    languageOptions: { parserOptions: { tsconfigRootDir: here } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    // One concept per file: past these sizes an analyzer file or function has become two.
    files: ["analyzer/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "max-lines": ["error", { max: 450 }],
      "max-lines-per-function": ["error", { max: 80 }],
    },
  },
  // The repository lints itself, its examples and a clean agentix application with the plugin.
  agentix.configs.recommended,
  {
    // Examples are agentix applications: the type-aware rule runs on them too.
    ...agentix.configs["recommended-type-checked"],
    files: ["examples/**/*.{ts,tsx,mts,cts}"],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: here } },
  },
);
