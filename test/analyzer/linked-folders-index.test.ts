// A folder reached twice, itself and through a symbolic link below the root: TypeScript's file
// globbing walks it once, under the path it meets first in sorted order. With
// `billing/orders-link -> ../orders` the index held orders' files as billing's
// (`src/features/billing/orders-link/internal.ts`) and `orders` without them, and `check` counted
// one feature; and an import through a link added the file again under the link's path (TypeScript
// follows links only into node_modules). A file found or imported through a link is analysed at
// its real path when that lies in the project, as Node loads it.
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { AnalysisSession } from "../../analyzer/analysis-session.js";
import { serializeIndex } from "../../analyzer/index-file/serialize.js";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";
import { coldIndexBytes } from "../support/cold-index.js";
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
    // orders' contract through the link: TypeScript resolves it to the link's path.
    "src/features/billing/contract.ts":
      'import { pub } from "./orders-link/contract.js";\nexport const bill = pub;\n',
    "src/lib/user.ts": 'import { util } from "./again.js";\nexport const used = util;\n',
    "src/lib/util.ts": "export const util = 3;\n",
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  // Sorted before orders: TypeScript lists orders' files through it, and skips orders itself.
  symlinkSync("../orders", path.join(root, "src/features/billing/orders-link"));
  // A linked file: listed once, as the file it is; a loop back to src.
  symlinkSync("util.ts", path.join(root, "src/lib/again.ts"));
  symlinkSync("..", path.join(root, "src/features/loop"));
  // A dangling link leads nowhere: no file, no error.
  symlinkSync("../nowhere/missing.ts", path.join(root, "src/lib/dangling.ts"));
});
afterAll(removeCopies);

it("lists every file once, at its real path in the project, with the feature it lies in", async () => {
  const run = await answer(["index"], root);
  expect(run.code).toBe(0);
  const index = JSON.parse(readFileSync(path.join(root, ".agentix/index.json"), "utf8")) as {
    features: { id: string; files: string[] }[];
    files: { path: string; feature: string | null; imports: { target?: string }[] }[];
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
    ["src/lib/user.ts", null],
    ["src/lib/util.ts", null],
  ]);
  // Imports through a link lead to the file itself, as Node loads it.
  const targets = (file: string) =>
    index.files.find((entry) => entry.path === file)?.imports.map((entry) => entry.target);
  expect(targets("src/features/billing/contract.ts")).toEqual(["src/features/orders/contract.ts"]);
  expect(targets("src/lib/user.ts")).toEqual(["src/lib/util.ts"]);
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
    files: 5,
  });
});

it("a warm session names them alike after an edit and after a new link", () => {
  const session = new AnalysisSession({ root });
  expect(serializeIndex(session.index())).toBe(coldIndexBytes(root));
  writeFileSync(
    path.join(root, "src/features/billing/contract.ts"),
    'import { pub } from "./orders-link/contract.js";\nexport const bill = pub + 1;\n',
  );
  expect(serializeIndex(session.index())).toBe(coldIndexBytes(root));
  // A link created since, and a file importing through it.
  symlinkSync("../../lib", path.join(root, "src/features/orders/lib-link"));
  writeFileSync(
    path.join(root, "src/features/orders/uses.ts"),
    'import { util } from "./lib-link/util.js";\nexport const u = util;\n',
  );
  const bytes = serializeIndex(session.index());
  expect(bytes).toBe(coldIndexBytes(root));
  const index = JSON.parse(bytes) as { files: { path: string; imports: { target?: string }[] }[] };
  expect(index.files.map((file) => file.path)).not.toContain(
    "src/features/orders/lib-link/util.ts",
  );
  expect(
    index.files.find((file) => file.path === "src/features/orders/uses.ts")?.imports[0]?.target,
  ).toBe("src/lib/util.ts");
});
