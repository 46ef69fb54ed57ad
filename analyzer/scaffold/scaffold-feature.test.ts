// The scaffolded capsule must pass, at once, every check a project runs: strict type-checking,
// the plugin's rules, the analyzer's index (no violations, nothing unresolved) and its own test.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
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

/**
 * The project's type errors under its tsconfig (strict): in its own files, and the program's
 * global ones. The runtime sources its `agentix` imports resolve to are the repository's, which
 * `npm run typecheck` checks; checking them again per scaffolded project cost most of this file.
 */
function typeErrors(project: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(project, "tsconfig.json"),
    {},
    { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
  );
  const program = ts.createProgram({
    rootNames: config?.fileNames ?? [],
    options: config?.options ?? {},
  });
  const own = program
    .getSourceFiles()
    .filter((file) => !path.relative(project, file.fileName).startsWith(".."));
  return [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...own.flatMap((file) => [
      ...program.getSyntacticDiagnostics(file),
      ...program.getSemanticDiagnostics(file),
    ]),
  ].map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n"));
}

/** A strict tsconfig whose `agentix` imports resolve to the runtime sources. */
function scaffoldTsconfig(include?: readonly string[]): string {
  return JSON.stringify({
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
    ...(include ? { include } : {}),
  });
}

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
    [
      "define-feature",
      '"define-feature" would name the feature defineFeature, which the scaffolded files import from agentix or vitest; choose another name',
    ],
    ["a".repeat(41), `"${"a".repeat(41)}" is longer than 40 characters`],
  ])("rejects %j", (name, problem) => {
    expect(parseFeatureName(name)).toEqual({ ok: false, problem });
  });
});

describe("scaffoldFeature", () => {
  let project: string;

  beforeAll(() => {
    project = mkdtempSync(path.join(tmpdir(), "agentix-scaffold-"));
    writeFileSync(path.join(project, "tsconfig.json"), scaffoldTsconfig(["src"]));
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
    expect(typeErrors(project)).toEqual([]);

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

describe("scaffoldFeature with configured names and feature directories", () => {
  const projects: string[] = [];
  afterAll(() => {
    for (const dir of projects) rmSync(dir, { recursive: true, force: true });
  });

  /** A project with this agentix.config.json and these (empty) folders. */
  function projectWith(config: object, folders: readonly string[] = []): string {
    const dir = mkdtempSync(path.join(tmpdir(), "agentix-scaffold-configured-"));
    projects.push(dir);
    writeFileSync(path.join(dir, "tsconfig.json"), scaffoldTsconfig());
    writeFileSync(path.join(dir, "package.json"), '{ "type": "module", "private": true }\n');
    writeFileSync(path.join(dir, "agentix.config.json"), JSON.stringify(config));
    for (const folder of folders) mkdirSync(path.join(dir, folder), { recursive: true });
    return dir;
  }

  const nest = {
    features: {
      directories: ["apps/*/features/*"],
      contract: ["{id}.module.ts", "index.ts"],
      descriptor: "public/{id}.feature.ts",
    },
  };

  it("writes the configured entry names, in the one folder a wildcard segment matches", () => {
    const project = projectWith(nest, ["apps/web", "apps/node_modules"]);
    const plan = scaffoldFeature({ projectDir: project, name: "shipping" });
    expect([plan.directory, ...plan.files.map((file) => file.path)]).toEqual([
      "apps/web/features/shipping",
      "apps/web/features/shipping/shipping.module.ts",
      "apps/web/features/shipping/model.ts",
      "apps/web/features/shipping/operations.ts",
      "apps/web/features/shipping/public/shipping.feature.ts",
      "apps/web/features/shipping/shipping.test.ts",
    ]);
    const descriptor = plan.files[3]?.content ?? "";
    expect(descriptor).toContain(`import { shippingContract } from "../shipping.module.js";`);
    expect(descriptor).toContain(`from "../operations.js";`);
    expect(plan.files[1]?.content).toContain(`from "./shipping.module.js";`);

    expect(typeErrors(project)).toEqual([]);
    const index = analyzeProject({ root: project });
    expect(
      index.features.map((f) => [f.id, f.directory, f.contract?.file, f.descriptor?.file]),
    ).toEqual([
      [
        "shipping",
        "apps/web/features/shipping",
        "apps/web/features/shipping/shipping.module.ts",
        "apps/web/features/shipping/public/shipping.feature.ts",
      ],
    ]);
    expect([index.violations, index.unresolved, index.diagnostics]).toEqual([[], [], []]);
  }, 60_000);

  it("creates the literal folders of a pattern such as src/modules/*", () => {
    const project = projectWith({ features: { directories: ["src/modules/*"] } });
    expect(scaffoldFeature({ projectDir: project, name: "billing", dryRun: true }).directory).toBe(
      "src/modules/billing",
    );
  });

  it("refuses a wildcard segment that matches several folders, naming them", () => {
    const project = projectWith(nest, ["apps/web", "apps/admin"]);
    expect(() => scaffoldFeature({ projectDir: project, name: "shipping" })).toThrow(
      new ScaffoldError(
        "no-feature-location",
        'no feature folder exists yet and features.directories "apps/*/features/*" matches several places for one: apps/admin/features, apps/web/features; create the first feature folder in the one you mean by hand, and scaffold puts the next ones beside it',
      ),
    );
    expect(readdirSync(path.join(project, "apps")).sort()).toEqual(["admin", "web"]);
  });

  // At a workspace root, scaffold put the feature beside the first package's features in
  // alphabetical order (apps/api), whichever package was meant.
  it("refuses when features exist in several places, naming them", () => {
    const project = projectWith({}, [
      "packages/billing/src/features/invoices",
      "apps/api/src/features/checkout",
    ]);
    expect(() => scaffoldFeature({ projectDir: project, name: "refunds", dryRun: true })).toThrow(
      new ScaffoldError(
        "no-feature-location",
        "features exist in several places: apps/api/src/features, packages/billing/src/features; run scaffold with --root (or --project) naming the one you mean",
      ),
    );
  });

  it("refuses a wildcard segment that matches no folder", () => {
    const project = projectWith(nest);
    expect(() => scaffoldFeature({ projectDir: project, name: "shipping" })).toThrow(
      new ScaffoldError(
        "no-feature-location",
        `no feature folder exists yet and no place under ${project} matches features.directories ["apps/*/features/*"] (a wildcard before the last segment must match an existing folder); create the first feature folder by hand`,
      ),
    );
  });

  it("refuses entry names that collide with each other or with the template's files", () => {
    const project = projectWith({ features: { contract: "model.ts" } });
    expect(() => scaffoldFeature({ projectDir: project, name: "billing", dryRun: true })).toThrow(
      new ScaffoldError(
        "no-feature-location",
        "the configured features.contract and features.descriptor would both name model.ts (or a file the template writes: model.ts, operations.ts, billing.test.ts); give them distinct names",
      ),
    );
  });
});
