// A file the analysis holds under a second path through a symbolic link (a linked file, a file of
// a linked folder): TypeScript keeps the path the import names, so an importer of the link had
// no edge to the file git reports as changed; affected selected nothing and verify passed while
// the test failed (helper-27 repro-24). A change to the file is a change to each linked copy,
// from a live analysis and from the record alike.
import { symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { answerAffected } from "../../analyzer/cli/answer-affected.js";
import { affectedFor } from "../support/affected.js";
import { recordingIO, removeCopies, writtenProject } from "../support/analyzer-fixtures.js";
import { analysesOf, answer } from "../support/in-process-cli.js";

const TEST = (name: string, subject: string, value: number) =>
  `import { expect, test } from "vitest";\nimport { ${name} } from "${subject}";\n\ntest("${name}", () => {\n  expect(${name}()).toBe(${value});\n});\n`;

let root: string;
let analysis: Analysis;
beforeAll(() => {
  root = writtenProject(
    {
      "package.json": '{ "name": "linked", "private": true, "type": "module" }\n',
      "tsconfig.json":
        '{ "compilerOptions": { "strict": true, "module": "NodeNext", "types": [], "noEmit": true }, "include": ["src", "test"] }\n',
      "src/books/model.ts": "export function limit(): number {\n  return 42;\n}\n",
      "src/loans/uses.ts":
        'import { limit } from "./bm.js";\nimport { limit as other } from "./books/model.js";\n\nexport const uses = (): number => limit();\nexport const viaFolder = (): number => other();\n',
      "test/uses.test.ts": TEST("uses", "../src/loans/uses.js", 42),
      "test/folder.test.ts": TEST("viaFolder", "../src/loans/uses.js", 42),
      "test/model.test.ts": TEST("limit", "../src/books/model.js", 42),
    },
    "linked-copies",
  );
  // A linked file and a linked folder inside the analysed tree.
  symlinkSync("../books/model.ts", path.join(root, "src/loans/bm.ts"));
  symlinkSync("../books", path.join(root, "src/loans/books"));
  analysis = analyze({ root });
});
afterAll(removeCopies);

it("a change inside the file reaches the tests loading it through a link, as a file or a folder", () => {
  const result = affectedFor(analysis, {
    path: "src/books/model.ts",
    status: "modified",
    lines: [[2, 2]],
  });
  expect(result.widened).toEqual([]);
  expect(result.tests.files.map((file) => file.file)).toEqual([
    "test/folder.test.ts",
    "test/model.test.ts",
    "test/uses.test.ts",
  ]);
  // The change listed is the one given; its copies only carry it.
  expect(result.changes.map((change) => change.path)).toEqual(["src/books/model.ts"]);
});

it("answers alike from the record", async () => {
  expect((await answer(["index"], root)).code).toBe(0);
  const argv = ["affected", "src/books/model.ts", "--json"];
  const { io } = recordingIO(root);
  const answered = await answerAffected("affected", {}, ["src/books/model.ts"], io, {
    fromIndex: true,
  });
  expect(answered.analysis).toBeUndefined();
  const fromRecord = await answer(argv, root);
  expect(fromRecord).toEqual(await answer(argv, root, { analyses: analysesOf(root) }));
  expect(JSON.parse(fromRecord.stdout).tests.files.length).toBe(3);
});
