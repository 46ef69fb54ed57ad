// A defineFeature outside every feature folder is a diagnostic naming the configured globs, or
// saying that there are none (the message once read "(features.directories: )").
import { afterAll, describe, expect, it } from "vitest";
import { analyzeProject } from "../../analyzer/index.js";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

const project = (directories: readonly string[]) =>
  writtenProject(
    {
      "package.json": '{ "name": "p", "type": "module" }\n',
      "tsconfig.json": '{ "compilerOptions": { "module": "NodeNext", "strict": true } }\n',
      "agentix.config.json": JSON.stringify({ features: { directories } }),
      "src/loans/feature.ts":
        'import { defineFeature } from "agentix";\nexport const loans = defineFeature({ id: "loans", contract: {} as never, operations: [] });\n',
    },
    "outside-folder",
  );

describe("a defineFeature outside every feature folder", () => {
  it.each([
    [["src/features/*"], "features.directories: src/features/*"],
    [[], "features.directories is empty: no folder is a feature folder"],
  ])("with directories %j", (directories, named) => {
    const index = analyzeProject({ root: project(directories) });
    expect(
      index.diagnostics
        .filter((d) => d.code === "feature-outside-folder")
        .map((d) => `${d.file}:${d.line} ${d.message}`),
    ).toEqual([
      `src/loans/feature.ts:2 defineFeature "loans" is outside every feature folder (${named}); a feature's id is its folder name`,
    ]);
  });
});
