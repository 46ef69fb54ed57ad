// A Markdown or text file counts as documentation, so a change to it is no change; but a test
// reading it as a fixture or a golden file (`new URL("./fixtures/hello.md", import.meta.url)`,
// `toMatchFileSnapshot("./fixtures/golden.txt")`) fails on it, and verify passed (helper-30
// repro-5). Named by code, such a file is a change to the code naming it.
import { afterAll, beforeAll, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

let analysis: Analysis;
beforeAll(() => {
  analysis = analyze({
    root: writtenProject(
      {
        "package.json": '{ "name": "named-text", "private": true, "type": "module" }\n',
        "tsconfig.json":
          '{ "compilerOptions": { "strict": true, "module": "NodeNext", "types": ["node"], "noEmit": true }, "include": ["src", "test"] }\n',
        "README.md": "# named-text\n",
        "src/heading.ts":
          'export const heading = (text: string): string => text.split("\\n")[0] ?? "";\n',
        "test/heading.test.ts":
          'import { readFileSync } from "node:fs";\nimport { expect, it } from "vitest";\nimport { heading } from "../src/heading.js";\n\nit("reads the fixture\'s heading", () => {\n  expect(heading(readFileSync(new URL("./fixtures/hello.md", import.meta.url), "utf8"))).toBe("# Hello");\n});\n',
        "test/golden.test.ts":
          'import path from "node:path";\nimport { expect, it } from "vitest";\nimport { heading } from "../src/heading.js";\n\nit("matches its golden files", async () => {\n  await expect(heading("Goldie")).toMatchFileSnapshot(path.join(import.meta.dirname, "goldens", "one.txt"));\n});\n',
        "test/other.test.ts":
          'import { expect, it } from "vitest";\nimport { heading } from "../src/heading.js";\n\nit("takes the first line", () => {\n  expect(heading("a\\nb")).toBe("a");\n});\n',
        "test/fixtures/hello.md": "# Hello\n\nbody\n",
        "test/goldens/one.txt": "Goldie\n",
      },
      "named-text-files",
    ),
  });
});
afterAll(removeCopies);

it("a Markdown fixture a test names by its path selects that test, with a note", () => {
  const result = affectedFor(analysis, { path: "test/fixtures/hello.md", status: "modified" });
  expect(result.widened).toEqual([]);
  expect(selectionOf(result)).toEqual(["test/heading.test.ts"]);
  expect(result.notes).toContain(
    "test/fixtures/hello.md is named by the code of test/heading.test.ts: it counts as a change to that file",
  );
});

it("a golden text file a test names with path.join selects that test", () => {
  const result = affectedFor(analysis, { path: "test/goldens/one.txt", status: "modified" });
  expect(selectionOf(result)).toEqual(["test/golden.test.ts"]);
});

it("documentation no code names is still no change", () => {
  const result = affectedFor(analysis, { path: "README.md", status: "modified" });
  expect([result.widened, selectionOf(result)]).toEqual([[], []]);
});

// A TypeScript file imported with a bundler query (`./snippet.ts?raw`) is read as text: a comment
// change in it fails a test checking that text, yet counted as no change (helper-30 repro-4).
it("a comment change in a file imported with ?raw reaches the tests of its importer", () => {
  const raw = analyze({
    root: writtenProject(
      {
        "package.json": '{ "name": "raw-import", "private": true, "type": "module" }\n',
        "tsconfig.json":
          '{ "compilerOptions": { "strict": true, "module": "NodeNext", "types": [], "noEmit": true }, "include": ["src", "test"] }\n',
        "src/raw.d.ts":
          'declare module "*?raw" {\n  const text: string;\n  export default text;\n}\n',
        "src/snippet.ts":
          "// Paste this into your app to enable tracing.\nexport const enableTracing = (): boolean => true;\n",
        "src/docs.ts":
          'import snippet from "./snippet.ts?raw";\n\nexport const firstLine = (): string => snippet.split("\\n")[0] ?? "";\n',
        "test/docs.test.ts":
          'import { expect, it } from "vitest";\nimport { firstLine } from "../src/docs.js";\n\nit("documents the snippet", () => {\n  expect(firstLine()).toBe("// Paste this into your app to enable tracing.");\n});\n',
      },
      "raw-import",
    ),
  });
  const result = affectedFor(raw, {
    path: "src/snippet.ts",
    status: "modified",
    lines: [[1, 1]],
  });
  expect(selectionOf(result)).toEqual(["test/docs.test.ts"]);
});

// A fixture read through a path from the folder the runner starts in (`join("test", "fixtures")`,
// `path.resolve("test/fixtures")`, `join(process.cwd(), ...)`) that another test also imports: only
// the importer was selected, and verify passed while the reader failed (helper-30 repro-3).
it.each([
  'join(join("test", "fixtures"), "input.ts")',
  'resolve("test/fixtures/input.ts")',
  'join(process.cwd(), "test", "fixtures", "input.ts")',
])("a test naming a fixture by %s is selected with its importer", (named) => {
  const cwd = analyze({
    root: writtenProject(
      {
        "package.json": '{ "name": "cwd-paths", "private": true, "type": "module" }\n',
        "tsconfig.json":
          '{ "compilerOptions": { "strict": true, "module": "NodeNext", "types": ["node"], "noEmit": true }, "include": ["test"] }\n',
        "test/fixtures/input.ts": "export const value = 1;\n",
        "test/value.test.ts":
          'import { expect, it } from "vitest";\nimport { value } from "./fixtures/input.js";\n\nit("is one", () => {\n  expect(value).toBe(1);\n});\n',
        "test/read.test.ts": `import { readFileSync } from "node:fs";\nimport { join, resolve } from "node:path";\nimport { expect, it } from "vitest";\n\nit("reads the fixture", () => {\n  expect(readFileSync(${named}, "utf8")).toContain("value = 1");\n});\n`,
        "test/other.test.ts":
          'import { expect, it } from "vitest";\n\nit("joins", () => {\n  expect(["a", "b"].join("")).toBe("ab");\n});\n',
      },
      "cwd-paths",
    ),
  });
  const result = affectedFor(cwd, { path: "test/fixtures/input.ts", status: "modified" });
  expect(result.widened).toEqual([]);
  expect(selectionOf(result)).toEqual(["test/read.test.ts", "test/value.test.ts"]);
});
