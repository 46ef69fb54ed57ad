// What the Vitest config reader makes of `test.dir` (TanStack Query's packages: `dir: './src'`,
// `dir: './tests'`): the include and exclude globs are taken from that folder.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readVitestConfig, vitestRunsAny, vitestSetupBefore } from "./vitest-config.js";

// A test may make several; each is removed after it.
const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function configIn(test: string) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "agentix-vitest-dir-"));
  made.push(dir);
  writeFileSync(
    path.join(dir, "vitest.config.ts"),
    `import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: ${test} });\n`,
  );
  return readVitestConfig(dir);
}

const FILES = ["src/a.test.ts", "src/deep/b.spec.tsx", "tests/c.test.ts", "d.test.ts"];

describe("test.dir", () => {
  it("takes the default globs from that folder", () => {
    const config = configIn(`{ dir: "./src" }`);
    expect(FILES.map(config.runs)).toEqual([true, true, false, false]);
  });

  it("takes the config's own include and exclude from it", () => {
    const config = configIn(`{ dir: "tests/", include: ["**/*.test.ts"], exclude: ["c.*"] }`);
    expect(FILES.map(config.runs)).toEqual([false, false, false, false]);
    expect(configIn(`{ dir: "tests", include: ["**/*.test.ts"] }`).runs("tests/c.test.ts")).toBe(
      true,
    );
  });

  // typescript-eslint's packages: `dir: path.join(import.meta.dirname, "tests", "lib")`.
  it("built from the config's folder is read; relative, it is taken from the root", () => {
    const joined = projectWith({
      "vitest.config.mts": `import * as path from "node:path";\nexport default { test: { dir: path.join(import.meta.dirname, "tests", "lib"), root: import.meta.dirname } };\n`,
    });
    expect(joined.problem).toBeUndefined();
    expect(
      ["tests/lib/a.test.ts", "tests/util/b.test.ts", "src/c.test.ts"].map(joined.runs),
    ).toEqual([true, false, false]);
    const rooted = projectWith({
      "vitest.config.ts": config(
        `{ projects: [{ test: { root: "./packages/a", dir: "./src" } }] }`,
      ),
    });
    expect(
      ["packages/a/src/x.test.ts", "src/x.test.ts", "packages/a/x.test.ts"].map(rooted.runs),
    ).toEqual([true, false, false]);
  });

  it("that is not a literal leaves the config unread, with a warning", () => {
    const config = configIn(`{ dir: folder }`);
    expect(config.runs("src/a.test.ts")).toBeUndefined();
    expect(config.problem).toMatchObject({
      code: "vitest-config-not-literal",
      file: "vitest.config.ts",
      line: 2,
      column: 44,
    });
  });
});

// cypress-realworld-app: `exclude: ["node_modules", "cypress", "dist"]` leaves out the folder.
describe("an exclude glob that matches a folder", () => {
  it("leaves out every file below it, as Vitest's globbing skips the folder", () => {
    const files = ["cypress/e2e/x.spec.ts", "src/cypress/y.spec.ts", "src/a.spec.ts"];
    expect(files.map(configIn(`{ exclude: ["node_modules", "cypress", "dist"] }`).runs)).toEqual([
      false,
      true,
      true,
    ]);
    expect(files.map(configIn(`{ exclude: ["cypress/"] }`).runs)).toEqual([false, true, true]);
    expect(files.map(configIn(`{ exclude: ["**/cypress"] }`).runs)).toEqual([false, false, true]);
    expect(files.map(configIn(`{ exclude: ["cypress/e2e"] }`).runs)).toEqual([false, true, true]);
  });
});

// drizzle's integration-tests: `exclude: [...(process.env.SKIP_EXTERNAL_DB_TESTS ? [...] : []), ...]`.
describe("a conditional list", () => {
  it("counts both branches for include and what both share for exclude", () => {
    const config = configIn(`{
      include: [...(process.env.CI ? ["src/**/*.test.ts"] : ["tests/**/*.test.ts"])],
      exclude: [...(process.env.SKIP ? ["src/deep/**", "tests/**"] : ["tests/**"]), "d.test.ts"],
    }`);
    expect(FILES.map(config.runs)).toEqual([true, false, false, false]);
    expect(config.runs("src/deep/b.test.ts")).toBe(true);
    expect(config.problem).toBeUndefined();
  });
});

