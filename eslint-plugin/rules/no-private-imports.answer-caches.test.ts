// The rule's per-process answer caches, shared by every file a lint run visits: an answer kept
// for one importer must never be handed to another whose verdict differs.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it, vi } from "vitest";
import { DISK_ROUND_QUIET_MS } from "../../schema/disk-rounds.js";
import { clearProjectCaches } from "../logic/project-services.js";
import { lintNoPrivateImports } from "../../test/support/lint-no-private-imports.js";

const root = mkdtempSync(path.join(tmpdir(), "agentix-answer-caches-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text = "export const x = 1;\n"): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

it("judges one alias target afresh for importers of another feature, and of none", () => {
  write("package.json", JSON.stringify({ type: "module" }));
  write(
    "tsconfig.json",
    JSON.stringify({
      compilerOptions: {
        module: "ESNext",
        moduleResolution: "Bundler",
        paths: { "@app/*": ["./src/features/*"] },
      },
    }),
  );
  for (const file of ["orders/model.ts", "orders/contract.ts", "billing/contract.ts"])
    write(`src/features/${file}`);
  const code = `import { x } from "@app/orders/model";\n`;
  const report = (importer: string) => ({
    ruleId: "agentix/no-private-imports",
    line: 1,
    column: 19,
    message: `src/features/orders/model.ts is private to feature "orders"; ${importer}`,
  });
  // Same alias, same target: the owner's own files first, so a shared answer would be "allowed".
  expect(lintNoPrivateImports(root, "src/features/orders/a.ts", code)).toEqual([]);
  expect(lintNoPrivateImports(root, "src/features/orders/deep/b.ts", code)).toEqual([]);
  expect(lintNoPrivateImports(root, "src/features/billing/c.ts", code)).toEqual([
    report(
      'feature "billing" may import only its public entry src/features/orders/contract.ts, so import from there instead',
    ),
  ]);
  expect(lintNoPrivateImports(root, "src/main.ts", code)).toEqual([
    report(
      "code outside features may import only its public entry src/features/orders/contract.ts, so import from there instead",
    ),
  ]);
  expect(lintNoPrivateImports(root, "src/features/billing/deep/d.ts", code)).toHaveLength(1);
  expect(lintNoPrivateImports(root, "src/features/orders/e.ts", code)).toEqual([]);
});

/**
 * Lints `a.ts` then `b.ts` of feature `importer`, both importing `owner`'s contract, which turns
 * into a folder (whose index.ts is private) between the two lints, when `between` has run too.
 */
function contractTurnsIntoFolder(owner: string, importer: string, between: () => void) {
  write(`src/features/${owner}/contract.ts`);
  const code = `import { x } from "../${owner}/contract";\n`;
  const first = lintNoPrivateImports(root, `src/features/${importer}/a.ts`, code);
  rmSync(path.join(root, `src/features/${owner}/contract.ts`));
  write(`src/features/${owner}/contract/index.ts`);
  between();
  return { first, second: lintNoPrivateImports(root, `src/features/${importer}/b.ts`, code) };
}

/** What b.ts gets: the contract folder's index is private, and the feature has no public entry. */
const noEntry = (owner: string, importer: string) => [
  {
    ruleId: "agentix/no-private-imports",
    line: 1,
    column: 19,
    message: `src/features/${owner}/contract/index.ts is private to feature "${owner}", which has no public entry (src/features/${owner}/contract.ts does not exist); feature "${importer}" may import only a public entry, so add one to "${owner}" and import from it`,
  },
];

it("answers a folder's second file from what its first found clean only within the disk round", () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    const pause = () => vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS + 1);
    expect(contractTurnsIntoFolder("shipping", "returns", pause)).toEqual({
      first: [],
      second: noEntry("shipping", "returns"),
    });
  } finally {
    vi.useRealTimers();
  }
});

it("finds a folder's clean imports again after clearProjectCaches(), within the round", () => {
  expect(contractTurnsIntoFolder("stock", "picking", clearProjectCaches)).toEqual({
    first: [],
    second: noEntry("stock", "picking"),
  });
});

