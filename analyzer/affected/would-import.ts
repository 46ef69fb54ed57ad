// Which files import a removed file, found in the tree as it is now: a file imported it if one of
// its imports would resolve to it were it still there. A file that stopped importing it changed
// (a seed of its own); one whose import now leads elsewhere (`./x` from x.ts to x/index.ts) or
// nowhere is found here; so no index of the base commit is needed to prove a removal's reach.
import path from "node:path";
import { ts } from "../project/ts-morph.js";
import type { Analysis } from "../analyze.js";
import { pathsMatcher, pathsSubstitutions } from "../../eslint-plugin/logic/project/paths-alias.js";

const SOURCE_EXTENSION = /\.(?:d\.)?[cm]?[jt]sx?$/u;

/** The files (project-relative, sorted) with an import that would lead to `removed` if it still existed. */
export function wouldImport(analysis: Analysis, removed: string): string[] {
  const { loaded } = analysis;
  const options = loaded.compilerOptions;
  const absolute = path.resolve(loaded.root, removed);
  const ancestors = new Set<string>();
  for (let dir = path.dirname(absolute); dir !== path.dirname(dir); dir = path.dirname(dir))
    ancestors.add(dir);
  // The removed file and its folders exist again, for the resolution only.
  const host: ts.ModuleResolutionHost = {
    ...ts.sys,
    fileExists: (file) => path.resolve(file) === absolute || ts.sys.fileExists(file),
    directoryExists: (dir) => ancestors.has(path.resolve(dir)) || ts.sys.directoryExists(dir),
  };
  const stem = absolute.replace(SOURCE_EXTENSION, "");
  // What a relative specifier must name to reach the file: the file, or its folder for an index.
  const names = new Set([stem, ...(path.basename(stem) === "index" ? [path.dirname(stem)] : [])]);
  // Suffixes and virtual roots make a relative specifier name other files: ask the resolver.
  const lexical = options.moduleSuffixes === undefined && options.rootDirs === undefined;
  const named = (candidate: string): boolean =>
    names.has(candidate) || names.has(candidate.replace(SOURCE_EXTENSION, ""));
  const mayMapToRemoved = lexical ? bareMapping(options, named) : () => true;
  const answers = new Map<string, boolean>();
  const leadsToRemoved = (specifier: string, from: string): boolean => {
    const key = `${path.dirname(from)}\0${specifier}`;
    let answer = answers.get(key);
    if (answer === undefined) {
      const resolved = ts.resolveModuleName(specifier, from, options, host).resolvedModule;
      answer = resolved !== undefined && path.resolve(resolved.resolvedFileName) === absolute;
      answers.set(key, answer);
    }
    return answer;
  };
  const found: string[] = [];
  for (const [file, imports] of analysis.imports) {
    if (path.resolve(file.sourceFile.fileName) === absolute) continue;
    const from = file.sourceFile.fileName;
    const imported = imports.some(({ edge }) => {
      const { specifier } = edge;
      if (specifier === null || edge.resolution === "builtin") return false;
      if (/^\.{1,2}(?:\/|$)|^\//u.test(specifier)) {
        if (lexical && !named(path.resolve(path.dirname(from), specifier.replace(/[?#].*$/u, ""))))
          return false;
      } else if (
        edge.resolution === "package" &&
        !specifier.startsWith("#") &&
        !mayMapToRemoved(specifier)
      )
        // A package from node_modules stays one; a subpath import (#x), a self-reference or a
        // link that led into the project, and a specifier that leads nowhere now are asked.
        return false;
      return leadsToRemoved(specifier, from);
    });
    if (imported) found.push(file.path);
  }
  return found.sort();
}

/**
 * For a bare specifier that resolves to a package now: whether it could have resolved to a file
 * `named` accepts, through baseUrl or the paths pattern TypeScript picks for it (the places those
 * name, as TypeScript tries them before node_modules); a pattern match TypeScript treats
 * specially (an empty wildcard) is asked of the resolver.
 */
function bareMapping(
  options: ts.CompilerOptions,
  named: (candidate: string) => boolean,
): (specifier: string) => boolean {
  const matchesPaths = pathsMatcher(options);
  const substitutions = pathsSubstitutions(options);
  return (specifier) => {
    if (options.baseUrl !== undefined && named(path.resolve(options.baseUrl, specifier)))
      return true;
    if (!matchesPaths(specifier)) return false;
    return substitutions(specifier)?.some(named) ?? true;
  };
}
