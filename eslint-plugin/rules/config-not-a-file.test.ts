// An agentix.config.json that is a folder or a FIFO: `agentix check` refuses it, naming why; the
// plugin took the folder for no config and linted with the defaults, silently (helper-27 repro-4).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { lintWithAgentix } from "../../test/support/lint-no-private-imports.js";
import { clearConfigCaches } from "../../schema/load-config.js";
import { endDiskRound } from "../../schema/disk-rounds.js";

const root = mkdtempSync(path.join(tmpdir(), "agentix-config-not-a-file-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function messages(): string[] {
  clearConfigCaches();
  endDiskRound();
  return lintWithAgentix(root, "src/features/a/model.ts", "export const a = 1;\n", [
    "no-private-imports",
  ]).map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.message}`);
}

it("reports a folder or a FIFO named agentix.config.json as a config error, as check does", () => {
  mkdirSync(path.join(root, "src/features/a"), { recursive: true });
  writeFileSync(path.join(root, "package.json"), "{}\n");
  writeFileSync(path.join(root, "src/features/a/model.ts"), "export const a = 1;\n");
  const config = path.join(root, "agentix.config.json");
  mkdirSync(config);
  expect(messages()).toEqual([
    `1:1 agentix/no-private-imports agentix configuration error: ${config}: cannot be read (EISDIR)`,
  ]);
  rmSync(config, { recursive: true });
  execFileSync("mkfifo", [config]);
  expect(messages()).toEqual([
    `1:1 agentix/no-private-imports agentix configuration error: ${config}: cannot be read (it is a FIFO, not a regular file)`,
  ]);
});
