// A dependency listed through a shared barrel (`export { bContract } from "../features/b/contract.js"`)
// is declared: the rule traced an entry only to the module it was imported from and reported
// the use of b as undeclared, while `agentix graph` showed a -> b (helper-28 D3, repro-23).
import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import { afterAll, expect, it } from "vitest";
import plugin from "../index.js";
import { removeCopies, writtenProject } from "../../test/support/analyzer-fixtures.js";

afterAll(removeCopies);

const feature = (id: string, dependencies: string, imports: string) =>
  `import { defineFeature } from "agentix";\n${imports}import { ${id}Contract } from "./contract.js";\n\nexport const ${id} = defineFeature({ id: "${id}", contract: ${id}Contract, dependencies: [${dependencies}], operations: [] });\n`;

it("takes a dependency listed through a re-export as declared", async () => {
  const root = writtenProject(
    {
      "package.json": '{ "name": "p", "type": "module" }\n',
      "tsconfig.json": '{ "compilerOptions": { "module": "NodeNext", "strict": true } }\n',
      "src/shared/contracts.ts": 'export { bContract } from "../features/b/contract.js";\n',
      "src/features/b/contract.ts": "export const bContract = {};\n",
      "src/features/b/feature.ts": feature("b", "", ""),
      "src/features/a/contract.ts": "export const aContract = {};\n",
      "src/features/a/feature.ts": feature(
        "a",
        "bContract",
        'import { bContract } from "../../shared/contracts.js";\n',
      ),
      "src/features/a/uses.ts":
        'import { bContract } from "../b/contract.js";\nexport const used = bContract;\n',
      "src/features/c/contract.ts": "export const cContract = {};\n",
      "src/features/c/feature.ts": feature("c", "", ""),
      "src/features/c/uses.ts":
        'import { bContract } from "../b/contract.js";\nexport const used = bContract;\n',
    },
    "barrel-dependency",
  );
  const config: Linter.Config[] = [
    {
      files: ["**/*.ts"],
      languageOptions: { parser: tsParser as Linter.Parser },
      plugins: { agentix: plugin as unknown as ESLint.Plugin },
      rules: { "agentix/no-undeclared-dependencies": "error" },
    },
  ];
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  const results = await eslint.lintFiles(["src/features/a/uses.ts", "src/features/c/uses.ts"]);
  expect(results.map((result) => result.messages.map((m) => m.ruleId))).toEqual([
    [],
    ["agentix/no-undeclared-dependencies"],
  ]);
});
