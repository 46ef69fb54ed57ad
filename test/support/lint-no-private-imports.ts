import path from "node:path";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { noPrivateImports } from "../../eslint-plugin/rules/no-private-imports.js";

const plugin = { rules: { "no-private-imports": noPrivateImports } };

/**
 * ESLint's messages (rule, line, column, message) for `code` as the text of `file` in the
 * project at `root`, linted by agentix/no-private-imports alone, as an editor lints a buffer.
 */
export function lintNoPrivateImports(root: string, file: string, code: string) {
  return new Linter({ configType: "flat", cwd: root })
    .verify(
      code,
      [
        {
          files: ["**/*.ts"],
          languageOptions: { parser: tsParser },
          plugins: { agentix: plugin as never },
          rules: { "agentix/no-private-imports": "error" },
        },
      ],
      { filename: path.join(root, file) },
    )
    .map(({ ruleId, line, column, message }) => ({ ruleId, line, column, message }));
}
