// agentix at a workspace root (test/fixtures/workspace: npm workspaces, apps/shop and apps/admin
// importing packages/contracts by name, node_modules not installed): discovery, affected across
// packages with a reason per link, graph, index and verify --dry-run, in-process on one copy.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, recordingIO, removeCopies, type CliRun } from "../support/analyzer-fixtures.js";
import { run } from "../../analyzer/cli/main.js";
import { createAjv } from "../../schema/ajv.js";
import { workspaceCopy } from "./workspace-copy.js";
import { validateWorkspace, workspaceJson } from "./workspace-json.js";

let root: string;
let cli: (args: readonly string[], cwd?: string) => Promise<CliRun>;

interface AffectedJson {
  packages: {
    name: string;
    path: string;
    result: { changes: { path: string }[]; widened: unknown[]; affected: { operations: string[] } };
  }[];
  links: { from: string; to: string; reason: string }[];
  tests: {
    selected: { files: number; cases: number };
    total: {
      files: number;
      cases: number;
      packages: { name: string; path: string; files: number; cases: number }[];
    };
    files: { file: string; whole: boolean; cases: { line: number }[] }[];
  };
}
const summary = (result: AffectedJson) => ({
  packages: result.packages.map((entry) => ({
    path: entry.path,
    changes: entry.result.changes.map((change) => change.path),
    widened: entry.result.widened.length > 0,
    operations: entry.result.affected.operations,
  })),
  tests: result.tests.files.map((file) =>
    file.whole ? file.file : `${file.file}:${file.cases.map((c) => c.line).join(",")}`,
  ),
});

const MB = 1024 * 1024;
/** The heap as io.heap reads it: readings in MB (the last one repeated), under a limit of 700 MB. */
const heapOf = (used: readonly number[]) => {
  let reads = 0;
  return () => ({
    used: (used[Math.min(reads++, used.length - 1)] as number) * MB,
    limit: 700 * MB,
  });
};

beforeAll(() => {
  ({ root, cli } = workspaceCopy());
});
afterAll(removeCopies);

const SHOP_LINK = {
  from: "file packages/contracts/src/index.ts",
  to: "file apps/shop/src/features/cart/model.ts",
  reason:
    "apps/shop/src/features/cart/model.ts imports @acme/contracts (packages/contracts/src/index.ts)",
};
const SHOP_MONEY_LINK = {
  from: "file packages/contracts/src/money.ts",
  to: "file apps/shop/src/features/cart/model.ts",
  reason:
    "apps/shop/src/features/cart/model.ts imports @acme/contracts/money (packages/contracts/src/money.ts)",
};
const ADMIN_MONEY_LINK = {
  from: "file packages/contracts/src/money.ts",
  to: "file apps/admin/src/features/reports/operations.ts",
  reason:
    "apps/admin/src/features/reports/operations.ts imports @acme/contracts/money (packages/contracts/src/money.ts)",
};

const configChanged = (file: string) => ({
  code: "config-file",
  message: `configuration changed: ${file}`,
  path: file,
});