/**
 * A project in `name` with a private orders/model.ts (and a contract) under src/features, and a
 * file of the same name in src/lib, which the alias `@x/orders/model` may name instead.
 */
function aliasProject(name: string) {
  const put = (file: string, text = "export const x = 1;\n") => write(`${name}/${file}`, text);
  put("package.json", JSON.stringify({ name, type: "module" }));
  for (const file of [
    "features/orders/model.ts",
    "features/orders/contract.ts",
    "lib/orders/model.ts",
  ])
    put(`src/${file}`);
  const tsconfig = (file: string, target: string) =>
    put(file, JSON.stringify({ compilerOptions: { paths: { "@x/*": [target] } } }));
  return {
    project: path.join(root, name),
    tsconfig,
    code: `import { x } from "@x/orders/model";\n`,
  };
}

it("shares where an alias lands only among files whose tsconfig reads it alike", () => {
  const { project, tsconfig, code } = aliasProject("two-tsconfigs");
  tsconfig("tsconfig.json", "./src/features/*");
  // The tools folder maps the same alias into shared code outside every feature.
  tsconfig("src/tools/tsconfig.json", "../lib/*");
  const violation = [
    {
      ruleId: "agentix/no-private-imports",
      line: 1,
      column: 19,
      message:
        'src/features/orders/model.ts is private to feature "orders"; code outside features may import only its public entry src/features/orders/contract.ts, so import from there instead',
    },
  ];
  for (const order of [
    ["src/main.ts", "src/tools/build.ts"],
    ["src/tools/build.ts", "src/main.ts"],
  ]) {
    clearProjectCaches();
    const answers = order.map((file) => lintNoPrivateImports(project, file, code));
    expect(Object.fromEntries(order.map((file, k) => [file, answers[k]]))).toEqual({
      "src/main.ts": violation,
      "src/tools/build.ts": [],
    });
  }
});

it("shares where a relative path lands between importers whose verdicts differ", () => {
  for (const file of ["orders/model.ts", "orders/contract.ts"]) write(`src/features/${file}`);
  const report = (importer: string) => [
    {
      ruleId: "agentix/no-private-imports",
      line: 1,
      column: 19,
      message: `src/features/orders/model.ts is private to feature "orders"; ${importer}`,
    },
  ];
  clearProjectCaches();
  // One path named from five folders: its owner's (clean), two other features', outside them.
  expect(
    lintNoPrivateImports(root, "src/features/orders/deep/a.ts", `import { x } from "../model";\n`),
  ).toEqual([]);
  expect(
    lintNoPrivateImports(
      root,
      "src/features/billing/b.ts",
      `import { x } from "../orders/model";\n`,
    ),
  ).toEqual(
    report(
      'feature "billing" may import only its public entry src/features/orders/contract.ts, so import from there instead',
    ),
  );
  expect(
    lintNoPrivateImports(
      root,
      "src/features/orders/c.ts",
      `import { x } from "../orders/model";\n`,
    ),
  ).toEqual([]);
  expect(
    lintNoPrivateImports(root, "src/main.ts", `import { x } from "./features/orders/model";\n`),
  ).toEqual(
    report(
      "code outside features may import only its public entry src/features/orders/contract.ts, so import from there instead",
    ),
  );
  expect(
    lintNoPrivateImports(
      root,
      "src/features/shipping/deep/d.ts",
      `import { x } from "../../orders/model";\n`,
    ),
  ).toEqual(
    report(
      'feature "shipping" may import only its public entry src/features/orders/contract.ts, so import from there instead',
    ),
  );
});

it("follows an alias edited in tsconfig.json between two lints of an editor session", () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  try {
    const { project, tsconfig, code } = aliasProject("edited-alias");
    const aliasTo = (folder: string) => tsconfig("tsconfig.json", folder);
    const lint = () => lintNoPrivateImports(project, "src/features/billing/a.ts", code);
    const pause = () => vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS + 1);
    aliasTo("./src/features/*");
    expect(lint()).toHaveLength(1);
    aliasTo("./src/lib/*");
    pause();
    expect(lint()).toEqual([]);
    aliasTo("./src/features/*");
    pause();
    expect(lint()).toHaveLength(1);
  } finally {
    vi.useRealTimers();
  }
});
