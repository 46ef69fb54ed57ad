// The shapes real repositories have (hono, a NestJS + Next.js monorepo, typeorm), in a small
// hand-written fixture: tests named *.spec.tsx and *.e2e-spec.ts or found by what they import,
// a Vitest config read statically, a test owned by another tsconfig, `import()` of a const
// string and of a union of literals, a truly unknown `import()` and one in a build script.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedResult, type AffectedResult } from "../../analyzer/affected/result.js";
import { computeAffected } from "../../analyzer/affected/live-facts.js";
import { computeAffectedFrom } from "../../analyzer/affected/select.js";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { run } from "../../analyzer/cli/main.js";
import { readAffectedRecord } from "../../analyzer/freshness/affected-record.js";
import { freshPath } from "../../analyzer/freshness/freshness.js";
import { copyFixture, recordingIO, removeCopies } from "../support/analyzer-fixtures.js";

let project: string;
let analysis: Analysis;

beforeAll(() => {
  project = copyFixture("real-shapes");
  analysis = analyze({ root: project });
});
afterAll(removeCopies);

function affected(...files: string[]): AffectedResult {
  const changes: FileChange[] = files.map((file) => ({ path: file, status: "modified" }));
  return affectedResult(computeAffected(analysis, changes), {
    since: null,
    targets: files,
    changes,
  });
}

function selection(result: AffectedResult): string[] {
  return result.tests.files.flatMap((file) =>
    file.whole ? [file.file] : file.cases.map((testCase) => `${file.file}:${testCase.line}`),
  );
}

describe("test discovery", () => {
  it("finds *.spec.tsx, *.e2e-spec.ts and files that import a test framework, and nothing else", () => {
    const tests = analysis.loaded.files
      .filter((file) => analysis.roles.isTest(file))
      .map((file) => file.path);
    expect(tests).toEqual([
      "src/components/FieldEditor.spec.tsx",
      "src/features/notes/notes.spec.tsx",
      "src/i18n/i18n.test.ts",
      "src/plugins/anything.test.ts",
      "src/plugins/plugins.test.ts",
      "test/notes.e2e-spec.ts",
      "test/smoke-check.ts",
    ]);
  });

  // bulletproof-react's playwright.config.ts imports defineConfig from @playwright/test: it was
  // a test (listed by verify as "not run by vitest"); a tool's config never is.
  it("does not take a tool's config that imports a test framework for a test", () => {
    const config = path.join(project, "src/playwright.config.ts");
    writeFileSync(
      config,
      'import { defineConfig } from "@playwright/test";\nexport default defineConfig({});\n',
    );
    try {
      const again = analyze({ root: project });
      const file = again.loaded.files.find((entry) => entry.path === "src/playwright.config.ts");
      expect(file && again.roles.isTest(file)).toBe(false);
    } finally {
      rmSync(config);
    }
  });

  it("does not analyse a test another tsconfig owns with this one's options, and says so", () => {
    expect(analysis.loaded.files.map((file) => file.path)).not.toContain(
      "packages/ui/button.test.ts",
    );
    expect(analysis.loaded.problems).toEqual([
      {
        code: "test-not-analysed",
        severity: "warning",
        message:
          "a test the analysed tsconfig leaves out and packages/ui/tsconfig.json owns: it is not analysed (pass that tsconfig with --project to analyse it)",
        owner: "packages/ui/tsconfig.json",
        file: "packages/ui/button.test.ts",
        line: null,
        column: null,
      },
    ]);
  });

  it("reads the Vitest config's include and exclude (with configDefaults) without running it", () => {
    const runs = analysis.loaded.vitest.runs;
    expect(analysis.loaded.vitest.file).toBe("vitest.config.ts");
    expect(
      [
        "src/components/FieldEditor.spec.tsx",
        "test/notes.e2e-spec.ts",
        "test/smoke-check.ts",
        "src/x.manual.test.ts",
        "src/node_modules/x.test.ts",
        "other/x.test.ts",
      ].map(runs),
    ).toEqual([true, true, false, false, false, false]);
  });

  it("plans vitest only on the selected files its config runs, naming the others", async () => {
    const recorded = recordingIO(project);
    const code = await run(["verify", "src/features/notes/model.ts", "--dry-run"], recorded.io);
    expect(code).toBe(0);
    expect(recorded.stdout()).toContain(
      "files that import vitest but vitest.config.ts does not include (a helper runs inside the tests that load it; a test it leaves out does not run):\n  test/smoke-check.ts\n",
    );
    expect(recorded.stdout()).toMatch(
      /vitest run src\/features\/notes\/notes\.spec\.tsx src\/plugins\/anything\.test\.ts test\/notes\.e2e-spec\.ts\n/u,
    );
  });
});

