// A project whose only Vitest config is the one its test script names (`vitest run --config
// config/vitest.config.ts`, with `environment: "jsdom"`): verify ran `vitest run <tests>` with
// Vitest's defaults, in node, where the changed localStorage branch never ran, and passed while
// `npm test` failed (helper-30 repro-2). That config's files are its alone, its globs taken from
// the folder Vitest starts in, and its runs pass --config.
import { afterAll, beforeAll, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { planForText } from "../../analyzer/cli/verify/vitest-plan.js";
import { affectedFor } from "../support/affected.js";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

let analysis: Analysis;
beforeAll(() => {
  analysis = analyze({
    root: writtenProject(
      {
        "package.json":
          '{ "name": "script-config", "private": true, "type": "module", "scripts": { "test": "vitest run --config config/vitest.config.ts" } }\n',
        "tsconfig.json":
          '{ "compilerOptions": { "strict": true, "module": "NodeNext", "types": [], "noEmit": true }, "include": ["src", "test"] }\n',
        "config/vitest.config.ts":
          'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { environment: "jsdom" } });\n',
        "src/storage.ts": "export const save = (key: string): string => key.trim();\n",
        "test/storage.test.ts":
          'import { expect, it } from "vitest";\nimport { save } from "../src/storage.js";\n\nit("saves", () => {\n  expect(save(" a ")).toBe("a");\n});\n',
      },
      "script-config",
    ),
  });
});
afterAll(removeCopies);

const runs = (widened: boolean) => {
  const affected = affectedFor(
    analysis,
    widened
      ? { path: "config/vitest.config.ts", status: "modified" }
      : { path: "src/storage.ts", status: "modified", lines: [[1, 1]] },
  );
  const plan = planForText(analysis, affected);
  return { main: plan.filters, others: plan.otherConfigs.map((run) => run.filters) };
};

it("runs the selected tests with the config the test script names", () => {
  expect(analysis.loaded.vitest.others[0]?.runs("test/storage.test.ts")).toBe(true);
  expect(runs(false)).toEqual({
    main: [],
    others: [["--config", "config/vitest.config.ts", "test/storage.test.ts"]],
  });
});

it("runs it whole, and Vitest's defaults nothing, when the answer widens", () => {
  expect(runs(true)).toEqual({
    main: [],
    others: [["--config", "config/vitest.config.ts", "."]],
  });
});
