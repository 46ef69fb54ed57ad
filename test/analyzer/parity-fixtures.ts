// Parity on the fixtures, shared by parity-all-fixtures.test.ts (a sample, in `npm test`) and
// parity-all-fixtures.full.test.ts (every case, in `npm run test:full`): ESLint running the
// plugin's `recommended-type-checked` config and `agentix check --json` report the same set of
// (rule, file, line, column, end, severity, message) on each fixture project under
// test/fixtures/, exactly the files the project's tsconfig includes. Differences by design are
// listed per fixture and asserted, never skipped.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import ts from "typescript";
import { expect } from "vitest";
import { findProject } from "../../schema/load-config.js";
import { toPosix } from "../../schema/paths.js";
import plugin from "../../dist/eslint-plugin/index.js";
import { run } from "../../analyzer/cli/main.js";
import type { CheckResult } from "../../analyzer/cli/commands/check.js";
import { fixtureDir, recordingIO } from "../support/analyzer-fixtures.js";

export interface ParityCase {
  /** Folder under test/fixtures/ (a workspace package: `workspace/apps/shop`). */
  readonly fixture: string;
  /** The tsconfig both sides use (check's `--project`, ESLint's `parserOptions.project`). */
  readonly project?: string;
  /** How many violations both report: a parity of zero on a fixture meant to break rules is no parity. */
  readonly violations: number;
  /**
   * The reports both make, as `file:line:column-endLine:endColumn severity rule`, when the
   * fixture exists to pin them (a count alone would let one report replace another).
   */
  readonly reports?: readonly string[];
  /** Reports only `check` makes, by design (each says why). */
  readonly onlyCheck?: readonly string[];
  /** Files ESLint cannot parse (they are `check` diagnostics instead). */
  readonly fatal?: readonly string[];
  /**
   * Rule severities for ESLint mirroring the fixture's agentix.config.json `rules`: a rule
   * cannot set its own severity, so "warn" there reaches ESLint only through eslint.config.js
   * (README, "One verdict").
   */
  readonly eslintRules?: Linter.RulesRecord;
  /**
   * Why the plugin's project root (the folder of the nearest agentix.config.json, else of the
   * nearest package.json) is not the fixture's folder, which `check --root` uses.
   */
  readonly pluginRootElsewhere?: string;
}

const TRANSITIVE =
  "a domain file may not reach ambient capabilities through shared code or an adapter either: declare an effect instead, or allow the capability for that file in agentix.config.json";

