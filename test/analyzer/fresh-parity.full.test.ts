// The fresh-index fast path's parity with an analysis on every fixture (test/support/fresh-parity.ts);
// `npm test` asks a sample of them (fresh-parity.test.ts). Run by `npm run test:full`.
import { describeFreshParity, FRESH_FIXTURES } from "../support/fresh-parity.js";

describeFreshParity(FRESH_FIXTURES);
