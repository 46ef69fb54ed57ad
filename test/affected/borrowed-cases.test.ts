// Cases written in test code another test file loads run in that file's run: `it(...)` at the top
// of a shared suite no runner runs itself, or of a test file another imports a fixture from. A
// change reaching one runs each file that loads it, whole (helper-34 repro-3: the shared suite's
// case was selected alone, which no runner runs, and a.test.ts failed unselected).
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { BUNDLER_TSCONFIG, removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

const suite = (imports: string, body: string) =>
  `import { expect, it } from "vitest";\n${imports}\n\n${body}\n`;

describe("test cases another test file loads", () => {
  const root = writtenProject(
    {
      "tsconfig.json": BUNDLER_TSCONFIG,
      "src/m.ts": "export function one(): number {\n  return 1;\n}\n",
      "src/n.ts": "export function two(): number {\n  return 2;\n}\n",
      "src/o.ts": "export function three(): number {\n  return 3;\n}\n",
      "test/shared-suite.ts": suite(
        'import { one } from "../src/m.js";',
        'it("shared one", () => {\n  expect(one()).toBe(1);\n});',
      ),
      "test/suites.ts": 'import "./shared-suite.js";\n',
      "test/a.test.ts": suite(
        'import "./suites.js";',
        'it("own", () => {\n  expect(true).toBe(true);\n});',
      ),
      "test/b.test.ts": suite(
        'import { two } from "../src/n.js";\nimport { three } from "../src/o.js";',
        'export const fixture = { value: 1 };\n\nit("b two", () => {\n  expect(two()).toBe(2);\n});\n\nit("b three", () => {\n  expect(three()).toBe(3);\n});',
      ),
      "test/c.test.ts": suite(
        'import { fixture } from "./b.test.js";',
        'it("c fixture", () => {\n  expect(fixture.value).toBe(1);\n});',
      ),
      "test/d.test.ts": suite(
        'import type { fixture } from "./b.test.js";',
        'it("d", () => {\n  const f: typeof fixture | null = null;\n  expect(f).toBe(null);\n});',
      ),
    },
    "borrowed-cases",
  );
  const analysis = analyze({ root });
  const change = (path: string) =>
    affectedFor(analysis, { path, status: "modified", lines: [[2, 2]] });

  it("a case of a shared suite: each test file loading it, at any depth", () => {
    const result = change("src/m.ts");
    expect(selectionOf(result)).toEqual(["test/a.test.ts"]);
    expect(result.tests.files[0]?.reason).toBe(
      "it loads test/shared-suite.ts, whose affected cases run in it",
    );
  });

  it("a case of a test file: it, and each test file importing it (not for its types alone)", () => {
    expect(selectionOf(change("src/n.ts"))).toEqual(["test/b.test.ts:7", "test/c.test.ts"]);
    expect(selectionOf(change("src/o.ts"))).toEqual(["test/b.test.ts:11", "test/c.test.ts"]);
  });
});
