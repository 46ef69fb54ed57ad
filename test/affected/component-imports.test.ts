// test/fixtures/vue-components (vueuse's shape): a test imports ./Demo.vue, whose <script setup>
// imports ./greet and ./Inner.vue, which imports ./shout. TypeScript sees the components as
// assets; agentix reads their imports, so a change to what they load reaches the test (it did
// not: vueuse's useMouse/demo.browser.test.ts was never selected for a change to useMouse).
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedResult } from "../../analyzer/affected/result.js";
import { computeAffected } from "../../analyzer/affected/live-facts.js";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

let analysis: Analysis | undefined;
const analysed = () => (analysis ??= analyze({ root: copyFixture("vue-components") }));

function testsFor(change: FileChange): string[] {
  const changes = [change];
  const result = affectedResult(computeAffected(analysed(), changes), {
    since: null,
    targets: [change.path],
    changes,
  });
  expect(result.widened).toEqual([]);
  return result.tests.files.map(({ file, reason }) => `${file}: ${reason}`);
}

describe("a single-file component a test imports", () => {
  it("passes on a change to a module it imports", () => {
    expect(testsFor({ path: "src/greet.ts", status: "modified" })).toEqual([
      "src/demo.test.ts: imports src/Demo.vue, which imports src/greet.ts; changed",
      "src/greet.test.ts: imports src/greet.ts; changed",
    ]);
  });

  it("and to one a component it imports imports", () => {
    expect(testsFor({ path: "src/shout.ts", status: "modified" })).toEqual([
      "src/demo.test.ts: imports src/Demo.vue, which imports src/shout.ts; changed",
    ]);
  });

  it("even when only a function's body changed (the component's uses are not analysed)", () => {
    expect(testsFor({ path: "src/shout.ts", status: "modified", lines: [[3, 3]] })).toEqual([
      "src/demo.test.ts: imports src/Demo.vue, which imports src/shout.ts <- src/shout.ts#shout; changed at line 3",
    ]);
  });

  it("and a change to the component itself reaches the test that imports it", () => {
    expect(
      testsFor({ path: "src/Inner.vue", status: "modified" }).map((t) => t.split(":")[0]),
    ).toEqual(["src/demo.test.ts"]);
  });
});

describe("a hostile component", () => {
  // Its text is the user's: a megabyte of spaces after `import` once made the scan run for
  // minutes (an unbounded regular expression backtracking); every repetition is bounded now.
  it("is scanned quickly, and its real imports still found", () => {
    const root = copyFixture("vue-components");
    writeFileSync(
      path.join(root, "src/Inner.vue"),
      `<script setup lang="ts">\nimport { shout } from "./shout";\nimport ${" ".repeat(1_000_000)}\n${"import".repeat(100_000)}\nimport {${" a,".repeat(100_000)}\n</script>\n`,
    );
    const hostile = analyze({ root });
    const changes: FileChange[] = [{ path: "src/shout.ts", status: "modified" }];
    const result = affectedResult(computeAffected(hostile, changes), {
      since: null,
      targets: ["src/shout.ts"],
      changes,
    });
    expect(result.tests.files.map((file) => file.file)).toEqual(["src/demo.test.ts"]);
  });
});
