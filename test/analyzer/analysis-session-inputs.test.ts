// The warm session's inputs beside the sources: Vitest configs (the main one, others beside it,
// configs a `projects` glob names), what the test search reports, and root files that appear
// later. After each change the warm index is byte for byte the index of a cold analysis.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnalysisSession } from "../../analyzer/analysis-session.js";
import { analyzeProject, indexProblems } from "../../analyzer/index.js";
import type { AgentixIndex } from "../../analyzer/index-file/types.js";
import { serializeIndex } from "../../analyzer/index-file/serialize.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

let root: string;
let session: AnalysisSession;
const file = (relative: string) => path.join(root, relative);
const write = (relative: string, text: string) => {
  mkdirSync(path.dirname(file(relative)), { recursive: true });
  writeFileSync(file(relative), text);
};
/** The warm index, asserted equal to a cold one. */
const same = (): AgentixIndex => {
  const index = session.index();
  expect(indexProblems(index)).toEqual([]);
  expect(serializeIndex(index)).toBe(serializeIndex(analyzeProject({ root })));
  return index;
};
const tests = () => same().tests.map((test) => test.file);
const diagnostics = () =>
  same().diagnostics.map((d) => `${d.severity} ${d.code} ${d.file ?? "-"}: ${d.message}`);
const config = (include: readonly string[]) =>
  `import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { include: ${JSON.stringify(include)} } });\n`;

beforeAll(() => {
  root = copyFixture("shop");
  session = new AnalysisSession({ root });
  write("src/features/customers/customers.check.ts", "export const check = 1;\n");
  same();
}, 180_000);
afterAll(removeCopies);

describe("AnalysisSession's Vitest configs", { timeout: 120_000 }, () => {
  const shopTests = [
    "src/features/customers/customers.test.ts",
    "src/features/orders/create-order.test.ts",
    "src/features/orders/invariants.test.ts",
  ];
  const checked = ["src/features/customers/customers.check.ts", ...shopTests];

  it("reads a vitest.config.ts created, edited and deleted, as a cold run does", () => {
    // Tests are found by their names too: a config adds what it runs to them.
    expect(tests()).toEqual(shopTests);
    write("vitest.config.ts", config(["src/**/*.check.ts"]));
    expect(tests()).toEqual(checked);
    expect(session.lastRefresh.kind).toBe("cold");
    session.index();
    expect(session.lastRefresh.kind).toBe("unchanged");
    write("vitest.config.ts", config(["src/**/*.test.ts", "src/**/*.tests.ts"]));
    expect(tests()).toEqual(shopTests);
    write("vitest.config.ts", config(["src/**/*.check.ts"]));
    expect(tests()).toEqual(checked);
    rmSync(file("vitest.config.ts"));
    expect(tests()).toEqual(shopTests);
  });

  it("reads a vite.config.ts as the main config when there is no vitest.config", () => {
    write("vite.config.mts", config(["src/**/*.check.ts"]));
    expect(tests()).toEqual(checked);
    rmSync(file("vite.config.mts"));
    expect(tests()).toEqual(shopTests);
  });

  it("reads a second config created beside the main one (vitest.e2e.config.ts)", () => {
    // e2e/ is outside the tsconfig: flow.e2e.ts is analysed once a config runs it.
    write("e2e/flow.e2e.ts", "export const flow = 1;\n");
    expect(tests()).toEqual(shopTests);
    write("vitest.e2e.config.ts", config(["e2e/**/*.e2e.ts"]));
    expect(tests()).toEqual(["e2e/flow.e2e.ts", ...shopTests]);
    rmSync(file("vitest.e2e.config.ts"));
    expect(tests()).toEqual(shopTests);
    rmSync(file("e2e"), { recursive: true });
  });

  it("reads the configs a projects glob names when they are created, edited or deleted", () => {
    write("packages/a/a.check.ts", "export const a = 1;\n");
    write("packages/b/b.check.ts", "export const b = 1;\n");
    write(
      "vitest.config.ts",
      'import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: { projects: ["packages/*"] } });\n',
    );
    expect(tests()).toEqual(shopTests);
    write("packages/a/vitest.config.ts", config(["*.check.ts"]));
    expect(tests()).toEqual(["packages/a/a.check.ts", ...shopTests]);
    write("packages/a/vitest.config.ts", config(["none/*.check.ts"]));
    expect(tests()).toEqual(shopTests);
    write("packages/b/vitest.config.mts", config(["**/*.check.ts"]));
    expect(tests()).toEqual(["packages/b/b.check.ts", ...shopTests]);
    // A project folder that appears under the glob, its config already inside.
    mkdirSync(file("packages.new/c"), { recursive: true });
    writeFileSync(file("packages.new/c/c.check.ts"), "export const c = 1;\n");
    writeFileSync(file("packages.new/c/vitest.config.ts"), config(["*.check.ts"]));
    spawnSync("mv", [file("packages.new/c"), file("packages/c")]);
    expect(tests()).toEqual(["packages/b/b.check.ts", "packages/c/c.check.ts", ...shopTests]);
    rmSync(file("packages/b/vitest.config.mts"));
    expect(tests()).toEqual(["packages/c/c.check.ts", ...shopTests]);
    rmSync(file("vitest.config.ts"));
    rmSync(file("packages"), { recursive: true });
    rmSync(file("packages.new"), { recursive: true });
    expect(tests()).toEqual(shopTests);
  });

  it("reports a config that stops being literal, and forgets the warning once it is fixed", () => {
    write(
      "vitest.config.ts",
      'import { defineConfig } from "vitest/config";\nconst include = ["src/**/*.check.ts"];\nexport default defineConfig({ test: { include } });\n',
    );
    expect(diagnostics().filter((d) => d.includes("vitest-config-not-literal"))).toEqual([
      "warning vitest-config-not-literal vitest.config.ts: which files Vitest runs cannot be read statically (include is not a literal): every file the test globs match counts as a test, and verify passes Vitest only the files it names",
    ]);
    rmSync(file("vitest.config.ts"));
    expect(diagnostics().filter((d) => d.includes("vitest"))).toEqual([]);
  });
});

