import { describe, expect, it } from "vitest";
import { readSimpleYaml, UNREADABLE } from "./simple-yaml.js";

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
