// A snapshot file (`__snapshots__/<test file>.snap`, Jest's and Vitest's default) is read by one
// test file: a change to it selects that test. It widened every answer to the whole suite as a
// file agentix does not follow (helper-26, repro-10).
import { afterAll, beforeAll, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

const TEST = (name: string) =>
  `import { expect, test } from "vitest";\nimport { ${name} } from "../src/${name}.js";\n\ntest("${name}", () => {\n  expect(${name}()).toMatchSnapshot();\n});\n`;

let analysis: Analysis;
beforeAll(() => {
  analysis = analyze({
    root: writtenProject(
      {
        "package.json": '{ "name": "snapshots", "private": true, "type": "module" }\n',
        "tsconfig.json":
          '{ "compilerOptions": { "strict": true, "module": "NodeNext", "types": [], "noEmit": true }, "include": ["src", "test"] }\n',
        "src/a.ts": 'export const a = (): string => "a";\n',
        "src/b.ts": 'export const b = (): string => "b";\n',
        "test/a.test.ts": TEST("a"),
        "test/b.test.ts": TEST("b"),
        "test/__snapshots__/a.test.ts.snap": '// Vitest Snapshot v1\n\nexports[`a 1`] = `"a"`;\n',
        "test/__snapshots__/gone.test.ts.snap":
          '// Vitest Snapshot v1\n\nexports[`x 1`] = `"x"`;\n',
      },
      "snapshot-files",
    ),
  });
});
afterAll(removeCopies);

it("a change to a test's snapshot file selects that test alone, with a note", () => {
  const result = affectedFor(analysis, {
    path: "test/__snapshots__/a.test.ts.snap",
    status: "modified",
    lines: [[3, 3]],
  });
  expect(result.widened).toEqual([]);
  expect(selectionOf(result)).toEqual(["test/a.test.ts"]);
  expect(result.notes).toContain(
    "test/__snapshots__/a.test.ts.snap holds the snapshots of test/a.test.ts: it runs",
  );
});

it("a snapshot file of no test widens, as any file agentix does not follow", () => {
  const result = affectedFor(analysis, {
    path: "test/__snapshots__/gone.test.ts.snap",
    status: "modified",
  });
  expect(result.widened.map((reason) => reason.code)).toEqual(["unknown-file"]);
});
