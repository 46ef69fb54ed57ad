// An editor session (one process, ESLint's Linter): agentix.config.json created, edited, broken
// and deleted between two lints of the same file. Each lint after a pause must follow the file on
// disk (schema/disk-rounds.ts); a stale config cache fails these cases.
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, expect, it, vi } from "vitest";
import { DISK_ROUND_QUIET_MS } from "../../schema/disk-rounds.js";
import { lintNoPrivateImports } from "../../test/support/lint-no-private-imports.js";

const root = mkdtempSync(path.join(tmpdir(), "agentix-config-session-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => vi.useRealTimers());

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** Rewrites agentix.config.json with a new mtime (an edit in place leaves the folder's mtime). */
let edits = 0;
function config(text: string): void {
  write("agentix.config.json", text);
  const stamp = new Date(2000, 0, (edits += 1));
  utimesSync(path.join(root, "agentix.config.json"), stamp, stamp);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&");

const code = `import { x } from "./features/orders/model";\n`;

function lint() {
  vi.setSystemTime(Date.now() + DISK_ROUND_QUIET_MS + 1);
  return lintNoPrivateImports(root, "src/main.ts", code);
}

const privateImport = {
  ruleId: "agentix/no-private-imports",
  line: 1,
  column: 19,
  message:
    'src/features/orders/model.ts is private to feature "orders"; code outside features may import only its public entry src/features/orders/contract.ts, so import from there instead',
};

it("follows agentix.config.json created, edited, broken and deleted between lints", () => {
  vi.useFakeTimers({ toFake: ["Date"] });
  write("package.json", "{}");
  write("src/main.ts", code);
  write("src/features/orders/model.ts", "export const x = 1;\n");
  write("src/features/orders/contract.ts", "export const c = 1;\n");
  expect(lint()).toEqual([privateImport]);
  config('{ "rules": { "agentix/no-private-imports": "off" } }');
  expect(lint()).toEqual([]);
  config('{ "features": { "directories": ["**/src/modules/*"] } }');
  expect(lint()).toEqual([]);
  config('{ "features": { "directories": ["**/src/features/*"] } }');
  expect(lint()).toEqual([privateImport]);
  config('{ "ignores": 1 }');
  expect(lint()).toEqual([
    {
      ruleId: "agentix/no-private-imports",
      line: 1,
      column: 1,
      // Exact up to the JSON pointer: the wording after it belongs to schema/ajv.ts.
      message: expect.stringMatching(
        new RegExp(
          `^agentix configuration error: ${escape(path.join(root, "agentix.config.json"))}:1:14: /ignores `,
          "u",
        ),
      ),
    },
  ]);
  unlinkSync(path.join(root, "agentix.config.json"));
  expect(lint()).toEqual([privateImport]);
});
