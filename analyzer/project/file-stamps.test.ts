import { mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { RACY_MS, restamp, sha256, stampOfRead } from "./file-stamps.js";

const dir = mkdtempSync(path.join(os.tmpdir(), "agentix-stamps-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("stampOfRead", () => {
  const text = "export const a = 1;\n";
  const file = path.join(dir, "a.ts");

  it("keeps size and mtime of a file last written before the read, by more than the racy window", () => {
    writeFileSync(file, text);
    const written = new Date(Date.now() - 60_000);
    utimesSync(file, written, written);
    const stamp = stampOfRead(file, text, Date.now());
    expect(stamp).toEqual({ size: 20, mtimeMs: statSync(file).mtimeMs, sha256: sha256(text) });
    expect(restamp(file, stamp)).toEqual({ status: "same", stamp });
    writeFileSync(file, "export const a = 2;\n");
    expect(restamp(file, stamp).status).toBe("changed");
  });

  it("leaves a file written within the racy window, or one not there, to the next stat pass", () => {
    writeFileSync(file, text);
    const since = statSync(file).mtimeMs + RACY_MS;
    expect(stampOfRead(file, text, since)).toEqual({ size: -1, mtimeMs: -1, sha256: sha256(text) });
    expect(stampOfRead(path.join(dir, "gone.ts"), text, Date.now())).toEqual({
      size: -1,
      mtimeMs: -1,
      sha256: sha256(text),
    });
  });
});
