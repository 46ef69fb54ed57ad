// @ts-check
// The plain app's own lint configuration. ESLint 10 looks a file's configuration up from the
// file's own directory, so the repository's `eslint .` lints this folder with this file alone:
// typescript-eslint's strict and stylistic type-checked rules, no agentix plugin (this app does
// not use agentix's conventions, so its architecture rules would have nothing to say here).
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";

export default defineConfig(
  { ignores: ["dist/**"] },
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      // Template literals with numbers are ordinary here (ids, amounts, ports).
      "@typescript-eslint/restrict-template-expressions": ["error", { allowNumber: true }],
    },
  },
  // This file is the only JavaScript here, and no tsconfig includes it.
  { files: ["**/*.js"], ...tseslint.configs.disableTypeChecked },
);
