// The layout of .agentix/affected.json (format 8): a header line, then one segment line per file
// read only when the change can reach the file; line starts given back by the file's text. A
// record that fresh.json vouches for but that is damaged anywhere, header or segment, means an
// analysis with the same answer; an error that is not about the record is not hidden by it.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { answerAffected } from "../../analyzer/cli/answer-affected.js";
import type { CliIO } from "../../analyzer/cli/io.js";
import { run } from "../../analyzer/cli/main.js";
import { affectedResult } from "../../analyzer/affected/result.js";
import { computeAffectedFrom } from "../../analyzer/affected/select.js";
import {
  affectedPath,
  DamagedRecord,
  readAffectedRecord,
} from "../../analyzer/freshness/affected-record.js";
import { checkFreshness, freshPath } from "../../analyzer/freshness/freshness.js";
import { lineStartsOf } from "../../analyzer/affected/line-starts.js";
import { NotRecorded } from "../../analyzer/freshness/record-errors.js";
import { sha256 } from "../../analyzer/project/file-stamps.js";
import { copyFixture, recordingIO, removeCopies } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

describe("lineStartsOf", () => {
  it.each([
    ["empty", ""],
    ["no newline", "const a = 1;"],
    ["LF, trailing", "a\nb\n"],
    ["CRLF", "a\r\nb\r\n\r\nc"],
    ["lone CR, CR before CRLF", "a\rb\r\r\nc"],
    ["LF CR", "a\n\rb"],
    ["U+2028 and U+2029", "a\u2028b\u2029c"],
    ["NEL and VT are no line breaks", "a\u0085b\u000bc\u000cd"],
    ["a BOM, astral characters", "\ufeffa😀\nb"],
  ])("%s: as TypeScript counts lines", (_name, text) => {
    const sourceFile = ts.createSourceFile("a.ts", text, ts.ScriptTarget.Latest);
    expect(lineStartsOf(text)).toEqual(sourceFile.getLineStarts());
  });
});

async function answer(argv: readonly string[], cwd: string, extra: Partial<CliIO> = {}) {
  const recorded = recordingIO(cwd);
  const code = await run(argv, { ...recorded.io, ...extra });
  return { code, stdout: recorded.stdout(), stderr: recorded.stderr() };
}

type Header = { format: number; files: unknown[][] } & Record<string, unknown>;

/** The record's lines: the header and each file's segment, by path. */
function linesOf(text: string) {
  const [first, ...rest] = text.split("\n");
  const header = JSON.parse(first as string) as Header;
  const segments = new Map<string, string>();
  const body = Buffer.from(rest.join("\n"));
  for (const file of header.files) {
    const at = file[9] as [number, number] | null;
    if (at !== null) segments.set(file[0] as string, body.toString("utf8", at[0], at[0] + at[1]));
  }
  return { header, segments };
}

/** A record laid out again from a header and segments (offsets recomputed). */
function layout(header: Header, segments: ReadonlyMap<string, string>): string {
  let offset = 0;
  const body: string[] = [];
  const files = header.files.map((file) => {
    const segment = segments.get(file[0] as string);
    if (segment === undefined) return file;
    const at = [offset, Buffer.byteLength(segment)];
    offset += (at[1] as number) + 1;
    body.push(`${segment}\n`);
    return [...file.slice(0, 9), at];
  });
  return `${JSON.stringify({ ...header, files })}\n${body.join("")}`;
}

