// `--since`'s changed lines come from `git diff`'s `+++` lines. A name with a space ends there
// with a tab, and the user's diff.mnemonicPrefix writes `+++ w/x`: the file's lines were never
// found, and a modified file with no lines counted as no code changed: `verify --since` passed a
// change that broke its tests, selecting none.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changesSince, diffPath } from "../../analyzer/affected/changes.js";

const FILES = ["src/with space/a.ts", 'src/q"uote.ts', "src/é.ts", "src/plain.ts"];
let root: string;
const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "agentix-diff-paths-"));
  for (const file of FILES) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), "export const one = 1;\nexport const two = 2;\n");
  }
  writeFileSync(path.join(root, "src/image.bin"), Buffer.from([0, 1, 2, 3]));
  git("init", "-q");
  git("add", "-A");
  git("-c", "user.email=t@agentix", "-c", "user.name=test", "commit", "-q", "-m", "base");
  for (const file of FILES)
    writeFileSync(path.join(root, file), "export const one = 1;\nexport const two = 3;\n");
  writeFileSync(path.join(root, "src/image.bin"), Buffer.from([0, 1, 2, 4]));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const linesOf = () =>
  changesSince("HEAD", root).map((change) => [change.path, change.lines ?? "whole file"]);
const EVERY = [
  ["src/image.bin", "whole file"],
  ["src/plain.ts", [[2, 2]]],
  ['src/q"uote.ts', [[2, 2]]],
  ["src/with space/a.ts", [[2, 2]]],
  ["src/é.ts", [[2, 2]]],
];

describe("changed lines of --since", () => {
  it("are found for names with a space, a quote or a non-ASCII letter; a binary file changed whole", () => {
    expect(linesOf()).toEqual(EVERY);
  });

  it("are found whatever prefixes the user's git config gives a diff", () => {
    for (const [key, value] of [
      ["diff.mnemonicPrefix", "true"],
      ["diff.noprefix", "true"],
      ["diff.dstPrefix", "new/"],
    ] as const) {
      git("config", key, value);
      try {
        expect({ key, lines: linesOf() }).toEqual({ key, lines: EVERY });
      } finally {
        git("config", "--unset", key);
      }
    }
  });
});

describe("diffPath", () => {
  it("reads a +++ line's path as git writes it", () => {
    expect(diffPath("b/src/with space/a.ts\t")).toBe("b/src/with space/a.ts");
    expect(diffPath('"b/src/q\\"uote.ts"')).toBe('b/src/q"uote.ts');
    expect(diffPath('"b/src/\\303\\251.ts"')).toBe("b/src/é.ts");
    expect(diffPath('"b/tab\\there"')).toBe("b/tab\there");
    expect(diffPath("b/plain.ts")).toBe("b/plain.ts");
  });
});
