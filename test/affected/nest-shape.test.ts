// The NestJS shape (issue 12, item 7): features in src/features/*/ with <id>.module.ts and
// injected services, unit specs beside them (`*.spec.ts`, run by vitest.config.ts) and
// end-to-end tests under test/ run by a second config, vitest.e2e.config.ts: one found only
// through that config's include.
import { beforeAll, describe, expect, it } from "vitest";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedFor } from "../support/affected.js";
import { fixtureDir } from "../support/analyzer-fixtures.js";

let analysis: Analysis;

beforeAll(() => {
  analysis = analyze({ root: fixtureDir("nest-shape") });
});

const affected = (change: FileChange) => affectedFor(analysis, change);

describe("a NestJS-shaped project", () => {
  it("finds the tests of both Vitest configs, the e2e one's by its include alone", () => {
    expect(analysis.loaded.vitest.file).toBe("vitest.config.ts");
    expect(analysis.loaded.vitest.others.map((config) => config.file)).toEqual([
      "vitest.e2e.config.ts",
    ]);
    expect(
      analysis.loaded.files.filter((file) => analysis.roles.isTest(file)).map((file) => file.path),
    ).toEqual([
      "src/features/orders/orders.service.spec.ts",
      "src/features/users/users.service.spec.ts",
      "test/e2e/checkout.e2e.ts",
      "test/orders.e2e-spec.ts",
    ]);
  });

  it("selects the specs and the e2e tests (of both configs) that reach an injected service", () => {
    const result = affected({
      path: "src/features/orders/orders.service.ts",
      status: "modified",
      lines: [[17, 17]],
    });
    expect(result.widened).toEqual([]);
    expect(
      result.tests.files.map((file) => [file.file, file.whole, file.selected, file.total]),
    ).toEqual([
      // Both cases build the service: a class is one unit, so each reaches the changed method.
      ["src/features/orders/orders.service.spec.ts", true, 2, 2],
      ["test/e2e/checkout.e2e.ts", true, 1, 1],
      ["test/orders.e2e-spec.ts", true, 1, 1],
    ]);
    expect(result.tests.total).toEqual({ files: 4, cases: 5 });
  });

  it("a change to a second Vitest config widens, as a change to the first does", () => {
    const result = affected({ path: "vitest.e2e.config.ts", status: "modified" });
    expect(result.widened.map((reason) => reason.code)).toEqual(["config-file"]);
  });
});
