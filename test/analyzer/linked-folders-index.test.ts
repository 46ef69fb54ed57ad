// A folder reached twice, itself and through a symbolic link below the root: TypeScript's file
// globbing walks it once, under the path it meets first in sorted order. With
// `billing/orders-link -> ../orders` the index held orders' files as billing's
// (`src/features/billing/orders-link/internal.ts`) and `orders` without them, and `check` counted
// one feature. A file found through a link is analysed at its real path when that lies in the
// project.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";
import { answer } from "../support/in-process-cli.js";

let root: string;
beforeAll(() => {
  const base = writtenProject({}, "linked-index");
  root = path.join(base, "app");
  const files: Record<string, string> = {
    "package.json": '{ "name": "linked-index", "private": true, "type": "module" }\n',
    "tsconfig.json":
      '{ "compilerOptions": { "strict": true, "module": "NodeNext", "types": [], "noEmit": true }, "include": ["src"] }\n',
    "src/features/orders/contract.ts": "export const pub = 1;\n",
    "src/features/orders/internal.ts": "export const secret = 2;\n",
    "src/features/billing/contract.ts":
      'import { pub } from "../orders/contract.js";\nexport const bill = pub;\n',
    "src/lib/util.ts": "export const util = 3;\n",
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  // Sorted before orders: TypeScript lists orders' files through it, and skips orders itself.
  symlinkSync("../orders", path.join(root, "src/features/billing/orders-link"));
  // A linked file: listed once, as the file it is.
  symlinkSync("util.ts", path.join(root, "src/lib/again.ts"));
});
afterAll(removeCopies);

it("lists every file once, at its real path in the project, with the feature it lies in", async () => {
  const run = await answer(["index"], root);
  expect(run.code).toBe(0);
  const index = JSON.parse(readFileSync(path.join(root, ".agentix/index.json"), "utf8")) as {
    features: { id: string; files: string[] }[];
    files: { path: string; feature: string | null }[];
  };
  expect(index.features.map(({ id, files }) => ({ id, files }))).toEqual([
    { id: "billing", files: ["src/features/billing/contract.ts"] },
    {
      id: "orders",
      files: ["src/features/orders/contract.ts", "src/features/orders/internal.ts"],
    },
  ]);
  expect(index.files.map((file) => [file.path, file.feature])).toEqual([
    ["src/features/billing/contract.ts", "billing"],
    ["src/features/orders/contract.ts", "orders"],
    ["src/features/orders/internal.ts", "orders"],
    ["src/lib/util.ts", null],
  ]);
  // The listing the index records is the one a fresh check lists again.
  const check = await answer(["index", "--check"], root);
  expect([check.code, check.stdout.replace(/sha256:\w+/u, "sha256:…")]).toEqual([
    0,
    ".agentix/index.json is current (sha256:…)\n",
  ]);
});

it("check counts each file once", async () => {
  const run = await answer(["check", "--json"], root);
  expect(JSON.parse(run.stdout).summary).toEqual({
    errors: 0,
    warnings: 2,
    features: 2,
    operations: 0,
    files: 4,
  });
});