// excalidraw's i18n loads `./locales/${lang.code}.json`: every change selected every test that
// loads it (1,105 of 1,105 in its package). A template target loads only what matches it.
describe("an import() whose target is a pattern", () => {
  it("is loaded by a change to a file its pattern matches, through what that file imports", () => {
    for (const changed of ["src/i18n/formats/percent.ts", "src/i18n/round.ts"]) {
      const result = affected(changed);
      expect(result.widened).toEqual([]);
      // Only the case that formats: loading a locale does not load the format modules.
      expect(selection(result)).toEqual([
        "src/i18n/i18n.test.ts:8",
        "src/plugins/anything.test.ts",
      ]);
    }
  });

  it("counts a change to a JSON file its pattern matches as a change to the loader", () => {
    const result = affected("src/i18n/locales/en.json");
    expect(result.widened).toEqual([]);
    expect(result.notes).toContain(
      "src/i18n/locales/en.json is not TypeScript: it counts as a change to the files that import it (src/i18n/i18n.ts)",
    );
    // anything.ts's import(name) may load any changed module, i18n.ts included.
    expect(selection(result)).toEqual(["src/i18n/i18n.test.ts", "src/plugins/anything.test.ts"]);
  });

  it("reaches the loader of a removed module its pattern matched", () => {
    const changes: FileChange[] = [{ path: "src/i18n/formats/fraction.ts", status: "deleted" }];
    const noImporters = { importersOf: () => [] };
    const result = affectedResult(computeAffected(analysis, changes, {}, noImporters), {
      since: null,
      targets: [],
      changes,
    });
    expect(result.widened).toEqual([]);
    expect(selection(result)).toEqual(["src/i18n/i18n.test.ts", "src/plugins/anything.test.ts"]);
  });

  it("widens for a removed declaration file, as for a changed one (its declarations may be global)", () => {
    const changes: FileChange[] = [{ path: "src/types/globals.d.ts", status: "deleted" }];
    expect(computeAffected(analysis, changes).widened).toEqual([
      {
        code: "shared-code",
        message: "declaration file removed: src/types/globals.d.ts",
        path: "src/types/globals.d.ts",
      },
    ]);
  });

  it("still widens for a JSON file no pattern matches", () => {
    const result = affected("src/i18n/other.json");
    expect(result.widened.map((reason) => reason.code)).toEqual(["unknown-file"]);
  });
});

