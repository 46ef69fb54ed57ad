import Module, { createRequire } from "node:module";
import { ts } from "./ts-morph.js";

const require = createRequire(import.meta.url);

/**
 * Makes `require("typescript")` in this process return the TypeScript that ts-morph bundles,
 * for the CLI only (a process it owns): the violation check converts the analyzer's own syntax
 * trees to ESTree with typescript-estree, and the ESLint plugin's shared logic reads them, and
 * both require the `typescript` package. Loading that second compiler costs about 0.3 s per
 * run, and it is the wrong one besides: its syntax kinds are only guaranteed to match the trees
 * ts-morph built when both are the same build. Nothing else changes; a library user of
 * agentix/analyzer keeps their own `typescript`, and a process that already loaded one keeps it.
 *
 * Returns the files that now resolve to ts-morph's TypeScript.
 */
export function shareTypeScript(): string[] {
  const shared: string[] = [];
  const compiler = bundledTypeScript();
  // The package's own modules (the plugin's logic), typescript-estree and its ts-api-utils.
  const estree = requirerOf("@typescript-eslint/typescript-estree", require);
  const requirers = [
    require,
    ...estree,
    ...estree.flatMap((from) => requirerOf("ts-api-utils", from)),
  ];
  for (const from of requirers) {
    let file: string;
    try {
      file = from.resolve("typescript");
    } catch {
      continue; // not installed there: whatever needs it fails as it would have
    }
    if (file in require.cache) continue;
    const module = new Module(file);
    module.filename = file;
    module.exports = compiler;
    module.loaded = true;
    require.cache[file] = module;
    shared.push(file);
  }
  return shared;
}

/** A require function resolving from where package `name` lives, when it is installed. */
function requirerOf(name: string, from: NodeJS.Require): NodeJS.Require[] {
  try {
    return [createRequire(from.resolve(name))];
  } catch {
    return [];
  }
}

/**
 * The module object of ts-morph's bundled TypeScript (already loaded with ts-morph); `ts` as
 * ts-morph re-exports it is a namespace copy of the same functions, the fallback.
 */
function bundledTypeScript(): typeof ts {
  try {
    const common = createRequire(
      createRequire(require.resolve("ts-morph")).resolve("@ts-morph/common"),
    );
    const compiler = common("./typescript.js") as typeof ts;
    if (compiler.version === ts.version) return compiler;
  } catch {
    // laid out differently: use the namespace
  }
  return ts;
}
