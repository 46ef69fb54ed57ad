// Code turned into a comment, or removed for a blank line, is a change where it ran: the diff's
// new side holds only a comment, but its old side held an import or a statement. It counted as
// a comment edit: a commented-out import in tsyringe selected none of the 7 test files that
// then failed, and verify passed (helper-26 finding 1, every runner alike).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { changesSince } from "../../analyzer/affected/changes.js";
import { computeAffected } from "../../analyzer/affected/live-facts.js";
import { affectedResult } from "../../analyzer/affected/result.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

let root: string;
let base: string;
const SERVICE = "src/service.ts";
const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

beforeAll(() => {
  root = copyFixture("path-references");
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.email=t@agentix", "-c", "user.name=test", "commit", "-q", "-m", "base");
  base = readFileSync(path.join(root, SERVICE), "utf8");
});
afterAll(removeCopies);

/** The tests selected since the commit when src/service.ts reads `text`. */
function selectedFor(text: string): string[] {
  writeFileSync(path.join(root, SERVICE), text);
  const changes = changesSince("HEAD", root);
  const result = affectedResult(computeAffected(analyze({ root }), changes), {
    since: "HEAD",
    targets: [],
    changes,
  });
  return result.tests.files.map((test) => test.file);
}

/** The tests selected since the commit when src/service.ts's `line` becomes `replacement`. */
function selectedWhen(line: string, replacement: string): string[] {
  expect(base).toContain(line);
  try {
    return selectedFor(base.replace(line, replacement));
  } finally {
    writeFileSync(path.join(root, SERVICE), base);
  }
}

/** Commits src/service.ts with `doc` before its function (undone by `git reset --hard HEAD~1`). */
function committedWithDoc(doc: string): string {
  const documented = base.replace("export default async", `${doc}export default async`);
  writeFileSync(path.join(root, SERVICE), documented);
  git("-c", "user.email=t@agentix", "-c", "user.name=test", "commit", "-q", "-am", "doc");
  return documented;
}

const EVERY_IMPORTER = ["test/app.test.ts", "test/layout.test.ts"];
const REGISTER =
  '  await app.register(autoload, { dir: path.join(import.meta.dirname, "routes") });';

describe("code replaced by a comment or a blank line", () => {
  it("an import commented out: what the import's change reaches", () => {
    expect(
      selectedWhen('import path from "node:path";', '// import path from "node:path";'),
    ).toEqual(EVERY_IMPORTER);
  });

  it("a statement commented out, or blanked: the function it ran in", () => {
    expect(selectedWhen(REGISTER, `  // ${REGISTER.trim()}`)).toEqual(EVERY_IMPORTER);
    expect(selectedWhen(REGISTER, "")).toEqual(EVERY_IMPORTER);
    expect(selectedWhen(REGISTER, `  /*\n  ${REGISTER.trim()}\n  */`)).toEqual(EVERY_IMPORTER);
  });

  // `/*` and `*\/` on lines of their own around unchanged code (the third case above) comment it
  // out; an edited JSDoc keeps its bounds, its first line replaced by another `/**` line.
  it("a block comment's own lines edited, its bounds kept, is still no change", () => {
    const documented = committedWithDoc(
      "/**\n * Registers the routes.\n * Each folder is a prefix.\n */\n",
    );
    try {
      expect(selectedFor(documented.replace(" * Registers", " * Adds"))).toEqual([]);
      expect(selectedFor(documented.replace("/**\n *", "/** Routes.\n *"))).toEqual([]);
      expect(selectedFor(documented.replace(" */\n", " * More.\n */\n"))).toEqual([]);
      // The comment's closer moved below the function's first line: that line is commented out.
      expect(
        selectedFor(
          documented.replace(" */\n", " *\n").replace("Promise<void> {\n", "Promise<void> {\n*/\n"),
        ),
      ).toEqual(EVERY_IMPORTER);
    } finally {
      git("reset", "-q", "--hard", "HEAD~1");
    }
  });

  // A replaced inner line that closed the comment (and held code before reopening one) was code.
  it("a block comment's inner line that held `*/` and code, replaced, is a change", () => {
    const documented = committedWithDoc(
      "/**\n * Registers. */ export const x = 1; /*\n * Each folder is a prefix.\n */\n",
    );
    try {
      expect(selectedFor(documented.replace(" */ export const x = 1; /*", ""))).toEqual(
        EVERY_IMPORTER,
      );
    } finally {
      git("reset", "-q", "--hard", "HEAD~1");
    }
  });

  it("a comment rewritten as another comment is still no change", () => {
    writeFileSync(path.join(root, SERVICE), `${base}// first words\n`);
    git("-c", "user.email=t@agentix", "-c", "user.name=test", "commit", "-q", "-am", "note");
    const noted = readFileSync(path.join(root, SERVICE), "utf8");
    try {
      writeFileSync(path.join(root, SERVICE), noted.replace("// first words", "// other words"));
      const changes = changesSince("HEAD", root);
      expect(changes.map((change) => change.path)).toEqual([SERVICE]);
      const result = affectedResult(computeAffected(analyze({ root }), changes), {
        since: "HEAD",
        targets: [],
        changes,
      });
      expect(result.tests.files).toEqual([]);
    } finally {
      git("reset", "-q", "--hard", "HEAD~1");
    }
  });
});
