// An agentix.config.json that is a folder or a FIFO: `agentix check` refuses it, naming why; the
// plugin took the folder for no config and linted with the defaults, silently (helper-27 repro-4).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import tsParser from "@typescript-eslint/parser";
import { ESLint, type Linter } from "eslint";
import { afterAll, expect, it } from "vitest";
import plugin from "../index.js";
import { clearConfigCaches } from "../../schema/load-config.js";
import { endDiskRound } from "../../schema/disk-rounds.js";

const root = mkdtempSync(path.join(tmpdir(), "agentix-config-not-a-file-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function messages(): Promise<string[]> {
  clearConfigCaches();
  endDiskRound();
  const config: Linter.Config[] = [
    {
      files: ["**/*.ts"],
      languageOptions: { parser: tsParser as Linter.Parser },
      plugins: { agentix: plugin as unknown as ESLint.Plugin },
      rules: { "agentix/no-private-imports": "error" },
    },
  ];
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: config });
  const [result] = await eslint.lintFiles(["src/features/a/model.ts"]);
  return (result?.messages ?? []).map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.message}`);
}

it("reports a folder or a FIFO named agentix.config.json as a config error, as check does", async () => {
  mkdirSync(path.join(root, "src/features/a"), { recursive: true });
  writeFileSync(path.join(root, "package.json"), "{}\n");
  writeFileSync(path.join(root, "src/features/a/model.ts"), "export const a = 1;\n");
  const config = path.join(root, "agentix.config.json");
  mkdirSync(config);
  expect(await messages()).toEqual([
    `1:1 agentix/no-private-imports agentix configuration error: ${config}: cannot be read (EISDIR)`,
  ]);
  rmSync(config, { recursive: true });
  execFileSync("mkfifo", [config]);
  expect(await messages()).toEqual([
    `1:1 agentix/no-private-imports agentix configuration error: ${config}: cannot be read (it is a FIFO, not a regular file)`,
  ]);
});
