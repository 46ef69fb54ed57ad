// The scaffolded capsule must pass, at once, every check a project runs: strict type-checking,
// the plugin's rules, the analyzer's index (no violations, nothing unresolved) and its own test.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import ts from "typescript";
import tseslint from "typescript-eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import plugin from "../../eslint-plugin/index.js";
import { analyzeProject } from "../index.js";
import { parseFeatureName } from "./feature-name.js";
import { ScaffoldError } from "../errors.js";
import { scaffoldFeature } from "./scaffold-feature.js";

const repo = fileURLToPath(new URL("../../", import.meta.url));

describe("parseFeatureName", () => {
  it.each([
    ["shipping", { id: "shipping", camel: "shipping", pascal: "Shipping" }],
    [
      "shipping-quotes",
      { id: "shipping-quotes", camel: "shippingQuotes", pascal: "ShippingQuotes" },
    ],
    ["b2b-orders2", { id: "b2b-orders2", camel: "b2bOrders2", pascal: "B2bOrders2" }],
  ])("accepts %s", (name, names) => {
    expect(parseFeatureName(name)).toEqual({ ok: true, names });
  });

  it.each([
    ["", "the feature name is empty"],
    ["../evil", '"../evil" contains a path separator; give a name, not a path'],
    ["a/b", '"a/b" contains a path separator; give a name, not a path'],
    ["a\\b", '"a\\b" contains a path separator; give a name, not a path'],
    ["..", '".." contains ".."'],
    [
      "Shipping",
      '"Shipping" is not a kebab-case name: use lower-case letters, digits and single hyphens, starting with a letter (e.g. shipping-quotes)',
    ],
    [
      "ship--it",
      '"ship--it" is not a kebab-case name: use lower-case letters, digits and single hyphens, starting with a letter (e.g. shipping-quotes)',
    ],
    [
      "2fa",
      '"2fa" is not a kebab-case name: use lower-case letters, digits and single hyphens, starting with a letter (e.g. shipping-quotes)',
    ],
    [
      "ship_it",
      '"ship_it" is not a kebab-case name: use lower-case letters, digits and single hyphens, starting with a letter (e.g. shipping-quotes)',
    ],
    ["delete", '"delete" is a reserved word in JavaScript or TypeScript'],
    ["class", '"class" is a reserved word in JavaScript or TypeScript'],
    ["con", '"con" is a reserved device name on Windows'],
    ["a".repeat(41), `"${"a".repeat(41)}" is longer than 40 characters`],
  ])("rejects %j", (name, problem) => {
    expect(parseFeatureName(name)).toEqual({ ok: false, problem });
  });
});

