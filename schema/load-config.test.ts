import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AgentixConfigError,
  clearConfigCaches,
  defaultConfig,
  displayPath,
  findProject,
  loadConfigFile,
  loadConfigForFile,
  parseConfig,
} from "./load-config.js";

const temp = mkdtempSync(path.join(tmpdir(), "agentix-config-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));
beforeEach(() => clearConfigCaches());

let counter = 0;
/** A fresh project directory with the given files. */
function project(files: Record<string, string>): string {
  const root = path.join(temp, `p${(counter += 1)}`);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), content);
  }
  return root;
}

function errorOf(run: () => unknown): AgentixConfigError {
  try {
    run();
  } catch (error) {
    if (error instanceof AgentixConfigError) return error;
    throw error;
  }
  throw new Error("expected an AgentixConfigError");
}

describe("agentix.config.json", () => {
  it("applies the documented defaults without a file", () => {
    expect(defaultConfig("/repo")).toEqual({
      root: "/repo",
      configFile: undefined,
      features: {
        directories: ["**/src/features/*"],
        contract: ["contract.ts"],
        descriptor: "feature.ts",
      },
      adapters: ["**/src/adapters/**"],
      compositionRoots: ["**/src/main.ts", "**/src/app.ts"],
      tests: [
        "**/*.{test,spec}.{ts,tsx,mts,cts,js,jsx,mjs,cjs}",
        "**/*.e2e-spec.{ts,tsx,mts,cts,js,jsx,mjs,cjs}",
        "**/*.cy.{ts,tsx,mts,cts,js,jsx,mjs,cjs}",
        "**/__tests__/**",
      ],
      ignores: [],
      loads: {},
      rules: {},
      ambient: {
        network: { check: true, allow: [] },
        environment: { check: true, allow: [] },
        clock: { check: true, allow: [] },
        randomness: { check: true, allow: [] },
        filesystem: { check: true, allow: [] },
        process: { check: true, allow: [] },
        database: { check: true, allow: [] },
      },
    });
  });

  it("reads ignores and per-rule severities; refuses unknown rules and severities", () => {
    const config = parseConfig(
      {
        ignores: ["src/legacy/**"],
        rules: { "agentix/no-ambient-capabilities": "warn", "agentix/no-private-imports": "off" },
      },
      "/repo/agentix.config.json",
    );
    expect(config.ignores).toEqual(["src/legacy/**"]);
    expect(config.rules).toEqual({
      "agentix/no-ambient-capabilities": "warn",
      "agentix/no-private-imports": "off",
    });
    const unknownRule = errorOf(() =>
      parseConfig({ rules: { "no-private-imports": "off" } }, "/repo/agentix.config.json"),
    );
    expect(unknownRule.pointers).toEqual(["/rules"]);
    const badSeverity = errorOf(() =>
      parseConfig({ rules: { "agentix/no-query-writes": 2 } }, "/repo/agentix.config.json"),
    );
    expect(badSeverity.pointers).toEqual(["/rules/agentix~1no-query-writes"]);
    const badIgnores = errorOf(() =>
      parseConfig({ ignores: "src/**" }, "/repo/agentix.config.json"),
    );
    expect(badIgnores.pointers).toEqual(["/ignores"]);
  });

  it("overrides defaults with the file's values, root = the file's directory", () => {
    const config = parseConfig(
      {
        $schema: "./node_modules/agentix/schema/config.v1.schema.json",
        features: { directories: ["packages/*/src/modules/*"], contract: "public.ts" },
        ambient: { clock: "off", environment: { allow: ["src/config/**"] } },
      },
      "/repo/agentix.config.json",
    );
    expect(config.root).toBe("/repo");
    expect(config.configFile).toBe("/repo/agentix.config.json");
    expect(config.features).toEqual({
      directories: ["packages/*/src/modules/*"],
      contract: ["public.ts"],
      descriptor: "feature.ts",
    });
    expect(config.ambient.clock).toEqual({ check: false });
    expect(config.ambient.environment).toEqual({ check: true, allow: ["src/config/**"] });
    expect(config.adapters).toEqual(["**/src/adapters/**"]);
  });

  it("accepts an {id} placeholder and a list of allowed entries, in the order given", () => {
    const config = parseConfig(
      { features: { contract: ["{id}.module.ts", "index.ts"], descriptor: "{id}/feature.ts" } },
      "/repo/agentix.config.json",
    );
    expect(config.features.contract).toEqual(["{id}.module.ts", "index.ts"]);
    expect(config.features.descriptor).toBe("{id}/feature.ts");
  });

  /** What features.contract accepts, as its schema names the two shapes. */
  const CONTRACT_SHAPES =
    "/features/contract must be a path relative to the feature folder, without a leading / and without .., whose only placeholder is {id}, or a non-empty list of such paths, each named once";

  it.each([
    [{ ambient: { clock: { allow: [1] } } }, "/ambient/clock/allow/0 must be string"],
    // A value of neither accepted shape: one sentence naming the shapes (their schema titles).
    [
      { ambient: { clock: "on" } },
      '/ambient/clock must be "off" or an object whose "allow" lists globs',
    ],
    [
      { ambient: { clock: {} } },
      '/ambient/clock must be "off" or an object whose "allow" lists globs; the object given must have the property "allow"',
    ],
    [
      { ambient: { clock: { allow: [], extra: 1 } } },
      '/ambient/clock must be "off" or an object whose "allow" lists globs; the object given must NOT have the unknown property "extra"',
    ],
    [{ ambient: { time: "off" } }, '/ambient must NOT have the unknown property "time"'],
    // A near miss of a known property names it.
    [
      { features: { directorys: ["x"] } },
      '/features must NOT have the unknown property "directorys" (did you mean "directories"?)',
    ],
    [
      { ambient: { clok: "off" } },
      '/ambient must NOT have the unknown property "clok" (did you mean "clock"?)',
    ],
    [{ rule: {} }, '/ must NOT have the unknown property "rule" (did you mean "rules"?)'],
    [{ features: { contract: "../contract.ts" } }, CONTRACT_SHAPES],
    [{ features: { contract: 5 } }, CONTRACT_SHAPES],
    [{ features: { contract: null } }, CONTRACT_SHAPES],
    [{ features: { contract: "" } }, `${CONTRACT_SHAPES}; the text given must not be empty`],
    [{ features: { contract: ["index.ts", 5] } }, "/features/contract/1 must be string"],
    [
      { features: { contract: ["{id}.module.ts", "{name}.ts"] } },
      "/features/contract/1 must be a path relative to the feature folder, without a leading / and without .., whose only placeholder is {id}",
    ],
    [
      { features: { descriptor: "{id.ts" } },
      "/features/descriptor must be a path relative to the feature folder, without a leading / and without .., whose only placeholder is {id}",
    ],
    [{ features: { contract: [] } }, `${CONTRACT_SHAPES}; the list given must not be empty`],
    [
      { features: { contract: ["index.ts", "index.ts"] } },
      `${CONTRACT_SHAPES}; the list given must not list the same value twice (items 0 and 1)`,
    ],
    [
      { adapters: ["src/a/**", "src/a/**"] },
      "/adapters must not list the same value twice (items 0 and 1)",
    ],
    [{ adapters: "src/adapters/**" }, "/adapters must be array"],
    [{ tests: [""] }, "/tests/0 must not be empty"],
    [[], "/ must be object"],
  ])("rejects %j naming the file and the JSON path", (value, problem) => {
    const error = errorOf(() =>
      parseConfig(value, path.join(process.cwd(), "agentix.config.json")),
    );
    expect(error.message).toBe(`agentix.config.json: ${problem}`);
    expect(error.stack).toBeDefined();
  });

  it("lists every problem, one per line", () => {
    const error = errorOf(() =>
      parseConfig({ adapters: [2], tests: [3] }, path.join(process.cwd(), "agentix.config.json")),
    );
    expect(error.message).toBe(
      "agentix.config.json: /adapters/0 must be string\nagentix.config.json: /tests/0 must be string",
    );
    expect(error.pointers).toEqual(["/adapters/0", "/tests/0"]);
  });

  // A 1 MB file of unknown keys took a minute (every error path compared with every other) and
  // printed a 2.8 MB message naming each key.
  it("bounds the message for thousands of problems: five per path, twenty paths", () => {
    const file = path.join(process.cwd(), "agentix.config.json");
    const keys = Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i]));
    const unknown = errorOf(() => parseConfig(keys, file));
    const named = [0, 1, 2, 3, 4].map((i) => `NOT have the unknown property "k${i}"`);
    expect(unknown.message).toBe(
      `agentix.config.json: / must ${named.join(" or ")} (and 19995 more)`,
    );
    expect(unknown.pointers).toEqual(["/"]);
    const lists = errorOf(() =>
      parseConfig({ tests: Array.from({ length: 20_000 }, (_, i) => i) }, file),
    );
    expect(lists.message.split("\n")).toEqual([
      ...Array.from({ length: 20 }, (_, i) => `agentix.config.json: /tests/${i} must be string`),
      "agentix.config.json: and 19980 more problems",
    ]);
    expect(lists.pointers).toEqual(Array.from({ length: 20 }, (_, i) => `/tests/${i}`));
  });

  it("names line and column of malformed JSON", () => {
    const root = project({ "agentix.config.json": '{\n  "tests": ["a",]\n}\n' });
    const error = errorOf(() => loadConfigFile(path.join(root, "agentix.config.json")));
    expect(error.message).toMatch(/agentix\.config\.json:2:17: malformed JSON: unexpected "\]"$/u);
    expect(error.file).toBe(path.join(root, "agentix.config.json"));
  });

  // Windows editors save UTF-8 with a byte order mark; npm, tsc and Vitest read such JSON.
  it("reads a config saved with a byte order mark, and places its problems as without one", () => {
    const root = project({ "agentix.config.json": '\uFEFF{ "tests": ["spec/**/*.ts"] }\n' });
    expect(loadConfigFile(path.join(root, "agentix.config.json")).tests).toEqual(["spec/**/*.ts"]);
    const broken = project({ "agentix.config.json": '\uFEFF{ "tests": 7 }\n' });
    const error = errorOf(() => loadConfigFile(path.join(broken, "agentix.config.json")));
    expect(error.problems).toEqual([{ message: "/tests must be array", line: 1, column: 12 }]);
  });

  it("names each schema problem's line and column in the file: the value, or an unknown key itself", () => {
    const text = [
      "{",
      '  "rules": { "agentix/no-private-imports": "erorr" },',
      '  "features": {',
      '    "directorys": ["src/features/*"]',
      "  },",
      '  "adapters": ["src/adapters/**", 7],',
      '  "tests": "src/**/*.test.ts"',
      "}",
    ].join("\n");
    const root = project({ "agentix.config.json": text });
    const error = errorOf(() => loadConfigFile(path.join(root, "agentix.config.json")));
    const label = displayPath(path.join(root, "agentix.config.json"));
    expect(error.problems).toEqual([
      {
        message:
          '/features must NOT have the unknown property "directorys" (did you mean "directories"?)',
        line: 4,
        column: 5,
      },
      { message: "/adapters/1 must be string", line: 6, column: 35 },
      { message: "/tests must be array", line: 7, column: 12 },
      // A key holding "/" is quoted, not escaped as RFC 6901 writes it (the pointers keep that).
      {
        message: '/rules/"agentix/no-private-imports" must be one of "off", "warn", "error"',
        line: 2,
        column: 44,
      },
    ]);
    expect(error.pointers).toEqual([
      "/features",
      "/adapters/1",
      "/tests",
      "/rules/agentix~1no-private-imports",
    ]);
    expect(error.message.split("\n")).toEqual(
      error.problems.map((p) => `${label}:${p.line}:${p.column}: ${p.message}`),
    );
  });

  it("names a missing file", () => {
    const error = errorOf(() => loadConfigFile(path.join(temp, "nowhere", "agentix.config.json")));
    expect(error.message).toMatch(
      /nowhere\/agentix\.config\.json: cannot be read \(no such file\)$/u,
    );
  });

  it("caches by path and mtime (checked once per disk round), and rereads an edited file", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const later = () => vi.setSystemTime(Date.now() + 1500);
    const root = project({ "agentix.config.json": '{ "tests": ["a.ts"] }' });
    const file = path.join(root, "agentix.config.json");
    const first = loadConfigFile(file);
    expect(loadConfigFile(file)).toBe(first);
    writeFileSync(file, '{ "tests": ["bb.ts"] }');
    utimesSync(file, new Date(2000, 0, 1), new Date(2000, 0, 1));
    expect(loadConfigFile(file)).toBe(first); // within a second: not looked at again
    later();
    const second = loadConfigFile(file);
    expect(second).not.toBe(first);
    expect(second.tests).toEqual(["bb.ts"]);
    writeFileSync(file, '{ "tests": [1] }');
    utimesSync(file, new Date(2001, 0, 1), new Date(2001, 0, 1));
    later();
    expect(() => loadConfigFile(file)).toThrow(AgentixConfigError);
    expect(() => loadConfigFile(file)).toThrow(/\/tests\/0 must be string/u);
    vi.useRealTimers();
  });

  // A project with a tsconfig.json and no package.json: each file's folder was its own root,
  // so no features glob matched and ESLint said nothing where `agentix check` reported.
  it("finds the root of a project with neither agentix.config.json nor package.json at its tsconfig.json", () => {
    const root = project({
      "tsconfig.json": "{}",
      "src/features/ui/button.ts": "",
      "loose/z.ts": "",
    });
    expect(findProject(path.join(root, "src/features/ui/button.ts"))).toEqual({
      root,
      configFile: undefined,
    });
    const bare = project({ "x/y.ts": "" });
    expect(findProject(path.join(bare, "x/y.ts")).root).toBe(path.join(bare, "x"));
  });

  it("finds the root: agentix.config.json above, else the nearest package.json, else the file's directory", () => {
    const root = project({
      "agentix.config.json": "{}",
      "package.json": "{}",
      "packages/app/package.json": "{}",
      "packages/app/src/features/a/x.ts": "",
    });
    expect(findProject(path.join(root, "packages/app/src/features/a/x.ts"))).toEqual({
      root,
      configFile: path.join(root, "agentix.config.json"),
    });
    const plain = project({ "package.json": "{}", "sub/package.json": "{}", "sub/src/y.ts": "" });
    expect(findProject(path.join(plain, "sub/src/y.ts"))).toEqual({
      root: path.join(plain, "sub"),
      configFile: undefined,
    });
    expect(loadConfigForFile(path.join(plain, "sub/src/y.ts")).root).toBe(path.join(plain, "sub"));
    expect(loadConfigForFile(path.join(root, "packages/app/src/features/a/x.ts")).configFile).toBe(
      path.join(root, "agentix.config.json"),
    );
  });

  it("answers a path written with '.', '..', '//' or relative to the working directory as its resolved path", () => {
    const root = project({
      "package.json": "{}",
      "app/agentix.config.json": '{ "tests": ["t.ts"] }',
      "app/src/a.ts": "",
      "app/.hidden/..b/b.ts": "",
    });
    expect(loadConfigForFile(path.join(root, "app/.hidden/..b/b.ts")).root).toBe(
      path.join(root, "app"),
    );
    const resolved = loadConfigForFile(path.join(root, "app/src/a.ts"));
    expect(resolved.root).toBe(path.join(root, "app"));
    for (const written of [
      `${root}/app/src/../src/a.ts`,
      `${root}/app/./src/a.ts`,
      `${root}//app/src/a.ts`,
      `${root}/other/../app/src/a.ts`,
      `${root}/app/src/a.ts/..//src/a.ts`,
      path.relative(process.cwd(), path.join(root, "app/src/a.ts")),
    ])
      expect([written, loadConfigForFile(written)]).toEqual([written, resolved]);
    // Written as the file above the project folder resolves to, its project is the outer one.
    expect(loadConfigForFile(`${root}/app/src/../../a.ts`).root).toBe(root);
    // Right after a file of app/src: "app/src/.." is app itself, whose folder is the outer project.
    expect(loadConfigForFile(path.join(root, "app/src/a.ts"))).toBe(resolved);
    expect(loadConfigForFile(`${root}/app/src/..`).root).toBe(root);
    expect(loadConfigForFile(path.join(root, "app/src/a.ts"))).toBe(resolved);
    expect(loadConfigForFile(`${root}/app/srcx/a.ts`)).toBe(resolved);
    expect(loadConfigForFile(`${root}/app/src.ts`).root).toBe(path.join(root, "app"));
  });
});
