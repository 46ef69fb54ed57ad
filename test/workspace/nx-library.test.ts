// test/fixtures/nx-library (nrwl/nx-examples' libraries): a solution of tsconfig.lib.json (the
// sources) and tsconfig.spec.json (the specs), the Vitest setup file in neither. A change to the
// setup file, or a source file renamed, reaches the specs (both selected 0 of 1 before).
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
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
      "  src/sum.spec.ts  all 1 (src/test-setup.ts runs before it (test setup); changed)\n",
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

// nx-examples' libraries run Jest; vite-electron-builder's packages have no tests and no Vitest.
describe("a widened folder without a Vitest config", () => {
  const invocations = async (cli: (args: string[]) => Promise<{ stdout: string }>) =>
    (
      JSON.parse(
        (await cli(["affected", "src/sum.ts", "--format", "vitest-invocations"])).stdout,
      ) as { invocations: unknown[] }
    ).invocations;

  it("set up for Jest gets no Vitest run, and verify says why", async () => {
    const { root, cli } = workspaceCopy("nx-library");
    rmSync(path.join(root, "vitest.config.ts"));
    writeFileSync(
      path.join(root, "jest.config.ts"),
      'export default { setupFilesAfterEnv: ["<rootDir>/src/test-setup.ts"] };\n',
    );
    // Jest's globals: no import of a runner.
    writeFileSync(
      path.join(root, "src/sum.spec.ts"),
      'import { sum } from "./sum";\n\nit("sums", () => {\n  expect(sum([1, 2, 3])).toBe(6);\n});\n',
    );
    writeFileSync(path.join(root, "src/test-setup.ts"), 'process.env["TZ"] = "UTC";\n');
    expect(await invocations(cli)).toEqual([]);
    const verify = await cli(["verify", "src/sum.ts", "--dry-run"]);
    // The lib project (no tests) runs no suite; the spec project's Jest test is Jest's to run,
    // and Jest is not installed here: the plan cannot verify the change.
    expect(verify.code).toBe(1);
    expect(verify.stdout).toContain(
      "\ntests: none\n  why: the project runs Jest (jest.config.ts), not Vitest\n",
    );
    expect(verify.stdout).toContain(
      "\ntests (each with its own runner below, where one is known):\n  src/sum.spec.ts (the project runs Jest (jest.config.ts))\n\ntests (Jest): not run\n  why: 1 case of 1 Jest test file not run: jest is not installed for this project\n",
    );
    const runs = await cli(["verify", "src/sum.ts", "--dry-run", "--vitest-only"]);
    expect(runs.code).toBe(0);
    expect(runs.stdout).toContain(
      "\ntests (Jest): skipped\n  why: --vitest-only: 1 case of 1 Jest test file not run\n",
    );
  });

  it("with no tests and nothing naming Vitest gets none; naming Vitest, the whole suite", async () => {
    const { root, cli } = workspaceCopy("nx-library");
    for (const file of ["vitest.config.ts", "src/sum.spec.ts", "src/test-setup.ts"])
      rmSync(path.join(root, file));
    expect(await invocations(cli)).toEqual([]);
    writeFileSync(
      path.join(root, "package.json"),
      '{ "name": "nx-library", "private": true, "type": "module", "devDependencies": { "vitest": "4.1.12" } }\n',
    );
    expect(await invocations(cli)).toMatchObject([
      { cwd: ".", args: ["run", ".", "--passWithNoTests"], widened: true },
    ]);
  });
});