describe("scaffoldFeature", () => {
  let project: string;

  beforeAll(() => {
    project = mkdtempSync(path.join(tmpdir(), "agentix-scaffold-"));
    writeFileSync(
      path.join(project, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2023",
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          exactOptionalPropertyTypes: true,
          noUncheckedIndexedAccess: true,
          verbatimModuleSyntax: true,
          noEmit: true,
          skipLibCheck: true,
          types: ["node"],
          typeRoots: [path.join(repo, "node_modules/@types")],
          paths: {
            agentix: [path.join(repo, "runtime/index.ts")],
            "agentix/testing": [path.join(repo, "runtime/testing/index.ts")],
            vitest: [path.join(repo, "node_modules/vitest/dist/index.d.ts")],
          },
        },
        include: ["src"],
      }),
    );
    writeFileSync(
      path.join(project, "package.json"),
      JSON.stringify({ name: "scaffold-target", type: "module", private: true }),
    );
    writeFileSync(path.join(project, "agentix.config.json"), "{}\n");
  });
  afterAll(() => rmSync(project, { recursive: true, force: true }));

  it("plans without writing under --dry-run", () => {
    const plan = scaffoldFeature({ projectDir: project, name: "shipping-quotes", dryRun: true });
    expect({ ...plan, files: plan.files.map((file) => file.path) }).toEqual({
      feature: "shipping-quotes",
      directory: "src/features/shipping-quotes",
      written: false,
      files: [
        "src/features/shipping-quotes/contract.ts",
        "src/features/shipping-quotes/model.ts",
        "src/features/shipping-quotes/operations.ts",
        "src/features/shipping-quotes/feature.ts",
        "src/features/shipping-quotes/shipping-quotes.test.ts",
      ],
    });
    expect(readdirSync(project).sort()).toEqual([
      "agentix.config.json",
      "package.json",
      "tsconfig.json",
    ]);
  });

  it("writes a capsule that type-checks, lints clean, indexes clean and passes its own test", async () => {
    const plan = scaffoldFeature({ projectDir: project, name: "shipping-quotes" });
    expect(plan.written).toBe(true);
    for (const file of plan.files)
      expect(readFileSync(path.join(project, file.path), "utf8")).toBe(file.content);

    // Type-check, strict.
    const config = ts.getParsedCommandLineOfConfigFile(
      path.join(project, "tsconfig.json"),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    );
    const program = ts.createProgram({
      rootNames: config?.fileNames ?? [],
      options: config?.options ?? {},
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
    expect(diagnostics).toEqual([]);

    // Lint with the plugin, type-aware rule included.
    const eslint = new ESLint({
      cwd: project,
      overrideConfigFile: true,
      overrideConfig: [
        ...tseslint.configs.recommended,
        plugin.configs["recommended-type-checked"],
        {
          languageOptions: {
            parserOptions: {
              project: path.join(project, "tsconfig.json"),
              tsconfigRootDir: project,
            },
          },
        },
      ] as never,
    });
    const results = await eslint.lintFiles(["src/**/*.ts"]);
    expect(
      results.flatMap((result) =>
        result.messages.map(
          (m) => `${path.relative(project, result.filePath)}:${m.line} ${m.ruleId} ${m.message}`,
        ),
      ),
    ).toEqual([]);
    expect(results).toHaveLength(5);

    // Index: the feature, its operations and its test link, nothing wrong or unresolved.
    const index = analyzeProject({ root: project });
    expect(index.features.map((feature) => feature.id)).toEqual(["shipping-quotes"]);
    expect(index.operations.map((operation) => [operation.id, operation.kind])).toEqual([
      ["shipping-quotes.create", "command"],
      ["shipping-quotes.get", "query"],
    ]);
    expect(index.violations).toEqual([]);
    expect(index.unresolved).toEqual([]);
    expect(index.diagnostics).toEqual([]);

    // Its own test, run by Vitest against the runtime sources.
    writeFileSync(
      path.join(project, "vitest.config.mjs"),
      `export default { resolve: { alias: [
  { find: /^agentix\\/testing$/, replacement: ${JSON.stringify(path.join(repo, "runtime/testing/index.ts"))} },
  { find: /^agentix$/, replacement: ${JSON.stringify(path.join(repo, "runtime/index.ts"))} },
] } };\n`,
    );
    const vitest = spawnSync(
      process.execPath,
      [
        path.join(repo, "node_modules/vitest/vitest.mjs"),
        "run",
        "--root",
        project,
        "--reporter",
        "json",
      ],
      {
        encoding: "utf8",
        cwd: project,
      },
    );
    const report = JSON.parse(vitest.stdout) as { numPassedTests: number; numFailedTests: number };
    expect([vitest.status, report.numPassedTests, report.numFailedTests]).toEqual([0, 3, 0]);
  }, 120_000);

  it("never overwrites an existing feature", () => {
    const before = readFileSync(
      path.join(project, "src/features/shipping-quotes/contract.ts"),
      "utf8",
    );
    expect(() => scaffoldFeature({ projectDir: project, name: "shipping-quotes" })).toThrow(
      new ScaffoldError(
        "feature-exists",
        "src/features/shipping-quotes already exists; scaffold never overwrites",
      ),
    );
    expect(
      readFileSync(path.join(project, "src/features/shipping-quotes/contract.ts"), "utf8"),
    ).toBe(before);
  });

  it("puts a second feature beside the first", () => {
    expect(scaffoldFeature({ projectDir: project, name: "returns", dryRun: true }).directory).toBe(
      "src/features/returns",
    );
  });

  it("rejects an unsafe name before touching the disk", () => {
    expect(() => scaffoldFeature({ projectDir: project, name: "../../etc" })).toThrow(
      new ScaffoldError(
        "invalid-feature-name",
        'invalid feature name: "../../etc" contains a path separator; give a name, not a path',
      ),
    );
  });
});
