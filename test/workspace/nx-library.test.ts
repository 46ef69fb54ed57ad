// test/fixtures/nx-library (nrwl/nx-examples' libraries): a solution of tsconfig.lib.json (the
// sources) and tsconfig.spec.json (the specs), the Vitest setup file in neither. A change to the
// setup file, or a source file renamed, reaches the specs (both selected 0 of 1 before).
import { afterAll, describe, expect, it } from "vitest";
import { removeCopies } from "../support/analyzer-fixtures.js";
import { workspaceCopy } from "./workspace-copy.js";

afterAll(removeCopies);

const totals = (stdout: string) =>
  stdout.split("\n").filter((line) => line.startsWith("  nx-library ("));

describe("an Nx library: lib and spec projects in one folder", () => {
  it("a test setup file neither includes runs before the spec project's tests", async () => {
    const { cli } = workspaceCopy("nx-library");
    const run = await cli(["affected", "src/test-setup.ts"]);
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(totals(run.stdout)).toEqual([
      "  nx-library (tsconfig.lib.json)   0 of 0 test cases in 0 of 0 test files",
      "  nx-library (tsconfig.spec.json)  1 of 1 test cases in 1 of 1 test files",
    ]);
    expect(run.stdout).toContain(
      "  src/sum.spec.ts  all 1 (src/test-setup.ts runs before it (test setup) <- src/test-setup.ts; changed)\n",
    );
  });

  it("a source file renamed reaches the specs that imported it", async () => {
    const { cli, git } = workspaceCopy("nx-library");
    git("mv", "src/sum.ts", "src/total.ts");
    const run = await cli(["affected", "--since", "HEAD"]);
    expect(run.code).toBe(0);
    expect(totals(run.stdout)).toEqual([
      "  nx-library (tsconfig.lib.json)   0 of 0 test cases in 0 of 0 test files",
      "  nx-library (tsconfig.spec.json)  1 of 1 test cases in 1 of 1 test files",
    ]);
  });
});
