// statelyai/xstate's shape: a pnpm workspace whose root tsconfig.json sets compilerOptions and
// exclude but neither files nor include (TypeScript compiles everything below it), and a package
// without a tsconfig of its own. Its tests were seen by no project: 0 of 0 test cases. The root
// tsconfig is now a project of the workspace there, and answers for the package.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../analyzer/cli/main.js";
import { recordingIO } from "../support/analyzer-fixtures.js";

const root = mkdtempSync(path.join(os.tmpdir(), "agentix-root-default-include-"));
const lone = mkdtempSync(path.join(os.tmpdir(), "agentix-root-default-include-lone-"));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
  rmSync(lone, { recursive: true, force: true });
});

function write(files: Record<string, string>, into = root): void {
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(into, file)), { recursive: true });
    writeFileSync(path.join(into, file), text);
  }
}

async function cli(...args: string[]) {
  return cliIn(root, ...args);
}

async function cliIn(cwd: string, ...args: string[]) {
  const recorded = recordingIO(cwd);
  const code = await run(args, recorded.io);
  return { code, stdout: recorded.stdout(), stderr: recorded.stderr() };
}

describe("a workspace root tsconfig.json that names no files", () => {
  it("answers for a package without a tsconfig of its own", async () => {
    write({
      "package.json": '{ "name": "monorepo", "private": true }\n',
      "pnpm-workspace.yaml": "packages:\n  - packages/*\n",
      "tsconfig.json":
        '{ "compilerOptions": { "strict": true, "module": "ESNext", "moduleResolution": "Bundler", "noEmit": true, "types": [] }, "exclude": ["**/examples"] }\n',
      "packages/core/package.json": '{ "name": "@x/core", "exports": "./src/index.ts" }\n',
      "packages/core/src/index.ts": "export const double = (n: number): number => n * 2;\n",
      "packages/core/test/double.test.ts":
        'import { expect, it } from "vitest";\nimport { double } from "../src/index";\n\nit("doubles", () => {\n  expect(double(2)).toBe(4);\n});\n',
    });
    const answer = await cli("affected", "packages/core/src/index.ts");
    expect(answer.code).toBe(0);
    expect(answer.stdout.split("\n").slice(0, 5)).toEqual([
      "agentix affected for packages/core/src/index.ts (workspace of 2 packages): 1 changed file; 1 of 1 test cases in 1 of 1 test files; 1 package reached",
      "",
      "tests by package:",
      "  monorepo (.)  1 of 1 test cases in 1 of 1 test files",
      "note: packages/core has no tsconfig.json of its own: monorepo (.) compiles its changed files and answers for them; every package importing it counts as changed",
    ]);
  });

  it("is no project when every package has its own (a base for them to extend)", async () => {
    write({
      "packages/core/tsconfig.json":
        '{ "extends": "../../tsconfig.json", "include": ["src", "test"] }\n',
    });
    const answer = await cli("affected", "packages/core/src/index.ts");
    expect(answer.stdout.split("\n")[0]).toBe(
      "agentix affected for packages/core/src/index.ts (workspace of 1 package): 1 changed file; 1 of 1 test cases in 1 of 1 test files; 1 package reached",
    );
  });

  // tsoa's and clipanion's shape: tests at the root, outside every package, that only the root's
  // tsconfig compiles. They were named "outside every project" and never selected.
  it("is a project when tests lie outside every package, and counts them", async () => {
    write({
      "tests/integration.test.ts":
        'import { expect, it } from "vitest";\nimport { double } from "../packages/core/src/index";\n\nit("doubles twice", () => {\n  expect(double(double(1))).toBe(4);\n});\n',
    });
    try {
      const answer = await cli("affected", "packages/core/src/index.ts");
      expect(answer.code).toBe(0);
      expect(answer.stdout.split("\n").slice(0, 6)).toEqual([
        "agentix affected for packages/core/src/index.ts (workspace of 2 packages): 1 changed file; 2 of 2 test cases in 2 of 2 test files; 2 packages reached",
        "",
        "tests by package:",
        "  monorepo (.)             1 of 1 test cases in 1 of 1 test files",
        "  @x/core (packages/core)  1 of 1 test cases in 1 of 1 test files",
        "",
      ]);
      expect(answer.stdout).not.toContain("outside every project");
    } finally {
      rmSync(path.join(root, "tests"), { recursive: true, force: true });
    }
  });
});

// arcanis/clipanion's shape: the root is the library (sources/, tests/), and its `workspaces`
// name only a docs folder with no package.json. The workspace had 0 packages: a change under
// sources/ selected 0 of 0 tests and verify said no package could observe it.
describe("a workspace root whose workspaces name no package", () => {
  it("is the one project, with the tests its tsconfig compiles", async () => {
    write(
      {
        "package.json": '{ "name": "lib", "private": true, "workspaces": ["website"] }\n',
        "tsconfig.json":
          '{ "compilerOptions": { "strict": true, "module": "ESNext", "moduleResolution": "Bundler", "noEmit": true, "types": [] } }\n',
        "website/README.md": "# docs\n",
        "sources/core.ts": "export const double = (n: number): number => n * 2;\n",
        "tests/core.test.ts":
          'import { expect, it } from "vitest";\nimport { double } from "../sources/core";\n\nit("doubles", () => {\n  expect(double(2)).toBe(4);\n});\n',
      },
      lone,
    );
    const answer = await cliIn(lone, "affected", "sources/core.ts");
    expect(answer.code).toBe(0);
    expect(answer.stdout.split("\n").slice(0, 4)).toEqual([
      "agentix affected for sources/core.ts (workspace of 1 package): 1 changed file; 1 of 1 test cases in 1 of 1 test files; 1 package reached",
      "",
      "tests by package:",
      "  lib (.)  1 of 1 test cases in 1 of 1 test files",
    ]);
  });
});
