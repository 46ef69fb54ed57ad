import { describe, expect, it } from "vitest";
import type { AffectedResult } from "../affected/result.js";
import { affectedResultWith } from "../../test/support/affected-result.js";
import { affectedText, widenedText } from "./affected-text.js";

function result(lines: readonly (readonly [number, number])[]): AffectedResult {
  return affectedResultWith({
    since: "HEAD~5",
    changes: [{ path: "package-lock.json", status: "modified", oldPath: null, lines }],
  });
}

describe("affectedText", () => {
  // A lockfile's diff had 340 ranges on one line (nestjs-realworld-example-app, --since HEAD~5).
  it("lists a changed file's first 12 line ranges and counts the rest", () => {
    const ranges = Array.from(
      { length: 15 },
      (_, at) => [at * 10 + 1, at * 10 + (at % 2) + 1] as const,
    );
    expect(affectedText(result(ranges)).split("\n")[3]).toBe(
      "  M package-lock.json (lines 1, 11-12, 21, 31-32, 41, 51-52, 61, 71-72, 81, 91-92, 101, 111-112, and 3 more)",
    );
    expect(affectedText(result([[4, 4]])).split("\n")[3]).toBe("  M package-lock.json (lines 4)");
  });
});

describe("affectedText on a change that reaches a large repository", () => {
  // documenso, --since a commit that touched a trpc types file: 240 widenings, 3,400 lines.
  it("shows the first 25 widenings, changes and edges of each section and counts the rest", () => {
    const many = (count: number) => Array.from({ length: count }, (_, at) => `src/f${at}.ts`);
    const text = affectedText({
      ...result([]),
      changes: many(30).map((path) => ({ path, status: "modified", oldPath: null, lines: null })),
      widened: many(40).map((path) => ({
        code: "shared-code",
        message: `shared code outside every feature changed: ${path}`,
        path,
      })),
    });
    const lines = text.split("\n");
    const section = (heading: string) => lines.slice(lines.indexOf(heading) + 1);
    expect(section("widened to the whole application:").slice(24, 27)).toEqual([
      "  shared code outside every feature changed: src/f24.ts [shared-code]",
      "  and 15 more (--json lists every one)",
      "",
    ]);
    expect(section("changes:").slice(24, 27)).toEqual([
      "  M src/f24.ts",
      "  and 5 more (--json lists every one)",
      "",
    ]);
    const edges = many(26).map((path) => ({
      from: "change",
      to: `file ${path}`,
      reason: "changed",
    }));
    // A widened answer has no edges to explain (edgeLine is shared by the "why" section).
    const why = affectedText({ ...result([]), edges }).split("\n");
    expect(why.slice(why.indexOf("why:") + 25, why.indexOf("why:") + 28)).toEqual([
      "  change -> file src/f24.ts [changed]",
      "  and 1 more (--json lists every one)",
      "",
    ]);
  });
});

describe("widenedText", () => {
  it("says the first three reasons in one line and counts the rest", () => {
    const reason = (path: string) => ({
      code: "config-file" as const,
      message: `configuration changed: ${path}`,
      path,
    });
    expect(widenedText([reason("a.json")])).toBe("configuration changed: a.json");
    expect(widenedText(["a", "b", "c", "d", "e"].map(reason))).toBe(
      "configuration changed: a; configuration changed: b; configuration changed: c; and 2 more",
    );
  });
});

describe("affectedText's run lines", () => {
  it("name the folder each run is from when it is not the project's", () => {
    const base = result([]);
    const answer: AffectedResult = {
      ...base,
      tests: {
        ...base.tests,
        files: [
          {
            file: "src/c.test.ts",
            whole: true,
            reason: "changed",
            selected: 1,
            total: 1,
            cases: [],
          },
        ],
      },
    };
    const test = (file: string) => ({
      file,
      whole: true,
      reason: "changed",
      selected: 1,
      total: 1,
      cases: [],
    });
    const [jest, playwright, other] = [
      test("src/j.test.ts"),
      test("e2e/sign.spec.ts"),
      test("src/d.test.ts"),
    ];
    const text = affectedText(answer, {
      root: "/repo",
      cwd: "/repo",
      filters: ["src/c.test.ts"],
      otherRunner: [jest, playwright, other],
      otherConfigs: [
        { cwd: "/repo", filters: ["--config", "vitest.e2e.config.ts", "e2e/x.test.ts"] },
        { cwd: "/repo/packages/lib", filters: ["test/a.test.ts", "test/with space/b.test.ts"] },
      ],
      runners: [
        {
          runner: "Jest",
          cwd: "/repo",
          tool: "jest",
          shownArgs: ["--runTestsByPath", jest.file],
          env: { NODE_OPTIONS: "--import tsx" },
          files: [jest],
        },
        {
          runner: "Playwright",
          cwd: "/repo/e2e",
          tool: "playwright",
          shownArgs: ["test", "sign\\.spec\\.ts"],
          env: {},
          files: [playwright],
        },
      ],
    });
    // Another runner's run lines as verify runs them; a test no run takes is named apart.
    expect(text.split("\n").slice(-7)).toEqual([
      "run: vitest run src/c.test.ts",
      "run: vitest run --config vitest.e2e.config.ts e2e/x.test.ts",
      "run (from packages/lib): vitest run test/a.test.ts 'test/with space/b.test.ts'",
      "run (Jest): NODE_OPTIONS='--import tsx' jest --runTestsByPath src/j.test.ts",
      "run (Playwright, from e2e): playwright test 'sign\\.spec\\.ts'",
      "not run by vitest: src/d.test.ts (agentix verify says why)",
      "",
    ]);
  });
});
