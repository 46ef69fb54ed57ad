// Which source files a workspace package's import specifier (`@acme/contracts`,
// `@acme/contracts/money`) can load: every target its package.json `exports` names for that
// subpath, under any condition (a consumer may load any of them), or, for a package without
// `exports`, its entry fields for the bare name and the file or folder a subpath names; mapped
// back to the package's sources (`.js`/`.d.ts` beside a `.ts`, the tsconfig's outDir to its
// rootDir, or a bundler's `dist/` to `src/`). The same for a package importing itself by name
// (affected/self-imports.ts).
import path from "node:path";

/**
 * How a package's specifiers map to its files: `exports` as written (only what it names can be
 * imported); or, without `exports`, the `types`/`typings`/`module`/`main`/`browser` fields
 * (package-relative, `./index` when none) for the bare name, while any file or folder can be
 * imported by a subpath (`@documenso/trpc/react`); or unknown (no package.json, or
 * `typesVersions` or a `browser` object, which re-map what TypeScript or a bundler loads).
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
  // typesVersions re-maps what TypeScript loads, a `browser` object what bundlers load.
  const browser = manifest["browser"];
  if (manifest["typesVersions"] !== undefined || (typeof browser === "object" && browser !== null))
    return { kind: "unknown" };
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
  return mappedTargets(subpathMap(exports), subpath);
}

/**
 * The files (package-relative) a `#` specifier may load, as package.json `imports` names them
 * under every condition: Vitest on Node loads the `node` one where TypeScript resolves `default`.
 */
export function importTargets(imports: unknown, specifier: string): string[] {
  if (typeof imports !== "object" || imports === null || Array.isArray(imports)) return [];
  return mappedTargets(new Map(Object.entries(imports as Record<string, unknown>)), specifier);
}

/** The targets of `key` in a subpath map: its own entry, else the longest matching pattern's. */
function mappedTargets(map: ReadonlyMap<string, unknown>, subpath: string): string[] {
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

/** Folders bundlers write one module format to, under `dist/`. */
const FORMAT_FOLDERS: ReadonlySet<string> = new Set([
  "cjs",
  "esm",
  "es",
  "mjs",
  "module",
  "commonjs",
  "types",
]);

/** `target` relative to `folder` when it lies inside it. */
function within(folder: string, target: string): string | undefined {
  const inside = path.relative(folder, target);
  return inside.startsWith("..") || path.isAbsolute(inside) ? undefined : inside;
}

/**
 * The program file a target stands for: itself, a `.ts`/`.tsx` source beside a `.js`/`.d.ts`
 * one, the same under rootDir for a target in outDir, or else (a bundler's build: tsup, tsdown,
 * unbuild) the same under `src/` for a target under `dist/`, with or without the folder a
 * bundler writes one format to (`dist/adapters/express.d.mts` and
 * `dist/cjs/servers/express.cjs` stand for `src/adapters/express.ts` and
 * `src/servers/express.ts` when those are sources). A bundler's guess is made past the
 * tsconfig's outDir and rootDir only for a target inside that outDir (novu's framework: tsconfig
 * `outDir: dist`, tsup writing `dist/cjs` and `dist/esm`).
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
  let bundled = options.packageDir !== undefined;
  if (options.outDir !== undefined && options.rootDir !== undefined) {
    const inOut = within(options.outDir, target);
    if (inOut !== undefined) candidates.push(path.join(options.rootDir, inOut));
    bundled &&= inOut !== undefined;
  }
  if (bundled && options.packageDir !== undefined) {
    const inDist = within(path.join(options.packageDir, "dist"), target);
    if (inDist !== undefined) {
      const src = path.join(options.packageDir, "src");
      candidates.push(path.join(src, inDist));
      const [first, ...rest] = inDist.split(path.sep);
      if (rest.length > 0 && FORMAT_FOLDERS.has(first as string))
        candidates.push(path.join(src, ...rest));
    }
  }
  for (const candidate of [...candidates]) {
    const stem = candidate.replace(/\.d\.[cm]?ts$|\.[cm]?js$|\.jsx$/u, "");
    if (stem !== candidate)
      candidates.push(`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${stem}.cts`);
  }
  return candidates.find(isSource);
}