describe("agentix affected at a workspace root", () => {
  it("follows a change to the contracts' main export into the shop's cart, not the admin", async () => {
    const result = await cli(["affected", "packages/contracts/src/index.ts", "--json"]);
    expect(result.code).toBe(0);
    const json = workspaceJson<AffectedJson>(result.stdout);
    expect(json.links).toEqual([SHOP_LINK]);
    expect(summary(json)).toEqual({
      packages: [
        {
          path: "apps/shop",
          changes: ["src/features/cart/model.ts"],
          widened: false,
          operations: ["cart.add"],
        },
        { path: "packages/contracts", changes: ["src/index.ts"], widened: true, operations: [] },
      ],
      tests: ["apps/shop/src/features/cart/cart.test.ts", "packages/contracts/src/money.test.ts"],
    });
  });

  it("follows a change to a subpath export (@acme/contracts/money) into both apps", async () => {
    const json = workspaceJson<AffectedJson>(
      (await cli(["affected", "packages/contracts/src/money.ts", "--json"])).stdout,
    );
    expect(json.links).toEqual([ADMIN_MONEY_LINK, SHOP_MONEY_LINK]);
    expect(summary(json).tests).toEqual([
      "apps/admin/src/features/reports/reports.test.ts",
      "apps/shop/src/features/cart/cart.test.ts",
      "packages/contracts/src/money.test.ts",
    ]);
  });

  // documenso's internal packages: no `exports`, `"main": "./index.ts"`, and consumers import
  // any folder of them (`@documenso/trpc/react`), as Node and bundlers allow such a package.
  it("follows a package without exports: main for the bare name, a subpath's file or folder index", async () => {
    const files: Record<string, string> = {
      "packages/ui/package.json": '{ "name": "@acme/ui", "main": "index.ts" }\n',
      "packages/ui/tsconfig.json": '{ "extends": "../../tsconfig.base.json", "include": ["."] }\n',
      "packages/ui/index.ts": 'export const theme = "dark";\n',
      "packages/ui/format/index.ts": "export const label = (text: string) => `[${text}]`;\n",
      // A folder with a package.json of its own: its fields decide, so any change may reach.
      "packages/ui/icons/package.json": '{ "main": "dist/icons.js" }\n',
      "packages/ui/icons/index.ts": 'export const star = "*";\n',
      "apps/admin/src/features/reports/ui.ts":
        'import { label } from "@acme/ui/format";\nimport { star } from "@acme/ui/icons";\nexport const title = label(star);\n',
      "apps/shop/src/features/cart/ui.ts":
        'import { theme } from "@acme/ui";\nexport const cartTheme = theme;\n',
    };
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    }
    const admin = "apps/admin/src/features/reports/ui.ts";
    const shop = "apps/shop/src/features/cart/ui.ts";
    const icons = {
      from: "package @acme/ui",
      to: `file ${admin}`,
      reason: `${admin} imports @acme/ui/icons (packages/ui: which of its files that loads is not known)`,
    };
    try {
      const links = async (target: string) =>
        workspaceJson<AffectedJson>((await cli(["affected", target, "--json"])).stdout).links;
      expect(await links("packages/ui/format/index.ts")).toEqual([
        {
          from: "file packages/ui/format/index.ts",
          to: `file ${admin}`,
          reason: `${admin} imports @acme/ui/format (packages/ui/format/index.ts)`,
        },
        icons,
      ]);
      expect(await links("packages/ui/index.ts")).toEqual([
        icons,
        {
          from: "file packages/ui/index.ts",
          to: `file ${shop}`,
          reason: `${shop} imports @acme/ui (packages/ui/index.ts)`,
        },
      ]);
    } finally {
      for (const file of [admin, shop]) rmSync(path.join(root, file));
      rmSync(path.join(root, "packages/ui"), { recursive: true, force: true });
    }
  });

  it("keeps a change inside one app in that app (no link, no other package)", async () => {
    const json = workspaceJson<AffectedJson>(
      (await cli(["affected", "wishlist.add", "--json"])).stdout,
    );
    expect(json.links).toEqual([]);
    expect(summary(json)).toEqual({
      packages: [{ path: "apps/shop", changes: [], widened: false, operations: ["wishlist.add"] }],
      tests: ["apps/shop/src/features/wishlist/wishlist.test.ts"],
    });
    // The totals count every analysed package, the two the change does not reach too.
    expect(json.tests.selected).toEqual({ files: 1, cases: 1 });
    expect(json.tests.total).toEqual({
      files: 4,
      cases: 6,
      packages: [
        {
          name: "@acme/admin",
          path: "apps/admin",
          tsconfig: "apps/admin/tsconfig.json",
          files: 1,
          cases: 1,
        },
        {
          name: "@acme/shop",
          path: "apps/shop",
          tsconfig: "apps/shop/tsconfig.json",
          files: 2,
          cases: 3,
        },
        {
          name: "@acme/contracts",
          path: "packages/contracts",
          tsconfig: "packages/contracts/tsconfig.json",
          files: 1,
          cases: 2,
        },
      ],
    });
    const { total: _total, ...withoutTotal } = json.tests;
    expect(validateWorkspace({ ...json, tests: withoutTotal })).toBe(false);
  });

  it("text: the totals of every package, then the reached package's own answer", async () => {
    const result = await cli(["affected", "wishlist.add"]);
    expect(result.stdout.split("\n").slice(0, 8)).toEqual([
      "agentix affected for wishlist.add (workspace of 3 packages): 0 changed files; 1 of 6 test cases in 1 of 4 test files; 1 package reached",
      "",
      "tests by package:",
      "  @acme/admin (apps/admin)              0 of 1 test cases in 0 of 1 test files",
      "  @acme/shop (apps/shop)                1 of 3 test cases in 1 of 2 test files",
      "  @acme/contracts (packages/contracts)  0 of 2 test cases in 0 of 1 test files",
      "",
      "== @acme/shop (apps/shop)",
    ]);
  });

  // The body of addCents: in the contracts only its own case; in each app the whole importing
  // module (a workspace link is followed as a whole-module change), 2 + 1 + 1 cases.
  it("--since: an edit of a function body in the contracts reaches the importing cases", async () => {
    const file = path.join(root, "packages/contracts/src/money.ts");
    const original = readFileSync(file, "utf8");
    writeFileSync(file, original.replace("return a + b;", "return b + a;"));
    try {
      const result = await cli(["affected", "--since", "HEAD"]);
      expect(result.code).toBe(0);
      expect(result.stdout.split("\n").slice(0, 10)).toEqual([
        "agentix affected since HEAD (workspace of 3 packages): 1 changed file; 4 of 6 test cases in 3 of 4 test files; 3 packages reached",
        "",
        "tests by package:",
        "  @acme/admin (apps/admin)              1 of 1 test cases in 1 of 1 test files",
        "  @acme/shop (apps/shop)                2 of 3 test cases in 1 of 2 test files",
        "  @acme/contracts (packages/contracts)  1 of 2 test cases in 1 of 1 test files",
        "",
        "across packages:",
        `  ${ADMIN_MONEY_LINK.from} -> ${ADMIN_MONEY_LINK.to} [${ADMIN_MONEY_LINK.reason}]`,
        `  ${SHOP_MONEY_LINK.from} -> ${SHOP_MONEY_LINK.to} [${SHOP_MONEY_LINK.reason}]`,
      ]);
      expect(result.stdout).toContain("\n== @acme/admin (apps/admin)\n");
    } finally {
      writeFileSync(file, original);
    }
  });

  // A file a package's entry re-exports, deleted or renamed: the entry imported a removed file,
  // so its importers in other packages are reached as if the entry changed (they were not).
  it("--since: a file the contracts' entry re-exports, deleted or renamed, reaches the importing packages", async () => {
    const copy = workspaceCopy();
    const entry = path.join(copy.root, "packages/contracts/src/index.ts");
    writeFileSync(
      path.join(copy.root, "packages/contracts/src/sku-format.ts"),
      'export const SKU_SEPARATOR = "-";\n',
    );
    writeFileSync(
      entry,
      `${readFileSync(entry, "utf8")}export { SKU_SEPARATOR } from "./sku-format.js";\n`,
    );
    copy.git("add", "-A");
    copy.git(
      "-c",
      "user.email=t@agentix",
      "-c",
      "user.name=test",
      "commit",
      "-q",
      "-m",
      "sku format",
    );
    const firstLine = async () =>
      (await copy.cli(["affected", "--since", "HEAD"])).stdout.split("\n")[0];
    rmSync(path.join(copy.root, "packages/contracts/src/sku-format.ts"));
    expect(await firstLine()).toBe(
      "agentix affected since HEAD (workspace of 3 packages): 1 changed file; 2 of 6 test cases in 1 of 4 test files; 2 packages reached",
    );
    copy.git("checkout", "-q", "--", "packages");
    copy.git("mv", "packages/contracts/src/sku-format.ts", "packages/contracts/src/sku-text.ts");
    expect(await firstLine()).toBe(
      "agentix affected since HEAD (workspace of 3 packages): 1 changed file; 4 of 6 test cases in 2 of 4 test files; 2 packages reached",
    );
  });

  it("a workspace-level config change widens every package", async () => {
    const json = workspaceJson<AffectedJson>(
      (await cli(["affected", "tsconfig.base.json", "--json"])).stdout,
    );
    expect(json.packages.map((entry) => [entry.path, entry.result.widened])).toEqual([
      [
        "apps/admin",
        [
          {
            code: "config-file",
            message: "configuration changed: ../../tsconfig.base.json",
            path: "../../tsconfig.base.json",
          },
        ],
      ],
      [
        "apps/shop",
        [
          {
            code: "config-file",
            message: "configuration changed: ../../tsconfig.base.json",
            path: "../../tsconfig.base.json",
          },
        ],
      ],
      [
        "packages/contracts",
        [
          {
            code: "config-file",
            message: "configuration changed: ../../tsconfig.base.json",
            path: "../../tsconfig.base.json",
          },
        ],
      ],
    ]);
  });

  // A sibling app's lockfile or package.json configures that app only (bulletproof-react's
  // apps/react-vite widened on ../nextjs-app/yarn.lock), and so does a package's the app does not
  // compile (here: no node_modules link; with one, linked-node-modules.test.ts); a config in a
  // folder above the app configures it.
  it("config outside a project widens it only from above it or from what it compiles", async () => {
    const result = await cli(
      [
        "affected",
        "../admin/package.json",
        "../admin/tsconfig.json",
        "../../packages/contracts/package.json",
        "../../package.json",
        "--json",
      ],
      path.join(root, "apps/shop"),
    );
    expect(result.code).toBe(0);
    const json = JSON.parse(result.stdout) as { widened: unknown[]; notes: string[] };
    expect([json.widened, json.notes]).toEqual([
      [configChanged("../../package.json")],
      [
        "../admin/package.json is configuration outside the project that it neither compiles nor runs on",
        "../admin/tsconfig.json is configuration outside the project that it neither compiles nor runs on",
        "../../packages/contracts/package.json is configuration outside the project that it neither compiles nor runs on",
      ],
    ]);
  });

  it("a tsconfig in a sibling folder that the project's tsconfig extends configures it", async () => {
    const tsconfig = path.join(root, "apps/shop/tsconfig.json");
    const original = readFileSync(tsconfig, "utf8");
    mkdirSync(path.join(root, "configs"), { recursive: true });
    writeFileSync(
      path.join(root, "configs/tsconfig.app.json"),
      JSON.stringify({ extends: "../tsconfig.base.json" }),
    );
    writeFileSync(
      tsconfig,
      JSON.stringify({ extends: "../../configs/tsconfig.app.json", include: ["src"] }),
    );
    try {
      const result = await cli(
        ["affected", "../../configs/tsconfig.app.json", "--json"],
        path.join(root, "apps/shop"),
      );
      const json = JSON.parse(result.stdout) as { widened: unknown[] };
      expect([result.code, json.widened]).toEqual([
        0,
        [configChanged("../../configs/tsconfig.app.json")],
      ]);
    } finally {
      writeFileSync(tsconfig, original);
      rmSync(path.join(root, "configs"), { recursive: true, force: true });
    }
  });

  // A root tsconfig.json that includes the packages' sources makes the root a project whose
  // program compiles every package's tests: each is still counted, selected and run once, by the
  // project of the deepest folder that holds it.
  it("counts each test once when a root tsconfig.json compiles the packages too", async () => {
    const tsconfig = path.join(root, "tsconfig.json");
    writeFileSync(
      tsconfig,
      JSON.stringify({
        extends: "./tsconfig.base.json",
        include: ["apps/*/src", "packages/*/src"],
      }),
    );
    try {
      const result = await cli(["affected", "apps/shop/src/features/cart/model.ts"]);
      expect(result.stdout.split("\n").slice(0, 8)).toEqual([
        "agentix affected for apps/shop/src/features/cart/model.ts (workspace of 4 packages): 1 changed file; 2 of 6 test cases in 1 of 4 test files; 2 packages reached",
        "",
        "tests by package:",
        "  acme-workspace (.)                    0 of 0 test cases in 0 of 0 test files",
        "  @acme/admin (apps/admin)              0 of 1 test cases in 0 of 1 test files",
        "  @acme/shop (apps/shop)                2 of 3 test cases in 1 of 2 test files",
        "  @acme/contracts (packages/contracts)  0 of 2 test cases in 0 of 1 test files",
        "",
      ]);
      const invocations = await cli([
        "affected",
        "apps/shop/src/features/cart/model.ts",
        "--format",
        "vitest-invocations",
      ]);
      expect(
        (JSON.parse(invocations.stdout) as { invocations: { cwd: string }[] }).invocations.map(
          (invocation) => invocation.cwd,
        ),
      ).toEqual(["apps/shop"]);
      // Widened everywhere (the root package.json): the root runs its own test by name, not its
      // folder's whole suite, which holds every package's tests.
      mkdirSync(path.join(root, "tests"));
      writeFileSync(
        path.join(root, "tests/root.test.ts"),
        'import { it } from "vitest";\nit("runs", () => {});\n',
      );
      writeFileSync(
        tsconfig,
        JSON.stringify({
          extends: "./tsconfig.base.json",
          include: ["apps/*/src", "packages/*/src", "tests"],
        }),
      );
      const widened = await cli(["affected", "package.json", "--format", "vitest-invocations"]);
      expect(
        (
          JSON.parse(widened.stdout) as { invocations: { cwd: string; args: string[] }[] }
        ).invocations.map((invocation) => [invocation.cwd, ...invocation.args]),
      ).toEqual([
        [".", "run", "tests/root.test.ts"],
        ["apps/admin", "run", "."],
        ["apps/shop", "run", "."],
        ["packages/contracts", "run", "."],
      ]);
    } finally {
      rmSync(tsconfig);
      rmSync(path.join(root, "tests"), { recursive: true, force: true });
    }
  });

  // create-t3-turbo's tooling/prettier: a tsconfig whose include finds only JavaScript (its
  // `extends` names a package that is not installed) stopped every workspace answer with exit 2.
  it("leaves out a package whose tsconfig includes no sources, and names each project's load problems from the root", async () => {
    const tooling = path.join(root, "packages/prettier-config");
    const adminTsconfig = path.join(root, "apps/admin/tsconfig.json");
    const admin = readFileSync(adminTsconfig, "utf8");
    mkdirSync(tooling);
    writeFileSync(
      path.join(tooling, "package.json"),
      JSON.stringify({ name: "@acme/prettier-config" }),
    );
    writeFileSync(path.join(tooling, "tsconfig.json"), JSON.stringify({ include: ["."] }));
    writeFileSync(path.join(tooling, "index.js"), "export default {};\n");
    writeFileSync(
      adminTsconfig,
      JSON.stringify({
        extends: ["../../tsconfig.base.json", "@acme/not-installed/base.json"],
        include: ["src"],
      }),
    );
    try {
      const result = await cli(["affected", "packages/prettier-config/index.js"]);
      expect(result.code).toBe(0);
      expect(result.stderr.split("\n")).toEqual([
        "agentix: warning: packages/prettier-config/tsconfig.json includes no source files: agentix does not analyse packages/prettier-config",
        expect.stringMatching(
          /^agentix: warning: apps\/admin\/tsconfig\.json:1:\d+: File '@acme\/not-installed\/base\.json' not found\. \(TS6053\)$/u,
        ),
        "",
      ]);
      expect(result.stdout).toContain(
        "note: packages/prettier-config has no TypeScript sources (packages/prettier-config/tsconfig.json includes none): agentix does not analyse it; every package importing it counts as changed\n",
      );
    } finally {
      rmSync(tooling, { recursive: true, force: true });
      writeFileSync(adminTsconfig, admin);
    }
  });

  // honojs/middleware: a `.changeset/*.md` listed all 95 projects as reached (each answering that
  // nothing could observe it), and a tsconfig.base.json extending an uninstalled package gave one
  // warning per project, with an absolute path.
  it("reaches no package by a change none can observe, and says a shared load problem once", async () => {
    const base = path.join(root, "tsconfig.base.json");
    const original = readFileSync(base, "utf8");
    writeFileSync(base, original.replace("{", '{ "extends": "@acme/not-installed/base.json",'));
    mkdirSync(path.join(root, ".changeset"));
    writeFileSync(path.join(root, ".changeset/brave-fox.md"), "---\n'@acme/shop': patch\n---\n");
    try {
      const result = await cli(["affected", ".changeset/brave-fox.md"]);
      expect([result.code, result.stdout.split("\n")[0]]).toEqual([
        0,
        "agentix affected for .changeset/brave-fox.md (workspace of 3 packages): 1 changed file; 0 of 6 test cases in 0 of 4 test files; 0 packages reached",
      ]);
      expect(result.stderr.split("\n")).toEqual([
        expect.stringMatching(
          /^agentix: warning: tsconfig\.base\.json:1:\d+: File '@acme\/not-installed\/base\.json' not found\. \(TS6053\)$/u,
        ),
        "",
      ]);
    } finally {
      writeFileSync(base, original);
      rmSync(path.join(root, ".changeset"), { recursive: true, force: true });
    }
  });

  // next-forge: 23 packages' own tsconfigs each set `baseUrl`, and the same two-line TS5101
  // warning was printed 23 times before the answer.
  it("says a message every package's own tsconfig earns once, with its places", async () => {
    const tsconfigs = ["apps/admin", "apps/shop", "packages/contracts"].map((dir) =>
      path.join(root, dir, "tsconfig.json"),
    );
    const originals = tsconfigs.map((file) => readFileSync(file, "utf8"));
    for (const file of tsconfigs)
      writeFileSync(
        file,
        '{\n  "extends": "../../tsconfig.base.json",\n  "compilerOptions": { "baseUrl": "." },\n  "include": ["src"]\n}\n',
      );
    try {
      const result = await cli(["affected", "packages/contracts/src/index.ts"]);
      expect(result.code).toBe(0);
      expect(result.stderr).toBe(
        "agentix: warning: apps/admin/tsconfig.json:3:24, apps/shop/tsconfig.json:3:24, packages/contracts/tsconfig.json:3:24: Option 'baseUrl' is deprecated and will stop functioning in TypeScript 7.0. Specify compilerOption '\"ignoreDeprecations\": \"6.0\"' to silence this error.\n  Visit https://aka.ms/ts6 for migration information. (TS5101)\n",
      );
    } finally {
      tsconfigs.forEach((file, at) => writeFileSync(file, originals[at]!));
    }
  });

  // TanStack Router's 412 projects: V8 aborted at its heap limit ("FATAL ERROR: Reached heap
  // limit", a native stack, exit 134) after 3 minutes. Past half the heap the analyses are let go
  // (each project's summary stays); only when even that would not fit does agentix stop first.
  it("lets the analyses go past half the heap, and answers the same", async () => {
    const target = ["affected", "packages/contracts/src/index.ts", "--json"];
    const kept = await cli(target);
    // 50 MB at the start, 60 before the first project, 270 after it: the rest are let go.
    const { io, stdout, stderr } = recordingIO(root);
    const code = await run(target, { ...io, heap: heapOf([50, 60, 270]) });
    expect([code, stdout(), stderr()]).toEqual([kept.code, kept.stdout, kept.stderr]);
    expect(kept.code).toBe(0);
  });

  it("stops with exit 2 and how to go on when the projects let go would not fit either", async () => {
    // After the first project 270 MB (let go from there), after the second 480 MB more.
    const { io, stdout, stderr } = recordingIO(root);
    const code = await run(["affected", "packages/contracts/src/index.ts"], {
      ...io,
      heap: heapOf([50, 60, 270, 480]),
    });
    expect([code, stdout(), stderr()]).toEqual([
      2,
      "",
      "agentix affected: the workspace's 3 projects need more memory than Node.js gives this process (heap limit 0.7 GB, 0.5 GB in use after 2 of them): run it with a larger heap (NODE_OPTIONS=--max-old-space-size=1024), or inside one package, or with --project\n",
    ]);
    // The process's own heap: the same answer as always.
    expect((await cli(["affected", "packages/contracts/src/index.ts"])).code).toBe(0);
  });

  it("a target no package has is exit 2 naming the packages", async () => {
    expect(await cli(["affected", "nope.nothing"])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'agentix affected: "nope.nothing" is not an operation, a feature or an existing file in any package of the workspace (apps/admin, apps/shop, packages/contracts)\nrun `agentix affected --help` for usage\n',
    });
  });

  it("--project at a workspace root analyses that one project, as before", async () => {
    const result = await cli([
      "affected",
      "cart.add",
      "--project",
      "apps/shop/tsconfig.json",
      "--json",
    ]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ command: "affected", targets: ["cart.add"] });
    expect(JSON.parse(result.stdout)).not.toHaveProperty("workspace");
  });
});

