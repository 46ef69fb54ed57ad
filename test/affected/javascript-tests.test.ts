// A JavaScript test in a TypeScript project whose tsconfig has no `allowJs` (Vitest's default
// include runs `tests/legacy.test.js`): it was neither counted nor selected, and a change that
// broke it printed a run line without it. The analysis compiles the JavaScript tests it finds (by
// name or a Vitest config), and no other JavaScript file: a script is not read.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedFor } from "../support/affected.js";

let root: string;
let analysis: Analysis;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "agentix-js-tests-"));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write(
    "tsconfig.json",
    JSON.stringify({
      compilerOptions: { target: "ES2022", module: "NodeNext", strict: true, noEmit: true },
      include: ["src", "tests"],
    }),
  );
  write("src/math.ts", "export function mul(a: number, b: number): number {\n  return a * b;\n}\n");
  write("src/other.ts", "export const other = 1;\n");
  write(
    "tests/math.test.ts",
    'import { expect, it } from "vitest";\nimport { mul } from "../src/math.js";\nit("mul", () => expect(mul(2, 3)).toBe(6));\n',
  );
  write(
    "tests/legacy.test.js",
    'import { expect, it } from "vitest";\nimport { mul } from "../src/math.js";\nit("mul (js)", () => expect(mul(2, 2)).toBe(4));\nit("two", () => expect(1).toBe(1));\n',
  );
  // Not a test by name: never read, never analysed (it would be a syntax error if it were).
  write("scripts/build.js", "import { vitest } from 'vitest'; this is not JavaScript\n");
  analysis = analyze({ root });
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("JavaScript tests without allowJs", () => {
  it("are analysed as tests; other JavaScript files are not", () => {
    expect(analysis.loaded.addedTests).toEqual(["tests/legacy.test.js"]);
    expect(analysis.loaded.files.map((file) => file.path)).toEqual([
      "src/math.ts",
      "src/other.ts",
      "tests/legacy.test.js",
      "tests/math.test.ts",
    ]);
    expect(analysis.loaded.compilerOptions.allowJs).toBe(true);
  });

  it("are selected by a change to what they import, case by case", () => {
    const result = affectedFor(analysis, {
      path: "src/math.ts",
      status: "modified",
      lines: [[2, 2]],
    });
    expect(
      result.tests.files.map((file) => [file.file, file.selected, file.total, file.reason]),
    ).toEqual([
      ["tests/legacy.test.js", 1, 2, "some cases are affected"],
      ["tests/math.test.ts", 1, 1, "every case is affected"],
    ]);
    expect(result.tests.total).toEqual({ files: 2, cases: 3 });
  });
});
