// The project's Mocha configuration, read as text, never run: .mocharc.json or .mocharc.jsonc
// (comments allowed), else package.json's "mocha" field. A YAML or JavaScript .mocharc is not
// read (undefined: nothing is assumed from it). Its `spec` says which files are the suite's tests
// (cli/verify/mocha-spec.ts); its `require` and `file` modules run before them (mocha-setup.ts).
import path from "node:path";
import picomatch from "picomatch";
import { toPosix } from "../../schema/paths.js";

/** The config's object, or undefined when the project has none agentix reads. */
export function readMochaConfig(
  root: string,
  read: (file: string) => string | undefined,
): Record<string, unknown> | undefined {
  for (const name of [".mocharc.json", ".mocharc.jsonc"]) {
    const text = read(path.join(root, name));
    if (text !== undefined) return objectOf(withoutComments(text));
  }
  const field = objectOf(read(path.join(root, "package.json")) ?? "")?.["mocha"];
  return typeof field === "object" && field !== null && !Array.isArray(field)
    ? (field as Record<string, unknown>)
    : undefined;
}

/** A config value that is a string or a list of them, as a list; undefined for anything else. */
export function stringList(value: unknown): string[] | undefined {
  if (typeof value === "string") return [value];
  if (Array.isArray(value) && value.every((entry) => typeof entry === "string"))
    return value as string[];
  return undefined;
}

/**
 * Whether a spec runs a file (relative to the project root, POSIX): a file or a glob as written,
 * a folder the files in it (and below it when `recursive`).
 */
export function specMatcher(
  globs: readonly string[],
  recursive: boolean,
): (file: string) => boolean {
  const patterns = globs.map((glob) => {
    const clean = toPosix(path.normalize(glob)).replace(/^\.\//u, "").replace(/\/$/u, "");
    return /[*?{}[\]]|\.[cm]?[jt]sx?$/u.test(clean) ? clean : `${clean}/${recursive ? "**/" : ""}*`;
  });
  const matches = picomatch(patterns, { dot: true });
  return (file) => matches(toPosix(file));
}

/** The config's spec as a matcher; undefined when it names none (see readMochaConfig). */
export function mochaConfigTests(
  root: string,
  read: (file: string) => string | undefined,
): ((file: string) => boolean) | undefined {
  const config = readMochaConfig(root, read);
  const globs = stringList(config?.["spec"]);
  if (globs === undefined || globs.length === 0) return undefined;
  return specMatcher(globs, config?.["recursive"] === true);
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