export const CASES: readonly ParityCase[] = [
  { fixture: "affected-app", violations: 0 },
  { fixture: "aliases", violations: 0 },
  { fixture: "broken", violations: 12, fatal: ["src/features/beta/broken.ts"] },
  { fixture: "composed", violations: 0 },
  { fixture: "entries", violations: 6 },
  // A tsconfig naming one file: the public entry and descriptors the program lacks exist all the
  // same, for both (check said a/contract.ts did not exist, and ESLint named it).
  {
    fixture: "entries-outside-program",
    violations: 2,
    reports: [
      "src/features/b/use.ts:1:19-1:34 error agentix/no-private-imports",
      "src/features/b/use.ts:2:27-2:45 error agentix/no-undeclared-dependencies",
    ],
  },
  // Its helper augments a type of router's private types.ts (declare module "../router/types").
  { fixture: "library", project: "tsconfig.build.json", violations: 10 },
  { fixture: "marker", violations: 1 },
  { fixture: "nest-shape", violations: 5 },
  { fixture: "ordinary", violations: 0 },
  {
    fixture: "parity",
    violations: 38,
    // Casts the type-aware rule sees through, the ambient holes, a type-only import of a banned
    // module, import() of a literal union (the private member reported, the public one not) and
    // of a literal only an assertion gives (unprovable); a require function used other than by
    // calling it (unprovable); a feature's folder that holds no index file imported by its name;
    // files check's text prefilter once skipped (an escaped root, a comment for an argument,
    // a created require, the Function constructor as the only ambient root); an import() of a
    // template of constants (the literal TypeScript types it as); a module augmentation of
    // another feature's private file; a member of the global object by a name no one can tell,
    // and the global object handed on whole (messages quote the source both are given); the
    // Function constructor as a function's constructor, in a file that names no ambient root; the
    // browser's storage (a cookie written, a store through the global object); another feature's
    // private file named by a module URL, and files an import.meta.glob matches, in files that
    // import nothing; a `require` only declared in the file (`declare const require`): called
    // with a template, its context(), handed on; a require from `module.createRequire`; a
    // subclass of Date.
    reports: [
      "src/features/loans/augmentation.ts:3:16-3:39 error agentix/no-private-imports",
      "src/features/loans/browser-storage.ts:3:1-3:16 error agentix/no-ambient-capabilities",
      "src/features/loans/browser-storage.ts:4:1-4:26 error agentix/no-ambient-capabilities",
      "src/features/loans/browser-storage.ts:5:21-5:48 error agentix/no-ambient-capabilities",
      "src/features/loans/constructor-escape.ts:3:20-3:54 error agentix/no-ambient-capabilities",
      "src/features/loans/contexts.ts:3:40-3:52 error agentix/no-private-imports",
      "src/features/loans/created-escape.ts:5:21-5:47 error agentix/no-private-imports",
      "src/features/loans/created-from-module.ts:6:38-6:61 error agentix/no-private-imports",
      "src/features/loans/created-require.ts:4:33-4:42 error agentix/no-ambient-capabilities",
      "src/features/loans/date-comment.ts:1:19-1:38 error agentix/no-ambient-capabilities",
      "src/features/loans/date-subclass.ts:2:28-2:32 error agentix/no-ambient-capabilities",
      "src/features/loans/declared-require-context.ts:4:40-4:52 error agentix/no-private-imports",
      "src/features/loans/declared-require-value.ts:3:23-3:30 error agentix/no-private-imports",
      "src/features/loans/declared-require.ts:4:50-4:78 error agentix/no-private-imports",
      "src/features/loans/escaped-root.ts:1:21-1:37 error agentix/no-ambient-capabilities",
      "src/features/loans/folder-import.ts:3:26-3:38 error agentix/no-private-imports",
      "src/features/loans/function-constructor.ts:2:25-2:58 error agentix/no-ambient-capabilities",
      "src/features/loans/globbed.ts:3:41-3:58 error agentix/no-private-imports",
      "src/features/loans/globbed.ts:5:39-5:53 error agentix/no-private-imports",
      "src/features/loans/holes.ts:10:22-10:32 error agentix/no-ambient-capabilities",
      "src/features/loans/holes.ts:4:53-4:60 error agentix/no-ambient-capabilities",
      "src/features/loans/holes.ts:5:27-5:54 error agentix/no-ambient-capabilities",
      "src/features/loans/holes.ts:7:26-7:45 error agentix/no-ambient-capabilities",
      "src/features/loans/holes.ts:8:26-8:64 error agentix/no-ambient-capabilities",
      "src/features/loans/holes.ts:9:20-9:31 error agentix/no-ambient-capabilities",
      "src/features/loans/module-url.ts:3:32-3:55 error agentix/no-private-imports",
      "src/features/loans/pages.ts:4:44-4:48 error agentix/no-private-imports",
      "src/features/loans/pages.ts:7:47-7:87 error agentix/no-private-imports",
      "src/features/loans/queries.ts:12:14-12:83 error agentix/no-query-writes",
      "src/features/loans/queries.ts:5:110-5:137 error agentix/no-query-writes",
      "src/features/loans/queries.ts:6:114-6:143 error agentix/no-query-writes",
      "src/features/loans/queries.ts:7:116-7:145 error agentix/no-query-writes",
      "src/features/loans/require-escapes.ts:3:21-3:28 error agentix/no-private-imports",
      "src/features/loans/require-escapes.ts:4:33-4:40 error agentix/no-private-imports",
      "src/features/loans/template-imports.ts:3:37-3:59 error agentix/no-private-imports",
      "src/features/loans/unknown-globals.ts:4:23-4:67 error agentix/no-ambient-capabilities",
      "src/features/loans/unknown-globals.ts:5:59-5:69 error agentix/no-ambient-capabilities",
      "src/registry.ts:2:39-2:59 error agentix/no-private-imports",
    ],
  },
  { fixture: "real-shapes", violations: 0 },
  { fixture: "real-workspace/apps/api", violations: 0 },
  { fixture: "real-workspace/apps/web", violations: 0 },
  { fixture: "real-workspace/packages/framework", violations: 0 },
  { fixture: "real-workspace/packages/trpc", violations: 0 },
  { fixture: "schemas", violations: 0 },
  { fixture: "nx-library", project: "tsconfig.spec.json", violations: 0 },
  { fixture: "other-runners", violations: 0 },
  { fixture: "ts-jest", violations: 0 },
  { fixture: "jest-substitutes", violations: 0 },
  { fixture: "deferred-code", violations: 0 },
  { fixture: "test-helpers", violations: 0 },
  { fixture: "vite-glob", violations: 0 },
  { fixture: "hash-imports", violations: 0 },
  { fixture: "env-state", violations: 0 },
  // Unlinked here (linked-features.test.ts makes the link): the package import leads nowhere.
  { fixture: "linked-features/apps/api", violations: 0 },
  { fixture: "linked-features/packages/billing", violations: 0 },
  // A module URL and a glob into another package's feature, from files that import nothing.
  {
    fixture: "module-urls/packages/app",
    violations: 2,
    reports: [
      "src/globbed.ts:2:42-2:82 error agentix/no-private-imports",
      "src/main.ts:2:31-2:84 error agentix/no-private-imports",
    ],
  },
  { fixture: "module-urls/packages/ledger", violations: 0 },
  // formbricks: `import "../modules/ui/globals.css"`; check said nothing where ESLint reported.
  {
    fixture: "asset-imports",
    violations: 7,
    // Vite's queries are no part of the file: ESLint named the file with its query, and check
    // found no TypeScript file for `theme.worker.ts?worker`; a stylesheet by a `paths` alias was
    // no file for either (README.md).
    reports: [
      "src/features/orders/bundler-queries.ts:3:25-3:55 error agentix/no-private-imports",
      "src/features/orders/bundler-queries.ts:4:25-4:49 error agentix/no-private-imports",
      "src/features/orders/bundler-queries.ts:5:20-5:46 error agentix/no-private-imports",
      "src/features/orders/bundler-queries.ts:8:19-8:50 error agentix/no-private-imports",
      "src/features/orders/model.ts:1:8-1:27 error agentix/no-private-imports",
      "src/pages.ts:2:39-2:63 error agentix/no-private-imports",
      "src/shell.ts:1:8-1:35 error agentix/no-private-imports",
    ],
  },
  { fixture: "test-owners", violations: 0 },
  { fixture: "type-tests", violations: 0 },
  { fixture: "declared-loads", violations: 0 },
  // agentix.config.json `loads`: a declared load is judged as imports of what it may load, and
  // followed into shared code for the capabilities it reaches (check only, as for imports).
  {
    fixture: "declared-loads-features",
    violations: 3,
    onlyCheck: [
      `src/features/reports/plugins.ts:2:10-2:22 error agentix/no-ambient-capabilities imports src/lib/plugins/clock.ts, which reads the clock with Date.now() at line 2; ${TRANSITIVE}`,
    ],
    reports: [
      "src/features/billing/plugins.ts:2:10-2:22 error agentix/no-private-imports",
      "src/features/billing/undeclared.ts:2:10-2:22 error agentix/no-private-imports",
      "src/tools.ts:2:10-2:22 error agentix/no-private-imports",
    ],
  },
  { fixture: "vitest-setup", violations: 0 },
  { fixture: "path-references", violations: 0 },
  { fixture: "self-import", violations: 0 },
  { fixture: "vue-components", violations: 0 },
  // hono's root: a solution whose projects are in the root folder and sub-folders; compared on
  // the project that holds the tests (check at the root runs every project).
  { fixture: "solution-root", project: "tsconfig.spec.json", violations: 3 },
  {
    fixture: "shop",
    violations: 0,
    pluginRootElsewhere:
      "shop is the project without agentix.config.json or package.json (the index snapshot's `config: null`, fresh-index's and analysis-session's config-created cases); the plugin's root is the repository there, and the defaults' `**/` globs match the same files",
  },
  {
    fixture: "transitive",
    violations: 0,
    // The plugin sees one file at a time; following imports into shared code is check's alone
    // (no-ambient-capabilities.md, "What only agentix check catches").
    onlyCheck: [
      `src/features/loans/drafts.ts:1:27-1:48 error agentix/no-ambient-capabilities imports src/lib/drafts.ts, which reaches the browser's storage with localStorage at line 4; ${TRANSITIVE}`,
      `src/features/loans/globals.ts:1:28-1:50 error agentix/no-ambient-capabilities imports src/lib/globals.ts, which reads g[name], a member agentix cannot name, at line 6; ${TRANSITIVE}`,
      `src/features/loans/model.ts:3:23-3:45 error agentix/no-ambient-capabilities imports src/lib/ambient.ts, which reads the clock with Date.now() at line 3; ${TRANSITIVE}`,
      `src/features/loans/model.ts:4:24-4:45 error agentix/no-ambient-capabilities imports src/lib/config.ts, which imports src/lib/env.ts at line 1, which reads process.env at line 1; ${TRANSITIVE}`,
      `src/features/loans/search.ts:1:26-1:49 error agentix/no-ambient-capabilities imports src/lib/debounce.ts, which schedules work on the clock with setTimeout() at line 7; ${TRANSITIVE}`,
      `src/features/loans/uses-adapter.ts:3:27-3:52 error agentix/no-ambient-capabilities imports src/adapters/clock.ts, which reads the clock with Date.now() at line 1; ${TRANSITIVE}`,
    ],
  },
  { fixture: "typeorm-shape", violations: 0 },
  {
    fixture: "verdict",
    violations: 5,
    eslintRules: { "agentix/no-undeclared-dependencies": "warn" },
  },
  // npm create vite's React-TS template: a solution of tsconfig.app.json and tsconfig.node.json.
  { fixture: "vite-app", project: "tsconfig.app.json", violations: 0 },
  { fixture: "wide", violations: 0 },
  // A monorepo: each package is one project for ESLint and for `check --root <package>`.
  { fixture: "workspace/apps/admin", violations: 0 },
  { fixture: "workspace/apps/shop", violations: 0 },
  { fixture: "workspace/packages/contracts", violations: 0 },
];

