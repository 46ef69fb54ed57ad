// A change to a line that holds only a comment runs no code and changes no type: it reaches no
// test (one appended comment line in tsoa selected 49 of its 51 test files). Comments tools read
// (directives with `@`, `#` pragmas, lint, coverage and bundler markers) stay code; a test's own
// lines, and a file other code names by its path (read as text), count whole.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedResult } from "../../analyzer/affected/result.js";
import { computeAffected } from "../../analyzer/affected/live-facts.js";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

/**
 * The tests selected when `file` (in a copy of path-references, `appended` added, after `base`
 * when the file is new) changes at its last lines.
 */
function selectedAfter(file: string, appended: string, base?: string): string[] {
  const root = copyFixture("path-references");
  const absolute = path.join(root, file);
  if (base !== undefined) writeFileSync(absolute, base);
  const before = readFileSync(absolute, "utf8");
  writeFileSync(absolute, before + appended);
  const first = before.split("\n").length;
  const last = first + appended.split("\n").length - 2;
  const change: FileChange = { path: file, status: "modified", lines: [[first, last]] };
  const result = affectedResult(computeAffected(analyze({ root }), [change]), {
    since: null,
    targets: [file],
    changes: [change],
  });
  expect(result.widened).toEqual([]);
  return result.tests.files.map((test) => test.file);
}

describe("a change to comment lines", () => {
  it("reaches no test: a line comment, a block comment's lines", () => {
    expect(selectedAfter("src/service.ts", "// The app's routes are autoloaded.\n")).toEqual([]);
    expect(
      selectedAfter("src/service.ts", "/*\n * How routes are found:\n * by folder.\n */\n"),
    ).toEqual([]);
  });

  // hono's Deno adapter: a file no test reaches widened to every test for a comment.
  it("in a file no test reaches: no widening", () => {
    expect(
      selectedAfter(
        "src/unused.ts",
        "// Kept for the next release.\n",
        "export const unused = 1;\n",
      ),
    ).toEqual([]);
  });

  it("reaches what code does where the comment is one a tool reads, or the line holds code too", () => {
    const code = ["test/app.test.ts", "test/layout.test.ts"];
    expect(selectedAfter("src/service.ts", "// @ts-expect-error: nothing here\n")).toEqual(code);
    expect(selectedAfter("src/service.ts", "/* eslint-disable */\n")).toEqual(code);
    expect(selectedAfter("src/service.ts", '/// <reference types="node" />\n')).toEqual(code);
    expect(selectedAfter("src/service.ts", "export const VERSION = 1; // the API's\n")).toEqual(
      code,
    );
  });

  // A diff that names lines the file no longer has (a stale or hostile change list) proves
  // nothing about them: the change is taken whole, never dropped as a comment.
  it("takes lines past the file's end as code", () => {
    const root = copyFixture("path-references");
    const change: FileChange = { path: "src/service.ts", status: "modified", lines: [[900, 901]] };
    const result = affectedResult(computeAffected(analyze({ root }), [change]), {
      since: null,
      targets: [change.path],
      changes: [change],
    });
    expect(result.tests.files.map((test) => test.file)).not.toEqual([]);
  });

  it("reaches a test whose own lines changed, and code that reads the file as text", () => {
    expect(selectedAfter("test/app.test.ts", "// a note\n")).toEqual([
      "test/app.test.ts",
      "test/layout.test.ts",
    ]);
    // test/bundle.test.ts reads src/generator.ts by its path.
    expect(selectedAfter("src/generator.ts", "// a note\n")).toContain("test/bundle.test.ts");
  });
});
