// Another workspace package's sources, reached by its name: `@acme/billing/invoices`, linked into
// node_modules by the package manager (a symbolic link to packages/billing). Module resolution
// answers such imports as packages (nobody's feature); the rules that follow features across
// packages (no-undeclared-dependencies) ask here for the TypeScript source they lead to. An
// installed library (a real folder, or pnpm's link into its store) leads nowhere.
import { realpathSync } from "node:fs";
import path from "node:path";
// Required, not imported: Node scans a CommonJS file imported from ESM first (0.5 s for typescript).
// eslint-disable-next-line @typescript-eslint/no-require-imports
import ts = require("typescript");
import { diskRound } from "../../../schema/disk-rounds.js";
import { lstatOrUndefined } from "../../../schema/folder-listings.js";
import { isInstalled, isTypeScriptSource } from "../../../schema/paths.js";
import type { ModuleResolver, ResolutionKind } from "./module-resolver.js";
import { createNodeModulesHolders } from "./node-modules-holders.js";
import { packageName } from "./specifier-package.js";

/**
 * A resolver of bare specifiers that name a linked workspace package, to the TypeScript source
 * they lead to (its real path), with the compiler options `optionsFor` gives the importing file.
 */
export function createLinkedPackageResolver(
  optionsFor: (fromFile: string) => ts.CompilerOptions,
): ModuleResolver {
  let round = -1;
  const holdersOf = createNodeModulesHolders();
  /** `<holder>\0<name>` -> whether its node_modules links the package from the workspace; null: not there. */
  const links = new Map<string, boolean | null>();
  const linkIn = (holder: string, name: string): boolean | null => {
    const key = `${holder}\0${name}`;
    let answer = links.get(key);
    if (answer === undefined) {
      const entry = path.join(holder, "node_modules", name);
      const stats = lstatOrUndefined(entry);
      // Not there (or a link that leads nowhere): the next node_modules up decides.
      if (stats === undefined) answer = null;
      else if (!stats.isSymbolicLink()) answer = false;
      else {
        try {
          answer = !isInstalled(realpathSync(entry));
        } catch {
          answer = null;
        }
      }
      links.set(key, answer);
    }
    return answer;
  };
  /** Whether the nearest node_modules holding the package (as Node looks) links it from the workspace. */
  const linked = (dir: string, name: string): boolean => {
    for (const holder of holdersOf(dir)) {
      const answer = linkIn(holder, name);
      if (answer !== null) return answer;
    }
    return false;
  };
  /** `<dir>\0<mode>\0<specifier>` -> the source, or null. */
  const answers = new Map<string, string | null>();
  return (specifier: string, fromFile: string, kind: ResolutionKind = "import") => {
    if (specifier.startsWith(".") || specifier.startsWith("#") || path.isAbsolute(specifier))
      return undefined;
    if (specifier.startsWith("node:")) return undefined;
    const name = packageName(specifier);
    if (name === "") return undefined;
    const now = diskRound();
    if (now !== round) {
      links.clear();
      answers.clear();
      round = now;
    }
    const dir = path.dirname(fromFile);
    if (!linked(dir, name)) return undefined;
    const mode = kind === "require" ? ts.ModuleKind.CommonJS : ts.ModuleKind.ESNext;
    const key = `${dir}\0${mode}\0${specifier}`;
    const known = answers.get(key);
    if (known !== undefined) return known ?? undefined;
    const answer = sourceOf(specifier, fromFile, optionsFor(fromFile), mode);
    answers.set(key, answer ?? null);
    return answer;
  };
}

/** The real path of the TypeScript source TypeScript resolves `specifier` to, if it is one. */
function sourceOf(
  specifier: string,
  fromFile: string,
  options: ts.CompilerOptions,
  mode: ts.ResolutionMode,
): string | undefined {
  const { resolvedModule } = ts.resolveModuleName(
    specifier,
    fromFile,
    options,
    ts.sys,
    undefined,
    undefined,
    mode,
  );
  const file = resolvedModule?.resolvedFileName;
  if (file === undefined || !isTypeScriptSource(file)) return undefined;
  try {
    const real = realpathSync(file);
    return isInstalled(real) ? undefined : real;
  } catch {
    return undefined;
  }
}
