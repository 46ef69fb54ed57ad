// The fresh-index fast path of `agentix affected` (and verify's printed selection): answered from
// .agentix/affected.json when fresh.json proves the index fresh and vouches for its bytes, byte
// for byte as an analysis answers (per fixture: fresh-parity.test.ts); every kind of change, a
// damaged record or a change the record cannot follow (outside the root, a TypeScript file gone)
// means an analysis.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerAffected } from "../../analyzer/cli/answer-affected.js";
import { AFFECTED_RECORD_FORMAT, affectedPath } from "../../analyzer/freshness/affected-record.js";
import { checkFreshness, freshPath } from "../../analyzer/freshness/freshness.js";
import { sha256 } from "../../analyzer/project/file-stamps.js";
import { copyFixture, recordingIO, removeCopies } from "../support/analyzer-fixtures.js";
import { analysesOf, answer } from "../support/in-process-cli.js";

afterAll(removeCopies);

/** Whether `affected <argv>` answers from the record (no analysis made) in this state. */
async function fromRecord(root: string, targets: string[], since?: string): Promise<boolean> {
  const { io } = recordingIO(root);
  const answered = await answerAffected("affected", { since }, targets, io, { fromIndex: true });
  return answered.analysis === undefined;
}

const freshness = (root: string) => checkFreshness(root, path.join(root, "tsconfig.json"));

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.email=t@agentix", "-c", "user.name=t", ...args], {
    cwd,
    encoding: "utf8",
  });

// Each case runs several verbs twice (record and analysis): 14 s alone, over 20 s beside other files.
describe("--since", { timeout: 90_000 }, () => {
  let root: string;
  const file = (relative: string) => path.join(root, relative);
  const edit = (relative: string, from: string, to: string) => {
    const text = readFileSync(file(relative), "utf8");
    expect(text).toContain(from);
    writeFileSync(file(relative), text.replace(from, to));
  };

  beforeAll(() => {
    root = copyFixture("shop");
    writeFileSync(file(".gitignore"), "node_modules\n.agentix\n");
    git(root, "init", "-q");
    git(root, "add", ".");
    git(root, "commit", "-qm", "base");
    // A function body, module code and a test: committed, then indexed.
    edit(
      "src/features/customers/operations.ts",
      'status: "active"',
      'status: "active" as "active"',
    );
    edit("src/shared/money.ts", "export", "// money\nexport");
    edit(
      "src/features/orders/create-order.test.ts",
      "export const subject",
      "export const subjectId",
    );
    git(root, "commit", "-qam", "edits");
  });

  async function same(argv: string[]) {
    const analysed = await answer(argv, root, { analyses: analysesOf(root) });
    expect(await answer(argv, root)).toEqual(analysed);
    return analysed;
  }

  it("answers from the record when the working tree is the one indexed", async () => {
    expect((await answer(["index"], root)).code).toBe(0);
    expect(await fromRecord(root, [], "HEAD~1")).toBe(true);
    for (const argv of [
      ["affected", "--since", "HEAD~1"],
      ["affected", "--since", "HEAD~1", "--json"],
      ["affected", "--since", "HEAD~1", "--format", "vitest-invocations", "--shard", "1/3"],
      ["affected", "--since", "HEAD"],
    ])
      expect((await same(argv)).code).toBe(0);
    // A ref git does not know: the same refusal either way.
    expect((await same(["affected", "--since", "no-such-ref"])).code).toBe(2);
  });

  it("analyses after an edit the index has not seen, and answers alike", async () => {
    expect((await answer(["index"], root)).code).toBe(0);
    edit("src/features/customers/operations.ts", 'as "active"', "as 'active'");
    try {
      expect(freshness(root)).toEqual({
        fresh: false,
        reason: "src/features/customers/operations.ts changed",
      });
      expect(await fromRecord(root, [], "HEAD")).toBe(false);
      expect((await same(["affected", "--since", "HEAD", "--json"])).code).toBe(0);
    } finally {
      git(root, "checkout", "-q", "--", ".");
    }
  });

  it("analyses for a TypeScript file deleted since the ref (TypeScript resolves its importers)", async () => {
    git(root, "rm", "-q", "src/adapters/fake-payments.ts");
    git(root, "commit", "-qm", "delete");
    try {
      expect((await answer(["index"], root)).code).toBe(0);
      expect(freshness(root)).toMatchObject({ fresh: true });
      expect(await fromRecord(root, [], "HEAD~1")).toBe(false);
      expect((await same(["affected", "--since", "HEAD~1", "--json"])).code).toBe(0);
      // A deleted file that is no TypeScript is followed from the record.
      writeFileSync(file("notes.md"), "notes\n");
      git(root, "add", "notes.md");
      git(root, "commit", "-qm", "notes");
      git(root, "rm", "-q", "notes.md");
      git(root, "commit", "-qm", "no notes");
      expect((await answer(["index"], root)).code).toBe(0);
      expect(await fromRecord(root, [], "HEAD~1")).toBe(true);
      expect((await same(["affected", "--since", "HEAD~1"])).code).toBe(0);
    } finally {
      git(root, "reset", "-q", "--hard", "HEAD~3");
    }
  });
});

