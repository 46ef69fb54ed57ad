// The workspace fixture with its node_modules installed as npm links workspace packages
// (`node_modules/@acme/contracts -> ../../packages/contracts`): each app's program then compiles
// the contracts' sources itself. A change there must reach the apps through the cross-package
// links exactly as without node_modules, not widen them as code outside the project; a file an
// app also reaches another way (a relative import out of the package) still widens it. A
// subpath export's change and `--since` the same way: linked-node-modules.full.test.ts.
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
  it("a change to the contracts' main export reaches the shop by its link, not by widening", async () => {
    const [unlinked, linked] = await unlinkedAndLinked([
      "affected",
      "packages/contracts/src/index.ts",
      "--json",
    ]);
    expect(linked).toEqual(unlinked);
    const json = JSON.parse(linked.stdout) as AffectedJson;
    expect(json.links.map((entry) => entry.reason)).toEqual([
      "apps/shop/src/features/cart/model.ts imports @acme/contracts (packages/contracts/src/index.ts)",
    ]);
    expect(json.packages.map((entry) => [entry.path, entry.result.widened])).toEqual([
      ["apps/shop", []],
      [
        "packages/contracts",
        [
          {
            code: "shared-code",
            message: "shared code outside every feature changed: src/index.ts",
            path: "src/index.ts",
          },
        ],
      ],
    ]);
  });

  it("the package.json of a package an app compiles through its link configures that app", async () => {
    const [unlinked, linked] = await unlinkedAndLinked(
      ["affected", "../../packages/contracts/package.json", "--json"],
      path.join(root, "apps/shop"),
    );
    const answer = (run: typeof linked) => {
      const json = JSON.parse(run.stdout) as { widened: unknown[]; notes: string[] };
      return [run.code, json.widened, json.notes];
    };
    expect(answer(unlinked)).toEqual([
      0,
      [],
      [
        "../../packages/contracts/package.json is configuration outside the project that it neither compiles nor runs on",
      ],
    ]);
    expect(answer(linked)).toEqual([
      0,
      [
        {
          code: "config-file",
          message: "configuration changed: ../../packages/contracts/package.json",
          path: "../../packages/contracts/package.json",
        },
      ],
      [],
    ]);
  });

  it("a contracts file an app also imports by a relative path still widens that app", async () => {
    const file = path.join(root, "apps/admin/src/features/reports/operations.ts");
    const original = readFileSync(file, "utf8");
    writeFileSync(
      file,
      `import { normalizeSku } from "../../../../../packages/contracts/src/index.js";\nexport const sku = normalizeSku;\n${original}`,
    );
    try {
      const [, linked] = await unlinkedAndLinked([
        "affected",
        "packages/contracts/src/index.ts",
        "--json",
      ]);
      const json = JSON.parse(linked.stdout) as AffectedJson;
      expect(json.packages.map((entry) => [entry.path, entry.result.widened])).toEqual([
        [
          "apps/admin",
          [
            {
              code: "outside-project",
              message:
                "code outside the project that it compiles changed: ../../packages/contracts/src/index.ts",
              path: "../../packages/contracts/src/index.ts",
            },
          ],
        ],
        ["apps/shop", []],
        [
          "packages/contracts",
          [
            {
              code: "shared-code",
              message: "shared code outside every feature changed: src/index.ts",
              path: "src/index.ts",
            },
          ],
        ],
      ]);
    } finally {
      writeFileSync(file, original);
    }
  });
});