describe("widening as narrow as the unknown", () => {
  it("reaches the spec.tsx and e2e-spec tests of a model change, and the tests loading an unknown import()", () => {
    const result = affected("src/features/notes/model.ts");
    expect(result.widened).toEqual([]);
    expect(selection(result)).toEqual([
      "src/features/notes/notes.spec.tsx",
      "src/plugins/anything.test.ts",
      "test/notes.e2e-spec.ts",
      "test/smoke-check.ts",
    ]);
    // scripts/build.ts loads `./tasks/${name}.js`, and src/i18n/i18n.ts `./locales/${code}.json`
    // and "./formats/" + name + ".js": none can load the model, so neither is in the answer.
    expect(result.notes).toEqual([
      'src/plugins/anything.ts:2: import() with a non-literal target: the module it loads cannot be known statically: the tests that load src/plugins/anything.ts run with any change (agentix.config.json "loads" can say what it loads)',
    ]);
  });

  it("resolves import() of a const string and of a union of literals", () => {
    const edges = analysis.imports
      .get(analysis.loaded.fileByName.get(path.join(project, "src/plugins/loader.ts"))!)!
      .map((entry) => [entry.edge.form, entry.edge.specifier, entry.edge.target]);
    expect(edges).toEqual([
      ["dynamic-import", "./markdown.js", "src/plugins/markdown.ts"],
      ["dynamic-import", "./markdown.js", "src/plugins/markdown.ts"],
      ["dynamic-import", "./plain.js", "src/plugins/plain.ts"],
    ]);
    expect(selection(affected("src/plugins/plain.ts"))).toEqual([
      "src/plugins/anything.test.ts",
      "src/plugins/plugins.test.ts:8",
    ]);
  });

  it("takes a directory to mean the files under it", async () => {
    const recorded = recordingIO(project);
    expect(await run(["affected", "src/components", "--json"], recorded.io)).toBe(0);
    const result = JSON.parse(recorded.stdout()) as AffectedResult;
    expect(result.widened).toEqual([]);
    expect(result.changes.map((change) => change.path)).toEqual([
      "src/components/FieldEditor.spec.tsx",
      "src/components/FieldEditor.tsx",
    ]);
    expect(selection(result)).toEqual([
      "src/components/FieldEditor.spec.tsx",
      "src/plugins/anything.test.ts",
    ]);
  });
});

