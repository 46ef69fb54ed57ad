// linked-node-modules.test.ts's promise for two more kinds of change (`npm run test:full`): a
// subpath export's change and a `--since` body edit in the contracts give the same answer with
// the workspace's node_modules link as without it.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeCopies } from "../support/analyzer-fixtures.js";
import { linkedWorkspace, type AffectedJson, type LinkedWorkspace } from "./linked-workspace.js";

let root: string;
let unlinkedAndLinked: LinkedWorkspace["unlinkedAndLinked"];

beforeAll(() => {
  ({ root, unlinkedAndLinked } = linkedWorkspace());
});
afterAll(removeCopies);

// Each case analyses the workspace twice (three programs each).
describe("a workspace with node_modules installed", { timeout: 60_000 }, () => {
  it("a subpath export's change reaches both apps, text output identical", async () => {
    const [unlinked, linked] = await unlinkedAndLinked([
      "affected",
      "packages/contracts/src/money.ts",
    ]);
    expect(linked).toEqual(unlinked);
    expect(linked.stdout.split("\n")[0]).toBe(
      "agentix affected for packages/contracts/src/money.ts (workspace of 3 packages): 1 changed file; 5 of 6 test cases in 3 of 4 test files; 3 packages reached",
    );
    expect(linked.stdout).not.toContain("outside-project");
  });

  it("--since: a body edit in the contracts selects the same cases", async () => {
    const file = path.join(root, "packages/contracts/src/money.ts");
    const original = readFileSync(file, "utf8");
    writeFileSync(file, original.replace("return a + b;", "return b + a;"));
    try {
      const [unlinked, linked] = await unlinkedAndLinked(["affected", "--since", "HEAD", "--json"]);
      expect(linked).toEqual(unlinked);
      const json = JSON.parse(linked.stdout) as AffectedJson;
      expect(json.packages.map((entry) => [entry.path, entry.result.widened.length])).toEqual([
        ["apps/admin", 0],
        ["apps/shop", 0],
        ["packages/contracts", 0],
      ]);
    } finally {
      writeFileSync(file, original);
    }
  });
});
