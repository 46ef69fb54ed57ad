// Mocha's spec decides which selected files are the suite's tests: a script that imports chai
// but is in no spec was handed to Mocha, ended the process, and verify passed with failures
// unseen (helper-26 finding 2: oclif/core's test/integration/interop.ts, 3 of 3 changes).
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeCopies, writtenProject } from "../../../test/support/analyzer-fixtures.js";
import { mochaSpec } from "./mocha-spec.js";
import { runnerRuns } from "./runner-runs.js";
import { scriptInvocation } from "./runner-script.js";
import type { AffectedTestFile } from "../../affected/result.js";

afterEach(removeCopies);

const project = (files: Record<string, string>) => writtenProject(files, "mocha-spec");

const specOf = (root: string) => mochaSpec(root, scriptInvocation(root, "mocha", {}));

describe("mochaSpec", () => {
  it("takes the script's globs, --spec and folders; a folder runs its files (below it with --recursive)", () => {
    const root = project({
      "package.json": JSON.stringify({
        scripts: { test: "mocha 'test/**/*.test.ts' --spec unit" },
      }),
    });
    const spec = specOf(root)!;
    expect(spec.globs).toEqual(["test/**/*.test.ts", "unit"]);
    expect(
      ["test/a/b.test.ts", "test/tools/check.ts", "unit/x.ts", "unit/deep/y.ts"].map(spec.runs),
    ).toEqual([true, false, true, false]);
    writeFileSync(
      path.join(root, "package.json"),
      JSON.stringify({ scripts: { test: "mocha --recursive unit" } }),
    );
    expect(specOf(root)!.runs("unit/deep/y.ts")).toBe(true);
  });

  it("else reads .mocharc.json(c) or package.json's mocha; unknown without a spec", () => {
    const root = project({
      "package.json": JSON.stringify({ scripts: { test: "mocha" } }),
      ".mocharc.jsonc": '{\n  // the suite\n  "spec": ["test/**/*.ts"], "require": "tsx"\n}\n',
    });
    expect(specOf(root)!.runs("test/a.ts")).toBe(true);
    rmSync(path.join(root, ".mocharc.jsonc"));
    writeFileSync(
      path.join(root, "package.json"),
      JSON.stringify({ scripts: { test: "mocha" }, mocha: { spec: "spec/*.ts" } }),
    );
    expect(specOf(root)!.runs("spec/a.ts")).toBe(true);
    writeFileSync(path.join(root, "package.json"), JSON.stringify({ scripts: { test: "mocha" } }));
    expect(specOf(root)).toBeUndefined();
  });
});

it("verify hands Mocha only its spec's files; the rest are named, not run", () => {
  const root = project({
    "package.json": JSON.stringify({ scripts: { test: "mocha 'test/**/*.test.ts'" } }),
    "node_modules/mocha/package.json": JSON.stringify({
      name: "mocha",
      bin: { mocha: "bin/mocha.js" },
    }),
    "node_modules/mocha/bin/mocha.js": "",
  });
  const file = (name: string): AffectedTestFile =>
    ({
      file: name,
      whole: true,
      reason: "changed",
      cases: [],
      total: 1,
      selected: 1,
    }) as AffectedTestFile;
  const { runs, leftOut } = runnerRuns(
    root,
    new Map([["Mocha", [file("test/sum.test.ts"), file("test/tools/check-env.ts")]]]),
  );
  expect(runs.map((run) => run.files.map((f) => f.file))).toEqual([["test/sum.test.ts"]]);
  expect(leftOut).toEqual([
    {
      runner: "Mocha",
      files: [expect.objectContaining({ file: "test/tools/check-env.ts" })],
      why: "not in Mocha's spec (test/**/*.test.ts): npm test does not run it either",
    },
  ]);
});
