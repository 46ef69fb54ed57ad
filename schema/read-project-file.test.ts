// The one reader of project files: a FIFO is refused from its stat, never opened, and refusing
// it leaves module resolution as it was; bytes are read as they are, text without its BOM.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { INDEX_FILE_LIMIT, readProjectBytes, readProjectFile } from "./read-project-file.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "agentix-read-project-file-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const at = (file: string) => path.join(dir, file);

describe("a FIFO", () => {
  it("is refused, and modules still resolve through symbolic links afterwards", () => {
    // node_modules linked elsewhere, as in a pnpm install or a git worktree.
    mkdirSync(at("real"));
    for (const name of ["one.js", "two.js"]) writeFileSync(at(`real/${name}`), "");
    symlinkSync("real", at("link"));
    execFileSync("mkfifo", [at("pipe")]);
    const require = createRequire(at("index.js"));
    expect(require.resolve("./link/one.js")).toBe(at("real/one.js"));
    expect(() => readProjectBytes(at("pipe"), "pipe")).toThrow(
      "pipe cannot be read: it is a FIFO, not a regular file",
    );
    // A plain stat of the FIFO made Node resolve this one as link/two.js: a second copy of a
    // module already loaded through real/ (nodejs/node#51142).
    expect(require.resolve("./link/two.js")).toBe(at("real/two.js"));
  });
});

describe("what is read", () => {
  it("bytes as they are; text without a byte order mark", () => {
    writeFileSync(at("bom.json"), "\uFEFF{}");
    expect(readProjectBytes(at("bom.json")).toString("utf8")).toBe("\uFEFF{}");
    expect(readProjectFile(at("bom.json"))).toBe("{}");
  });

  it("a file over the limit is refused unread; an index may be larger than a manifest", () => {
    writeFileSync(at("large.json"), "{}");
    truncateSync(at("large.json"), 17 * 1024 * 1024);
    expect(() => readProjectBytes(at("large.json"), "large.json")).toThrow(
      "large.json cannot be read: it is 17 MB, over the 16 MB a project file may have",
    );
    expect(readProjectBytes(at("large.json"), "large.json", INDEX_FILE_LIMIT)).toHaveLength(
      17 * 1024 * 1024,
    );
  });
});
