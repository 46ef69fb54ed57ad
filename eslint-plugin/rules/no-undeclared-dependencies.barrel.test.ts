// A dependency listed through a shared barrel (`export { bContract } from "../features/b/contract.js"`)
// is declared: the rule traced an entry only to the module it was imported from and reported
// the use of b as undeclared, while `agentix graph` showed a -> b (helper-28 D3, repro-23).
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { lintWithAgentix } from "../../test/support/lint-no-private-imports.js";
import { recordingIO, removeCopies, writtenProject } from "../../test/support/analyzer-fixtures.js";
import { run } from "../../analyzer/cli/main.js";

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

// The other way round: a feature takes another feature's contract through shared code that
// hands it on (`export *` or `export { x } from` in src/shared), undeclared. Its import named
// only the shared file, so ESLint and check said nothing; each name taken is now followed to
// the contract it comes from, in both.
it("reports a contract taken through shared code that hands it on, in ESLint and check alike", async () => {
  const root = writtenProject(
    {
      "package.json": '{ "name": "p", "type": "module" }\n',
      "tsconfig.json": '{ "compilerOptions": { "module": "NodeNext", "strict": true } }\n',
      "src/shared/contracts.ts":
        'export * from "../features/b/contract.js";\nexport { helper } from "./helper.js";\n',
      "src/shared/helper.ts": "export const helper = 1;\n",
      "src/shared/again.ts": 'export { bContract as b } from "./contracts.js";\n',
      "src/features/b/contract.ts": "export const bContract = {};\nexport type BId = string;\n",
      "src/features/b/feature.ts": feature("b", "", ""),
      "src/features/a/contract.ts": "export const aContract = {};\n",
      "src/features/a/feature.ts": feature(
        "a",
        "bContract",
        'import { bContract } from "../b/contract.js";\n',
      ),
      "src/features/a/uses.ts":
        'import { bContract } from "../../shared/contracts.js";\nexport const used = bContract;\n',
      "src/features/c/contract.ts": "export const cContract = {};\n",
      "src/features/c/feature.ts": feature("c", "", ""),
      "src/features/c/uses.ts": [
        'import { bContract, helper } from "../../shared/contracts.js";',
        'import type { BId } from "../../shared/contracts.js";',
        'import { b } from "../../shared/again.js";',
        'import { helper as h } from "../../shared/contracts.js";',
        'import * as shared from "../../shared/contracts.js";',
        "export const used = [bContract, helper, b, h, shared];",
        "export type Id = BId;",
        "",
      ].join("\n"),
      // A namespace whose every use reads a member by name: those members are its names.
      "src/features/c/members.ts": [
        'import * as contracts from "../../shared/contracts.js";',
        'import * as helpers from "../../shared/contracts.js";',
        "export const used = [contracts.bContract, helpers.helper];",
        "export type Id = contracts.BId;",
        "",
      ].join("\n"),
    },
    "handed-on-contract",
  );
  const message = (through: string) =>
    `feature "c" uses the contract of feature "b" (src/features/b/contract.ts), handed on by ${through}, without declaring it; add that contract to the dependencies of defineFeature in src/features/c/feature.ts`;
  const expected = [
    `1:35 ${message("src/shared/contracts.ts")}`,
    `2:26 ${message("src/shared/contracts.ts")}`,
    `3:19 ${message("src/shared/again.ts")}`,
  ];
  const lint = (file: string) =>
    lintWithAgentix(root, file, readFileSync(path.join(root, file), "utf8"), [
      "no-undeclared-dependencies",
    ]).map((m) => `${m.line}:${m.column} ${m.message}`);
  // Declared (a, through its descriptor's direct import) or not (c): a name the shared file
  // declares itself (helper) and a namespace passed on whole (`shared`) are no use of b's.
  expect(lint("src/features/a/uses.ts")).toEqual([]);
  expect(lint("src/features/c/uses.ts")).toEqual(expected);
  const members = [`1:28 ${message("src/shared/contracts.ts")}`];
  expect(lint("src/features/c/members.ts")).toEqual(members);
  const { io, stdout } = recordingIO(root);
  await run(["check", "--json"], io);
  const problems = (
    JSON.parse(stdout()) as {
      problems: { rule?: string; file: string; line: number; column: number; message: string }[];
    }
  ).problems.filter((p) => p.rule === "agentix/no-undeclared-dependencies");
  expect(problems.map((p) => `${p.file} ${p.line}:${p.column} ${p.message}`)).toEqual([
    ...members.map((line) => `src/features/c/members.ts ${line}`),
    ...expected.map((line) => `src/features/c/uses.ts ${line}`),
  ]);
});
