// Boundary laundering through symbolic links (no-private-imports, no-undeclared-dependencies): a
// link below the project root must not make another feature's private file importable, nor hide
// the use of its contract. An import is judged by the file it lands in (the link's target), by
// ESLint and by `agentix check` alike; a link that stays within what the importer may import
// reports nothing.
import { readFileSync, symlinkSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clearProjectCaches } from "../logic/project-services.js";
import { removeCopies, writtenProject } from "../../test/support/analyzer-fixtures.js";
import { answer } from "../../test/support/in-process-cli.js";
import {
  lintNoPrivateImports,
  lintWithAgentix,
} from "../../test/support/lint-no-private-imports.js";

const ORDERS_PRIVATE =
  'src/features/orders/internal.ts is private to feature "orders"; feature "billing" may import only its public entry src/features/orders/contract.ts, so import from there instead';

const UNDECLARED =
  'feature "stock" uses the contract of feature "orders" (src/features/orders/contract.ts) without declaring it; add that contract to the dependencies of defineFeature in src/features/stock/feature.ts';

const MODEL = [
  // A linked folder inside billing leading to orders.
  'import { secret } from "./orders-link/internal.js";',
  // A linked file outside features leading to orders' private file.
  'import { secret as again } from "../../shortcut.js";',
  // The same folder link to orders' contract: a public entry, allowed.
  'import { pub } from "./orders-link/contract.js";',
  // A link within billing's own feature, and one to shared code: nothing to report.
  'import { own } from "./own-link/deep.js";',
  'import { util } from "../../shared-link.js";',
  "export const total = secret + again + pub + own + util;",
  "",
].join("\n");

let root: string;
beforeAll(() => {
  root = writtenProject(
    {
      "package.json": '{ "name": "links", "private": true, "type": "module" }\n',
      "tsconfig.json":
        '{ "compilerOptions": { "strict": true, "module": "NodeNext", "types": [], "noEmit": true, "paths": { "@lib/*": ["./src/lib/*"] } }, "include": ["src"] }\n',
      "src/features/orders/internal.ts": "export const secret = 1;\n",
      "src/features/orders/contract.ts": "export const pub = 2;\n",
      "src/features/billing/contract.ts": "export const b = 1;\n",
      "src/features/billing/parts/deep.ts": "export const own = 3;\n",
      "src/lib/util.ts": "export const util = 4;\n",
      "src/features/billing/model.ts": MODEL,
      "src/features/billing/aliased.ts":
        'import { secret } from "@lib/orders-link/internal.js";\nexport const s = secret;\n',
      // A feature that declares no dependencies, using orders' contract through a linked folder.
      "src/features/stock/feature.ts":
        'import { defineFeature } from "agentix";\nexport const stock = defineFeature({ id: "stock", dependencies: [] });\n',
      "src/features/stock/contract.ts": "export const s = 1;\n",
      "src/features/stock/uses.ts":
        'import { pub } from "./orders-link/contract.js";\nexport const p = pub;\n',
    },
    "links",
  );
  symlinkSync("../orders", path.join(root, "src/features/billing/orders-link"));
  symlinkSync("parts", path.join(root, "src/features/billing/own-link"));
  symlinkSync("../orders", path.join(root, "src/features/stock/orders-link"));
  symlinkSync("features/orders/internal.ts", path.join(root, "src/shortcut.ts"));
  symlinkSync("lib/util.ts", path.join(root, "src/shared-link.ts"));
  // A folder of shared code linked to a feature: an alias through it lands in that feature.
  symlinkSync("../features/orders", path.join(root, "src/lib/orders-link"));
  clearProjectCaches();
});
afterAll(removeCopies);

const lint = (file: string) =>
  lintNoPrivateImports(root, file, readFileSync(path.join(root, file), "utf8"));

describe("no-private-imports through symbolic links", () => {
  it("reports an import that a linked folder or a linked file leads into another feature's private file", () => {
    expect(lint("src/features/billing/model.ts")).toEqual([
      { ruleId: "agentix/no-private-imports", line: 1, column: 24, message: ORDERS_PRIVATE },
      { ruleId: "agentix/no-private-imports", line: 2, column: 33, message: ORDERS_PRIVATE },
    ]);
  });

  it("reports an alias that a linked folder leads into another feature", () => {
    expect(lint("src/features/billing/aliased.ts")).toEqual([
      { ruleId: "agentix/no-private-imports", line: 1, column: 24, message: ORDERS_PRIVATE },
    ]);
  });

  it("no-undeclared-dependencies sees a contract used through a linked folder", () => {
    const file = "src/features/stock/uses.ts";
    const code = readFileSync(path.join(root, file), "utf8");
    expect(lintWithAgentix(root, file, code, ["no-undeclared-dependencies"])).toEqual([
      { ruleId: "agentix/no-undeclared-dependencies", line: 1, column: 21, message: UNDECLARED },
    ]);
  });

  it("is reported by `agentix check` at the same places", async () => {
    const check = await answer(["check", "--json", "--fresh"], root);
    const reported = (
      JSON.parse(check.stdout) as {
        problems: {
          source: string;
          file: string;
          line: number;
          column: number;
          message: string;
        }[];
      }
    ).problems
      .filter((problem) => problem.source === "violation")
      .map(({ file, line, column, message }) => ({ file, line, column, message }));
    expect(reported).toEqual([
      { file: "src/features/billing/aliased.ts", line: 1, column: 24, message: ORDERS_PRIVATE },
      { file: "src/features/billing/model.ts", line: 1, column: 24, message: ORDERS_PRIVATE },
      { file: "src/features/billing/model.ts", line: 2, column: 33, message: ORDERS_PRIVATE },
      { file: "src/features/stock/uses.ts", line: 1, column: 21, message: UNDECLARED },
    ]);
    expect(check.code).toBe(1);
  });
});