describe("AnalysisSession's test search and root files", { timeout: 120_000 }, () => {
  it("reports a test another tsconfig owns as soon as it appears, and forgets it when it goes", () => {
    write("other/tsconfig.json", "{}\n");
    write("other/x.test.ts", 'import { it } from "vitest";\nit("x", () => {});\n');
    expect(diagnostics()).toEqual([
      "warning test-not-analysed other/x.test.ts: a test the analysed tsconfig leaves out and other/tsconfig.json owns: it is not analysed (pass that tsconfig with --project to analyse it)",
    ]);
    expect(session.lastRefresh.kind).toBe("incremental");
    rmSync(file("other"), { recursive: true });
    expect(diagnostics()).toEqual([]);
  });

  it("reports a folder the test search cannot read (a path too long), and forgets it when it goes", () => {
    // Root may read any folder: a path longer than PATH_MAX (4096) is unreadable for everyone.
    const segment = "d".repeat(200);
    const made = spawnSync(
      "sh",
      [
        "-c",
        `cd "$1" && for i in $(seq 1 20); do mkdir ${segment} && cd ${segment}; done && mkdir ${segment}`,
        "-",
        root,
      ],
      { encoding: "utf8" },
    );
    try {
      expect(made.stderr).toBe("");
      const shown = diagnostics();
      expect(shown).toHaveLength(1);
      expect(shown[0]).toMatch(
        /^error unreadable (d{200}\/){20}d{200}: this folder cannot be read \(ENAMETOOLONG\); the files in it are not analysed$/u,
      );
    } finally {
      expect(spawnSync("rm", ["-rf", path.join(root, segment)]).status).toBe(0);
    }
    expect(diagnostics()).toEqual([]);
  });

  it("analyses a tsconfig `files` entry once it is written", () => {
    const tsconfig = file("tsconfig.json");
    const json = JSON.parse(readFileSync(tsconfig, "utf8")) as Record<string, unknown>;
    writeFileSync(tsconfig, JSON.stringify({ ...json, files: ["late/late.ts"] }, null, 2));
    expect(diagnostics()).toEqual([
      "warning file-missing late/late.ts: the tsconfig names this file but it does not exist (ENOENT)",
    ]);
    // Right after that load the missing entry is no news: only the edit is redone, with reuse.
    const money = file("src/shared/money.ts");
    const moneyText = readFileSync(money, "utf8");
    writeFileSync(money, `${moneyText}export const more = 2;\n`);
    session.index();
    expect(session.lastRefresh).toEqual({ kind: "incremental", changed: [money] });
    writeFileSync(money, moneyText);
    write("late/late.ts", "export const late = 1;\n");
    expect(same().files.map((f) => f.path)).toContain("late/late.ts");
    expect(diagnostics()).toEqual([]);
    rmSync(file("late/late.ts"));
    expect(diagnostics()).toEqual([
      "warning file-missing late/late.ts: the tsconfig names this file but it does not exist (ENOENT)",
    ]);
  });
});
