// A file that imports a test framework's types alone (`import type { SnapshotSerializer } from
// "vitest"`) is no test: it runs nothing of the framework. It was taken for one, so a change to a
// snapshot serializer the Vitest config names selected the serializer alone (a test no runner
// runs) and none of the tests whose snapshots it prints (helper-34 repro-4).
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { BUNDLER_TSCONFIG, removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

describe("a file importing a test framework's types alone", () => {
  const root = writtenProject(
    {
      "tsconfig.json": BUNDLER_TSCONFIG,
      "vitest.config.ts":
        'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { snapshotSerializers: ["./test/serializer.ts"] } });\n',
      "test/serializer.ts": [
        'import type { SnapshotSerializer } from "vitest";',
        "const serializer: SnapshotSerializer = {",
        '  test: (value: unknown) => typeof value === "object" && value !== null,',
        "  serialize: (value: unknown) => `Money<${String(value)}>`,",
        "};",
        "export default serializer;",
        "",
      ].join("\n"),
      "test/context.ts":
        'import { type TestContext, type Suite } from "vitest";\nexport const named = (context: TestContext, suite?: Suite): string => context.task.name + (suite?.name ?? "");\n',
      "test/case.ts":
        'import { it } from "vitest";\nexport const each = (name: string) => it(name, () => {});\n',
      "src/money.ts": "export const money = (n: number) => ({ money: n });\n",
      "test/money.test.ts":
        'import { expect, it } from "vitest";\nimport { money } from "../src/money.js";\n\nit("snapshots", () => {\n  expect(money(5)).toMatchInlineSnapshot();\n});\n',
      "test/named.test.ts":
        'import { it } from "vitest";\nimport { named } from "./context.js";\n\nit("names", (context) => {\n  named(context);\n});\n',
    },
    "framework-types",
  );
  const analysis = analyze({ root });
  const roleOf = (file: string) => {
    const found = analysis.loaded.files.find((entry) => entry.path === file);
    return found && analysis.roles.role(found);
  };

  it("is no test; a value import of the framework still makes one", () => {
    expect(roleOf("test/serializer.ts")).not.toBe("test");
    expect(roleOf("test/context.ts")).not.toBe("test");
    expect(roleOf("test/case.ts")).toBe("test");
    expect(roleOf("test/money.test.ts")).toBe("test");
  });

  it("a change to it reaches the tests it can change", () => {
    const serializer = affectedFor(analysis, {
      path: "test/serializer.ts",
      status: "modified",
      lines: [[4, 4]],
    });
    // Code nothing imports, outside features: every test (case.ts a test by its import).
    expect(selectionOf(serializer)).toEqual([
      "test/case.ts",
      "test/money.test.ts",
      "test/named.test.ts",
    ]);
    const context = affectedFor(analysis, {
      path: "test/context.ts",
      status: "modified",
      lines: [[2, 2]],
    });
    expect(selectionOf(context)).toEqual(["test/named.test.ts"]);
  });
});
