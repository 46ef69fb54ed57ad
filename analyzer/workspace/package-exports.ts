// Which source files a workspace package's import specifier (`@acme/contracts`,
// `@acme/contracts/money`) can load: every target its package.json `exports` names for that
// subpath, under any condition (a consumer may load any of them), or, for a package without
// `exports`, its entry fields for the bare name and the file or folder a subpath names; mapped
// back to the package's sources (`.js`/`.d.ts` beside a `.ts`, the tsconfig's outDir to its
// rootDir, or a bundler's `dist/` to `src/`).
import path from "node:path";

/**
 * How a package's specifiers map to its files: `exports` as written (only what it names can be
 * imported); or, without `exports`, the `types`/`typings`/`module`/`main`/`browser` fields
 * (package-relative, `./index` when none) for the bare name, while any file or folder can be
 * imported by a subpath (`@documenso/trpc/react`); or unknown (no package.json, or
 * `typesVersions`, which re-maps what TypeScript loads).
 */
export type PackageEntries =
  | { readonly kind: "exports"; readonly exports: unknown }
  | { readonly kind: "fields"; readonly main: readonly string[] }
  | { readonly kind: "unknown" };

const ENTRY_FIELDS = ["types", "typings", "module", "main", "browser"] as const;

export function packageEntries(
  manifest: Readonly<Record<string, unknown>> | undefined,
): PackageEntries {
  if (manifest === undefined) return { kind: "unknown" };
  if (manifest["exports"] !== undefined && manifest["exports"] !== null)
    return { kind: "exports", exports: manifest["exports"] };
  if (manifest["typesVersions"] !== undefined) return { kind: "unknown" };
  const main = ENTRY_FIELDS.map((field) => manifest[field])
    .filter((value): value is string => typeof value === "string" && value.trim() !== "")
    .map(
      (value) => `./${path.posix.normalize(value.replaceAll("\\", "/")).replace(/^(\.\/)+/u, "")}`,
    );
  return { kind: "fields", main: [...new Set(main)] };
}

/**
 * The package-relative targets `subpath` (`.`, `./money`) may load, and whether each is searched
 * as a file or folder is (its extensions and `index`, a package without `exports`) or taken as
 * written; undefined when that cannot be known.
 */
export function entryTargets(
  entries: PackageEntries,
  subpath: string,
): { readonly targets: readonly string[]; readonly searched: boolean } | undefined {
  if (entries.kind === "unknown") return undefined;
  if (entries.kind === "exports")
    return { targets: exportTargets(entries.exports, subpath), searched: false };
  if (subpath !== ".") return { targets: [subpath], searched: true };
  return { targets: entries.main.length > 0 ? entries.main : ["./index"], searched: true };
}

const SEARCHED_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".d.ts", ".js", ".jsx", ".mjs", ".cjs"];

/**
 * What a searched target (absolute) may be on disk, as TypeScript, Node and bundlers try it:
 * itself, with each extension, and as a folder's `index`. A folder with its own package.json
 * (whose fields would decide) is not searched: undefined.
 */
export function searchedCandidates(
  target: string,
  hasManifest: (folder: string) => boolean,
): string[] | undefined {
  if (hasManifest(target)) return undefined;
  const index = path.join(target, "index");
  return [
    target,
    ...SEARCHED_EXTENSIONS.map((extension) => target + extension),
    ...SEARCHED_EXTENSIONS.map((extension) => index + extension),
  ];
}

/** The files (absolute) `subpath` (`.`, `./money`) may load, as package.json `exports` names them. */
export function exportTargets(exports: unknown, subpath: string): string[] {
  if (exports === undefined || exports === null) return [];
  const map = subpathMap(exports);
  const direct = map.get(subpath);
  if (direct !== undefined) return targetsOf(direct, (target) => target);
  // Subpath patterns: "./*": "./src/*.ts"; the longest prefix wins, as Node resolves them.
  const patterns = [...map.keys()]
    .filter((key) => key.includes("*"))
    .sort((a, b) => b.length - a.length);
  for (const key of patterns) {
    const [prefix, suffix] = key.split("*") as [string, string];
    if (
      subpath.startsWith(prefix) &&
      subpath.endsWith(suffix) &&
      subpath.length >= key.length - 1
    ) {
      const star = subpath.slice(prefix.length, subpath.length - suffix.length);
      return targetsOf(map.get(key), (target) => target.replaceAll("*", star));
    }
  }
  return [];
}

/** `exports` as subpath -> value: a string or conditions object alone is the `.` entry. */
function subpathMap(exports: unknown): Map<string, unknown> {
  if (typeof exports === "object" && !Array.isArray(exports)) {
    const keys = Object.keys(exports as object);
    if (keys.length > 0 && keys.every((key) => key.startsWith(".")))
      return new Map(Object.entries(exports as Record<string, unknown>));
  }
  return new Map([[".", exports]]);
}

/** Every relative target under every condition (arrays are fallbacks: all of them may load). */
function targetsOf(value: unknown, expand: (target: string) => string): string[] {
  if (typeof value === "string") return value.startsWith("./") ? [expand(value)] : [];
  if (Array.isArray(value)) return value.flatMap((item) => targetsOf(item, expand));
  if (typeof value === "object" && value !== null)
    return Object.values(value).flatMap((item) => targetsOf(item, expand));
  return [];
}

/**
 * The program file a target stands for: itself, a `.ts`/`.tsx` source beside a `.js`/`.d.ts`
 * one, the same under rootDir for a target in outDir, or else (a bundler's build: tsup, tsdown,
 * unbuild; an outDir without rootDir) the same under `src/` for a target under `dist/`
 * (`dist/adapters/express.d.mts` stands for `src/adapters/express.ts` when that is a source).
 */
export function sourceFor(
  target: string,
  isSource: (absolute: string) => boolean,
  options: {
    readonly outDir?: string | undefined;
    readonly rootDir?: string | undefined;
    /** The package's folder: where its `dist/` and `src/` are. */
    readonly packageDir?: string | undefined;
  },
): string | undefined {
  const candidates = [target];
  if (options.outDir !== undefined && options.rootDir !== undefined) {
    const inOut = path.relative(options.outDir, target);
    if (!inOut.startsWith("..") && !path.isAbsolute(inOut))
      candidates.push(path.join(options.rootDir, inOut));
  } else if (options.packageDir !== undefined) {
    const inDist = path.relative(path.join(options.packageDir, "dist"), target);
    if (!inDist.startsWith("..") && !path.isAbsolute(inDist))
      candidates.push(path.join(options.packageDir, "src", inDist));
  }
  for (const candidate of [...candidates]) {
    const stem = candidate.replace(/\.d\.[cm]?ts$|\.[cm]?js$|\.jsx$/u, "");
    if (stem !== candidate)
      candidates.push(`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`);
  }
  return candidates.find(isSource);
}
