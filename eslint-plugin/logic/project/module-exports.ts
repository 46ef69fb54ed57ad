import { diskRound } from "../../../schema/disk-rounds.js";
import { EXPORT_ORIGINS, summarizeOrigins } from "./export-origins.js";
import type { ModuleResolver } from "./module-resolver.js";
import { derivedFromProvided, type SourceProvider } from "./source-cache.js";

/** The names a module exports (`"default"` included), or undefined when they cannot be known. */
export type ModuleExportsLookup = (file: string) => ReadonlySet<string> | undefined;

/**
 * Exported names of a module file, following `export * from` through the resolver. Each file is
 * parsed once per mtime (or taken from `sources`, the trees a caller already has); an unparseable file or an unresolvable `export *` makes the answer
 * unknown (undefined), because a name might come from it.
 */
export function createModuleExportsLookup(
  resolve: ModuleResolver,
  sources?: SourceProvider,
): ModuleExportsLookup {
  const collect = (
    file: string,
    seen: Set<string>,
    into: Set<string>,
    viaStar: boolean,
  ): boolean => {
    if (seen.has(file)) return true;
    seen.add(file);
    // One summary per file for both lookups: its export names are the origins' keys.
    const summary = derivedFromProvided(sources, file, EXPORT_ORIGINS, summarizeOrigins);
    if (!summary) return false;
    // `export *` re-exports every name but the default one.
    for (const name of summary.named.keys()) if (!viaStar || name !== "default") into.add(name);
    for (const { specifier } of summary.stars) {
      const target = resolve(specifier, file, "import");
      if (target === undefined || !collect(target, seen, into, true)) return false;
    }
    return true;
  };
  // The answer for a file, reused for the disk round (it depends on the files it re-exports too).
  const answers = new Map<string, { round: number; names: ReadonlySet<string> | undefined }>();
  return (file) => {
    const round = diskRound();
    const known = answers.get(file);
    if (known?.round === round) return known.names;
    const names = new Set<string>();
    const result = collect(file, new Set(), names, false) ? names : undefined;
    answers.set(file, { round, names: result });
    return result;
  };
}
