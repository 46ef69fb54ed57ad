import { describe, expect, it } from "vitest";
import { readSimpleYaml, scalarAt, UNREADABLE } from "./simple-yaml.js";

const values = (text: string) => {
  const entries = readSimpleYaml(text);
  return entries && Object.fromEntries([...entries].map(([key, entry]) => [key, entry.value]));
};

describe("readSimpleYaml", () => {
  it("reads scalars, flow lists and block lists, with comments, quotes and a document start", () => {
    const text = [
      "\uFEFF# Mocha",
      "---",
      "spec: 'test/**/*.spec.ts' # the suite",
      `require: [ts-node/register, "./test/hooks.ts", 'it''s']`,
      "file:",
      "  - ./test/a.ts",
      "",
      '  - "./test/#b.ts"',
      "recursive: true",
      "timeout: 2000",
      "bail: ~",
      '"quoted key": yes',
      "empty:",
      "url: http://x/#top",
    ].join("\n");
    expect(values(text)).toEqual({
      spec: "test/**/*.spec.ts",
      require: ["ts-node/register", "./test/hooks.ts", "it's"],
      file: ["./test/a.ts", "./test/#b.ts"],
      recursive: true,
      timeout: 2000,
      bail: null,
      "quoted key": "yes",
      empty: null,
      url: "http://x/#top",
    });
    expect([...readSimpleYaml(text)!].map(([key, entry]) => `${key}:${entry.line}`)).toEqual([
      "spec:3",
      "require:4",
      "file:5",
      "recursive:9",
      "timeout:10",
      "bail:11",
      "quoted key:12",
      "empty:13",
      "url:14",
    ]);
  });

  it("says UNREADABLE for forms past the subset, key by key", () => {
    expect(
      values(
        [
          "require: &hooks [a]",
          "file: *hooks",
          "spec: !!str x",
          "ui: |",
          "  bdd",
          "reporter-option:",
          "  maxDiffSize: 0",
          "extension: [ts, [js]]",
          "grep: { a: 1 }",
          'escaped: "\\x41"',
        ].join("\n"),
      ),
    ).toEqual({
      require: UNREADABLE,
      file: UNREADABLE,
      spec: UNREADABLE,
      ui: UNREADABLE,
      "reporter-option": UNREADABLE,
      extension: UNREADABLE,
      grep: UNREADABLE,
      escaped: UNREADABLE,
    });
  });

  // A hostile config's one long line: the key was matched by a regular expression that
  // backtracked over it (40,000 spaces took 1.3 s, a megabyte would hang the analysis).
  it("reads a line of a megabyte without backtracking over it", () => {
    const spaces = " ".repeat(1_000_000);
    expect(readSimpleYaml(`a${spaces}b\n`)).toBeUndefined();
    expect(values(`key${spaces}: value\nurl: http://x/a:b\na:b: c\n`)).toEqual({
      key: "value",
      url: "http://x/a:b",
      "a:b": "c",
    });
  });

  it("is undefined for a text that is no top-level mapping", () => {
    expect(readSimpleYaml("- a\n- b\n")).toBeUndefined();
    expect(readSimpleYaml("  indented: x\n")).toBeUndefined();
    expect(readSimpleYaml("just text\n")).toBeUndefined();
    expect(values("")).toEqual({});
  });
});

describe("scalarAt", () => {
  // pnpm-workspace.yaml's catalogs (formbricks, pnpm's docs).
  const text = [
    "packages:",
    '  - "apps/*"',
    "catalog:",
    "  # --- build & test toolchain ---",
    "  typescript: 5.9.3 # pinned",
    '  "@types/node": "^22.1.0"',
    "  vite:",
    "    - 7",
    "catalogs:",
    "  react18:",
    "    react: ^18.2.0",
    "",
    "    typescript: '~5.6.0'",
    "  react19:",
    "    react: ^19.0.0",
    "flow: { typescript: 5.4.0 }",
    "top: 1",
  ].join("\n");

  it("reads a scalar through nested block mappings, with comments, quotes and blank lines", () => {
    expect(scalarAt(text, ["catalog", "typescript"])).toBe("5.9.3");
    expect(scalarAt(text, ["catalog", "@types/node"])).toBe("^22.1.0");
    expect(scalarAt(text, ["catalogs", "react18", "typescript"])).toBe("~5.6.0");
    expect(scalarAt(text, ["catalogs", "react19", "react"])).toBe("^19.0.0");
    expect(scalarAt(text, ["top"])).toBe(1);
  });

  it("is undefined for a missing key, UNREADABLE for a form it does not follow", () => {
    expect(scalarAt(text, ["catalogs", "react19", "typescript"])).toBeUndefined();
    expect(scalarAt(text, ["catalogs", "vue"])).toBeUndefined();
    expect(scalarAt(text, ["nothing", "typescript"])).toBeUndefined();
    // A list where a scalar belongs, a flow mapping, a scalar where a mapping belongs.
    expect(scalarAt(text, ["catalog", "vite"])).toBe(UNREADABLE);
    expect(scalarAt(text, ["flow", "typescript"])).toBe(UNREADABLE);
    expect(scalarAt(text, ["top", "typescript"])).toBe(UNREADABLE);
    // A list at the level of a mapping's keys, and a line indented less than its siblings.
    expect(scalarAt(["a:", "  - b", "  c: 1"].join("\n"), ["a", "c"])).toBe(UNREADABLE);
    expect(scalarAt(["a:", "    b: 1", "  c: 2"].join("\n"), ["a", "c"])).toBe(UNREADABLE);
    // A value continued below its key (a multi-line string).
    expect(scalarAt(["a:", "  b: one", "    two"].join("\n"), ["a", "b"])).toBe(UNREADABLE);
  });

  it("reads a block list at the top level's own indentation as its key's, and a 1 MB line once", () => {
    expect(
      scalarAt(["packages:", "- apps/*", "catalog:", "  x: 1"].join("\n"), ["catalog", "x"]),
    ).toBe(1);
    const long = `catalog:\n  x: ${"9".repeat(1_000_000)}`;
    expect(scalarAt(long, ["catalog", "x"])).toBe(Number("9".repeat(1_000_000)));
  });
});
