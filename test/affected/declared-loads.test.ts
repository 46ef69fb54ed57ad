// agentix.config.json `loads` (test/fixtures/declared-loads: Outline's migration runner, a
// non-literal import() of each migration file). Undeclared, the load may load anything, so every
// test that loads src/db.ts ran with any change; declared, it is followed as imports of the files
// it may load, and the index and check no longer list it as unresolved.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { affectedFor } from "../support/affected.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";
import { answer } from "../support/in-process-cli.js";

afterAll(removeCopies);

/** A copy of the fixture with `config` as its agentix.config.json (none when undefined). */
function projectWith(config: object | undefined): string {
  const root = copyFixture("declared-loads");
  if (config !== undefined)
    writeFileSync(path.join(root, "agentix.config.json"), `${JSON.stringify(config)}\n`);
  return root;
}

const modified = (file: string): FileChange => ({
  path: file,
  status: "modified",
  lines: [[1, 1]],
});
const selection = (analysis: Analysis, file: string) =>
  affectedFor(analysis, modified(file)).tests.files.map((test) => [test.file, test.reason]);

const MAILER = "imports src/mailer.ts; changed module code at line 1";
const UNKNOWN =
  "imports src/db.ts; src/db.ts:5: import() with a non-literal target: the module it loads cannot be known statically; it may load the changed code";

describe("a non-literal load", () => {
  let undeclared: string;
  let declared: string;
  let analyses: { undeclared: Analysis; declared: Analysis };
  beforeAll(() => {
    undeclared = projectWith(undefined);
    declared = projectWith({ loads: { "src/db.ts": ["src/migrations/*.ts"] } });
    analyses = {
      undeclared: analyze({ root: undeclared }),
      declared: analyze({ root: declared }),
    };
  });

  it("undeclared: every test that loads its file runs with any change", () => {
    expect(selection(analyses.undeclared, "src/mailer.ts")).toEqual([
      ["tests/db.test.ts", UNKNOWN],
      ["tests/mailer.test.ts", MAILER],
    ]);
  });

  it("declared: a change outside what it may load reaches none of them", () => {
    expect(selection(analyses.declared, "src/mailer.ts")).toEqual([
      ["tests/mailer.test.ts", MAILER],
    ]);
  });

  it("declared: a change to what a file it may load imports reaches them, through the load", () => {
    const result = affectedFor(analyses.declared, modified("src/models/user.ts"));
    expect(result.tests.files.map((test) => [test.file, test.reason])).toEqual([
      ["tests/db.test.ts", "every case is affected"],
    ]);
    // The load is the edge from src/db.ts to the migration that imports the change.
    expect(result.affected.files).toEqual([
      "src/db.ts",
      "src/migrations/001-users.ts",
      "src/models/user.ts",
      "tests/db.test.ts",
    ]);
  });

  it("check lists it as unresolved only while it is undeclared", async () => {
    const before = await answer(["check", "--json"], undeclared);
    expect(before.code).toBe(0);
    expect(
      (
        JSON.parse(before.stdout) as { problems: { rule: string; file: string; line: number }[] }
      ).problems.map(({ rule, file, line }) => [rule, file, line]),
    ).toEqual([["unresolved/dynamic-import", "src/db.ts", 5]]);
    const after = await answer(["check", "--json"], declared);
    expect([after.code, (JSON.parse(after.stdout) as { problems: unknown[] }).problems]).toEqual([
      0,
      [],
    ]);
  });

  it('declared with a "!" glob: it loads none of what that excludes', () => {
    const root = projectWith({
      loads: { "src/db.ts": ["src/migrations/*.ts", "!src/migrations/001-users.ts"] },
    });
    // No test reaches the excluded migration through the load: the answer widens, as for any
    // shared file no test reaches.
    expect(selection(analyze({ root }), "src/migrations/001-users.ts")).toEqual([
      ["tests/db.test.ts", "widened"],
      ["tests/mailer.test.ts", "widened"],
    ]);
  });

  it("declared with no globs: it loads packages only, no project file", async () => {
    const root = projectWith({ loads: { "src/*.ts": [] } });
    const analysis = analyze({ root });
    expect(selection(analysis, "src/mailer.ts")).toEqual([["tests/mailer.test.ts", MAILER]]);
    const checked = await answer(["check", "--json"], root);
    expect(JSON.parse(checked.stdout)).toMatchObject({ problems: [] });
  });

  it.each([
    [
      { "src/db.ts": "src/migrations/*.ts" },
      '1:23    error   /loads/"src/db.ts" must be array  config',
    ],
    [null, "1:10    error   /loads must be object  config"],
    [
      { "": ["src/*.ts"] },
      '1:10    error   /loads has the key "", which must not be empty  config',
    ],
  ])(
    "a setting that is no object of glob lists (%j): a config error at its place",
    async (loads, line) => {
      const result = await answer(["check"], projectWith({ loads }));
      expect([result.code, result.stdout]).toEqual([
        1,
        `agentix.config.json\n  ${line}\n\n✖ 1 problem (1 error, 0 warnings)\n`,
      ]);
    },
  );
});
