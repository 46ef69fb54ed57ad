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
    // Setting the mtime back moves the ctime: a read racy-window later trusts both.
    const { mtimeMs, ctimeMs } = statSync(file);
    const stamp = stampOfRead(file, text, ctimeMs + RACY_MS + 1);
    expect(stamp).toEqual({ size: 20, mtimeMs, ctimeMs, sha256: sha256(text) });
    expect(stampOfRead(file, text, ctimeMs + RACY_MS).size).toBe(-1);
    expect(restamp(file, stamp)).toEqual({ status: "same", stamp });
    writeFileSync(file, "export const a = 2;\n");
    expect(restamp(file, stamp).status).toBe("changed");
  });

  it("leaves a file written within the racy window, or one not there, to the next stat pass", () => {
    writeFileSync(file, text);
    const since = statSync(file).mtimeMs + RACY_MS;
    const unknown = { size: -1, mtimeMs: -1, ctimeMs: -1, sha256: sha256(text) };
    expect(stampOfRead(file, text, since)).toEqual(unknown);
    expect(stampOfRead(path.join(dir, "gone.ts"), text, Date.now())).toEqual(unknown);
  });
});
