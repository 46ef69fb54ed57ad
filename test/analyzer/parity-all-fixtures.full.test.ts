// Parity with ESLint on every fixture (`npm run test:full`, in CI); parity-all-fixtures.test.ts
// runs a sample of these in `npm test`, and the guard that every fixture is listed.
import { describe, it } from "vitest";
import { CASES, expectParity } from "./parity-fixtures.js";

describe("parity with ESLint on every fixture", { timeout: 120_000 }, () => {
  it.each(CASES)("$fixture: the same reports from ESLint and check", expectParity);
});