describe("agentix check at a workspace root", () => {
  // ESLint applies the nearest agentix.config.json above a file; every package without its own
  // inherits the workspace's, so `check` and ESLint give one verdict.
  it("honours a workspace-level agentix.config.json in every package without its own", async () => {
    const operations = path.join(root, "apps/shop/src/features/wishlist/operations.ts");
    const original = readFileSync(operations, "utf8");
    const config = path.join(root, "agentix.config.json");
    writeFileSync(operations, `${original}export { lineTotal } from "../cart/model.js";\n`);
    try {
      const failing = await cli(["check", "--json"]);
      expect(failing.code).toBe(1);
      // The admin app: one of each, said in the singular.
      expect((await cli(["check"])).stdout).toContain(
        "== @acme/admin (apps/admin)\nno problems (1 feature, 1 operation, 4 files checked)\n",
      );
      writeFileSync(config, JSON.stringify({ ignores: ["apps/shop/src/features/wishlist/**"] }));
      const passing = await cli(["check", "--json"]);
      expect([passing.code, passing.stderr]).toEqual([0, ""]);
    } finally {
      writeFileSync(operations, original);
      rmSync(config, { force: true });
    }
  });

  it("lists a package's invalid agentix.config.json at its places and checks the other packages (exit 1, as in the package)", async () => {
    const config = path.join(root, "apps/shop/agentix.config.json");
    writeFileSync(config, '{\n  "ignores": "src/**"\n}\n');
    try {
      const failing = await cli(["check"]);
      expect([failing.code, failing.stderr]).toEqual([1, ""]);
      expect(failing.stdout).toContain(
        "== @acme/shop (apps/shop)\nagentix.config.json\n  2:14    error   /ignores must be array  config\n",
      );
      expect(failing.stdout).toContain(
        "== @acme/admin (apps/admin)\nno problems (1 feature, 1 operation, 4 files checked)\n",
      );
      // Index stops, naming the place, as it does in the package (it cannot write a right index).
      const index = await cli(["index", "--check"]);
      // (The file is named from the process's working directory: the test's is the repository.)
      expect([index.code, index.stderr]).toEqual([
        2,
        expect.stringMatching(
          /^agentix index: \S*apps\/shop\/agentix\.config\.json:2:14: \/ignores must be array\n$/u,
        ),
      ]);
    } finally {
      rmSync(config, { force: true });
    }
  });
});

