// How one test file is cut into cases: `.each` rows counted as Vitest runs them, and which
// collection-time bindings are state the cases may share. In-memory programs, no fixture.
import { describe, expect, it } from "vitest";
import { ts } from "../project/ts-morph.js";
import { fileUnits } from "./code-units.js";

/** The units of one test file, type-checked in memory. */
function unitsOf(code: string) {
  const name = "/virtual/case.test.ts";
  const options: ts.CompilerOptions = { strict: true, target: ts.ScriptTarget.ES2022, noLib: true };
  const host = ts.createCompilerHost(options);
  const source = ts.createSourceFile(name, code, ts.ScriptTarget.ES2022, true);
  host.getSourceFile = (file) => (file === name ? source : undefined);
  const program = ts.createProgram({ rootNames: [name], options, host });
  return fileUnits(program.getSourceFile(name)!, "case.test.ts", true, program.getTypeChecker());
}

const runs = (code: string) => unitsOf(code).testCases.map((testCase) => testCase.runs);

describe("cases counted as Vitest runs them", () => {
  it("counts an array's rows, a const array's, a tuple's, and a table's rows", () => {
    expect(
      runs(`
        const rows = [1, 2, 3, 4];
        declare const pair: readonly [string, string];
        it.each([[1], [2]])("a %i", () => {});
        it.each(rows)("b %i", () => {});
        test.for(pair)("c %s", () => {});
        it.each\`
          a    | b
          \${1} | \${2}
          \${3} | \${4}
          \${5} | \${6}
        \`("d", () => {});
        it.skip.each([1, 2])("e", () => {});
      `),
    ).toEqual([2, 4, 2, 3, 2]);
  });

  it("multiplies the cases of a describe.each by its rows, nested too", () => {
    expect(
      runs(`
        describe.each([1, 2, 3])("outer %i", () => {
          it("one", () => {});
          describe.each\`x \${1} \${2}\`("inner", () => {
            it.each([1, 2])("two", () => {});
          });
        });
      `),
    ).toEqual([3, 12]);
  });

  it("counts one case for rows only known at run time, and none for an empty table", () => {
    expect(
      runs(`
        declare function rows(): number[];
        let mutable = [1, 2];
        it.each(rows())("a", () => {});
        it.each(mutable)("b", () => {});
        it.each([...mutable, 3])("c", () => {});
        it.each([])("d", () => {});
        it.each\`a | b\`("e", () => {});
      `),
    ).toEqual([1, 1, 1, 0, 0]);
  });
});

describe("shared state between cases", () => {
  const shared = (code: string) =>
    unitsOf(code)
      .units.filter((unit) => unit.sharedState)
      .map((unit) => unit.name);

  it("is not a const Set, Map or array that is only read", () => {
    expect(
      shared(`
        const known = new Set(["EUR"]);
        const prices = new Map([["a", 1]]);
        const rows = [1, 2];
        const aliased = new Set<number>();
        it("reads", () => {
          expect(known.has("EUR") && prices.get("a") === rows[0] && [...rows].length === rows.length);
          for (const row of rows) expect(row);
          const alias = aliased;
          expect(alias.size);
        });
      `),
    ).toEqual([]);
  });

  it("is a const Set or Map any code writes, passes on, changes through an alias, or builds with a call", () => {
    expect(
      shared(`
        declare function keep(value: unknown): void;
        declare function make(): string;
        const added = new Set<string>();
        const cleared = new Map<string, number>();
        const given = new Map<string, number>();
        const aliased = new Set<number>();
        const built = new Set([make()]);
        let reassignable = [1];
        it("writes", () => {
          added.add("x");
          cleared.clear();
          keep(given);
          const alias = aliased;
          alias.add(1);
          expect(built.size + reassignable.length + alias.size);
        });
      `),
    ).toEqual(["added", "cleared", "given", "aliased", "built", "reassignable"]);
  });
});

// oak: Deno's tests in their four forms, each one case; Deno.test.ignore too.
describe("Deno's tests", () => {
  it("are one case each, at the line of the call", () => {
    const units = unitsOf(`
      declare const Deno: { test: any };
      Deno.test("by name", () => {});
      Deno.test("with options", { permissions: { net: true } }, async () => {});
      Deno.test(function byFunctionName() {});
      Deno.test({ name: "by object", fn: () => {} });
      Deno.test.ignore("ignored", () => {});
      Deno.env.get("X");
    `);
    expect(units.testCases.map((testCase) => [testCase.line, testCase.runs])).toEqual([
      [3, 1],
      [4, 1],
      [5, 1],
      [6, 1],
      [7, 1],
    ]);
  });
});