describe("tsconfig problems degrade as tsc does", () => {
  function tsconfigProject(tsconfig: string): string {
    const dir = path.join(copyFixture("real-shapes"), "degraded");
    mkdirSync(path.join(dir, "src/deep"), { recursive: true });
    writeFileSync(path.join(dir, "tsconfig.json"), tsconfig);
    writeFileSync(path.join(dir, "src/a.ts"), "export const a = 1;\n");
    return dir;
  }

  it("warns with positions for an extends that does not resolve, an unknown option and a missing files entry", async () => {
    const dir = tsconfigProject(
      '{\n  "extends": "@tsconfig/node20/tsconfig.json",\n  "compilerOptions": { "bogus": 1 },\n  "files": ["src/a.ts", "src/missing.ts"]\n}\n',
    );
    // Found upwards from a subfolder, as tsc finds it.
    const recorded = recordingIO(path.join(dir, "src/deep"));
    expect(await run(["index"], recorded.io)).toBe(0);
    expect(recorded.stderr()).toBe(
      [
        "agentix: warning: tsconfig.json:2:14: File '@tsconfig/node20/tsconfig.json' not found. (TS6053)",
        "agentix: warning: tsconfig.json:3:24: Unknown compiler option 'bogus'. (TS5023)",
        "agentix: warning: src/missing.ts: the tsconfig names this file but it does not exist (ENOENT)",
        "agentix: the index records 0 errors and 3 warnings; run `agentix check` for details",
        "",
      ].join("\n"),
    );
    expect(recorded.stdout()).toMatch(
      /^wrote \.\.\/\.\.\/\.agentix\/index\.json: .* 1 source file\n$/u,
    );
  });

  // A relative `extends` naming no file is TS5083, which TypeScript gives without a position and
  // with the absolute path: the index then differed between two checkouts.
  it("gives an extends that names no file its position and a path relative to the root", async () => {
    const dir = tsconfigProject(
      '{\n  "extends": "./missing-base.json",\n  "files": ["src/a.ts"]\n}\n',
    );
    const recorded = recordingIO(dir);
    expect(await run(["index"], recorded.io)).toBe(0);
    const message = "Cannot read file 'missing-base.json'. (TS5083)";
    expect(recorded.stderr().split("\n")[0]).toBe(
      `agentix: warning: tsconfig.json:2:14: ${message}`,
    );
    const index = JSON.parse(readFileSync(path.join(dir, ".agentix/index.json"), "utf8")) as {
      diagnostics: unknown[];
    };
    expect(index.diagnostics).toEqual([
      {
        code: "TS5083",
        severity: "warning",
        message,
        file: "tsconfig.json",
        line: 2,
        column: 14,
        related: [],
      },
    ]);
  });

  // A workspace's shared tsconfig.base.json with an unknown option stopped index, check and
  // inspect in every package with exit 3: its absolute path broke the index schema.
  it("records a problem of an extended tsconfig outside the root with its relative path in the message", async () => {
    const dir = tsconfigProject('{\n  "extends": "../base.json",\n  "files": ["src/a.ts"]\n}\n');
    writeFileSync(path.join(dir, "../base.json"), '{\n  "compilerOptions": { "bogus": 1 }\n}\n');
    const recorded = recordingIO(dir);
    expect(await run(["index"], recorded.io)).toBe(0);
    expect(recorded.stderr().split("\n")[0]).toBe(
      `agentix: warning: ${path.resolve(dir, "../base.json")}:2:24: Unknown compiler option 'bogus'. (TS5023)`,
    );
    const index = JSON.parse(readFileSync(path.join(dir, ".agentix/index.json"), "utf8")) as {
      diagnostics: unknown[];
    };
    expect(index.diagnostics).toEqual([
      {
        code: "TS5023",
        severity: "warning",
        message: "../base.json:2:24: Unknown compiler option 'bogus'. (TS5023)",
        file: null,
        line: null,
        related: [],
      },
    ]);
    const check = recordingIO(dir);
    expect(await run(["check"], check.io)).toBe(0);
  });

  // zod's packages/bench: TypeScript writes a traced resolution to the process's stdout itself.
  it("keeps a tsconfig's traceResolution from writing into the answer", async () => {
    const dir = tsconfigProject(
      '{ "compilerOptions": { "traceResolution": true, "module": "nodenext" }, "files": ["src/a.ts"] }\n',
    );
    writeFileSync(path.join(dir, "src/a.ts"), 'import { b } from "./b.js";\nexport const a = b;\n');
    writeFileSync(path.join(dir, "src/b.ts"), "export const b = 1;\n");
    const written = vi.spyOn(process.stdout, "write");
    try {
      const recorded = recordingIO(dir);
      expect(await run(["affected", "src/b.ts", "--json"], recorded.io)).toBe(0);
      expect(JSON.parse(recorded.stdout())).toMatchObject({ command: "affected" });
      expect(
        written.mock.calls.filter(([text]) => String(text).includes("Resolving module")),
      ).toEqual([]);
    } finally {
      written.mockRestore();
    }
  });

  it("gives a deprecation TypeScript reports without a position (set in an extended config) the option's position there", async () => {
    const dir = tsconfigProject(
      '{\n  "extends": "./base.json",\n  "compilerOptions": { "strict": true },\n  "files": ["src/a.ts"]\n}\n',
    );
    writeFileSync(
      path.join(dir, "base.json"),
      '{\n  "compilerOptions": {\n    "module": "commonjs",\n    "moduleResolution": "node"\n  }\n}\n',
    );
    const recorded = recordingIO(dir);
    expect(await run(["index"], recorded.io)).toBe(0);
    expect(recorded.stderr().split("\n")[0]).toBe(
      "agentix: warning: base.json:4:5: Option 'moduleResolution=node10' is deprecated and will stop functioning in TypeScript 7.0. Specify compilerOption '\"ignoreDeprecations\": \"6.0\"' to silence this error.",
    );
    // The column is the diagnostic's own field (index and check), not a "column 5: " prefix.
    const message =
      "Option 'moduleResolution=node10' is deprecated and will stop functioning in TypeScript 7.0. Specify compilerOption '\"ignoreDeprecations\": \"6.0\"' to silence this error.\n  Visit https://aka.ms/ts6 for migration information. (TS5107)";
    const index = JSON.parse(readFileSync(path.join(dir, ".agentix/index.json"), "utf8")) as {
      diagnostics: { file: string }[];
    };
    expect(index.diagnostics.filter((d) => d.file === "base.json")).toEqual([
      {
        code: "TS5107",
        severity: "warning",
        message,
        file: "base.json",
        line: 4,
        column: 5,
        related: [],
      },
    ]);
    const check = recordingIO(dir);
    expect(await run(["check"], check.io)).toBe(0);
    expect(check.stdout()).toContain(`base.json\n  4:5     warning ${message}  TS5107\n`);
  });

  // tiny-invariant (TypeScript 5) and graphql-js (4.6) pass their own tsc with options that
  // TypeScript 6, agentix's compiler, deprecates or removed: every answer was headed by them.
  it("reports no deprecation when the project's own TypeScript is older than agentix's and accepts the option", async () => {
    const dir = tsconfigProject(
      '{\n  "compilerOptions": { "module": "commonjs", "moduleResolution": "node" },\n  "files": ["src/a.ts"]\n}\n',
    );
    const installed = (version: string) => {
      mkdirSync(path.join(dir, "node_modules/typescript"), { recursive: true });
      writeFileSync(
        path.join(dir, "node_modules/typescript/package.json"),
        JSON.stringify({ name: "typescript", version }),
      );
    };
    installed("5.9.3");
    const older = recordingIO(dir);
    expect(await run(["index"], older.io)).toBe(0);
    expect(older.stderr()).toBe("");
    // The same TypeScript (or a newer one) reports it, as the project's tsc does.
    installed("6.0.3");
    const same = recordingIO(dir);
    expect(await run(["index", "--fresh"], same.io)).toBe(0);
    expect(same.stderr().split("\n")[0]).toContain(
      "Option 'moduleResolution=node10' is deprecated",
    );
  });

  // documenso, checked out and not installed: its package.json pins TypeScript 5.6.2, whose tsc
  // accepts its `baseUrl`; the advice to set `ignoreDeprecations: "6.0"` would break that tsc.
  it("reads the TypeScript a checkout's package.json declares when none is installed", async () => {
    const dir = tsconfigProject(
      '{\n  "compilerOptions": { "baseUrl": ".", "strict": true },\n  "files": ["src/a.ts"]\n}\n',
    );
    const declared = (range: string) =>
      writeFileSync(
        path.join(dir, "package.json"),
        JSON.stringify({ name: "app", devDependencies: { typescript: range } }),
      );
    declared("5.6.2");
    const pinned = recordingIO(dir);
    expect(await run(["index"], pinned.io)).toBe(0);
    expect(pinned.stderr()).toBe("");
    // A range that allows agentix's TypeScript leaves the warning standing.
    declared(">=5.4");
    const open = recordingIO(dir);
    expect(await run(["index", "--fresh"], open.io)).toBe(0);
    expect(open.stderr().split("\n")[0]).toContain("Option 'baseUrl' is deprecated");
  });

  // formbricks: every package declares `"typescript": "catalog:"`; the workspace root's
  // pnpm-workspace.yaml says 5.9.3.
  it("reads the TypeScript the workspace's pnpm catalog gives, and sees the catalog change", async () => {
    const dir = tsconfigProject(
      '{\n  "compilerOptions": { "baseUrl": ".", "strict": true },\n  "files": ["src/a.ts"]\n}\n',
    );
    writeFileSync(
      path.join(dir, "package.json"),
      JSON.stringify({ name: "app", devDependencies: { typescript: "catalog:" } }),
    );
    const catalog = (range: string) =>
      writeFileSync(
        path.join(dir, "../pnpm-workspace.yaml"),
        `packages:\n  - degraded\ncatalog:\n  typescript: ${range}\n`,
      );
    catalog("^6.0.0");
    const newer = recordingIO(dir);
    expect(await run(["index"], newer.io)).toBe(0);
    expect(newer.stderr().split("\n")[0]).toContain("Option 'baseUrl' is deprecated");
    // The catalog moves to TypeScript 5: the index is no longer fresh, and the warning is gone.
    catalog("5.9.3");
    const older = recordingIO(dir);
    expect(await run(["check"], older.io)).toBe(0);
    expect(older.stdout()).toBe("no problems (0 features, 0 operations, 1 file checked)\n");
    expect(older.stderr()).toBe("");
  });

  it("stops (exit 2) only for a tsconfig that cannot be parsed at all", async () => {
    const dir = tsconfigProject('{ "compilerOptions": { "strict": true, }\n');
    const recorded = recordingIO(dir);
    expect(await run(["check"], recorded.io)).toBe(2);
    expect(recorded.stderr()).toBe(
      // Relative to the run's working directory (io.cwd), not to the test process's.
      "agentix check: tsconfig.json is not valid: tsconfig.json:2:1: '}' expected.\n",
    );
  });

  it("says that a --root which does not exist does not exist (exit 2)", async () => {
    const recorded = recordingIO(project);
    expect(await run(["check", "--root", "no/such/dir"], recorded.io)).toBe(2);
    expect(recorded.stderr()).toBe("agentix check: no/such/dir: the project root does not exist\n");
  });
});