describe("the record's layout", () => {
  let root: string;
  let record: string;
  let affected: string;
  let truth: Awaited<ReturnType<typeof answer>>;
  const target = "customers";

  const vouchFor = (text: string) => {
    writeFileSync(affectedPath(root), text);
    writeFileSync(freshPath(root), record.replace(sha256(affected), sha256(text)));
  };
  const restore = () => vouchFor(affected);
  /** The answer, and whether it came from the record (no analysis made). */
  const answeredFromRecord = async () => {
    const fast = await answer(["affected", target, "--json"], root);
    const { io } = recordingIO(root);
    const answered = await answerAffected("affected", {}, [target], io, { fromIndex: true });
    return { fast, fromRecord: answered.analysis === undefined };
  };

  beforeAll(async () => {
    root = copyFixture("shop");
    expect((await answer(["index"], root)).code).toBe(0);
    record = readFileSync(freshPath(root), "utf8");
    affected = readFileSync(affectedPath(root), "utf8");
    truth = await answer(["affected", target, "--json", "--fresh"], root);
    expect(truth.code).toBe(0);
  }, 300_000);

  it("is a header line then one segment line per non-declaration file, in the header's order", () => {
    const { header, segments } = linesOf(affected);
    expect(header.format).toBe(27);
    expect(Object.keys(header)).toEqual([
      "format",
      "files",
      "unknownLoaders",
      "unknownSetups",
      "testOwners",
      "linkedCopies",
      "operations",
      "entitySites",
      "everything",
      "foreignSchemas",
    ]);
    const lines = affected.split("\n");
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(1, -1)).toEqual([...segments.values()]);
    const withSegment = header.files.filter((file) => file[9] !== null).map((file) => file[0]);
    expect(withSegment).toEqual(header.files.filter((file) => file[1] === false).map((f) => f[0]));
    expect(withSegment).toContain("src/main.ts");
  });

  it("records no line starts and no unit naming itself", () => {
    const { header, segments } = linesOf(affected);
    const files = header.files.map((file) => file[0]);
    for (const [file, text] of segments) {
      const [units, , , , uses] = JSON.parse(text) as [
        unknown[][],
        unknown,
        unknown,
        unknown,
        number[][],
      ];
      expect(units[0]?.[1]).toBe("module");
      for (const [targetFile, targetUnit, by] of uses)
        expect(files[targetFile as number] === file && targetUnit === by).toBe(false);
    }
    expect(affected).not.toContain("lineStarts");
  });

  /** What the record makes of a change to `target`'s files, computed in-process (no fallback). */
  const outcome = (text: string): "unread" | "answered" | "damaged" => {
    writeFileSync(affectedPath(root), text);
    try {
      return outcomeOnDisk(sha256(text));
    } finally {
      writeFileSync(affectedPath(root), affected);
    }
  };
  const outcomeOnDisk = (digest: string): "unread" | "answered" | "damaged" => {
    const facts = readAffectedRecord(root, digest);
    if (facts === undefined) return "unread";
    const changes = facts.files
      .filter((file) => file.feature === target)
      .map((file) => ({ path: file.path, status: "modified" as const }));
    try {
      const computation = computeAffectedFrom(facts, changes);
      affectedResult(computation, { since: null, targets: [target], changes });
      return "answered";
    } catch (error) {
      if (error instanceof DamagedRecord) return "damaged";
      throw error;
    }
  };

  it("answers from the record, reading only the segments the change can reach", async () => {
    expect(await answeredFromRecord()).toEqual({ fast: truth, fromRecord: true });
    expect(outcome(affected)).toBe("answered");
    const { header, segments } = linesOf(affected);
    const read = [...segments.keys()].filter(
      (file) => outcome(layout(header, new Map([...segments, [file, "{"]]))) === "damaged",
    );
    // customers' files, what loads them and everything their tests load is read; payments'
    // descriptor and its fake adapter, which no test of a loader of customers loads, are not.
    expect([...segments.keys()].filter((file) => !read.includes(file))).toEqual([
      "src/adapters/fake-payments.ts",
      "src/features/payments/feature.ts",
    ]);
    expect(read).toHaveLength(15);
  });

  it("a config above the root widens from the record; one beside it needs the program", () => {
    const facts = readAffectedRecord(root, sha256(affected))!;
    const change = (file: string) => [{ path: file, status: "modified" as const }];
    expect(computeAffectedFrom(facts, change("../package.json")).widened).toEqual([
      {
        code: "config-file",
        message: "configuration changed: ../package.json",
        path: "../package.json",
      },
    ]);
    expect(() => computeAffectedFrom(facts, change("../sibling/package.json"))).toThrow(
      NotRecorded,
    );
  });

  const segmentDamage = (edit: (segment: unknown[]) => void) => () => {
    const { header, segments } = linesOf(affected);
    const file = "src/features/customers/operations.ts";
    const segment = JSON.parse(segments.get(file) as string) as unknown[];
    edit(segment);
    return layout(header, new Map([...segments, [file, JSON.stringify(segment)]]));
  };
  /** The record with its header edited (segment offsets count from the body, so they hold). */
  const headerDamage = (edit: (header: Header) => void) => () => {
    const newline = affected.indexOf("\n");
    const header = JSON.parse(affected.slice(0, newline)) as Header;
    edit(header);
    return `${JSON.stringify(header)}${affected.slice(newline)}`;
  };
  const damaged: [string, ReturnType<typeof outcome>, () => string][] = [
    ["no header line", "unread", () => affected.replaceAll("\n", " ")],
    ["a header that is not JSON", "unread", () => `{${affected}`],
    [
      "a header that is a list",
      "unread",
      () => `[]\n${affected.slice(affected.indexOf("\n") + 1)}`,
    ],
    [
      "a header without files",
      "unread",
      headerDamage((header) => delete (header as Partial<Header>).files),
    ],
    ["a file row missing a field", "unread", headerDamage((header) => header.files[0]?.pop())],
    [
      "a file of an unknown role",
      "unread",
      headerDamage((header) => header.files[0]?.splice(3, 1, "x")),
    ],
    [
      "an import of an unknown kind",
      "unread",
      headerDamage((h) => ((h.files[0]?.[8] as unknown[][])[0] = ["x"])),
    ],
    [
      "a segment past the end",
      "unread",
      headerDamage((header) => header.files[0]?.splice(8, 1, [0, 1e7])),
    ],
    [
      "operations that are no list",
      "unread",
      headerDamage((header) => (header["operations"] = {})),
    ],
    [
      "an entity of an unknown kind",
      "damaged",
      headerDamage((h) => (h["entitySites"] = [["x", "a", null, "b", 0, 1]])),
    ],
    [
      // Only a widened answer names everything: this one never reads it.
      "everything without ports",
      "answered",
      headerDamage((h) => delete (h["everything"] as Record<string, unknown>)["ports"]),
    ],
    [
      "a unit of an unknown kind",
      "damaged",
      segmentDamage((s) => ((s[0] as unknown[][])[0]![1] = "package")),
    ],
    [
      "a unit with a negative start",
      "damaged",
      segmentDamage((s) => ((s[0] as unknown[][])[1]![4] = -1)),
    ],
    [
      "a region naming no unit",
      "damaged",
      segmentDamage((s) => ((s[1] as unknown[][])[0]![2] = 999)),
    ],
    ["a use naming no file", "damaged", segmentDamage((s) => ((s[4] as unknown[][])[0]![0] = 999))],
    [
      "a use naming no unit of its file",
      "damaged",
      segmentDamage((s) => ((s[4] as unknown[][])[0]![1] = 999)),
    ],
    [
      "a use of an unknown kind",
      "damaged",
      segmentDamage((s) => ((s[4] as unknown[][])[0]![3] = "jump")),
    ],
    ["a segment of four fields", "damaged", segmentDamage((s) => s.pop())],
  ];

  it.each(damaged)("%s: %s", (_name, expected, damage) => {
    expect(outcome(damage())).toBe(expected);
  });

  it.each([damaged[4]!, damaged[13]!])(
    "%s: the verb analyses, and answers alike",
    async (_name, _expected, damage) => {
      vouchFor(damage());
      try {
        expect(await answeredFromRecord()).toEqual({ fast: truth, fromRecord: false });
      } finally {
        restore();
      }
      expect(await answeredFromRecord()).toEqual({ fast: truth, fromRecord: true });
    },
  );

  it("a record of the first format (one JSON document) is not read", () => {
    expect(outcome(JSON.stringify({ ...linesOf(affected).header, format: 1 }))).toBe("unread");
  });

  it("an error that is not about the record is not hidden by a fallback to an analysis", async () => {
    vi.resetModules();
    vi.doMock("../../analyzer/affected/select.js", async (original) => {
      const actual = await original<typeof import("../../analyzer/affected/select.js")>();
      let calls = 0;
      return {
        ...actual,
        computeAffectedFrom: (...args: Parameters<typeof actual.computeAffectedFrom>) => {
          if (calls++ === 0) throw new TypeError("a bug in the answer");
          return actual.computeAffectedFrom(...args);
        },
      };
    });
    try {
      const mocked = await import("../../analyzer/cli/answer-affected.js");
      const { io } = recordingIO(root);
      await expect(
        mocked.answerAffected("affected", {}, [target], io, { fromIndex: true }),
      ).rejects.toThrow(new TypeError("a bug in the answer"));
    } finally {
      vi.doUnmock("../../analyzer/affected/select.js");
      vi.resetModules();
    }
  });

  it("does not read the index: affected answers from the record while index.json is damaged", async () => {
    const index = path.join(root, ".agentix/index.json");
    const bytes = readFileSync(index, "utf8");
    writeFileSync(index, "not the index");
    try {
      expect(await answeredFromRecord()).toEqual({ fast: truth, fromRecord: true });
      expect(checkFreshness(root, path.join(root, "tsconfig.json"))).toEqual({
        fresh: false,
        reason: "the index file is not the one recorded",
      });
    } finally {
      writeFileSync(index, bytes);
    }
  });
});

describe("--since and the checkout-local caches", () => {
  it("an untracked affected.json (a .gitignore listing only fresh.json) is no change", async () => {
    const root = copyFixture("shop");
    writeFileSync(path.join(root, ".gitignore"), "node_modules/\n.agentix/fresh.json\n");
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.email=t@agentix", "-c", "user.name=t", ...args], {
        cwd: root,
        encoding: "utf8",
      });
    git("init", "-q");
    git("add", ".");
    git("commit", "-qm", "base");
    expect((await answer(["index"], root)).code).toBe(0);
    expect(git("status", "--porcelain")).toBe("?? .agentix/\n");
    writeFileSync(path.join(root, "notes.md"), "# notes\n");
    const { code, stdout } = await answer(["affected", "--since", "HEAD", "--json"], root);
    expect(code).toBe(0);
    const changes = (JSON.parse(stdout) as { changes: { path: string }[] }).changes;
    expect(changes.map((change) => change.path)).toEqual([".agentix/index.json", "notes.md"]);
  }, 300_000);
});
