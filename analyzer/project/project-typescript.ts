// Which TypeScript the analysed project compiles with, as far as it says: options TypeScript 6
// (agentix's compiler) deprecates or removed are the project's problems only when its own
// compiler is as new.
import { existsSync } from "node:fs";
import path from "node:path";
import { readProjectJson } from "../../schema/read-project-file.js";
import { ts } from "./ts-morph.js";
import { catalogRange } from "./dependency-catalogs.js";

/** A TypeScript version, major and minor (the part deprecations follow). */
interface MajorMinor {
  readonly major: number;
  readonly minor: number;
}

const DEPENDENCY_FIELDS = ["devDependencies", "dependencies", "peerDependencies"] as const;

/**
 * Whether the project's own TypeScript is older than `than` (agentix's, by default): the one
 * installed for it (the nearest node_modules/typescript from its root), else, in a checkout
 * nothing was installed in, the version range the nearest package.json that names typescript
 * declares (documenso's "5.6.2": TypeScript 6 deprecates its `baseUrl`, which its tsc accepts,
 * and advises an `ignoreDeprecations: "6.0"` that TypeScript 5 rejects), or the workspace's
 * catalog such a range names (`"catalog:"`, dependency-catalogs.ts). Unknown (neither, or a
 * range that allows `than`): not older, and the deprecations stand.
 */
export function projectTypeScriptIsOlder(
  root: string,
  than: string = ts.version,
  /** Told each file the answer was looked for in, present or not (the index's freshness inputs). */
  consulted: (file: string) => void = () => {},
): boolean {
  const ours = majorMinor(than);
  if (ours === undefined) return false;
  const installed = installedVersion(root, consulted);
  if (installed !== undefined) {
    const version = majorMinor(installed);
    return version !== undefined && compare(version, ours) < 0;
  }
  const declared = declaredRange(root, consulted);
  return declared !== undefined && rangeIsBelow(declared, ours);
}

/** The files projectTypeScriptIsOlder(root) reads or looks for: a change to one may change its answer. */
export function typeScriptVersionInputs(root: string): string[] {
  const files: string[] = [];
  projectTypeScriptIsOlder(root, ts.version, (file) => files.push(file));
  return files;
}

/** The version of the nearest node_modules/typescript at or above `root`, if one is installed. */
function installedVersion(root: string, consulted: (file: string) => void): string | undefined {
  for (let dir = root; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "node_modules", "typescript", "package.json");
    consulted(manifest);
    if (existsSync(manifest)) {
      const { version } = (readJsonOrUndefined(manifest) ?? {}) as { version?: unknown };
      return typeof version === "string" ? version : "";
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The typescript range the nearest package.json at or above `root` that names it declares. */
function declaredRange(root: string, consulted: (file: string) => void): string | undefined {
  for (let dir = root; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    consulted(manifest);
    if (existsSync(manifest)) {
      const json = readJsonOrUndefined(manifest);
      for (const field of DEPENDENCY_FIELDS) {
        const range = (json as Record<string, Record<string, unknown> | undefined> | undefined)?.[
          field
        ]?.["typescript"];
        // "catalog:": the workspace's catalog says (pnpm, Yarn, Bun); unsaid, nothing is known.
        if (typeof range === "string")
          return catalogRange(range, "typescript", dir, consulted) ?? range;
      }
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

function readJsonOrUndefined(file: string): unknown {
  try {
    const json = readProjectJson(file);
    return typeof json === "object" && json !== null ? json : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether every version `range` allows is older than `than`: each `||` alternative is an exact
 * or partial version (`5.6.2`, `5.x`), a tilde or caret range (`~5.6`, `^5.4.0`), or has an
 * upper bound (`>=4.9 <6`); anything else (`*`, `latest`, `>=5`, `workspace:*`) may allow it.
 */
export function rangeIsBelow(range: string, than: MajorMinor): boolean {
  const alternatives = range.split("||").map((each) => each.trim());
  return alternatives.length > 0 && alternatives.every((each) => alternativeIsBelow(each, than));
}

const UPPER_BOUND = /<\s*=?\s*v?(\d+)(?:\.(\d+))?/u;
const SIMPLE = /^([~^]|=)?\s*v?(\d+)(?:\.(\d+|x|\*))?(?:\.(?:\d+|x|\*))?(?:-[\w.]+)?$/u;

function alternativeIsBelow(alternative: string, than: MajorMinor): boolean {
  const upper = UPPER_BOUND.exec(alternative);
  if (upper) {
    const bound = { major: Number(upper[1]), minor: Number(upper[2] ?? 0) };
    // `<6` and `<6.0` allow nothing of 6.0; `<=6.0` allows 6.0 itself.
    const inclusive = /<\s*=/u.test(alternative);
    const order = compare(bound, than);
    return inclusive ? order < 0 : order <= 0;
  }
  const simple = SIMPLE.exec(alternative);
  if (!simple) return false;
  const major = Number(simple[2]);
  const minor =
    simple[3] === undefined || !/^\d+$/u.test(simple[3]) ? undefined : Number(simple[3]);
  // A caret range, or a version without its minor, allows any minor of its major.
  if (simple[1] === "^" || minor === undefined) return major < than.major;
  return compare({ major, minor }, than) < 0;
}

function majorMinor(version: string): MajorMinor | undefined {
  const match = /^v?(\d+)\.(\d+)/u.exec(version.trim());
  return match ? { major: Number(match[1]), minor: Number(match[2]) } : undefined;
}

function compare(a: MajorMinor, b: MajorMinor): number {
  return a.major - b.major || a.minor - b.minor;
}
