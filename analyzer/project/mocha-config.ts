// The project's Mocha configuration, read as text, never run, from the first file Mocha itself
// looks for: .mocharc.js, .mocharc.cjs, .mocharc.yaml, .mocharc.yml, .mocharc.jsonc (comments
// allowed), .mocharc.json; else package.json's "mocha" field. YAML is read in the subset
// simple-yaml.ts knows (a value past it is UNREADABLE); a JavaScript config's values are not read
// here (mocha-setup.ts reads its literal object with TypeScript). Its `spec` says which files are
// the suite's tests (cli/verify/mocha-spec.ts); its `require` and `file` modules run before them
// (mocha-setup.ts).
import path from "node:path";
import picomatch from "picomatch";
import { toPosix } from "../../schema/paths.js";
import { ProjectFileError, readProjectFile } from "../../schema/read-project-file.js";
import { readSimpleYaml } from "./simple-yaml.js";

export { UNREADABLE } from "./simple-yaml.js";

/** Mocha's config files, in the order it looks for them. */
const CONFIG_NAMES = [
  ".mocharc.js",
  ".mocharc.cjs",
  ".mocharc.yaml",
  ".mocharc.yml",
  ".mocharc.jsonc",
  ".mocharc.json",
];

export interface MochaConfig {
  /** The file read (absolute): a .mocharc or package.json. */
  readonly file: string;
  /** Its text. */
  readonly text: string;
  /**
   * Its values (a value this reader cannot read is UNREADABLE; one the file does not set is
   * absent); undefined for a JavaScript config, or a file that is no object it can read.
   */
  readonly values: Record<string, unknown> | undefined;
  /** The line of each key, where the reader knows it (YAML). */
  readonly lines: ReadonlyMap<string, number>;
}

/**
 * A Mocha config file's text, undefined when there is none or it cannot be read (a FIFO, a link
 * to /dev/zero: never read), as the analysis's reader skips it (mocha-setup.ts).
 */
export function readMochaFile(file: string): string | undefined {
  try {
    return readProjectFile(file);
  } catch (error) {
    if (error instanceof ProjectFileError) return undefined;
    throw error;
  }
}

/** The project's Mocha config, or undefined when it has none. */
export function readMochaConfig(
  root: string,
  read: (file: string) => string | undefined,
): MochaConfig | undefined {
  for (const name of CONFIG_NAMES) {
    const file = path.join(root, name);
    const text = read(file);
    if (text === undefined) continue;
    if (/\.c?js$/u.test(name)) return { file, text, values: undefined, lines: new Map() };
    if (/\.ya?ml$/u.test(name)) {
      const entries = readSimpleYaml(text);
      return {
        file,
        text,
        values:
          entries && Object.fromEntries([...entries].map(([key, entry]) => [key, entry.value])),
        lines: new Map([...(entries ?? [])].map(([key, entry]) => [key, entry.line])),
      };
    }
    return { file, text, values: objectOf(withoutComments(text)), lines: new Map() };
  }
  const manifest = path.join(root, "package.json");
  const text = read(manifest) ?? "";
  const field = objectOf(text)?.["mocha"];
  return typeof field === "object" && field !== null && !Array.isArray(field)
    ? { file: manifest, text, values: field as Record<string, unknown>, lines: new Map() }
    : undefined;
}

/** Whether the project runs Mocha: a Mocha config, or a package.json script that runs `mocha`. */
export function usesMocha(
  root: string,
  read: (file: string) => string | undefined,
  config = readMochaConfig(root, read),
): boolean {
  if (config !== undefined) return true;
  const manifest = objectOf(read(path.join(root, "package.json")) ?? "");
  const scripts = manifest?.["scripts"];
  return (
    typeof scripts === "object" &&
    scripts !== null &&
    Object.values(scripts).some((script) => typeof script === "string" && /\bmocha\b/u.test(script))
  );
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
  const values = readMochaConfig(root, read)?.values;
  const globs = stringList(values?.["spec"]);
  if (globs === undefined || globs.length === 0) return undefined;
  return specMatcher(globs, values?.["recursive"] === true);
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
