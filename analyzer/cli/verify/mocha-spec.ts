// Which files the project's Mocha runs: its spec, as the test script names it (files, folders,
// globs, `--spec`) or else `spec` in .mocharc.json / .mocharc.jsonc / package.json's "mocha".
// A selected file outside it is not one of the suite's tests (a script that imports chai): handed
// to Mocha, one that ends the process ran the suite to exit 0 with failures unseen (oclif's
// test/integration/interop.ts). Unknown (a YAML or JavaScript .mocharc, or no spec at all): no
// file is left out.
import { readFileSync } from "node:fs";
import path from "node:path";
import picomatch from "picomatch";
import { toPosix } from "../../../schema/paths.js";
import type { ScriptInvocation } from "./runner-script.js";

export interface MochaSpec {
  /** The spec as written, for messages. */
  readonly globs: readonly string[];
  /** Whether Mocha runs the file (relative to the project root). */
  readonly runs: (file: string) => boolean;
}

/** The project's Mocha spec, or undefined when it cannot be known statically. */
export function mochaSpec(root: string, script: ScriptInvocation): MochaSpec | undefined {
  const config = configOf(root);
  const fromScript = script.paths.length > 0 ? script.paths : undefined;
  const globs = fromScript ?? specList(config?.["spec"]);
  if (globs === undefined || globs.length === 0) return undefined;
  const recursive = script.args.includes("--recursive") || config?.["recursive"] === true;
  const patterns = globs.flatMap((glob) => {
    const clean = toPosix(path.normalize(glob)).replace(/^\.\//u, "").replace(/\/$/u, "");
    // A folder runs the files in it (and below, with --recursive); a file or a glob itself.
    return /[*?{}[\]]|\.[cm]?[jt]sx?$/u.test(clean)
      ? [clean]
      : [`${clean}/${recursive ? "**/" : ""}*`];
  });
  const matches = picomatch(patterns, { dot: true });
  return { globs, runs: (file) => matches(toPosix(file)) };
}

/** .mocharc.json, .mocharc.jsonc (comments stripped) or package.json's "mocha", the first there. */
function configOf(root: string): Record<string, unknown> | undefined {
  for (const name of [".mocharc.json", ".mocharc.jsonc"]) {
    const text = readText(path.join(root, name));
    if (text !== undefined) return objectOf(withoutComments(text));
  }
  const manifest = objectOf(readText(path.join(root, "package.json")) ?? "");
  const field = manifest?.["mocha"];
  return typeof field === "object" && field !== null && !Array.isArray(field)
    ? (field as Record<string, unknown>)
    : undefined;
}

function specList(value: unknown): string[] | undefined {
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((entry) => typeof entry === "string"))
    return value as string[];
  return undefined;
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return undefined;
  }
}

function objectOf(text: string): Record<string, unknown> | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === "object" && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** JSONC's comments out, strings kept. */
function withoutComments(text: string): string {
  return text.replace(/("(?:[^"\\]|\\.)*")|\/\/[^\n]*|\/\*[\s\S]*?\*\//gu, (match, string) =>
    string === undefined ? "" : (string as string),
  );
}
