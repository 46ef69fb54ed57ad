import path from "node:path";
import { endDiskRound } from "../../schema/disk-rounds.js";
import { listFolderTree } from "../../schema/folder-listings.js";
import type { ProjectServices } from "./rule-logic.js";
import { createFeatureDependencyLookup } from "./project/feature-dependencies.js";
import { createFeatureFolderPresence } from "./project/feature-folders.js";
import type { ProjectLayout } from "./project/layout.js";
import { createFileExistence } from "./project/file-existence.js";
import { createModuleExportsLookup } from "./project/module-exports.js";
import { createExportOriginLookup } from "./project/export-origins.js";
import { createModuleResolver, type ModuleResolver } from "./project/module-resolver.js";
import { createLinkedPackageResolver } from "./project/linked-packages.js";
import { createLinkedPaths } from "./project/linked-paths.js";
import { pathsFolders, pathsSubstitutionsOf } from "./project/paths-alias.js";
import { clearSourceCache, type SourceProvider } from "./project/source-cache.js";

/**
 * Project services over one module resolver: TypeScript's resolution with the nearest
 * tsconfig unless another resolver is given (an analyzer may pass one over its own program).
 * `sources` hands over syntax trees the caller already parsed (an analyzer's program): other
 * files are read and parsed from the disk.
 */
export function createProjectServices(
  options: {
    readonly resolveModule?: ModuleResolver;
    readonly sources?: SourceProvider;
    readonly fileExists?: (file: string) => boolean;
    readonly mayHaveFeatureFolders?: (layout: ProjectLayout) => boolean;
    readonly aliasTarget?: (specifier: string, fromFile: string) => string | undefined;
    readonly pathsTargets?: ProjectServices["pathsTargets"];
    readonly directFile?: (target: string) => string | undefined;
    readonly aliasScope?: (fromFile: string) => object;
    readonly linkedPackageSource?: ModuleResolver;
    readonly linkedPaths?: ProjectServices["linkedPaths"];
    readonly prefetchFolders?: (root: string) => void;
  } = {},
): ProjectServices {
  const own = options.resolveModule === undefined ? createModuleResolver() : undefined;
  const resolveModule = options.resolveModule ?? (own as ModuleResolver);
  const linked =
    options.linkedPackageSource ??
    (own && createLinkedPackageResolver((file) => own.compilerOptionsFor(file)));
  // A descriptor lists another package's contract by its package name.
  const dependencyResolver: ModuleResolver = linked
    ? (specifier, fromFile, kind) =>
        resolveModule(specifier, fromFile, kind) ?? linked(specifier, fromFile, kind)
    : resolveModule;
  const exportOrigin = createExportOriginLookup(resolveModule, options.sources);
  return {
    resolveModule,
    ...(linked ? { linkedPackageSource: linked } : {}),
    featureDependencies: createFeatureDependencyLookup(
      dependencyResolver,
      options.sources,
      exportOrigin,
    ),
    moduleExports: createModuleExportsLookup(resolveModule, options.sources),
    exportOrigin,
    fileExists: options.fileExists ?? createFileExistence(),
    ...(options.mayHaveFeatureFolders
      ? { mayHaveFeatureFolders: options.mayHaveFeatureFolders }
      : {}),
    ...(options.aliasTarget ? { aliasTarget: options.aliasTarget } : {}),
    ...(options.pathsTargets ? { pathsTargets: options.pathsTargets } : {}),
    ...(options.directFile ? { directFile: options.directFile } : {}),
    ...(options.aliasScope ? { aliasScope: options.aliasScope } : {}),
    ...(options.linkedPaths ? { linkedPaths: options.linkedPaths } : {}),
    ...(options.prefetchFolders ? { prefetchFolders: options.prefetchFolders } : {}),
  };
}

let shared: (ProjectServices & { clear(): void }) | undefined;

/** At most this many folders of a project are read in one pass (a few ms per thousand). */
export const PREFETCH_LIMIT = 5000;

/** The services every ESLint rule of this process shares (one resolver, one set of caches). */
export function sharedProjectServices(): ProjectServices {
  if (!shared) {
    const fileExists = createFileExistence();
    const resolver = createModuleResolver(fileExists);
    const linkedPaths = createLinkedPaths();
    // Roots whose folders were read in one pass: later rounds read a changed folder again as asked.
    const prefetched = new Set<string>();
    // The folders its tsconfig's `paths` lead into (outside it: another package's features).
    const featureFolders = createFeatureFolderPresence((layout) =>
      pathsFolders(resolver.compilerOptionsFor(path.join(layout.config.root, "_"))),
    );
    shared = {
      ...createProjectServices({
        resolveModule: resolver,
        fileExists,
        mayHaveFeatureFolders: featureFolders,
        aliasTarget: (specifier, fromFile) => resolver.aliasTarget(specifier, fromFile),
        pathsTargets: (specifier, fromFile) =>
          pathsSubstitutionsOf(resolver.compilerOptionsFor(fromFile))(specifier),
        directFile: (target) => resolver.directFile(target),
        aliasScope: (fromFile) => resolver.aliasScope(fromFile),
        linkedPaths,
        prefetchFolders: (root) => {
          if (prefetched.has(root)) return;
          prefetched.add(root);
          listFolderTree(root, PREFETCH_LIMIT);
        },
        linkedPackageSource: createLinkedPackageResolver((file) =>
          resolver.compilerOptionsFor(file),
        ),
      }),
      clear: () => {
        resolver.clear();
        fileExists.clear();
        featureFolders.clear();
        linkedPaths.clear();
        prefetched.clear();
      },
    };
  }
  return shared;
}

/**
 * Forgets cached resolutions and parsed files (for tests and long-lived processes), and ends the
 * disk round, so that answers kept for it (the rules' clean imports) are found again.
 */
export function clearProjectCaches(): void {
  shared?.clear();
  clearSourceCache();
  endDiskRound();
}