describe("the record and what makes it stale", () => {
  let root: string;
  let record: string;
  let affected: string;
  const file = (relative: string) => path.join(root, relative);

  beforeAll(async () => {
    root = copyFixture("shop");
    expect((await answer(["index"], root)).code).toBe(0);
    record = readFileSync(freshPath(root), "utf8");
    affected = readFileSync(affectedPath(root), "utf8");
  });

  const restore = () => {
    writeFileSync(freshPath(root), record);
    writeFileSync(affectedPath(root), affected);
  };

  it("fresh.json vouches for affected.json's bytes", () => {
    expect(JSON.parse(record)).toMatchObject({ format: 6, affected: sha256(affected) });
    expect(JSON.parse(affected.slice(0, affected.indexOf("\n")))).toMatchObject({ format: 27 });
  });

  const damaged: [string, () => void][] = [
    ["affected.json missing", () => unlinkSync(affectedPath(root))],
    [
      "affected.json edited",
      () => writeFileSync(affectedPath(root), affected.replace("customers", "customerz")),
    ],
    [
      "a hostile affected.json that fresh.json vouches for",
      () => {
        const hostile = `{"format":${AFFECTED_RECORD_FORMAT},"files":[["src/main.ts",false]]}\n`;
        writeFileSync(affectedPath(root), hostile);
        writeFileSync(freshPath(root), record.replace(sha256(affected), sha256(hostile)));
      },
    ],
    [
      "an affected.json of another format",
      () => {
        const other = affected.replace(
          `"format":${AFFECTED_RECORD_FORMAT}`,
          `"format":${AFFECTED_RECORD_FORMAT - 1}`,
        );
        writeFileSync(affectedPath(root), other);
        writeFileSync(freshPath(root), record.replace(sha256(affected), sha256(other)));
      },
    ],
    [
      "a fresh.json without one (null)",
      () => writeFileSync(freshPath(root), record.replace(`"${sha256(affected)}"`, "null")),
    ],
  ];

  it.each(damaged)("%s: the verb analyses, and answers alike", async (_name, damage) => {
    const truth = await answer(["affected", "customers", "--json"], root, {
      analyses: analysesOf(root),
    });
    damage();
    try {
      expect(await fromRecord(root, ["customers"])).toBe(false);
      expect(await answer(["affected", "customers", "--json"], root)).toEqual(truth);
    } finally {
      restore();
    }
    expect(await fromRecord(root, ["customers"])).toBe(true);
  });

  it("an affected digest that is no digest makes fresh.json no record at all", () => {
    writeFileSync(freshPath(root), record.replace(`"${sha256(affected)}"`, '"x"'));
    try {
      expect(freshness(root)).toEqual({
        fresh: false,
        reason: "fresh.json is not a freshness record",
      });
    } finally {
      restore();
    }
  });

  it("--fresh analyses; so does a change outside the root", async () => {
    const { io } = recordingIO(root);
    const forced = await answerAffected("affected", { fresh: true }, ["customers"], io, {
      fromIndex: true,
    });
    expect(forced.analysis).toBeDefined();
    const outside = path.join(path.dirname(root), `${path.basename(root)}-outside.ts`);
    writeFileSync(outside, "export const x = 1;\n");
    try {
      expect(await fromRecord(root, [path.relative(root, outside)])).toBe(false);
    } finally {
      rmSync(outside);
    }
  });

  it.each([
    ["vitest.config.ts", "export default {};\n", "vitest.config.ts was created"],
    ["vite.config.mjs", "export default {};\n", "vite.config.mjs was created"],
    ["vitest.workspace.ts", "export default [];\n", "vitest.workspace.ts was created"],
    ["vitest.e2e.config.ts", "export default {};\n", "files were created or deleted in ."],
  ])("a Vitest config %s created makes the index stale", (name, text, reason) => {
    writeFileSync(file(name), text);
    try {
      expect(freshness(root)).toEqual({ fresh: false, reason });
    } finally {
      unlinkSync(file(name));
    }
    expect(freshness(root)).toMatchObject({ fresh: true });
  });

  it("an edited Vitest config makes the index stale, and which files are tests can change", async () => {
    writeFileSync(
      file("vitest.config.ts"),
      'export default { test: { include: ["src/**/*.test.ts"] } };\n',
    );
    try {
      expect((await answer(["index"], root)).code).toBe(0);
      expect(freshness(root)).toMatchObject({ fresh: true });
      const argv = ["affected", "customers", "--format", "vitest-invocations"];
      const truth = await answer(argv, root, { analyses: analysesOf(root) });
      expect(await answer(argv, root)).toEqual(truth);
      writeFileSync(
        file("vitest.config.ts"),
        'export default { test: { include: ["none/**"] } };\n',
      );
      expect(freshness(root)).toEqual({ fresh: false, reason: "vitest.config.ts changed" });
      const after = await answer(argv, root);
      expect(after).toEqual(await answer(argv, root, { analyses: analysesOf(root) }));
      expect(after.stdout).not.toEqual(truth.stdout);
    } finally {
      rmSync(file("vitest.config.ts"), { force: true });
      expect((await answer(["index"], root)).code).toBe(0);
      record = readFileSync(freshPath(root), "utf8");
      affected = readFileSync(affectedPath(root), "utf8");
    }
  });

  it("a Vitest 3 workspace file, created or edited, makes the index stale", async () => {
    try {
      expect((await answer(["index"], root)).code).toBe(0);
      expect(freshness(root)).toMatchObject({ fresh: true });
      writeFileSync(file("vitest.workspace.json"), '["src/shared"]\n');
      expect(freshness(root)).toEqual({
        fresh: false,
        reason: "vitest.workspace.json was created",
      });
      expect((await answer(["index"], root)).code).toBe(0);
      expect(freshness(root)).toMatchObject({ fresh: true });
      writeFileSync(file("vitest.workspace.json"), '["src/features"]\n');
      expect(freshness(root)).toEqual({
        fresh: false,
        reason: "vitest.workspace.json changed",
      });
    } finally {
      rmSync(file("vitest.workspace.json"), { force: true });
      expect((await answer(["index"], root)).code).toBe(0);
      record = readFileSync(freshPath(root), "utf8");
      affected = readFileSync(affectedPath(root), "utf8");
    }
  });

  it("a Vitest config a projects glob names, edited or created, makes the index stale", async () => {
    const nested = (include: string) =>
      `export default { test: { include: [${JSON.stringify(include)}] } };\n`;
    writeFileSync(file("vitest.config.ts"), 'export default { test: { projects: ["src/*"] } };\n');
    writeFileSync(file("src/shared/vitest.config.ts"), nested("**/*.test.ts"));
    try {
      expect((await answer(["index"], root)).code).toBe(0);
      expect(freshness(root)).toMatchObject({ fresh: true });
      writeFileSync(file("src/shared/vitest.config.ts"), nested("none/**"));
      expect(freshness(root)).toEqual({
        fresh: false,
        reason: "src/shared/vitest.config.ts changed",
      });
      writeFileSync(file("src/shared/vitest.config.ts"), nested("**/*.test.ts"));
      expect(freshness(root)).toMatchObject({ fresh: true });
      // Looked for and not there: a config written later in a folder the glob names.
      writeFileSync(file("src/features/vitest.config.ts"), nested("**/*.test.ts"));
      expect(freshness(root)).toEqual({
        fresh: false,
        reason: "src/features/vitest.config.ts was created",
      });
    } finally {
      for (const name of [
        "vitest.config.ts",
        "src/shared/vitest.config.ts",
        "src/features/vitest.config.ts",
      ])
        rmSync(file(name), { force: true });
      expect((await answer(["index"], root)).code).toBe(0);
      record = readFileSync(freshPath(root), "utf8");
      affected = readFileSync(affectedPath(root), "utf8");
    }
  });
});