/** A project of these files (folders made as needed), its Vitest config read. */
function projectWith(files: Record<string, string>) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "agentix-vitest-projects-"));
  made.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return readVitestConfig(dir);
}

const config = (test: string) =>
  `import { defineConfig } from "vitest/config";\nexport default defineConfig({ test: ${test} });\n`;

// vitest's own test/e2e/vitest.config.ts: `exclude: [...defaultExclude, ...serialTests]`.
describe("a list named by a const of the config, or Vitest's defaultExclude", () => {
  it("is read", () => {
    const read = projectWith({
      "vitest.config.ts": `import { defineConfig, defaultExclude } from "vitest/config";
const serialTests = ["test/git-changed.test.ts", "test/watch/related.test.ts"];
const testGlobs = ["test/**/*.test.ts"];
export default defineConfig({ test: { include: testGlobs, exclude: [...defaultExclude, ...serialTests] } });
`,
    });
    expect(read.problem).toBeUndefined();
    expect(
      [
        "test/a.test.ts",
        "test/git-changed.test.ts",
        "test/watch/related.test.ts",
        "node_modules/x/test/b.test.ts",
      ].map(read.runs),
    ).toEqual([true, false, false, false]);
  });

  it("a const that is not a list of strings leaves the config unread", () => {
    const read = projectWith({
      "vitest.config.ts": `const serialTests = process.env.SERIAL;
export default { test: { exclude: serialTests } };
`,
    });
    expect(read.runs("a.test.ts")).toBeUndefined();
    expect(read.problem?.message).toContain("(process.env.SERIAL is not a literal)");
  });
});

// typescript-eslint's packages: typecheck.enabled with *.test-d.ts type tests.
describe("type tests", () => {
  it("run when typecheck is enabled, by its include or Vitest's default", () => {
    const files = ["src/a.test.ts", "tests/rule.test-d.ts", "types/x.test-d.ts"];
    expect(
      files.map(
        projectWith({ "vitest.config.ts": config(`{ typecheck: { enabled: true } }`) }).runs,
      ),
    ).toEqual([true, true, true]);
    const named = projectWith({
      "vitest.config.ts": config(
        `{ typecheck: { enabled: true, include: ["tests/**/*.test-d.ts"] } }`,
      ),
    });
    expect(files.map(named.runs)).toEqual([true, true, false]);
    const off = projectWith({
      "vitest.config.ts": config(`{ typecheck: { include: ["tests/**"] } }`),
    });
    expect(files.map(off.runs)).toEqual([true, false, false]);
  });
});

// mswjs/msw: package.json scripts run more suites with `vitest --config=./test/<suite>/...`.
describe("a config the package.json scripts give Vitest with --config", () => {
  it("is another config: what it runs are tests, its setup (from its own root) runs before them", () => {
    const read = projectWith({
      "package.json": JSON.stringify({
        scripts: {
          test: "vitest run && vitest run --config=./test/int/vitest.config.ts",
          e2e: "vitest -c 'e2e.ts'",
        },
      }),
      "test/int/vitest.config.ts": config(
        `{ root: "./test/int", include: ["**/*.int.test.ts"], setupFiles: ["./setup.ts"] }`,
      ),
      "test/int/setup.ts": "export {};\n",
    });
    expect(read.others.map((other) => other.file)).toEqual(["test/int/vitest.config.ts"]);
    expect(
      ["test/int/mode.int.test.ts", "test/int/helper.ts"].map((file) => vitestRunsAny(read, file)),
    ).toEqual([true, false]);
    expect(read.others[0]?.runs("src/a.int.test.ts")).toBe(false);
    expect(vitestSetupBefore(read, "test/int/mode.int.test.ts")).toEqual(["test/int/setup.ts"]);
  });
});

