import path from "node:path";
import tsParser from "@typescript-eslint/parser";
import { Linter } from "eslint";
import { rules } from "../../eslint-plugin/rules/index.js";
import type { RuleName } from "../../eslint-plugin/rule-registry.js";

const plugin = { rules };

/**
 * ESLint's messages (rule, line, column, message) for `code` as the text of `file` in the
 * project at `root`, linted by the named agentix rules alone, as an editor lints a buffer.
 */
export function lintWithAgentix(
  root: string,
  file: string,
  code: string,
  ruleNames: readonly RuleName[],
) {
  return new Linter({ configType: "flat", cwd: root })
    .verify(
      code,
      [
        {
          files: ["**/*.ts"],
          languageOptions: { parser: tsParser },
          plugins: { agentix: plugin as never },
          rules: Object.fromEntries(ruleNames.map((name) => [`agentix/${name}`, "error"])),
        },
      ],
      { filename: path.join(root, file) },
    )
    .map(({ ruleId, line, column, message }) => ({ ruleId, line, column, message }));
}

/** lintWithAgentix with agentix/no-private-imports alone. */
export function lintNoPrivateImports(root: string, file: string, code: string) {
  return lintWithAgentix(root, file, code, ["no-private-imports"]);
}
