// What a workspace's answer reads of each project besides the closure of its changes: its files
// and tests, its imports, what its program compiles, its operations and load problems. Plain
// data taken from the analysis as soon as it is made, so that the analysis (its program, checker
// and parsed sources, 15-20 MB for a package of 42 small modules) can be let go before the next
// project is analysed; a closure that needs the analysis again makes it again (cli/workspace/project-analyses.ts).
import path from "node:path";
import { liveFacts } from "../affected/live-facts.js";
import { loadsAnyDriver, unseenObservers } from "../affected/import-graph.js";
import { testFileCases } from "../affected/select-tests.js";
import type { Analysis } from "../analyze.js";
import { isInNodeModules, relativeToRoot } from "../project/paths.js";
import type { LoadProblem } from "../project/tsconfig.js";
import type { VitestConfig } from "../project/vitest-config.js";
import type { Workspace, WorkspacePackage } from "./discover.js";
import { linkedFiles } from "./linked-files.js";

export interface SummaryFile {
  /** Relative to the project's root, POSIX. */
  readonly path: string;
  /** Absolute, as `path.resolve` gives it. */
  readonly absolute: string;
  readonly declaration: boolean;
  readonly test: boolean;
  /** The feature the file belongs to, or null. */
  readonly feature: string | null;
}

/** One import of a file: its specifier, and the project file it resolved to (else null). */
export interface SummaryImport {
  readonly specifier: string | null;
  readonly typeOnly: boolean;
  readonly file: string | null;
}

export interface ProjectSummary {
  /** The part of the loaded project the answers read (a VitestSource for the Vitest plans). */
  readonly loaded: {
    readonly root: string;
    readonly tsconfigFile: string;
    readonly vitest: VitestConfig;
    readonly problems: readonly LoadProblem[];
    readonly outDir: string | undefined;
    readonly rootDir: string | undefined;
  };
  /** The project's own files (LoadedProject.files), in that order. */
  readonly files: readonly SummaryFile[];
  /** A file's path by the name the program gives it (LoadedProject.fileByName). */
  readonly pathByName: ReadonlyMap<string, string>;
  readonly imports: ReadonlyMap<string, readonly SummaryImport[]>;
  readonly operations: readonly { readonly id: string; readonly file: string }[];
  /** The cases of each test file (as an answer counts them), by path. */
  readonly testCases: ReadonlyMap<string, number>;
  /** Whether the program compiles a file (absolute). */
  compiles(absolute: string): boolean;
  /** The files it reaches only through other workspace packages' names (linked-files.ts). */
  readonly linked: ReadonlySet<string>;
  /**
   * Whether one of its tests drives an application from outside (a browser, HTTP: import-graph.ts
   * unseenObservers): another package's application may be what it drives.
   */
  readonly drivesFromOutside: boolean;
}

export function projectSummary(
  workspace: Workspace,
  pkg: WorkspacePackage,
  analysis: Analysis,
): ProjectSummary {
  const { loaded, roles } = analysis;
  const facts = liveFacts(analysis);
  const files = loaded.files.map((file): SummaryFile => ({
    path: file.path,
    absolute: roles.absolute(file),
    declaration: file.declaration,
    // A test file a runner runs: a helper only tests load is counted with none.
    test: roles.isTest(file) && facts.file(file.path)?.helper !== true,
    feature: roles.featureOf(file)?.id ?? null,
  }));
  const imports = new Map<string, SummaryImport[]>();
  for (const [file, resolved] of analysis.imports)
    imports.set(
      file.path,
      resolved.map((item) => ({
        specifier: item.edge.specifier,
        typeOnly: item.edge.typeOnly,
        file: item.target.kind === "file" ? item.target.file.path : null,
      })),
    );
  const testCases = new Map<string, number>();
  for (const file of files)
    if (file.test && !file.declaration)
      testCases.set(file.path, testFileCases(facts.units(file.path)));
  const compiled = new Set(
    loaded.program.getSourceFiles().map((sourceFile) => path.resolve(sourceFile.fileName)),
  );
  return {
    loaded: {
      root: loaded.root,
      tsconfigFile: loaded.tsconfigFile,
      vitest: loaded.vitest,
      problems: loaded.problems,
      outDir: loaded.compilerOptions.outDir,
      rootDir: loaded.compilerOptions.rootDir,
    },
    files,
    pathByName: new Map([...loaded.fileByName].map(([name, file]) => [name, file.path])),
    imports,
    operations: analysis.descriptors.operations.map((operation) => ({
      id: operation.id,
      file: operation.site.file.path,
    })),
    testCases,
    compiles: membership(compiled),
    linked: compilesOtherSources(workspace, analysis, compiled)
      ? linkedFiles(workspace, pkg, analysis)
      : new Set(),
    drivesFromOutside:
      loadsAnyDriver(facts) &&
      [...testCases.keys()].some((test) => unseenObservers(test, facts).driver !== undefined),
  };
}

/**
 * A test of membership by absolute name. Made here, not in projectSummary: a closure there would
 * hold that function's whole scope, the analysis with it.
 */
function membership(names: ReadonlySet<string>): (absolute: string) => boolean {
  return (absolute) => names.has(path.resolve(absolute));
}

/**
 * Whether the program compiles sources of the workspace besides the project's own (what
 * linkedFiles looks among): most do not, and then it need not follow their imports.
 */
function compilesOtherSources(
  workspace: Workspace,
  analysis: Analysis,
  compiled: ReadonlySet<string>,
): boolean {
  const own = new Set(analysis.loaded.files.map((file) => analysis.roles.absolute(file)));
  for (const name of compiled)
    if (
      !own.has(name) &&
      !isInNodeModules(name) &&
      relativeToRoot(workspace.root, name) !== undefined
    )
      return true;
  return false;
}

/** A workspace's analysed projects: each one's summary, and its analysis when a closure needs it. */
export interface WorkspaceAnalyses {
  /** Every analysed project's summary, in the order they were analysed. */
  readonly summaries: ReadonlyMap<WorkspacePackage, ProjectSummary>;
  /** The project's analysis: the one kept, or made again (the same, from the same files). */
  analysis(pkg: WorkspacePackage): Analysis;
}
