// The workspace fixture with its node_modules installed as npm links workspace packages
// (`node_modules/@acme/contracts -> ../../packages/contracts`): each app's program then compiles
// the contracts' sources itself. A change there must reach the apps through the cross-package
// links exactly as without node_modules, not widen them as code outside the project; a file an
// app also reaches another way (a relative import out of the package) still widens it.
import { mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeCopies, type CliRun } from "../support/analyzer-fixtures.js";
import { workspaceCopy } from "./workspace-copy.js";

let root: string;
let cli: (args: readonly string[]) => Promise<CliRun>;
const link = () => path.join(root, "node_modules/@acme/contracts");

/** The same command without and with the node_modules link. */
async function unlinkedAndLinked(args: readonly string[]): Promise<[CliRun, CliRun]> {
  rmSync(link(), { force: true });
  const unlinked = await cli(args);
  symlinkSync("../../packages/contracts", link(), "dir");
  expect(realpathSync(link())).toBe(realpathSync(path.join(root, "packages/contracts")));
  return [unlinked, await cli(args)];
}

interface AffectedJson {
  links: { reason: string }[];
  packages: { path: string; result: { widened: { code: string; path: string }[] } }[];
  tests: { files: { file: string; selected: number; whole: boolean }[] };
}

beforeAll(() => {
  ({ root, cli } = workspaceCopy());
  mkdirSync(path.join(root, "node_modules/@acme"));
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

  it("a subpath export's change reaches both apps, text output identical", async () => {
    const [unlinked, linked] = await unlinkedAndLinked([
      "affected",
      "packages/contracts/src/money.ts",
    ]);
    expect(linked).toEqual(unlinked);
    expect(linked.stdout.split("\n")[0]).toBe(
      "agentix affected for packages/contracts/src/money.ts (workspace of 3 packages): 1 changed file; 5 of 6 test cases in 3 of 4 test files of 3 packages",
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