describe("user and environment errors are exit 1 or 2, never 3", () => {
  let copy: string;
  beforeAll(() => {
    copy = copyFixture("real-shapes");
  });

  it.each([
    ["null", "the index file does not hold a JSON object"],
    ['{"features":[null]}', "features differ"],
  ])("index --check on an index holding %s is stale (exit 1)", async (text, reason) => {
    mkdirSync(path.join(copy, ".agentix"), { recursive: true });
    writeFileSync(path.join(copy, ".agentix/index.json"), text);
    const recorded = recordingIO(copy);
    expect(await run(["index", "--check"], recorded.io)).toBe(1);
    expect(recorded.stdout()).toMatch(/^\.agentix\/index\.json is stale:\n/u);
    expect(recorded.stdout()).toContain(`\n  - ${reason}\n`);
  });

  it("a config that cannot be read is exit 2 naming the file and the cause", async () => {
    const dir = copyFixture("real-shapes");
    rmSync(path.join(dir, "agentix.config.json"));
    mkdirSync(path.join(dir, "agentix.config.json"));
    const recorded = recordingIO(dir);
    expect(await run(["index"], recorded.io)).toBe(2);
    expect(recorded.stderr()).toBe(
      `agentix index: ${path.join(dir, "agentix.config.json")}: cannot be read (EISDIR)\n`,
    );
  });
});

describe("a pattern target in the recorded facts", () => {
  it("answers from .agentix/affected.json as from an analysis", async () => {
    const dir = copyFixture("real-shapes");
    expect(await run(["index"], recordingIO(dir).io)).toBe(0);
    const { affected: digest } = JSON.parse(readFileSync(freshPath(dir), "utf8")) as {
      affected: string;
    };
    const facts = readAffectedRecord(dir, digest)!;
    for (const changed of [
      "src/i18n/locales/en.json",
      "src/i18n/round.ts",
      "src/i18n/other.json",
    ]) {
      const changes: FileChange[] = [{ path: changed, status: "modified" }];
      const recorded = affectedResult(computeAffectedFrom(facts, changes), {
        since: null,
        targets: [changed],
        changes,
      });
      expect(recorded).toEqual(affected(changed));
    }
  });
});
