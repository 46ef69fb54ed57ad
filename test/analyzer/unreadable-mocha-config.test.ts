// A .mocharc that is not a regular file (a FIFO, a link to /dev/zero) is no Mocha config, for
// every reader alike: the analysis's (project/mocha-setup.ts) skipped it while the affected
// facts' root-hook reader threw (exit 3, then 2 naming it) and verify's spec reader would have
// waited on the FIFO forever. Each verb answers as without the file. The bin runs under a
// timeout, so a hang fails instead of stalling the suite.
import { execFileSync } from "node:child_process";
import { rmSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";
import { timedBin } from "../support/timed-bin.js";

let root: string;
const RC = ".mocharc.json";

beforeAll(() => {
  root = writtenProject({
    "package.json":
      '{ "name": "mocha-project", "type": "module", "scripts": { "test": "mocha" } }\n',
    "tsconfig.json":
      '{ "compilerOptions": { "strict": true, "module": "NodeNext", "types": [] }, "include": ["src", "test"] }\n',
    "src/one.ts": "export const one = 1;\n",
    "test/one.test.ts":
      'import { strict as assert } from "node:assert";\nimport { one } from "../src/one.js";\n\ndescribe("one", () => {\n  it("is one", () => assert.equal(one, 1));\n});\n',
  });
});
afterAll(removeCopies);

const bin = (args: readonly string[]) => timedBin(root, args);

const VERBS = [
  ["index", "--check"],
  ["affected", "src/one.ts"],
  ["verify", "src/one.ts", "--dry-run"],
];

describe("a .mocharc that is not a regular file", { timeout: 300_000 }, () => {
  it("a FIFO or a link to /dev/zero: each verb answers as without it", () => {
    const without = VERBS.map((args) => bin(args));
    expect(without.map((answer) => answer.code)).not.toContain(null);
    execFileSync("mkfifo", [path.join(root, RC)]);
    try {
      expect(VERBS.map((args) => bin(args))).toEqual(without);
    } finally {
      rmSync(path.join(root, RC));
    }
    symlinkSync("/dev/zero", path.join(root, RC));
    try {
      expect(VERBS.map((args) => bin(args))).toEqual(without);
    } finally {
      rmSync(path.join(root, RC));
    }
  });
});
