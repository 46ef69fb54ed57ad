// The bin's output read by a reader that stops early (`agentix affected x --json | head -c 100`):
// the rest is dropped and the verb ends with its own exit code, quietly. It was an unhandled
// EPIPE with a stack trace and exit 1 once the answer outgrew the pipe's buffer (msw's check).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN } from "../support/analyzer-fixtures.js";

const root = mkdtempSync(path.join(os.tmpdir(), "agentix-closed-stdout-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function project(): void {
  mkdirSync(path.join(root, "src"), { recursive: true });
  mkdirSync(path.join(root, "test"), { recursive: true });
  writeFileSync(path.join(root, "package.json"), '{ "name": "wide-answer", "type": "module" }\n');
  writeFileSync(
    path.join(root, "tsconfig.json"),
    '{ "compilerOptions": { "strict": true, "module": "NodeNext", "noEmit": true, "types": [] }, "include": ["src", "test"] }\n',
  );
  writeFileSync(path.join(root, "src/one.ts"), "export const one = 1;\n");
  // 300 tests of long names: an answer of some 150 KB, beyond any pipe's buffer.
  for (let at = 0; at < 300; at += 1)
    writeFileSync(
      path.join(root, `test/one-${String(at).padStart(3, "0")}-${"x".repeat(120)}.test.ts`),
      'import { expect, it } from "vitest";\nimport { one } from "../src/one.js";\n\nit("is one", () => {\n  expect(one).toBe(1);\n});\n',
    );
}

/** Runs the bin, closing its stdout after the first chunk; its exit code and stderr. */
function readFirstChunk(args: readonly string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: root });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.once("data", () => child.stdout.destroy());
    child.on("close", (code) => resolve({ code, stderr }));
  });
}

describe("a reader that stops early", () => {
  it("ends the verb quietly with its own exit code", { timeout: 120_000 }, async () => {
    project();
    expect(await readFirstChunk(["affected", "src/one.ts", "--json"])).toEqual({
      code: 0,
      stderr: "",
    });
  });
});
