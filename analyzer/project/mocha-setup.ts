// Mocha's setup modules: what `--require` / `-r` and `--file` (in the test script or in its
// config, `require` and `file`) load before every test (root hooks, fixtures that seed a store),
// read as text, never run. A package (`ts-node/register`) is none of the project's files.
import path from "node:path";
import { readMochaConfig, stringList } from "./mocha-config.js";
import { packageScripts } from "./package-scripts.js";
import {
  resolveSetup,
  setupForEveryTest,
  type SetupContext,
  type VitestSetup,
} from "./vitest-setup.js";
import type { SetupInputs } from "./jest-setup.js";

/** `--require x`, `-r=x`, `--file x` after `mocha` in one command of a script. */
const SCRIPT_OPTION = /(?:^|\s)(?:--require|-r|--file)(?:=|\s+)(["']?)([^\s"'&|;]+)\1/gu;
const MOCHA_COMMAND = /\bmocha\b[^&|;\n]*/gu;

/** The project's Mocha setup (the file it was read from, root-relative); undefined without any. */
export function readMochaSetup(
  root: string,
  inputs: SetupInputs,
): { file: string; setup: VitestSetup } | undefined {
  const read = (file: string) => inputs.read(file);
  const config = readMochaConfig(root, read);
  const fromConfig = [
    ...(stringList(config?.["require"]) ?? []),
    ...(stringList(config?.["file"]) ?? []),
  ];
  const fromScripts = scriptModules(read(path.join(root, "package.json")));
  const context: SetupContext = {
    root,
    configDir: root,
    exists: (file) => inputs.exists(file),
    runner: "Mocha",
  };
  const files: string[] = [];
  for (const value of [...fromScripts, ...fromConfig]) {
    const file = resolveSetup(value, root, context);
    if (file !== undefined && !files.includes(file)) files.push(file);
  }
  if (files.length === 0) return undefined;
  return { file: "package.json", setup: setupForEveryTest({ files, problems: [] }, root) };
}

/** The modules the package.json scripts' mocha commands require or load. */
function scriptModules(manifest: string | undefined): string[] {
  const found: string[] = [];
  for (const [, script] of packageScripts(manifest))
    for (const [command] of script.matchAll(MOCHA_COMMAND))
      for (const match of command.matchAll(SCRIPT_OPTION)) found.push(match[2] as string);
  return found;
}
