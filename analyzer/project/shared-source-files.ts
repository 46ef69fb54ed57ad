// Parsed files shared by every program this process builds: TypeScript's lib files, the
// `.d.ts` files of installed packages (@types/node alone is about 2 MB), and the project's own
// sources. Workspace packages are analysed one after another in one process, and with
// node_modules installed each package compiles the sources of the packages it imports again
// (documenso, its workspace links installed: 11.0 -> 7.8 s, 1.25 -> 0.84 GB); the warm session
// loads the project again on a configuration change, and a test worker analyses many copies of
// the same fixtures: each now parses such a file once. This is what TypeScript's language
// service does across projects (its DocumentRegistry): a parsed and bound SourceFile is shared
// by programs whose options parse and bind it alike; each checker keeps its own links. A file
// whose text changed is parsed again.
import { ts } from "./ts-morph.js";
import { isInNodeModules } from "./paths.js";

/**
 * Installed files (TypeScript's lib, node_modules) by parse key, then file name, the key used
 * last at the end: many projects share them. TanStack/router's 300 projects parse them under 108
 * keys (20-30 MB each for TypeScript's lib), so forgetSources() keeps those of the last few keys.
 */
const installed = new Map<string, Map<string, ts.SourceFile>>();

/** How many parse keys' installed files forgetSources() keeps (repro-4's eight targets). */
const INSTALLED_KEYS_KEPT = 8;

/**
 * Projects' own sources, until forgetSources(): a workspace root that lets each project's analysis
 * go lets its sources go too (held to the end, about 11 MB for a package of 42 small modules,
 * they took 300 packages past Node's default heap). Not weak references: V8 holds whatever a
 * WeakRef is made for or read through until the synchronous run ends, here the whole analysis.
 */
const sources = new Map<string, ts.SourceFile>();

/**
 * Lets go of the projects' own sources parsed so far, and of the installed files of all but the
 * parse keys used last.
 */
export function forgetSources(): void {
  sources.clear();
  for (const key of [...installed.keys()].slice(0, -INSTALLED_KEYS_KEPT)) installed.delete(key);
}

const registry = ts.createDocumentRegistry();

/**
 * What decides how a file parses and binds under `options`: TypeScript's own key (the options
 * that affect a source file or its bind diagnostics), the options that change what binding
 * records for a namespace holding only const enums, and the target the file is parsed for.
 */
export function parseKey(options: ts.CompilerOptions): string {
  return [
    registry.getKeyForCompilationSettings(options),
    options.preserveConstEnums,
    options.isolatedModules,
    options.verbatimModuleSyntax,
    options.target,
  ].join("|");
}

/**
 * The shared parse of a file whose text is `text` under `key` (parseKey), made by
 * `parse` when there is none yet or the file's text changed since.
 */
export function sharedSourceFile(
  fileName: string,
  text: string,
  key: string,
  parse: () => ts.SourceFile,
): ts.SourceFile {
  let cache = sources;
  let id = `${key}\0${fileName}`;
  if (isInNodeModules(fileName)) {
    cache = installed.get(key) ?? new Map<string, ts.SourceFile>();
    installed.delete(key);
    installed.set(key, cache);
    id = fileName;
  }
  const known = cache.get(id);
  if (known !== undefined && known.text === text) return known;
  const sourceFile = parse();
  cache.set(id, sourceFile);
  return sourceFile;
}
