// agentix.config.json `loads`: a non-literal import()/require() in a file that declares what it
// may load is judged as imports of those files (one report per glob, at the load), in a
// domain file and outside features alike; undeclared, a domain file's is `unprovable`.
// Files on disk, ESLint's Linter; `check` reports the same (parity-fixtures.ts,
// declared-loads-features).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lintNoPrivateImports } from "../../test/support/lint-no-private-imports.js";

const base = mkdtempSync(path.join(tmpdir(), "agentix-declared-loads-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

let projects = 0;
/** A project with features orders (contract, model, deep/rules) and billing, and `loads`. */
function project(loads: unknown): string {
  projects += 1;
  const root = path.join(base, `p${projects}`);
  const files: Record<string, string> = {
    "package.json": JSON.stringify({ type: "module" }),
    "tsconfig.json": JSON.stringify({
      compilerOptions: { module: "NodeNext", moduleResolution: "NodeNext", strict: true },
    }),
    "agentix.config.json": JSON.stringify({ loads }),
    "src/features/orders/contract.ts": "export const total = 1;\n",
    "src/features/orders/model.ts": "export const model = 1;\n",
    "src/features/orders/deep/rules.ts": "export const rules = 1;\n",
    "src/features/billing/contract.ts": "export const bill = 1;\n",
    "src/features/billing/formats/csv.ts": "export const csv = 1;\n",
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

const LOADER = "src/features/billing/plugins.ts";
const DYNAMIC = "export const load = (name: string) => import(name);\n";
const PRIVATE_FROM_BILLING = (file: string) =>
  `${file} is private to feature "orders"; feature "billing" may import only its public entry src/features/orders/contract.ts, so import from there instead`;
const report = (line: number, column: number, message: string) => ({
  ruleId: "agentix/no-private-imports",
  line,
  column,
  message,
});

describe("no-private-imports on a load agentix.config.json `loads` declares", () => {
  it("another feature's private file it may load: reported at the load, once per glob", () => {
    const root = project({
      [LOADER]: ["src/features/orders/*.ts", "src/features/orders/**/rules.ts"],
    });
    expect(lintNoPrivateImports(root, LOADER, DYNAMIC)).toEqual([
      report(1, 39, PRIVATE_FROM_BILLING("src/features/orders/model.ts")),
      report(1, 39, PRIVATE_FROM_BILLING("src/features/orders/deep/rules.ts")),
    ]);
  });

  it("require() of a non-literal, declared by a key glob: the same", () => {
    const root = project({ "src/features/billing/*.ts": ["src/features/orders/model.ts"] });
    const code =
      'import { createRequire } from "node:module";\nconst require = createRequire(import.meta.url);\nexport const load = (name: string): unknown => require(name);\n';
    expect(lintNoPrivateImports(root, LOADER, code)).toEqual([
      report(3, 48, PRIVATE_FROM_BILLING("src/features/orders/model.ts")),
    ]);
  });

  it("outside features: a private file it may load is reported as an import from there", () => {
    const root = project({ "src/main.ts": ["src/features/orders/model.ts"] });
    expect(lintNoPrivateImports(root, "src/main.ts", DYNAMIC)).toEqual([
      report(
        1,
        39,
        'src/features/orders/model.ts is private to feature "orders"; code outside features may import only its public entry src/features/orders/contract.ts, so import from there instead',
      ),
    ]);
  });

  it("what is allowed, packages only ([]), nothing matched, a negated glob: no report", () => {
    for (const loads of [
      ["src/features/orders/contract.ts", "src/features/billing/formats/*.ts"],
      [],
      ["src/features/nowhere/*.ts"],
      ["!src/features/orders/model.ts"],
      // A "!" glob excludes from the list's other globs.
      ["src/features/orders/*.ts", "!src/features/orders/model.ts"],
    ]) {
      const root = project({ [LOADER]: loads });
      expect(lintNoPrivateImports(root, LOADER, DYNAMIC), JSON.stringify(loads)).toEqual([]);
    }
  });

  it("undeclared (another file's key): unprovable, and the message names `loads`", () => {
    const root = project({ "src/features/billing/other.ts": [] });
    expect(lintNoPrivateImports(root, LOADER, DYNAMIC)).toEqual([
      report(
        1,
        39,
        'import() with a non-literal target cannot be checked against feature boundaries; use a string literal that names a feature\'s public entry (contract) or a package, or declare what it may load in agentix.config.json "loads"',
      ),
    ]);
  });
});
