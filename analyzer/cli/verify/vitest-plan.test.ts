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

// NestJS's vitest.e2e.config.ts (a package.json script's `vitest --config`): its tests were
// named "not run by vitest", and a CI matrix reading the invocations never ran them.
describe("vitestPlan: tests a second Vitest config runs", () => {
  const e2e = {
    file: "vitest.e2e.config.ts",
    runs: (file: string) => file.startsWith("e2e/"),
  };
  // A function: `root` is made in beforeAll.
  const nest = (): VitestSource => ({
    loaded: {
      root,
      vitest: {
        file: "vitest.config.ts",
        runs: (file) => file.startsWith("src/"),
        others: [{ file: null, runs: () => true }, e2e],
      },
    },
  });
  const other = (file: string): AffectedTestFile => ({ ...test(file), selected: 2, total: 2 });
  const selection = (widened: boolean, extra: AffectedTestFile[] = []): AffectedResult => {
    const base = answer(widened);
    const all = [...base.tests.files, ...extra];
    return { ...base, tests: { ...base.tests, files: all } };
  };

  it("runs them with that config, apart from the main run and from another runner's", () => {
    const plan = vitestPlan(nest(), selection(false, [other("lib/x.test.ts")]), undefined);
    expect(plan.filters).toEqual(["src/both.test.ts", "src/sign.test.ts"]);
    expect(plan.otherConfigs).toEqual([
      {
        config: "vitest.e2e.config.ts",
        kind: "second",
        cwd: root,
        filters: ["--config", "vitest.e2e.config.ts", "e2e/sign.spec.ts"],
        files: [files[0]],
      },
    ]);
    expect(plan.otherRunner.map((file) => file.file)).toEqual(["lib/x.test.ts"]);
  });

  it("widened, runs that config's whole suite as well", () => {
    const plan = vitestPlan(nest(), answer(true), { index: 2, count: 2 });
    expect(plan.filters).toEqual([".", "--shard=2/2"]);
    expect(plan.otherConfigs.map((run) => run.filters)).toEqual([
      ["--config", "vitest.e2e.config.ts", ".", "--shard=2/2"],
    ]);
  });

  it("shares a shard's split with the main config's files", () => {
    const split = [1, 2].map((index) => vitestPlan(nest(), answer(false), { index, count: 2 }));
    const ran = split.flatMap((plan) => [
      ...plan.files,
      ...plan.otherConfigs.flatMap((run) => run.files),
    ]);
    expect(ran.map((file) => file.file).sort()).toEqual(files.map((file) => file.file));
    expect(split.map((plan) => plan.files.length + plan.otherConfigs.length)).toEqual([2, 1]);
  });

  it("gives a test another runner's import claims to that runner, without a main config", () => {
    const defaults: VitestSource = {
      loaded: { root, vitest: { file: null, runs: () => false, others: [e2e] } },
    };
    const plan = vitestPlan(defaults, answer(false), undefined);
    expect(plan.otherConfigs).toEqual([]);
    expect(plan.otherRunner.map((file) => file.file)).toEqual(files.map((file) => file.file));
  });
});

// starlight: the root tsconfig compiles packages/lib, whose own vitest.config.ts (its setup
// files) Vitest ignored when run from the root: `vitest run packages/lib/test/x.test.ts` failed.
describe("vitestPlan: tests under a folder with a Vitest config of its own", () => {
  let workspace: string;
  beforeAll(() => {
    workspace = mkdtempSync(path.join(tmpdir(), "agentix-nested-vitest-"));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(workspace, file)), { recursive: true });
      writeFileSync(path.join(workspace, file), text);
    };
    write(".git/HEAD", "ref: refs/heads/main\n");
    write("packages/lib/vitest.config.ts", "export default {};\n");
    write("packages/lib/test/a.test.ts", 'import { it } from "vitest";\nit("a", () => {});\n');
    write("packages/lib/e2e/b.spec.ts", 'import { test } from "@playwright/test";\n');
    write("src/c.test.ts", 'import { it } from "vitest";\nit("c", () => {});\n');
  });
  afterAll(() => rmSync(workspace, { recursive: true, force: true }));

  const tests = ["packages/lib/e2e/b.spec.ts", "packages/lib/test/a.test.ts", "src/c.test.ts"];
  const selection = (widened: boolean): AffectedResult => {
    const base = answer(widened);
    return { ...base, tests: { ...base.tests, files: tests.map(test) } };
  };
  const source = (): VitestSource => ({
    loaded: { root: workspace, vitest: { file: null, runs: () => true } },
  });

  it("runs them from that folder, by their paths there; another runner's spec there is its own", () => {
    const plan = vitestPlan(source(), selection(false), undefined);
    expect(plan.filters).toEqual(["src/c.test.ts"]);
    expect(
      plan.otherConfigs.map((run) => [
        run.kind,
        run.config,
        run.cwd,
        run.filters,
        run.files.length,
      ]),
    ).toEqual([
      [
        "nested",
        "packages/lib/vitest.config.ts",
        path.join(workspace, "packages/lib"),
        ["test/a.test.ts"],
        1,
      ],
    ]);
    expect([...plan.importedRunner].map(([file, why]) => [file.file, why])).toEqual([
      ["packages/lib/e2e/b.spec.ts", "it imports @playwright/test"],
    ]);
    expect(plan.otherRunner.map((file) => file.file)).toEqual(["packages/lib/e2e/b.spec.ts"]);
  });

  it("widened, the project's own files by name and the folder's whole suite from there", () => {
    const plan = vitestPlan(source(), selection(true), undefined);
    expect(plan.filters).toEqual(["src/c.test.ts"]);
    expect(plan.otherConfigs.map((run) => [run.cwd, run.filters])).toEqual([
      [path.join(workspace, "packages/lib"), ["."]],
    ]);
  });
});

// A config whose coverage is on (thresholds over the whole suite): a run of a part of the suite
// failed them, so verify failed a change whose tests all passed.
describe("vitestPlan: coverage a config turns on", () => {
  const config = (name: string, text: string) => {
    writeFileSync(path.join(root, name), text);
    return name;
  };

  it("is turned off for the run", () => {
    const on = config(
      "vitest.coverage.config.ts",
      'export default { test: { coverage: { provider: "v8", thresholds: { lines: 90 }, enabled: true } } };\n',
    );
    expect(vitestPlan(project(on), answer(false), undefined).filters).toEqual([
      "e2e/sign.spec.ts",
      "src/both.test.ts",
      "src/sign.test.ts",
      "--coverage.enabled=false",
    ]);
    // Widened: the whole suite, coverage off all the same.
    expect(vitestPlan(project(on), answer(true), undefined).filters).toEqual([
      ".",
      "--coverage.enabled=false",
    ]);
  });

  it("is left alone where the config does not turn it on, or cannot be read", () => {
    const off = config(
      "vitest.plain.config.ts",
      'export default { test: { coverage: { provider: "v8" } } };\n',
    );
    expect(vitestPlan(project(off), answer(false), undefined).filters).not.toContain(
      "--coverage.enabled=false",
    );
    expect(
      vitestPlan(project("missing.config.ts"), answer(false), undefined).filters,
    ).not.toContain("--coverage.enabled=false");
  });
});
