// Which files the project's Mocha runs: its spec, as the test script names it (files, folders,
// globs, `--spec`) or else `spec` in its .mocharc (JSON, JSONC or YAML) or package.json's "mocha".
// A selected file outside it is not one of the suite's tests (a script that imports chai): handed
// to Mocha, one that ends the process ran the suite to exit 0 with failures unseen (oclif's
// test/integration/interop.ts). Unknown (a JavaScript .mocharc, a spec in a form the reader does
// not know, or no spec at all): no file is left out.
import type { ScriptInvocation } from "./runner-script.js";
import {
  readMochaConfig,
  readMochaFile,
  specMatcher,
  stringList,
} from "../../project/mocha-config.js";

export interface MochaSpec {
  /** The spec as written, for messages. */
  readonly globs: readonly string[];
  /** Whether Mocha runs the file (relative to the project root). */
  readonly runs: (file: string) => boolean;
}

/** The project's Mocha spec, or undefined when it cannot be known statically. */
export function mochaSpec(root: string, script: ScriptInvocation): MochaSpec | undefined {
  const config = readMochaConfig(root, readMochaFile)?.values;
  const fromScript = script.paths.length > 0 ? script.paths : undefined;
  const globs = fromScript ?? stringList(config?.["spec"]);
  if (globs === undefined || globs.length === 0) return undefined;
  const recursive = script.args.includes("--recursive") || config?.["recursive"] === true;
  return { globs, runs: specMatcher(globs, recursive) };
}
