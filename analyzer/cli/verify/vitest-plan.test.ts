import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AffectedResult, AffectedTestFile } from "../../affected/result.js";
import { affectedResultWith } from "../../../test/support/affected-result.js";
import { vitestPlan, type VitestSource } from "./vitest-plan.js";

// documenso's e2e package: Playwright specs, no Vitest config. Vitest's defaults take every
// *.spec.ts, so `vitest run e2e/...` failed on each ("Playwright Test did not expect test()").
let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "agentix-vitest-plan-"));
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write("e2e/sign.spec.ts", 'import { test } from "@playwright/test";\ntest("signs", () => {});\n');
  write(
    "src/sign.test.ts",
    'import { expect } from "chai";\nit("signs", () => expect(1).to.equal(1));\n',
  );
  // Both imported: Vitest's own file (a helper that uses node:test's mock, say).
  write("src/both.test.ts", 'import { mock } from "node:test";\nimport { it } from "vitest";\n');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const test = (file: string): AffectedTestFile => ({
  file,
  whole: true,
  reason: "imports the change",
  selected: 1,
  total: 1,
  cases: [],
});
const files = ["e2e/sign.spec.ts", "src/both.test.ts", "src/sign.test.ts"].map(test);

function answer(widened: boolean): AffectedResult {
  return affectedResultWith({
    targets: ["src/sign.ts"],
    widened: widened
      ? [
          {
            code: "config-file",
            message: "configuration changed: tsconfig.json",
            path: "tsconfig.json",
          },
        ]
      : [],
    tests: { selected: { files: 3, cases: 3 }, total: { files: 3, cases: 3 }, files },
  });
}

const project = (file: string | null): VitestSource => ({
  loaded: { root, vitest: { file, runs: () => true } },
});

describe("vitestPlan: tests of another runner", () => {
  it("leaves out a test that imports another runner when no Vitest config decides, naming the runner", () => {
    const plan = vitestPlan(project(null), answer(false), undefined);
    expect(plan.filters).toEqual(["src/both.test.ts", "src/sign.test.ts"]);
    expect(plan.otherRunner.map((file) => file.file)).toEqual(["e2e/sign.spec.ts"]);
    expect([...plan.importedRunner].map(([file, runner]) => [file.file, runner])).toEqual([
      ["e2e/sign.spec.ts", "it imports @playwright/test"],
    ]);
  });

  it("widened, names the Vitest files instead of running the folder (which would take the specs)", () => {
    expect(vitestPlan(project(null), answer(true), undefined).filters).toEqual([
      "src/both.test.ts",
      "src/sign.test.ts",
    ]);
  });

  // novu's apps/api: mocha with .mocharc.json and chai, no Vitest config.
  it("leaves out every test of a project set up for Mocha or Jest, but one that imports Vitest", () => {
    writeFileSync(path.join(root, ".mocharc.json"), "{}\n");
    try {
      const plan = vitestPlan(project(null), answer(false), undefined);
      expect(plan.filters).toEqual(["src/both.test.ts"]);
      expect([...plan.importedRunner].map(([file, why]) => [file.file, why])).toEqual([
        ["e2e/sign.spec.ts", "it imports @playwright/test"],
        ["src/sign.test.ts", "the project runs Mocha (.mocharc.json)"],
      ]);
    } finally {
      rmSync(path.join(root, ".mocharc.json"));
    }
  });

  it("widened with no test Vitest runs, runs the folder and passes when Vitest finds none", () => {
    const excluded = { loaded: { root, vitest: { file: "vitest.config.ts", runs: () => false } } };
    expect(vitestPlan(excluded, answer(true), undefined).filters).toEqual([
      ".",
      "--passWithNoTests",
    ]);
  });

  it("trusts a Vitest config that includes the file", () => {
    const plan = vitestPlan(project("vitest.config.ts"), answer(false), undefined);
    expect(plan.filters).toEqual(["e2e/sign.spec.ts", "src/both.test.ts", "src/sign.test.ts"]);
    expect(plan.otherRunner).toEqual([]);
    expect(vitestPlan(project("vitest.config.ts"), answer(true), undefined).filters).toEqual(["."]);
  });
});
