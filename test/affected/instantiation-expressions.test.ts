// An instantiation expression (`makeBox<number>`, TypeScript 4.7) is a value: the function it
// names is used there. It was read as a type position (the ExpressionWithTypeArguments of a
// heritage clause), so a change inside makeBox selected none of the three tests calling it
// through one (helper-34 repro-5).
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { BUNDLER_TSCONFIG, removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

const test = (imports: string, call: string) =>
  `import { it } from "vitest";\n${imports}\n\nit("calls", () => ${call});\n`;

describe("an instantiation expression", () => {
  const root = writtenProject(
    {
      "tsconfig.json": BUNDLER_TSCONFIG,
      "src/box.ts": [
        "export function makeBox<T>(v: T): { v: T; tag: string } {",
        '  return { v, tag: "box" };',
        "}",
        "export const makeNumberBox = makeBox<number>;",
        "export function viaInstantiation(n: number): string {",
        "  const make = makeBox<number>;",
        "  return make(n).tag;",
        "}",
        "export type Boxed = ReturnType<typeof makeBox<string>>;",
        "",
      ].join("\n"),
      "src/other.ts":
        'import { makeBox } from "./box.js";\nexport const makeStringBox = makeBox<string>;\n',
      "src/typed.ts":
        'import type { Boxed } from "./box.js";\nexport const boxed: Boxed | null = null;\n',
      "test/constant.test.ts": test(
        'import { makeNumberBox } from "../src/box.js";',
        "makeNumberBox(1)",
      ),
      "test/inner.test.ts": test(
        'import { viaInstantiation } from "../src/box.js";',
        "viaInstantiation(1)",
      ),
      "test/other.test.ts": test(
        'import { makeStringBox } from "../src/other.js";',
        'makeStringBox("a")',
      ),
      "test/typed.test.ts": test('import { boxed } from "../src/typed.js";', "boxed"),
    },
    "instantiation-expressions",
  );
  const analysis = analyze({ root });

  it("a change inside the function reaches the tests using it through one", () => {
    const result = affectedFor(analysis, {
      path: "src/box.ts",
      status: "modified",
      lines: [[2, 2]],
    });
    expect(result.widened).toEqual([]);
    // typed.test.ts reads only a type made from makeBox's: no code of it runs there.
    expect(selectionOf(result)).toEqual([
      "test/constant.test.ts",
      "test/inner.test.ts",
      "test/other.test.ts",
    ]);
  });
});
