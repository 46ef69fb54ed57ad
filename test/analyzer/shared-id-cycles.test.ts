// Two feature folders that share an id (src/entities/article and src/widgets/article, as
// feature-sliced projects name their slices) are one duplicate-id error, not also a cycle of
// "article -> article": the dependency graph is one of folders, and a shared id is told apart by
// its folder where a real cycle runs through it.
import { afterAll, describe, expect, it } from "vitest";
import { analyzeProject } from "../../analyzer/index.js";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

const files = {
  "tsconfig.json": JSON.stringify({
    compilerOptions: { module: "NodeNext", strict: true },
    include: ["src"],
  }),
  "package.json": '{ "name": "slices", "type": "module" }\n',
  "agentix.config.json": '{ "features": { "directories": ["src/entities/*", "src/widgets/*"] } }\n',
  "src/entities/article/contract.ts": "export const title = 'a';\n",
  "src/widgets/article/contract.ts":
    'import { title } from "../../entities/article/contract.js";\nexport const card = title;\n',
};

const diagnosticsOf = (extra: Record<string, string>, name: string) =>
  analyzeProject({ root: writtenProject({ ...files, ...extra }, name) })
    .diagnostics.filter((d) => d.code === "duplicate-id" || d.code === "feature-cycle")
    .map((d) => [d.code, d.message, d.file, d.line]);

describe("feature folders that share an id", () => {
  it("one folder importing the other: the duplicate id alone", () => {
    expect(diagnosticsOf({}, "shared-id")).toEqual([
      [
        "duplicate-id",
        '2 feature folders share the id "article"; ids must be unique',
        "src/entities/article/contract.ts",
        1,
      ],
    ]);
  });

  it("a real cycle between them: named by folder", () => {
    expect(
      diagnosticsOf(
        {
          "src/entities/article/back.ts":
            'import { card } from "../../widgets/article/contract.js";\nexport const again = card;\n',
        },
        "shared-id-cycle",
      ),
    ).toEqual([
      [
        "duplicate-id",
        '2 feature folders share the id "article"; ids must be unique',
        "src/entities/article/back.ts",
        1,
      ],
      [
        "feature-cycle",
        "features depend on each other in a cycle: article (src/entities/article) -> article (src/widgets/article) -> article (src/entities/article); dependencies between features must form a directed acyclic graph",
        "src/widgets/article/contract.ts",
        1,
      ],
    ]);
  });
});
