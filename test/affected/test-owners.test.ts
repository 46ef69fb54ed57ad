// test/fixtures/test-owners (drizzle-orm's shape): tsconfig.json includes src only, and
// tests/tsconfig.json owns the tests. An answer for the project analyses that tsconfig too: its
// tests are counted and selected by what they import (they counted as none, with a warning), the
// same from a fresh index as from an analysis, and a widening anywhere selects every test.
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../analyzer/cli/main.js";
import { copyFixture, recordingIO, removeCopies } from "../support/analyzer-fixtures.js";
import { analysesOf, answer as inProcess } from "../support/in-process-cli.js";

afterAll(removeCopies);

async function cli(dir: string, ...args: string[]) {
  const recorded = recordingIO(dir);
  const code = await run(args, recorded.io);
  return { code, stdout: recorded.stdout(), stderr: recorded.stderr() };
}

interface Answer {
  widened: { code: string }[];
  tests: {
    selected: { files: number; cases: number };
    total: { files: number; cases: number };
    files: { file: string; reason: string }[];
  };
  notes: string[];
}

async function answer(dir: string, ...args: string[]) {
  const result = await cli(dir, "affected", ...args, "--json");
  expect([result.code, result.stderr]).toEqual([0, ""]);
  return JSON.parse(result.stdout) as Answer;
}

const NOTE = "tests/tsconfig.json owns 2 tests the project's tsconfig leaves out: analysed with it";

describe("tests another tsconfig inside the project owns", () => {
  it("are counted and selected by what they import, without a warning", async () => {
    const dir = copyFixture("test-owners");
    const add = await answer(dir, "src/add.ts");
    expect(add.widened).toEqual([]);
    expect(add.tests).toEqual({
      selected: { files: 1, cases: 2 },
      total: { files: 2, cases: 3 },
      files: [
        expect.objectContaining({
          file: "tests/add.test.ts",
          reason: "imports src/add.ts; changed",
        }),
      ],
    });
    expect(add.notes).toEqual([NOTE]);
    const greet = await answer(dir, "src/greet.ts");
    expect(greet.tests.files.map((file) => file.file)).toEqual(["tests/greet.test.ts"]);
    const text = await cli(dir, "affected", "src/greet.ts");
    expect(text.stdout).toContain(
      "\ntests:\n  tests/greet.test.ts  all 1 (imports src/greet.ts; changed)\n",
    );
    expect(text.stdout).toContain(`\nnote: ${NOTE}\n`);
  });

  it("a change to a file only the owner compiles is its alone: nothing widens", async () => {
    const dir = copyFixture("test-owners");
    writeFileSync(path.join(dir, "tests/numbers.ts"), "export const TWO = 2;\n");
    writeFileSync(
      path.join(dir, "tests/add.test.ts"),
      'import { expect, it } from "vitest";\nimport { add } from "../src/add.js";\nimport { TWO } from "./numbers.js";\n\nit("adds two", () => {\n  expect(add(TWO, TWO)).toBe(4);\n});\n',
    );
    const numbers = await answer(dir, "tests/numbers.ts");
    expect(numbers.widened).toEqual([]);
    expect(numbers.tests.files.map((file) => [file.file, file.reason])).toEqual([
      ["tests/add.test.ts", "imports tests/numbers.ts; changed"],
    ]);
  });

  it("beside the project's own tests, which the owner does not call not analysed", async () => {
    const dir = copyFixture("test-owners");
    writeFileSync(
      path.join(dir, "tests/tsconfig.json"),
      '{ "extends": "../tsconfig.json", "include": ["."] }\n',
    );
    writeFileSync(
      path.join(dir, "src/add.unit.test.ts"),
      'import { expect, it } from "vitest";\nimport { add } from "./add.js";\n\nit("adds", () => {\n  expect(add(2, 2)).toBe(4);\n});\n',
    );
    const add = await answer(dir, "src/add.ts");
    expect(add.tests.files.map((file) => file.file)).toEqual([
      "src/add.unit.test.ts",
      "tests/add.test.ts",
    ]);
    expect(add.tests.total).toEqual({ files: 3, cases: 4 });
  });

  it("are answered for the same with a fresh index (which does not hold them)", async () => {
    const dir = copyFixture("test-owners");
    const before = await answer(dir, "src/add.ts");
    expect((await cli(dir, "index")).code).toBe(0);
    expect(await answer(dir, "src/add.ts")).toEqual(before);
  });

  it("are answered for the same in a warm session (the MCP server's), and for a bad target alike", async () => {
    const dir = copyFixture("test-owners");
    for (const argv of [
      ["affected", "src/add.ts", "--json"],
      ["affected", "no-such-target"],
    ]) {
      const warm = await inProcess(argv, dir, { analyses: analysesOf(dir) });
      expect(warm).toEqual(await inProcess(argv, dir));
    }
    expect((await cli(dir, "index")).code).toBe(0);
    expect(await inProcess(["affected", "no-such-target"], dir)).toEqual(
      await inProcess(["affected", "no-such-target"], dir, { analyses: analysesOf(dir) }),
    );
  });

  it("all run when any analysis widens (a tsconfig both read)", async () => {
    const dir = copyFixture("test-owners");
    const widened = await answer(dir, "tsconfig.json");
    expect(widened.widened.map((reason) => reason.code)).toEqual(["config-file"]);
    expect(widened.tests.selected).toEqual({ files: 2, cases: 3 });
  });

  it("beside a sibling tsconfig.spec.json that includes them are the project's own, as before", async () => {
    const dir = copyFixture("test-owners");
    rmSync(path.join(dir, "tests/tsconfig.json"));
    writeFileSync(
      path.join(dir, "tsconfig.spec.json"),
      '{ "extends": "./tsconfig.json", "include": ["tests", "src"] }\n',
    );
    const add = await answer(dir, "src/add.ts");
    expect(add.tests.files.map((file) => file.file)).toEqual(["tests/add.test.ts"]);
    expect(add.tests.total).toEqual({ files: 2, cases: 3 });
    expect(add.notes).toEqual([]);
  });

  it("an owner that cannot be loaded (not JSON) leaves its tests reported as not analysed", async () => {
    const dir = copyFixture("test-owners");
    writeFileSync(path.join(dir, "tests/tsconfig.json"), '{ "extends": "../nowhere.json" ');
    const result = await cli(dir, "affected", "src/add.ts", "--json");
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(
      ["add", "greet"]
        .map(
          (name) =>
            `agentix: warning: tests/${name}.test.ts: a test the analysed tsconfig leaves out and tests/tsconfig.json owns: it is not analysed (pass that tsconfig with --project to analyse it)\n`,
        )
        .join(""),
    );
    const parsed = JSON.parse(result.stdout) as Answer;
    expect([parsed.tests.total, parsed.notes]).toEqual([{ files: 0, cases: 0 }, []]);
  });

  it("verify plans the owner's tests with the project's", async () => {
    const dir = copyFixture("test-owners");
    const result = await cli(dir, "verify", "src/add.ts", "--dry-run");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/tests: vitest run \S*tests\/add\.test\.ts\n/u);
  });
});
