// A test runner's module calls load a module no import names: `vi.importActual("../src/features/shop/api.js")`
// and `jest.requireActual` the module as it is, `vi.mock(...)` its automock (made from the
// module) unless a manual mock stands in. Before, a change to the module selected no test that
// loads it only so.
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedFor } from "../support/affected.js";
import { BUNDLER_TSCONFIG, removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

const API = "export const fetchPrice = (): number => 1;\n";

/**
 * The tests (with their cases and reasons) a change to src/features/shop/api.ts selects (in a
 * feature: shared code would select every test), `test` written as test/api.test.ts.
 */
function selectedBy(
  test: string,
  name: string,
  extra: Record<string, string> = {},
  lines?: readonly (readonly [number, number])[],
): string[] {
  const root = writtenProject(
    {
      "tsconfig.json": BUNDLER_TSCONFIG,
      "src/features/shop/api.ts": API,
      "test/api.test.ts": `import { expect, it, vi } from "vitest";\n${test}`,
      ...extra,
    },
    name,
  );
  const result = affectedFor(analyze({ root }), {
    path: "src/features/shop/api.ts",
    status: "modified",
    ...(lines === undefined ? {} : { lines }),
  });
  expect(result.widened).toEqual([]);
  return result.tests.files.map((file) =>
    file.whole
      ? `${file.file}: ${file.reason}`
      : `${file.file}:${file.cases.map((testCase) => testCase.line).join(",")}: ${file.reason}`,
  );
}

const LOADED = (specifier: string) =>
  `its test runner loads src/features/shop/api.ts for "${specifier}" (a mock or the actual module)`;

describe("a test runner's module calls", () => {
  it("vi.importActual in a test case: that case runs, not the file's others", () => {
    expect(
      selectedBy(
        'it("actual", async () => {\n  expect(await vi.importActual("../src/features/shop/api.js")).toBeTruthy();\n});\nit("other", () => {});\n',
        "runner-import-actual",
      ),
    ).toEqual(["test/api.test.ts:2: some cases are affected"]);
  });

  it("jest.requireActual and a typed vi.importActual at the top: every case", () => {
    for (const [call, name, specifier] of [
      [
        'declare const jest: any;\nconst api = jest.requireActual("../src/features/shop/api");\n',
        "runner-require-actual",
        "../src/features/shop/api",
      ],
      [
        'const api = await vi.importActual<typeof import("../src/features/shop/api.js")>("../src/features/shop/api.js");\n',
        "runner-typed-actual",
        "../src/features/shop/api.js",
      ],
    ] as const)
      expect(selectedBy(`${call}it("a", () => expect(api).toBeTruthy());\n`, name), name).toEqual([
        `test/api.test.ts: ${LOADED(specifier)}; changed`,
      ]);
  });

  it("vi.mock and vi.doMock: the automock is made from the module, and a factory may load it", () => {
    for (const [call, name] of [
      ['vi.mock("../src/features/shop/api.js");\n', "runner-automock"],
      [
        'vi.mock("../src/features/shop/api.js", async (original) => ({ ...(await original<object>()) }));\n',
        "runner-mock-factory",
      ],
      ['it("a", () => {\n  vi.doMock("../src/features/shop/api.js");\n});\n', "runner-do-mock"],
    ] as const)
      expect(selectedBy(call, name), name).toHaveLength(1);
  });

  it("a manual mock stands in for the module: vi.mock loads the mock, not the module", () => {
    expect(
      selectedBy(
        'vi.mock("../src/features/shop/api.js");\nit("a", () => {});\n',
        "runner-manual-mock",
        {
          "src/features/shop/__mocks__/api.ts": API,
        },
      ),
    ).toEqual([]);
    // vi.importActual loads the module all the same.
    expect(
      selectedBy(
        'vi.mock("../src/features/shop/api.js");\nconst api = await vi.importActual("../src/features/shop/api.js");\nit("a", () => expect(api).toBeTruthy());\n',
        "runner-manual-mock-actual",
        { "src/features/shop/__mocks__/api.ts": API },
      ),
    ).toEqual([`test/api.test.ts: ${LOADED("../src/features/shop/api.js")}; changed`]);
  });

  it("vi.importActual of a barrel hands over what it re-exports", () => {
    expect(
      selectedBy(
        'it("actual", async () => {\n  const shop = await vi.importActual<{ fetchPrice(): number }>("../src/features/shop/index.js");\n  expect(shop.fetchPrice()).toBe(1);\n});\nit("other", () => {});\n',
        "runner-barrel",
        {
          "src/features/shop/index.ts": 'export * from "./api.js";\n',
          "src/features/shop/api.ts":
            "export const fetchPrice = (): number => {\n  return 1;\n};\n",
        },
        [[2, 2]],
      ),
    ).toEqual(["test/api.test.ts:2: some cases are affected"]);
  });

  it("a package's mock, or a method that loads nothing, adds no test", () => {
    expect(
      selectedBy(
        'vi.mock("node:fs");\nvi.unmock("../src/features/shop/api.js");\nit("a", () => {});\n',
        "runner-nothing",
      ),
    ).toEqual([]);
  });
});
