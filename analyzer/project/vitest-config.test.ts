// What the Vitest config reader makes of `test.dir` (TanStack Query's packages: `dir: './src'`,
// `dir: './tests'`): the include and exclude globs are taken from that folder.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readVitestConfig } from "./vitest-config.js";

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function configIn(test: string) {
  dir = mkdtempSync(path.join(os.tmpdir(), "agentix-vitest-dir-"));
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