/** Fixtures that are not one project `check` and ESLint can both run on, and why. */
export const NOT_COMPARED: Readonly<Record<string, string>> = {
  "eslint-plugin": "RuleTester's file trees (some without a tsconfig); not analyser projects",
};

/** Every fixture folder, and each package of a fixture that is a workspace (`workspaces: ["apps/*"]`). */
export function fixtureProjects(): string[] {
  const folders = (dir: string) =>
    readdirSync(fixtureDir(dir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => (dir === "." ? entry.name : `${dir}/${entry.name}`));
  const projects: string[] = [];
  for (const folder of folders(".")) {
    const manifest = fixtureDir(`${folder}/package.json`);
    const workspaces = existsSync(manifest)
      ? (JSON.parse(readFileSync(manifest, "utf8")) as { workspaces?: string[] }).workspaces
      : undefined;
    if (!workspaces) {
      projects.push(folder);
      continue;
    }
    for (const pattern of workspaces) {
      if (!pattern.endsWith("/*")) throw new Error(`${folder}: unsupported workspace ${pattern}`);
      projects.push(...folders(`${folder}/${pattern.slice(0, -2)}`));
    }
  }
  return projects.sort();
}

/** The files a tsconfig includes, as tsc (and so `check`) sees them. */
function projectFiles(root: string, project: string): string[] {
  const configPath = path.join(root, project);
  const config = ts.getParsedCommandLineOfConfigFile(
    configPath,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${configPath}`);
  return config.fileNames.filter((file) => !file.endsWith(".d.ts"));
}

function line(p: {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: string;
  rule: string;
  message: string;
}): string {
  return `${p.file}:${p.line}:${p.column}-${p.endLine}:${p.endColumn} ${p.severity} ${p.rule} ${p.message}`;
}

async function checkReports(root: string, project: string): Promise<string[]> {
  const io = recordingIO(root);
  await run(["check", "--json", "--root", root, "--project", project], io.io);
  const result = JSON.parse(io.stdout()) as CheckResult;
  return result.problems
    .filter((p) => p.source === "violation" || p.rule === "unused-disable-directive")
    .map((p) =>
      line({
        file: p.file ?? "",
        line: p.line ?? 0,
        column: p.column ?? 0,
        endLine: p.endLine ?? 0,
        endColumn: p.endColumn ?? 0,
        severity: p.severity,
        rule: p.rule,
        message: p.message,
      }),
    )
    .sort();
}

/** ESLint's report of a directive naming a rule outside agentix (check reads only agentix's). */
const foreignUnusedDirective =
  /^Unused eslint-disable directive \(no problems were reported from '(?!agentix\/)/u;

/**
 * ESLint with the plugin on the tsconfig's files: `recommended-type-checked` with type
 * information, or `recommended` alone (no type information, as in an editor without a project).
 */
async function eslintReports(
  root: string,
  project: string,
  { rules = {}, typed = true }: { rules?: Linter.RulesRecord | undefined; typed?: boolean } = {},
): Promise<{ reports: string[]; fatal: string[] }> {
  const preset = plugin.configs[typed ? "recommended-type-checked" : "recommended"];
  const config: Linter.Config[] = [
    { ...preset, files: ["**/*.{ts,tsx,mts,cts,js,mjs,cjs,jsx}"] },
    {
      languageOptions: {
        parser: tsParser as Linter.Parser,
        parserOptions: typed ? { project, tsconfigRootDir: root } : { ecmaFeatures: { jsx: true } },
      },
      linterOptions: { reportUnusedDisableDirectives: "warn" },
      rules,
    },
  ];
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  const reports: string[] = [];
  const fatal: string[] = [];
  for (const result of await eslint.lintFiles(projectFiles(root, project))) {
    const file = toPosix(path.relative(root, result.filePath));
    for (const m of result.messages) {
      if (m.fatal) fatal.push(file);
      else if (m.ruleId === null && foreignUnusedDirective.test(m.message)) continue;
      else
        reports.push(
          line({
            file,
            line: m.line,
            column: m.column,
            endLine: m.endLine ?? 0,
            endColumn: m.endColumn ?? 0,
            severity: m.severity === 2 ? "error" : "warning",
            rule: m.ruleId ?? "unused-disable-directive",
            // ESLint ends its unused-directive message with a period; check's is the same text.
            message: m.ruleId ? m.message : m.message.replace(/\)\.$/u, ")"),
          }),
        );
    }
  }
  return { reports: reports.sort(), fatal: fatal.sort() };
}

/** The guard: every fixture project is compared or says why not, and none is listed twice. */
export function expectEveryFixtureCovered(): void {
  const listed = [...CASES.map((c) => c.fixture), ...Object.keys(NOT_COMPARED)];
  expect(new Set(listed).size).toBe(listed.length);
  expect(fixtureProjects()).toEqual(listed.sort());
}

/** The plugin reads the same agentix.config.json as `check --root <fixture>`, or the case says why not. */
export function expectPluginRoot(c: ParityCase): void {
  const root = fixtureDir(c.fixture);
  const [first] = projectFiles(root, c.project ?? "tsconfig.json");
  if (first === undefined) throw new Error(`${c.fixture}: the tsconfig includes no file`);
  const pluginRoot = findProject(first).root;
  if (c.pluginRootElsewhere === undefined) expect(pluginRoot).toBe(root);
  else expect(pluginRoot).not.toBe(root);
}

/** Runs both sides on one case and compares them. */
export async function expectParity(c: ParityCase): Promise<void> {
  const root = fixtureDir(c.fixture);
  const project = c.project ?? "tsconfig.json";
  const [fromCheck, fromEslint] = await Promise.all([
    checkReports(root, project),
    eslintReports(root, project, { rules: c.eslintRules }),
  ]);
  expect(fromEslint.fatal).toEqual(c.fatal ?? []);
  const onlyCheck = c.onlyCheck ?? [];
  expect(fromCheck.filter((r) => onlyCheck.includes(r))).toEqual(onlyCheck);
  expect(fromEslint.reports).toEqual(fromCheck.filter((r) => !onlyCheck.includes(r)));
  const violations = fromEslint.reports.filter((r) => !r.includes("unused-disable-directive"));
  expect(violations).toHaveLength(c.violations);
  if (c.reports) expect(violations.map((r) => r.split(" ", 3).join(" "))).toEqual(c.reports);
}

/**
 * Without type information (`recommended` alone) the plugin still reports what `check` does,
 * except the type-aware rule's reports.
 */
export async function expectUntypedParity(c: ParityCase): Promise<void> {
  const root = fixtureDir(c.fixture);
  const project = c.project ?? "tsconfig.json";
  const [fromCheck, fromEslint] = await Promise.all([
    checkReports(root, project),
    eslintReports(root, project, { rules: c.eslintRules, typed: false }),
  ]);
  expect(fromEslint.fatal).toEqual(c.fatal ?? []);
  const typeAware = (r: string) => r.includes(" agentix/no-query-writes ");
  expect(fromEslint.reports).toEqual(fromCheck.filter((r) => !typeAware(r)));
}

export function parityCase(fixture: string): ParityCase {
  const found = CASES.find((c) => c.fixture === fixture);
  if (!found) throw new Error(`no parity case for ${fixture}`);
  return found;
}