describe("hostile package.json scripts", () => {
  it("name no other config: not JSON, scripts that are not an object, values that are not strings, a --config of no file", () => {
    for (const manifest of [
      "{ scripts: ",
      "null",
      JSON.stringify({ scripts: null }),
      JSON.stringify({ scripts: ["vitest --config=a.ts"] }),
      JSON.stringify({
        scripts: { test: 42, e2e: null, unit: "vitest --config ./nowhere.config.ts" },
      }),
      JSON.stringify({ scripts: { test: `vitest ${" ".repeat(100_000)}--config=x.ts` } }),
    ]) {
      const read = projectWith({ "package.json": manifest, "x.ts": "export default {};\n" });
      expect(read.others).toEqual([]);
      expect(read.problem).toBeUndefined();
    }
  });
});

// livekit's vite.config.js: a Rolldown chunk group under build has a `test: /regex/` of its own.
describe("another option's test key", () => {
  it("is not Vitest's: the config's own test block is read", () => {
    const read = projectWith({
      "vite.config.ts": `import { defineConfig } from "vitest/config";
export default defineConfig({
  build: { rollupOptions: { output: { advancedChunks: { groups: [{ name: "lib", test: /lib/ }] } } } },
  test: { include: ["src/**/*.test.ts"] },
});
`,
    });
    expect(read.problem).toBeUndefined();
    expect(["src/a.test.ts", "src/other.spec.ts"].map(read.runs)).toEqual([true, false]);
  });
});

describe("projects", () => {
  it("a folder without a config is a project of Vitest's defaults rooted there (zod's packages/*)", () => {
    const read = projectWith({
      "vitest.config.ts": config(`{ projects: ["packages/*"] }`),
      "packages/a/vitest.config.ts": config(`{ include: ["spec/**/*.ts"] }`),
      "packages/b/src/x.test.ts": "",
    });
    expect(
      [
        "packages/a/spec/y.ts",
        "packages/a/src/x.test.ts",
        "packages/b/src/x.test.ts",
        "x.test.ts",
      ].map(read.runs),
    ).toEqual([true, false, true, false]);
  });

  it("an inline project's root is where its globs apply (systemd-js's root: `./packages/conf/`)", () => {
    const read = projectWith({
      "vitest.config.ts": config(
        `{ projects: [{ test: { root: "./packages/conf/", include: ["src/**/*.test.ts"] } }] }`,
      ),
    });
    expect(["packages/conf/src/a.test.ts", "src/a.test.ts"].map(read.runs)).toEqual([true, false]);
    expect(read.problem).toBeUndefined();
  });

  it("an inline project that is not a literal root leaves the config unread", () => {
    const read = projectWith({
      "vitest.config.ts": config(`{ projects: [{ test: { root: where, include: ["a.ts"] } }] }`),
    });
    expect(read.runs("a.ts")).toBeUndefined();
    expect(read.problem).toMatchObject({ code: "vitest-config-not-literal", line: 2 });
  });

  it("`extends: true` inherits the declaring config's globs (vue-core's projects)", () => {
    const read = projectWith({
      "vitest.config.ts": config(
        `{ include: ["**/*.check.ts"], projects: [{ extends: true, test: { name: "unit" } }, { test: { name: "other" } }] }`,
      ),
    });
    expect(["a.check.ts", "a.test.ts"].map(read.runs)).toEqual([true, true]);
    const only = projectWith({
      "vitest.config.ts": config(
        `{ include: ["**/*.check.ts"], projects: [{ extends: true, test: { name: "unit" } }] }`,
      ),
    });
    expect(["a.check.ts", "a.test.ts"].map(only.runs)).toEqual([true, false]);
  });

  it("`extends: './file'` starts from that config's globs and setup", () => {
    const read = projectWith({
      "vitest.config.ts": config(
        `{ projects: [{ extends: "./packages/conf/vitest.config.ts", test: { root: "./packages/conf" } }] }`,
      ),
      "packages/conf/vitest.config.ts": config(
        `{ include: ["src/**/*.test.ts"], setupFiles: ["./test/setup.ts"] }`,
      ),
      "packages/conf/test/setup.ts": "export {};\n",
    });
    expect(["packages/conf/src/a.test.ts", "src/a.test.ts"].map(read.runs)).toEqual([true, false]);
    expect([...read.setup.files]).toEqual(["packages/conf/test/setup.ts"]);
    expect(read.setup.before("packages/conf/src/a.test.ts")).toEqual([
      "packages/conf/test/setup.ts",
    ]);
  });

  it("`extends` naming no file, or a config with projects of its own, leaves the config unread", () => {
    const missing = projectWith({
      "vitest.config.ts": config(`{ projects: [{ extends: "./nowhere.ts", test: {} }] }`),
    });
    expect(missing.runs("a.test.ts")).toBeUndefined();
    expect(missing.problem?.message).toContain(
      '("./nowhere.ts": it names no readable config file)',
    );
    const itself = projectWith({
      "vitest.config.ts": config(`{ projects: [{ extends: "./vitest.config.ts" }] }`),
    });
    expect(itself.runs("a.test.ts")).toBeUndefined();
  });
});

