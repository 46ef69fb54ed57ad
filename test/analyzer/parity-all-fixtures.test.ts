// Parity with ESLint, the sample `npm test` runs (parity-fixtures.ts says what is compared):
// the fixtures that exercise the most (every rule and a syntax error; casts, ambient holes and
// literal-union imports; directives and severities; reports only `check` makes; feature entries
// a `"files"` tsconfig leaves out), the plugin
// without type information, and the guards. parity-all-fixtures.full.test.ts compares every
// fixture (`npm run test:full`, in CI).
import { describe, it } from "vitest";
import {
  CASES,
  expectEveryFixtureCovered,
  expectParity,
  expectPluginRoot,
  expectUntypedParity,
  parityCase,
} from "./parity-fixtures.js";

const SAMPLE = [
  "asset-imports",
  "broken",
  "entries-outside-program",
  "parity",
  "transitive",
  "verdict",
].map(parityCase);

describe("parity with ESLint on a sample of the fixtures", { timeout: 120_000 }, () => {
  it("covers every fixture folder and workspace package or says why not", () => {
    expectEveryFixtureCovered();
  });

  it.each(CASES)("$fixture: the plugin reads the project's own configuration", (c) => {
    expectPluginRoot(c);
  });

  it.each(SAMPLE)("$fixture: the same reports from ESLint and check", expectParity);

  it("library: the plugin without type information reports what check reports", async () => {
    await expectUntypedParity(parityCase("library"));
  });
});
