// The fresh-index fast path's parity with an analysis, per fixture (test/support/fresh-parity.ts):
// `npm test` asks a sample of the fixtures chosen to keep every shape of input; every fixture is
// asked in fresh-parity.full.test.ts (`npm run test:full`, which CI runs).
import { expect, it } from "vitest";
import { describeFreshParity, FRESH_FIXTURES, FRESH_SAMPLE } from "../support/fresh-parity.js";

it("samples fixtures that exist", () => {
  expect(FRESH_SAMPLE.filter((fixture) => !FRESH_FIXTURES.includes(fixture))).toEqual([]);
});

describeFreshParity(FRESH_SAMPLE);