describe("a workspace file (Vitest 3)", () => {
  it("lists the projects; the config beside it is not one, its setup counts for each", () => {
    const read = projectWith({
      "vitest.config.ts": config(`{ setupFiles: ["./root-setup.ts"] }`),
      "root-setup.ts": "export {};\n",
      "vitest.workspace.ts": `import { defineWorkspace } from "vitest/config";
export default defineWorkspace([
  "packages/*",
  { test: { include: ["e2e/**/*.e2e.ts"], setupFiles: ["./e2e/setup.ts"] } },
]);
`,
      "e2e/setup.ts": "export {};\n",
      "packages/b/a.test.ts": "",
    });
    expect(read.file).toBe("vitest.config.ts");
    expect(["x.test.ts", "packages/b/a.test.ts", "e2e/a.e2e.ts"].map(read.runs)).toEqual([
      false,
      true,
      true,
    ]);
    expect(read.setup.before("e2e/a.e2e.ts")).toEqual(["root-setup.ts", "e2e/setup.ts"]);
    expect(read.setup.before("packages/b/a.test.ts")).toEqual(["root-setup.ts"]);
  });

  it("is ignored when the config names its own projects", () => {
    const read = projectWith({
      "vitest.config.ts": config(`{ projects: [{ test: { include: ["a/**/*.test.ts"] } }] }`),
      "vitest.workspace.ts": `export default [{ test: { include: ["b/**/*.test.ts"] } }];\n`,
    });
    expect(["a/x.test.ts", "b/x.test.ts"].map(read.runs)).toEqual([true, false]);
  });

  it("is the config when there is no other: JSON, module.exports and a named list alike", () => {
    const files = { "packages/p/x.test.ts": "", "x.test.ts": "" };
    for (const [name, text] of [
      ["vitest.workspace.json", `["packages/*"]`],
      ["vitest.projects.cjs", `module.exports = ["packages/*"];\n`],
      ["vitest.workspace.mts", `const projects = ["packages/*"];\nexport default projects;\n`],
    ] as const) {
      const read = projectWith({ ...files, [name]: text });
      expect(read.file).toBe(name);
      expect(["packages/p/x.test.ts", "x.test.ts"].map(read.runs)).toEqual([true, false]);
      expect(read.problem).toBeUndefined();
    }
  });

  it("that cannot be read statically says so, and narrows nothing", () => {
    for (const text of [
      `export default defineWorkspace(names.map((name) => ({ test: { root: name } })));\n`,
      `export default { projects: [] };\n`,
      `export default 42;\n`,
      `export const projects = ["packages/*"];\n`,
    ]) {
      const read = projectWith({ "vitest.workspace.ts": text });
      expect(read.runs("x.test.ts")).toBeUndefined();
      expect(read.problem).toMatchObject({
        code: "vitest-config-not-literal",
        file: "vitest.workspace.ts",
      });
    }
    const json = projectWith({ "vitest.workspace.json": `["packages/*",` });
    expect(json.runs("x.test.ts")).toBeUndefined();
    expect(json.problem).toMatchObject({
      file: "vitest.workspace.json",
      message: expect.stringContaining("cannot be read statically (the file is not JSON)"),
    });
    const named = projectWith({ "vitest.workspace.ts": `export const projects = [];\n` });
    expect(named.problem?.message).toContain("(it exports no list of projects)");
  });
});
