// Imports of project files that are not TypeScript (`import "./catalog.css"`, `import logo from
// "./logo.svg?url"`, a `.json` TypeScript does not resolve) are recorded deliberately as
// `resolution: "asset"` edges, not reported unresolved, and a changed asset counts as a change
// to every file that imports it.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Analysis } from "../../analyzer/analyze.js";
import { analyze } from "../../analyzer/analyze.js";
import { computeAffected } from "../../analyzer/affected/live-facts.js";
import { buildIndex } from "../../analyzer/index-builder/build-index.js";
import type { AgentixIndex } from "../../analyzer/index-file/types.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

let analysis: Analysis;
let index: AgentixIndex;

const OPERATIONS = "src/features/catalog/operations.ts";

beforeAll(() => {
  const project = copyFixture("affected-app");
  const write = (file: string, text: string) => writeFileSync(path.join(project, file), text);
  write("src/features/catalog/catalog.css", ".product { color: red; }\n");
  write("src/features/catalog/logo.svg", "<svg/>\n");
  write("src/features/catalog/labels.json", '{ "title": "Catalog" }\n');
  write("src/features/catalog/unused.css", ".unused {}\n");
  const operations = path.join(project, OPERATIONS);
  // Appended: no line of the fixture moves.
  writeFileSync(
    operations,
    `${readFileSync(operations, "utf8")}import "./catalog.css";\nimport logo from "./logo.svg?url";\nimport labels from "./labels.json";\nimport "./missing.css";\nexport const branding = [logo, labels];\n`,
  );
  analysis = analyze({ root: project });
  index = buildIndex(analysis);
}, 120_000);
afterAll(removeCopies);

describe("asset imports", { timeout: 120_000 }, () => {
  it("are asset edges in the index; only the missing file is unresolved", () => {
    const edges = index.files.find((file) => file.path === OPERATIONS)?.imports ?? [];
    expect(edges.filter((edge) => edge.line >= 30)).toEqual([
      {
        specifier: "./catalog.css",
        form: "side-effect",
        typeOnly: false,
        resolution: "asset",
        target: "src/features/catalog/catalog.css",
        line: edges.find((edge) => edge.specifier === "./catalog.css")?.line,
      },
      {
        specifier: "./logo.svg?url",
        form: "import",
        typeOnly: false,
        resolution: "asset",
        target: "src/features/catalog/logo.svg",
        line: edges.find((edge) => edge.specifier === "./logo.svg?url")?.line,
      },
      // Under NodeNext TypeScript resolves a .json import itself: a file of the program. Where
      // it does not (resolveJsonModule off elsewhere), the same import is an asset edge.
      {
        specifier: "./labels.json",
        form: "import",
        typeOnly: false,
        resolution: "file",
        target: "src/features/catalog/labels.json",
        line: edges.find((edge) => edge.specifier === "./labels.json")?.line,
      },
      {
        specifier: "./missing.css",
        form: "side-effect",
        typeOnly: false,
        resolution: "unresolved",
        target: null,
        line: edges.find((edge) => edge.specifier === "./missing.css")?.line,
      },
    ]);
    expect(
      index.unresolved.filter((item) => item.file === OPERATIONS && item.kind === "import"),
    ).toEqual([
      expect.objectContaining({ reason: '"./missing.css" cannot be resolved to a file' }),
    ]);
  });

  it("a changed asset reaches exactly what a change to its importer reaches, and says so", () => {
    const viaAsset = computeAffected(analysis, [
      { path: "src/features/catalog/logo.svg", status: "modified" },
    ]);
    const viaImporter = computeAffected(analysis, [{ path: OPERATIONS, status: "modified" }]);
    expect(viaAsset.widened).toEqual([]);
    expect(viaAsset.notes).toEqual([
      `src/features/catalog/logo.svg is not TypeScript: it counts as a change to the files that import it (${OPERATIONS})`,
    ]);
    expect(viaAsset.tests.length).toBeGreaterThan(0);
    expect(viaAsset.tests).toEqual(viaImporter.tests);
  });

  it("a changed file nothing imports still widens, saying why", () => {
    expect(
      computeAffected(analysis, [{ path: "src/features/catalog/unused.css", status: "modified" }])
        .widened,
    ).toEqual([
      {
        code: "unknown-file",
        message:
          "src/features/catalog/unused.css is not TypeScript the analyzer follows; what reads it cannot be proven",
        path: "src/features/catalog/unused.css",
      },
    ]);
  });
});