describe("agentix graph, index and verify at a workspace root", () => {
  // Package after package, the parsed sources of those done are let go past half the heap; past
  // the limit agentix stops between two of them, as affected does.
  it("graph --json stops with exit 2 and how to go on when the packages would not fit in the heap", async () => {
    const { io, stdout, stderr } = recordingIO(root);
    const code = await run(["graph", "--json"], { ...io, heap: heapOf([50, 60, 270, 480]) });
    expect([code, stdout(), stderr()]).toEqual([
      2,
      "",
      "agentix graph: the workspace's 3 projects need more memory than Node.js gives this process (heap limit 0.7 GB, 0.5 GB in use after 2 of them): run it with a larger heap (NODE_OPTIONS=--max-old-space-size=1024), or inside one package, or with --project\n",
    ]);
  });

  it("graph --json: each package with features and which package imports which", async () => {
    const result = await cli(["graph", "--json"]);
    expect(result.code).toBe(0);
    const json = workspaceJson<{ packages: { path: string }[]; links: unknown[] }>(result.stdout);
    expect(json.packages.map((entry) => entry.path)).toEqual(["apps/admin", "apps/shop"]);
    expect(json.links).toEqual([
      {
        from: "@acme/admin",
        to: "@acme/contracts",
        reason: "apps/admin/src/features/reports/operations.ts:2 imports @acme/contracts/money",
      },
      {
        from: "@acme/shop",
        to: "@acme/contracts",
        reason: "apps/shop/src/features/cart/model.ts:1 imports @acme/contracts",
      },
      {
        from: "@acme/shop",
        to: "@acme/contracts",
        reason: "apps/shop/src/features/cart/model.ts:2 imports @acme/contracts/money",
      },
    ]);
  });

  // It was refused ("at a workspace root graph prints text or json").
  it("graph --format dot|mermaid: one diagram, a box per package with its features, an edge per package imported", async () => {
    const dot = await cli(["graph", "--format", "dot"]);
    expect([dot.code, dot.stderr]).toEqual([0, ""]);
    const box = (index: number, label: string, path: string, name: string, features: string[]) => [
      `  subgraph "cluster_${index}" {`,
      `    label="${label}";`,
      '    fontname="Helvetica";',
      `    "${path}" [label="${name}", shape=folder];`,
      ...features.map(
        (feature) =>
          `    "${path}#${path}/tsconfig.json#feature:${feature}" [label="${feature}", shape=box];`,
      ),
      "  }",
    ];
    expect(dot.stdout).toBe(
      [
        "digraph agentix {",
        "  rankdir=LR;",
        '  node [fontname="Helvetica"];',
        ...box(0, "@acme/admin (apps/admin)", "apps/admin", "@acme/admin", ["reports"]),
        ...box(1, "@acme/shop (apps/shop)", "apps/shop", "@acme/shop", ["cart", "wishlist"]),
        ...box(
          2,
          "@acme/contracts (packages/contracts)",
          "packages/contracts",
          "@acme/contracts",
          [],
        ),
        '  "apps/admin" -> "packages/contracts" [label="1 import", style=bold];',
        '  "apps/shop" -> "packages/contracts" [label="2 imports", style=bold];',
        "}",
        "",
      ].join("\n"),
    );
    const mermaid = await cli(["graph", "--format", "mermaid"]);
    expect([mermaid.code, mermaid.stderr]).toEqual([0, ""]);
    expect(mermaid.stdout).toBe(
      [
        "flowchart LR",
        '  subgraph p0box["@acme/admin (apps/admin)"]',
        '    p0[/"@acme/admin"\\]',
        '    p0g0n0["reports"]',
        "  end",
        '  subgraph p1box["@acme/shop (apps/shop)"]',
        '    p1[/"@acme/shop"\\]',
        '    p1g0n0["cart"]',
        '    p1g0n1["wishlist"]',
        "  end",
        '  subgraph p2box["@acme/contracts (packages/contracts)"]',
        '    p2[/"@acme/contracts"\\]',
        "  end",
        "  p0 ==>|1 import| p2",
        "  p1 ==>|2 imports| p2",
        "",
      ].join("\n"),
    );
    // Centring on a feature still needs its package.
    expect((await cli(["graph", "cart", "--format", "dot"])).stderr).toBe(
      "agentix graph: at a workspace root graph shows every package: pass --root <package> to centre on a feature\nrun `agentix graph --help` for usage\n",
    );
  });

  it("index writes one index per package with features, byte-identical to indexing the package alone", async () => {
    const result = await cli(["index"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      "== @acme/admin (apps/admin)\nwrote apps/admin/.agentix/index.json: 1 feature, 1 operation, 0 ports, 0 events, 0 invariants, 1 test file, 4 source files\n\n" +
        "== @acme/shop (apps/shop)\nwrote apps/shop/.agentix/index.json: 2 features, 2 operations, 2 ports, 0 events, 0 invariants, 2 test files, 9 source files\n\n" +
        "not indexed: @acme/contracts (packages/contracts): no features\n",
    );
    const shopIndex = readFileSync(path.join(root, "apps/shop/.agentix/index.json"), "utf8");
    expect((await cli(["index"], path.join(root, "apps/shop"))).code).toBe(0);
    expect(readFileSync(path.join(root, "apps/shop/.agentix/index.json"), "utf8")).toBe(shopIndex);
    expect((await cli(["index", "--check"])).code).toBe(0);
    const json = workspaceJson<{
      packages: { path: string; exitCode: number }[];
      skipped: string[];
    }>((await cli(["index", "--check", "--json"])).stdout);
    expect(json.packages.map((entry) => [entry.path, entry.exitCode])).toEqual([
      ["apps/admin", 0],
      ["apps/shop", 0],
    ]);
    expect(json.skipped).toEqual(["packages/contracts"]);
  });

  // `agentix index` run inside a package without features writes an index (docs' Turborepo
  // recipe does). The root neither rewrote nor checked it, while the package's own --check
  // failed on it: one index, two answers.
  it("index keeps a committed index of a package without features current, as in the package", async () => {
    const contracts = path.join(root, "packages/contracts");
    const written = path.join(contracts, ".agentix/index.json");
    const added = path.join(contracts, "src/added.ts");
    try {
      expect((await cli(["index"], contracts)).code).toBe(0);
      const own = readFileSync(written, "utf8");
      const check = async () =>
        workspaceJson<{ packages: { path: string; exitCode: number }[]; skipped: string[] }>(
          (await cli(["index", "--check", "--json"])).stdout,
        );
      expect(await check()).toMatchObject({
        packages: [
          { path: "apps/admin", exitCode: 0 },
          { path: "apps/shop", exitCode: 0 },
          { path: "packages/contracts", exitCode: 0 },
        ],
        skipped: [],
      });
      writeFileSync(added, "export const added = 1;\n");
      expect((await cli(["index", "--check"], contracts)).code).toBe(1);
      const stale = await cli(["index", "--check"]);
      expect(stale.code).toBe(1);
      expect(stale.stdout).toContain("== @acme/contracts (packages/contracts)\n");
      expect((await cli(["index"])).code).toBe(0);
      expect((await cli(["index", "--check"], contracts)).code).toBe(0);
      expect(readFileSync(written, "utf8")).not.toBe(own);
    } finally {
      rmSync(added, { force: true });
      rmSync(path.join(contracts, ".agentix"), { recursive: true, force: true });
    }
  });

  it("verify --dry-run text: the reached packages, the links and every package's totals", async () => {
    const result = await cli(["verify", "packages/contracts/src/index.ts", "--dry-run"]);
    expect(result.code).toBe(0);
    expect(result.stdout.split("\n").slice(0, 7)).toEqual([
      "agentix verify packages/contracts/src/index.ts (workspace of 3 packages): 2 packages reached, 4 of 6 test cases",
      `  apps/shop/src/features/cart/model.ts: ${SHOP_LINK.reason}`,
      "tests by package:",
      "  @acme/admin (apps/admin)              0 of 1 test cases in 0 of 1 test files",
      "  @acme/shop (apps/shop)                2 of 3 test cases in 1 of 2 test files",
      "  @acme/contracts (packages/contracts)  2 of 2 test cases in 1 of 1 test files",
      "",
    ]);
  });

  // The plan says what a run would do: rewrite the shop's index, write none for the contracts
  // (no features, so no index).
  it("verify --dry-run plans the four steps in every package the change reaches", async () => {
    expect((await cli(["index"])).code).toBe(0);
    const result = await cli(["verify", "packages/contracts/src/index.ts", "--dry-run", "--json"]);
    expect(result.code).toBe(0);
    const json = workspaceJson<{
      packages: { path: string; steps: { step: string; command: string; status: string }[] }[];
    }>(result.stdout);
    expect(
      json.packages.map((entry) => [
        entry.path,
        entry.steps.map((step) => `${step.step}: ${step.command} (${step.status})`),
      ]),
    ).toEqual([
      [
        "apps/shop",
        [
          "typecheck: tsc --noEmit -p tsconfig.json (planned)",
          expect.stringMatching(/^lint: agentix rules \(.*\) on 4 files \(planned\)$/u),
          "index: agentix index (apps/shop/.agentix/index.json, rewritten when stale) (planned)",
          "tests: vitest run src/features/cart/cart.test.ts (planned)",
        ],
      ],
      [
        "packages/contracts",
        [
          "typecheck: tsc --noEmit -p tsconfig.json (planned)",
          expect.stringMatching(/^lint: agentix rules \(.*\) on 3 files \(planned\)$/u),
          "index: agentix index (packages/contracts/.agentix/index.json, rewritten when stale) (skipped)",
          "tests: vitest run . (planned)",
        ],
      ],
    ]);
  });
});

describe("the selected tests as Vitest invocations, in shards", () => {
  const validateInvocations = createAjv().compile(
    JSON.parse(
      readFileSync(path.join(REPO, "schema/cli-vitest-invocations.v1.schema.json"), "utf8"),
    ) as object,
  );
  const invocations = async (args: readonly string[]) => {
    const result = await cli(args);
    expect(result.stderr).toBe("");
    const value = JSON.parse(result.stdout) as unknown;
    expect(validateInvocations(value), JSON.stringify(validateInvocations.errors)).toBe(true);
    return value;
  };
  const invocation = (
    pkg: string | null,
    cwd: string,
    args: string[],
    files: number,
    cases: number,
    widened = false,
  ) => ({
    package: pkg,
    cwd,
    command: "vitest",
    args: ["run", ...args],
    files,
    cases,
    widened,
  });
  const ADMIN = invocation(
    "@acme/admin",
    "apps/admin",
    ["src/features/reports/reports.test.ts"],
    1,
    1,
  );
  const SHOP = invocation("@acme/shop", "apps/shop", ["src/features/cart/cart.test.ts"], 1, 2);
  const CONTRACTS = invocation(
    "@acme/contracts",
    "packages/contracts",
    ["src/money.test.ts"],
    1,
    2,
  );

  // Every runner's format: here all Vitest's, in the same order, with the runner named.
  it("--format test-invocations: the same runs, each naming its runner, at a workspace root", async () => {
    const validateTests = createAjv().compile(
      JSON.parse(
        readFileSync(path.join(REPO, "schema/cli-test-invocations.v1.schema.json"), "utf8"),
      ) as object,
    );
    const target = "packages/contracts/src/money.ts";
    for (const verb of ["affected", "verify"]) {
      const result = await cli([verb, target, "--format", "test-invocations", "--shard", "1/2"]);
      expect(result.stderr).toBe("");
      const value = JSON.parse(result.stdout) as unknown;
      expect(validateTests(value), JSON.stringify(validateTests.errors)).toBe(true);
      const asTests = ({
        package: pkg,
        cwd,
        command,
        args,
        files,
        cases,
        widened,
      }: typeof ADMIN) => ({
        package: pkg,
        runner: "Vitest",
        cwd,
        command,
        args,
        env: {},
        files,
        cases,
        widened,
      });
      expect(value).toEqual({
        schemaVersion: 1,
        command: verb,
        shard: { index: 1, count: 2 },
        invocations: [asTests(ADMIN), asTests(SHOP)],
        unrunnable: [],
      });
    }
  });

  it("one invocation per reached package; --shard splits across the workspace by case count", async () => {
    const target = "packages/contracts/src/money.ts";
    expect(await invocations(["affected", target, "--format", "vitest-invocations"])).toEqual({
      schemaVersion: 1,
      command: "affected",
      shard: null,
      invocations: [ADMIN, SHOP, CONTRACTS],
    });
    // shop (2 cases) and contracts (2) open the two parts; admin (1) joins the first (a tie).
    expect(
      await invocations(["affected", target, "--format", "vitest-invocations", "--shard", "1/2"]),
    ).toEqual({
      schemaVersion: 1,
      command: "affected",
      shard: { index: 1, count: 2 },
      invocations: [ADMIN, SHOP],
    });
    expect(
      await invocations(["verify", target, "--format", "vitest-invocations", "--shard", "2/2"]),
    ).toEqual({
      schemaVersion: 1,
      command: "verify",
      shard: { index: 2, count: 2 },
      invocations: [CONTRACTS],
    });
    expect(
      await invocations(["affected", target, "--format", "vitest-invocations", "--shard", "4/4"]),
    ).toMatchObject({
      invocations: [],
    });
  });

  it("cases of one project as file:line; a widened project hands the split to Vitest's --shard", async () => {
    expect(
      await invocations([
        "affected",
        "cart.add",
        "--root",
        "apps/shop",
        "--project",
        "apps/shop/tsconfig.json",
        "--format",
        "vitest-invocations",
      ]),
    ).toMatchObject({
      invocations: [invocation(null, "apps/shop", ["src/features/cart/cart.test.ts:8"], 1, 1)],
    });
    expect(
      await invocations([
        "affected",
        "tsconfig.base.json",
        "--format",
        "vitest-invocations",
        "--shard",
        "1/3",
      ]),
    ).toMatchObject({
      invocations: [
        invocation("@acme/admin", "apps/admin", [".", "--shard=1/3"], 1, 1, true),
        invocation("@acme/shop", "apps/shop", [".", "--shard=1/3"], 2, 3, true),
        invocation("@acme/contracts", "packages/contracts", [".", "--shard=1/3"], 1, 2, true),
      ],
    });
  });

  it("verify --shard runs every step and only its part of the tests", async () => {
    const result = await cli([
      "verify",
      "packages/contracts/src/money.ts",
      "--shard",
      "2/2",
      "--dry-run",
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout.match(/^tests: .*\n {2}why: .*$/gmu)).toEqual([
      "tests: none\n  why: shard 2/2 has no selected test files",
      "tests: none\n  why: shard 2/2 has no selected test files",
      "tests: vitest run src/money.test.ts\n  why: 2 of 2 cases: the ones the change can reach (see agentix affected) (shard 2/2)",
    ]);
  });

  it("bad --shard values and --shard without invocations are exit 2", async () => {
    expect(
      await cli(["affected", "cart.add", "--format", "vitest-invocations", "--shard", "3/2"]),
    ).toEqual({
      code: 2,
      stdout: "",
      stderr:
        'agentix affected: --shard must be <i>/<n> with whole numbers 1 <= i <= n (e.g. 2/4), got "3/2"\nrun `agentix affected --help` for usage\n',
    });
    expect(await cli(["affected", "cart.add", "--json", "--shard", "1/2"])).toEqual({
      code: 2,
      stdout: "",
      stderr:
        "agentix affected: --shard needs --format vitest-invocations or test-invocations\nrun `agentix affected --help` for usage\n",
    });
    expect((await cli(["verify", "cart.add", "--shard", "x", "--dry-run"])).code).toBe(2);
  });
});

describe("workspace discovery", () => {
  const manifest = () => path.join(root, "package.json");
  const withManifest = async (text: string, body: () => Promise<void>) => {
    const original = readFileSync(manifest(), "utf8");
    writeFileSync(manifest(), text);
    try {
      await body();
    } finally {
      writeFileSync(manifest(), original);
    }
  };

  it("pnpm-workspace.yaml and a solution tsconfig find the same packages", async () => {
    const packages = async () =>
      (JSON.parse((await cli(["graph", "--json"])).stdout) as { workspace: unknown }).workspace;
    const npm = await packages();
    await withManifest('{ "name": "acme", "private": true }', async () => {
      writeFileSync(
        path.join(root, "pnpm-workspace.yaml"),
        "packages:\n  - 'apps/*' # the apps\n  - \"packages/*\"\n",
      );
      try {
        expect(await packages()).toEqual({ ...(npm as object), kind: "pnpm" });
      } finally {
        rmSync(path.join(root, "pnpm-workspace.yaml"));
      }
      writeFileSync(
        path.join(root, "tsconfig.json"),
        '{\n  // the solution\n  "files": [],\n  "references": [{ "path": "apps/admin" }, { "path": "./apps/shop/tsconfig.json" }, { "path": "packages/contracts" }]\n}\n',
      );
      try {
        expect(await packages()).toEqual({ ...(npm as object), kind: "tsconfig-references" });
      } finally {
        rmSync(path.join(root, "tsconfig.json"));
      }
    });
  });

  it("a member package's yarn `workspaces: { nohoist }` declares no workspace: it is analysed as a project", async () => {
    // novu's apps/widget: its package.json keeps some dependencies out of the root's node_modules.
    const shopManifest = path.join(root, "apps/shop/package.json");
    const original = readFileSync(shopManifest, "utf8");
    const workspaceOfRoot = async () =>
      (JSON.parse((await cli(["graph", "--json"])).stdout) as { workspace: unknown }).workspace;
    const packages = await workspaceOfRoot();
    const alone = await cli(
      ["affected", "src/features/cart/model.ts", "--json"],
      path.join(root, "apps/shop"),
    );
    writeFileSync(
      shopManifest,
      JSON.stringify({
        ...JSON.parse(original),
        workspaces: { nohoist: ["**/react", "**/react/**"] },
      }),
    );
    try {
      const withNohoist = await cli(
        ["affected", "src/features/cart/model.ts", "--json"],
        path.join(root, "apps/shop"),
      );
      expect(withNohoist.stderr).toBe("");
      expect(withNohoist.code).toBe(0);
      expect(withNohoist.stdout).toBe(alone.stdout);
      // From the root, the workspace's packages are what they were.
      expect(await workspaceOfRoot()).toEqual(packages);
    } finally {
      writeFileSync(shopManifest, original);
    }
  });

  it("bad workspace declarations are exit 2 with the bad value", async () => {
    await withManifest('{ "workspaces": "apps/*" }', async () => {
      expect(await cli(["affected", "cart.add"])).toEqual({
        code: 2,
        stdout: "",
        stderr:
          'agentix affected: package.json "workspaces" must be an array of folder globs (or { "packages": [...] }), got "apps/*"\n',
      });
    });
    // null and a `packages` that is no list are declarations gone wrong, not yarn's nohoist alone.
    for (const [text, shown] of [
      ['{ "workspaces": null }', "null"],
      ['{ "workspaces": { "packages": "apps/*" } }', '{"packages":"apps/*"}'],
    ] as const)
      await withManifest(text, async () => {
        expect((await cli(["affected", "cart.add"])).stderr).toBe(
          `agentix affected: package.json "workspaces" must be an array of folder globs (or { "packages": [...] }), got ${shown}\n`,
        );
      });
    await withManifest('{ "name": "acme" }', async () => {
      writeFileSync(path.join(root, "pnpm-workspace.yaml"), "packages:\n  wrong: 1\n");
      try {
        expect((await cli(["graph"])).stderr).toBe(
          'agentix graph: pnpm-workspace.yaml: "packages" must be a list of folder globs, got wrong: 1\n',
        );
      } finally {
        rmSync(path.join(root, "pnpm-workspace.yaml"));
      }
    });
  });

  // gql.tada: two examples share a package name, and pnpm-workspace.yaml lists './' (the root).
  it("two packages of one name are both analysed, with a note; a `./` glob names no package", async () => {
    const admin = path.join(root, "apps/admin/package.json");
    const original = readFileSync(admin, "utf8");
    writeFileSync(admin, original.replace("@acme/admin", "@acme/shop"));
    writeFileSync(
      path.join(root, "pnpm-workspace.yaml"),
      "packages:\n  - 'apps/*'\n  - 'packages/*'\n  - './'\n  - '.'\n",
    );
    try {
      const run = await cli(["affected", "cart.add"]);
      expect([run.code, run.stderr]).toEqual([0, ""]);
      expect(run.stdout).toContain(
        "note: 2 workspace packages are named @acme/shop (apps/admin, apps/shop): an import of @acme/shop counts as importing each of them\n",
      );
    } finally {
      writeFileSync(admin, original);
      rmSync(path.join(root, "pnpm-workspace.yaml"));
    }
  });

  // The root's own tsconfig.json names files: its tests are a project of the workspace, never
  // silently left out, and it answers for a package without a tsconfig whose sources it includes.
  it("a test outside every project is named in the answer's notes", async () => {
    mkdirSync(path.join(root, "test"), { recursive: true });
    writeFileSync(
      path.join(root, "test/e2e.test.ts"),
      'import { it } from "vitest";\nit("runs", () => {});\n',
    );
    try {
      const json = workspaceJson<AffectedJson & { notes: string[] }>(
        (await cli(["affected", "wishlist.add", "--json"])).stdout,
      );
      expect(json.notes).toEqual([
        "test/e2e.test.ts: outside every project of the workspace, so no answer counts it (give the root tsconfig.json an include that names it)",
      ]);
      expect((await cli(["verify", "wishlist.add", "--dry-run"])).stdout).toContain(
        `\nnote: ${json.notes[0]}\n`,
      );
    } finally {
      rmSync(path.join(root, "test"), { recursive: true, force: true });
    }
  });

  it("a root tsconfig.json that names files is a project: its tests count", async () => {
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    write(
      "tsconfig.json",
      '{ "extends": "./tsconfig.base.json", "include": ["test", "packages/legacy/src"] }\n',
    );
    write("packages/legacy/package.json", '{ "name": "@acme/legacy", "type": "module" }\n');
    write("packages/legacy/src/legacy.ts", "export const legacy = 1;\n");
    write(
      "test/e2e.test.ts",
      'import { it } from "vitest";\nimport { addCents } from "../packages/contracts/src/money.js";\nimport { legacy } from "../packages/legacy/src/legacy.js";\n\nit("adds", () => addCents(legacy, 1));\n',
    );
    try {
      const json = workspaceJson<AffectedJson & { notes: string[] }>(
        (await cli(["affected", "packages/legacy/src/legacy.ts", "--json"])).stdout,
      );
      expect(json.tests.files.map((file) => file.file)).toEqual(["test/e2e.test.ts"]);
      expect(json.tests.total.packages.map((entry) => [entry.path, entry.files])).toEqual([
        [".", 1],
        ["apps/admin", 1],
        ["apps/shop", 2],
        ["packages/contracts", 1],
      ]);
      expect(json.notes).toEqual([
        "packages/legacy has no tsconfig.json of its own: acme-workspace (.) compiles its changed files and answers for them; every package importing it counts as changed",
      ]);
      const money = workspaceJson<AffectedJson>(
        (await cli(["affected", "packages/contracts/src/money.ts", "--json"])).stdout,
      );
      expect(money.tests.files.map((file) => file.file)).toEqual([
        "test/e2e.test.ts",
        "apps/admin/src/features/reports/reports.test.ts",
        "apps/shop/src/features/cart/cart.test.ts",
        "packages/contracts/src/money.test.ts",
      ]);
    } finally {
      for (const file of ["tsconfig.json", "packages/legacy", "test"])
        rmSync(path.join(root, file), { recursive: true, force: true });
    }
  });
});
