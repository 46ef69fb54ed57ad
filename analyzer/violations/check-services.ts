// The services the analyzer hands the plugin's rule logic in `agentix check`: module
// resolution and sources answered from the analyzer's own program, file existence and the
// project files it lacks from the disk (recorded), so that the rules see what ESLint's shared
// services (eslint-plugin/logic/project-services.ts) would.
import { existsSync } from "node:fs";
import path from "node:path";
import type ts from "typescript";
import { ts as morphTs } from "../project/ts-morph.js";
import {
  createProjectServices,
  resolveLexically,
  type ModuleResolver as SharedResolver,
  type ProjectServices,
  type SourceProvider,
} from "../../eslint-plugin/logic/index.js";
import type { Analysis } from "../analyze.js";
import { isRelativeSpecifier } from "../project/ts-syntax.js";
import { toPosix } from "../../schema/paths.js";
import { isInNodeModules, relativeToRoot } from "../project/paths.js";
import { createLinkedPackageResolver } from "../../eslint-plugin/logic/project/linked-packages.js";
import { createLinkedPaths } from "../../eslint-plugin/logic/project/linked-paths.js";
import { pathsSubstitutionsOf } from "../../eslint-plugin/logic/project/paths-alias.js";

/**
 * The rules' module resolver, answered from the analyzer's own resolutions (the program's),
 * with the rules' lexical fallback for relative specifiers that resolve nowhere.
 */
function sharedResolver(analysis: Analysis): SharedResolver {
  const { loaded, resolver } = analysis;
  return (specifier, fromFile, kind = "import") => {
    const from = loaded.fileByName.get(fromFile) ?? loaded.fileByName.get(toPosix(fromFile));
    if (!from)
      return isRelativeSpecifier(specifier)
        ? resolveLexically(specifier, path.dirname(fromFile))
        : undefined;
    const mode =
      kind === "require"
        ? morphTs.ModuleKind.CommonJS
        : kind === "dynamic-import"
          ? morphTs.ModuleKind.ESNext
          : from.sourceFile.impliedNodeFormat === morphTs.ModuleKind.CommonJS
            ? morphTs.ModuleKind.CommonJS
            : morphTs.ModuleKind.ESNext;
    const target = resolver.modules.resolve(specifier, from.sourceFile, undefined, mode);
    if (target.kind === "file") return analysis.roles.absolute(target.file);
    if (target.kind === "package" && target.outsideFile !== undefined) return target.outsideFile;
    // A stylesheet, an image: the file it names, as the plugin's resolver answers.
    if (target.kind === "asset") return path.join(loaded.root, target.path);
    // A file outside the project (another workspace package's, by a relative path): the file it
    // names, as the plugin's resolver answers (its features are that package's).
    if (
      (target.kind === "unresolved" || target.kind === "outside") &&
      isRelativeSpecifier(specifier)
    )
      return resolveLexically(specifier, path.dirname(fromFile));
    return undefined;
  };
}

/**
 * The analyzer's own syntax trees, for the rules' look-ups into other files (descriptors,
 * exports); a project file the program lacks (a descriptor the tsconfig leaves out) is read by
 * the analysis, which records what it read for the fresh-index check.
 */
function programSources(analysis: Analysis): SourceProvider {
  const { fileByName, root } = analysis.loaded;
  return (file) => {
    const own = (fileByName.get(file) ?? fileByName.get(toPosix(file)))?.sourceFile;
    if (own) return own as unknown as ts.SourceFile;
    return relativeToRoot(root, file) !== undefined && !isInNodeModules(file)
      ? analysis.diskSources.source(file)
      : undefined;
  };
}

/** The services of one analysis, for every file `check` hands the rules. */
export function checkServices(analysis: Analysis): ProjectServices {
  const { loaded } = analysis;
  return createProjectServices({
    resolveModule: sharedResolver(analysis),
    sources: programSources(analysis),
    // From the disk, as the plugin's: a public entry or descriptor the tsconfig leaves out exists
    // all the same. Under the root, the analysis's answers, which the index shares and the
    // fresh-index record lists; outside it (another workspace package's feature), the disk's.
    fileExists: (file) =>
      relativeToRoot(loaded.root, file) === undefined
        ? existsSync(file)
        : analysis.existence.exists(file),
    // Another workspace package's sources, by the program's compiler options.
    linkedPackageSource: createLinkedPackageResolver(() => loaded.compilerOptions),
    // A glob pattern written with an alias, by the program's `paths`, as the plugin's tsconfig's.
    pathsTargets: (specifier) => pathsSubstitutionsOf(loaded.compilerOptions)(specifier),
    // A symbolic link below the root is followed to the file it leads to, as the plugin does.
    linkedPaths: createLinkedPaths(),
  });
}
