// Which file is the project's Jest config: the one its package.json scripts give Jest with
// `--config <file>` / `-c <file>` (tsyringe's `jest --config test/jest.config.js`), else the
// first jest.config.* at the root. jest-config.ts reads it for every reader (package.json's
// "jest" field when there is none).
import path from "node:path";
import { packageScripts } from "./package-scripts.js";

/** Where Jest looks for its config, in its order. */
export const JEST_CONFIG_NAMES = ["js", "ts", "mjs", "cjs", "mts", "cts", "json"].map(
  (extension) => `jest.config.${extension}`,
);

/** `jest --config=./test/jest.config.js`, `jest -c test/jest.config.ts` in a script. */
const SCRIPT_CONFIG =
  /\bjest\b[^&|;]{0,500}?(?:--config[=\s]{1,20}|\s-c\s{1,20})(["']?)([^\s"'&|;{]{1,500})\1/gu;

export interface ConfigFileReader {
  read(file: string): string | undefined;
  isFile(file: string): boolean;
}

/** The Jest config file (absolute) of the project at `root`, or undefined (see above). */
export function jestConfigFile(root: string, reader: ConfigFileReader): string | undefined {
  for (const file of configsInScripts(root, reader)) if (reader.isFile(file)) return file;
  for (const name of JEST_CONFIG_NAMES) {
    const file = path.join(root, name);
    if (reader.isFile(file)) return file;
  }
  return undefined;
}

/** The configs the scripts name, the `test` script's first. */
function configsInScripts(root: string, reader: ConfigFileReader): string[] {
  const scripts = packageScripts(reader.read(path.join(root, "package.json"))).sort(([a], [b]) =>
    a === "test" ? -1 : b === "test" ? 1 : 0,
  );
  const files: string[] = [];
  for (const [, script] of scripts)
    for (const match of script.matchAll(SCRIPT_CONFIG))
      files.push(path.resolve(root, match[2] as string));
  return files;
}
