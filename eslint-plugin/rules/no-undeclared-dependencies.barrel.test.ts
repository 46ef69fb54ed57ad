// A dependency listed through a shared barrel (`export { bContract } from "../features/b/contract.js"`)
// is declared: the rule traced an entry only to the module it was imported from and reported
// the use of b as undeclared, while `agentix graph` showed a -> b (helper-28 D3, repro-23).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { lintWithAgentix } from "../../test/support/lint-no-private-imports.js";
import { removeCopies, writtenProject } from "../../test/support/analyzer-fixtures.js";

afterAll(removeCopies);

const feature = (id: string, dependencies: string, imports: string) =>
  `import { defineFeature } from "agentix";\n${imports}import { ${id}Contract } from "./contract.js";\n\nexport const ${id} = defineFeature({ id: "${id}", contract: ${id}Contract, dependencies: [${dependencies}], operations: [] });\n`;

it("takes a dependency listed through a re-export as declared", () => {
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
  const lint = (file: string) =>
    lintWithAgentix(root, file, readFileSync(path.join(root, file), "utf8"), [
      "no-undeclared-dependencies",
    ]).map((m) => m.ruleId);
  expect([lint("src/features/a/uses.ts"), lint("src/features/c/uses.ts")]).toEqual([
    [],
    ["agentix/no-undeclared-dependencies"],
  ]);
});
