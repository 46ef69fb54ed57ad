import { accessSync, constants, existsSync, statSync } from "node:fs";
import path from "node:path";
import { ts } from "./ts-morph.js";
import { loadAgentixConfig } from "./agentix-config.js";
import { projectCompilerHost } from "./compiler-host.js";
import type { AgentixConfig } from "../../schema/load-config.js";
import { layoutFor } from "../../eslint-plugin/logic/project/layout.js";
import { ProjectLoadError } from "../errors.js";
import { refusalOf } from "../../schema/read-project-file.js";
import { projectTypeScriptIsOlder } from "./project-typescript.js";
import { isDeclarationFile, isInNodeModules, relativeToRoot } from "./paths.js";
import { DirectoryLog } from "./directory-log.js";
import { resolveProjectPaths, type LoadProjectOptions } from "./project-paths.js";
import { siblingTests } from "./sibling-tests.js";
import { testsOutsideTsconfig } from "./test-discovery.js";
import { withJavaScriptTests } from "./javascript-tests.js";
import { rootFilesOf, type RootFiles } from "./root-files.js";
import { unmatchedFeatureDirectories } from "./feature-directories.js";
import { positionOfOption, readTsconfig, shownPath, type LoadProblem } from "./tsconfig.js";
import { readVitestConfig, type VitestConfig } from "./vitest-config.js";

export type { LoadProblem } from "./tsconfig.js";

export { resolveProjectPaths, type LoadProjectOptions } from "./project-paths.js";

/** A loaded project: its configuration, its TypeScript program and the files the index covers. */
export interface LoadedProject {
  /** Absolute path of the root. */
  readonly root: string;
  /** Absolute path of the tsconfig.json. */
  readonly tsconfigFile: string;
  /**
   * The tsconfig files read (the file and its `extends` chain), absolute; for a project with
   * sibling projects in its folder, also the solution and the siblings' tsconfigs, which decide
   * the tests it analyses (project/sibling-tests.ts).
   */
  readonly tsconfigFiles: readonly string[];
  /** The tsconfig and its `extends` chain alone (where its compiler options are set), absolute. */
  readonly extendsChain: readonly string[];
  /** The run's working directory, which load errors show paths relative to. */
  readonly cwd: string;
  readonly config: AgentixConfig;
  readonly program: ts.Program;
  readonly compilerOptions: ts.CompilerOptions;
  /**
   * The project's own source files: in the program, under the root, outside node_modules,
   * sorted by relative path. Declaration files (`.d.ts`) are included (they take part in the
   * import graph) but never hold descriptors.
   */
  readonly files: readonly ProjectFile[];
  /** Lookup by absolute (program) file name. */
  readonly fileByName: ReadonlyMap<string, ProjectFile>;
  /** Test files the tsconfig leaves out (build configs often exclude tests) but the analysis includes. */
  readonly addedTests: readonly string[];
  /** The projects the tsconfig references (`references`), absolute; empty without any. */
  readonly projectReferences: readonly string[];
  /** What the project's Vitest config runs, read statically. */
  readonly vitest: VitestConfig;
  /**
   * What loading found but did not stop for: tsconfig warnings (with positions), files that do
   * not exist or cannot be read, tests owned by another tsconfig, an unreadable Vitest config.
   */
  readonly problems: readonly LoadProblem[];
  /**
   * The root files as the load listed them; their `problems` are the first of `problems` (the
   * warm session lists the root files again and compares).
   */
  readonly roots: RootFiles;
}

export interface ProjectFile {
  /** Repository-relative POSIX path. */
  readonly path: string;
  /** The absolute file name as the program knows it. */
  readonly fileName: string;
  readonly sourceFile: ts.SourceFile;
  readonly declaration: boolean;
}

function display(root: string, file: string): string {
  return relativeToRoot(root, file) ?? file;
}

/** A --root that does not exist (or is a file) is the user's mistake, said as such. */
export function assertRoot(root: string, cwd: string): void {
  let directory = false;
  try {
    directory = statSync(root).isDirectory();
  } catch {
    directory = false;
  }
  if (!directory)
    throw new ProjectLoadError(
      "root-missing",
      `${shownPath(root, cwd)}: the project root ${existsSync(root) ? "is not a directory" : "does not exist"}`,
      undefined,
    );
}

/**
 * Loads a project from its tsconfig, without executing any of its code: the files are parsed
 * and their imports resolved (the TypeScript program of ts-morph's TypeScript), nothing more.
 */
export function loadProject(options: LoadProjectOptions = {}): LoadedProject {
  const cwd = options.cwd ?? process.cwd();
  const { root, tsconfigFile } = resolveProjectPaths(options, cwd);
  // With --project naming a missing file, that file is the problem to report.
  if (options.tsconfig === undefined || existsSync(tsconfigFile)) assertRoot(root, cwd);
  const directories = new DirectoryLog();
  const read = readTsconfig(tsconfigFile, root, cwd, directories);
  const { parsed, files: tsconfigFiles, problems } = read;
  if (parsed.fileNames.length === 0) throw emptyTsconfig(tsconfigFile, root, cwd, parsed);
  const config = loadAgentixConfig(root);
  const compilerOptions: ts.CompilerOptions = { ...parsed.options, noEmit: true };
  delete compilerOptions.incremental;
  delete compilerOptions.tsBuildInfoFile;
  // zod's bench tsconfig sets traceResolution: TypeScript would write every resolution step to
  // stdout, in the middle of a --json answer.
  delete compilerOptions.traceResolution;
  const vitest = readVitestConfig(root);
  problems.push(...vitestProblems(vitest));
  const siblings = siblingTests(tsconfigFile, root, directories);
  const discovery = testsOutsideTsconfig({
    root,
    tsconfigFile,
    parsed,
    layout: layoutFor(config),
    vitest,
    directories,
    ...(siblings !== undefined ? { ownedBySibling: siblings.ownedBySibling } : {}),
  });
  problems.push(...discovery.problems);
  const roots = rootFilesOf(parsed, discovery, directories, [...problems], root);
  const rootNames: string[] = [];
  const addedTests: string[] = [];
  for (const fileName of parsed.fileNames)
    if (readable(fileName, root, problems, "tsconfig")) rootNames.push(fileName);
  for (const fileName of discovery.added)
    if (readable(fileName, root, problems, "test")) {
      rootNames.push(fileName);
      addedTests.push(fileName);
    }
  const analysisOptions = withJavaScriptTests(compilerOptions, addedTests);
  const program = ts.createProgram({
    rootNames,
    options: analysisOptions,
    host: projectCompilerHost(analysisOptions, roots.links),
  });
  problems.push(
    ...optionProblems(program, { root, tsconfigFile, extendsChain: tsconfigFiles }, problems),
  );
  const files = projectFiles(program, root);
  // An inherited config's globs name folders of the tree above; matching none here is no mistake.
  if (config.root === root) problems.push(...unmatchedFeatureDirectories(config, files));
  return {
    root,
    tsconfigFile,
    tsconfigFiles: siblings ? [...new Set([...tsconfigFiles, ...siblings.files])] : tsconfigFiles,
    extendsChain: tsconfigFiles,
    cwd,
    config,
    program,
    compilerOptions: analysisOptions,
    files,
    fileByName: new Map(files.map((file) => [file.fileName, file])),
    addedTests: addedTests.map((file) => relativeToRoot(root, file) ?? file).sort(),
    projectReferences: (parsed.projectReferences ?? []).map((reference) => reference.path),
    vitest,
    problems,
    roots,
  };
}

/** The Vitest configs that could not be read statically, main config first. */
export function vitestProblems(vitest: VitestConfig): LoadProblem[] {
  return [vitest, ...vitest.others].flatMap((read) => [
    ...(read.problem ? [read.problem] : []),
    ...read.setup.problems,
  ]);
}

function emptyTsconfig(
  tsconfigFile: string,
  root: string,
  cwd: string,
  parsed: ts.ParsedCommandLine,
) {
  const shown = shownPath(tsconfigFile, cwd);
  const references = (parsed.projectReferences ?? []).map((reference) =>
    display(root, reference.path),
  );
  const hint =
    references.length > 0
      ? `; it only references other projects (${references.join(", ")}): pass one of them with --project`
      : "; check its include/files settings";
  return new ProjectLoadError("tsconfig-empty", `${shown} includes no source files${hint}`, shown);
}

/**
 * Why a source file cannot be added, as a problem with its path and cause (a warning for a file
 * that does not exist, as tsc reports a missing `files` entry; an error for a file that exists and
 * cannot be read), or undefined when it can be read.
 */
export function unreadableSource(
  fileName: string,
  root: string,
  from: "tsconfig" | "test",
): LoadProblem | undefined {
  let reason: string | undefined;
  try {
    const stats = statSync(fileName);
    if (stats.isDirectory()) reason = "EISDIR: it is a directory";
    else reason = refusalOf(stats);
    if (reason === undefined) accessSync(fileName, constants.R_OK);
  } catch (error) {
    reason = (error as NodeJS.ErrnoException).code ?? String(error);
  }
  if (reason === undefined) return undefined;
  const missing = reason === "ENOENT";
  return {
    code: missing ? "file-missing" : "unreadable",
    severity: missing ? "warning" : "error",
    message: missing
      ? `the ${from === "tsconfig" ? "tsconfig names this file" : "test"} but it does not exist (ENOENT)`
      : `this file cannot be read (${reason}); it is not analysed`,
    file: display(root, path.resolve(fileName)),
    line: null,
    column: null,
  };
}

/** Whether a root file can be read; one that cannot is a problem (unreadableSource), never an exception. */
function readable(
  fileName: string,
  root: string,
  problems: LoadProblem[],
  from: "tsconfig" | "test",
): boolean {
  const problem = unreadableSource(fileName, root, from);
  if (problem !== undefined) problems.push(problem);
  return problem === undefined;
}

/** TS5101, TS5102, TS5107, TS5108: an option deprecated or removed, which tsc reports and agentix carries on past. */
const DEPRECATIONS = new Set([5101, 5102, 5107, 5108]);

/** Deprecated compiler options, as tsc reports them (once each, as warnings). */
export function optionProblems(
  program: ts.Program,
  where: { root: string; tsconfigFile: string; extendsChain: readonly string[] },
  known: readonly LoadProblem[],
): LoadProblem[] {
  const seen = new Set(
    known.map((problem) => `${problem.file}:${problem.line}:${problem.message}`),
  );
  const found: LoadProblem[] = [];
  // The project's own compiler is older and accepts them: they are not the project's problems.
  if (projectTypeScriptIsOlder(where.root)) return found;
  for (const diagnostic of program.getOptionsDiagnostics()) {
    if (!DEPRECATIONS.has(diagnostic.code)) continue;
    const problem = positionOfOption(
      diagnostic,
      where.tsconfigFile,
      where.extendsChain,
      where.root,
    );
    const key = `${problem.file}:${problem.line}:${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push(problem);
  }
  return found;
}

/**
 * The ProjectFile of a SourceFile a program reused (the warm session's new programs hand back
 * unchanged files' SourceFiles): the same object, so facts cached per file stay keyed right.
 */
const projectFileOf = new WeakMap<ts.SourceFile, Map<string, ProjectFile>>();

/** The program's files that the index covers (see LoadedProject.files), sorted by path. */
export function projectFiles(program: ts.Program, root: string): ProjectFile[] {
  const files: ProjectFile[] = [];
  for (const sourceFile of program.getSourceFiles()) {
    const fileName = sourceFile.fileName;
    if (isInNodeModules(fileName)) continue;
    // Per root: the programs of a workspace's projects share a file that two of them compile.
    let byRoot = projectFileOf.get(sourceFile);
    const known = byRoot?.get(root);
    if (known !== undefined) {
      files.push(known);
      continue;
    }
    const relative = relativeToRoot(root, path.resolve(fileName));
    if (relative === undefined) continue;
    const file: ProjectFile = {
      path: relative,
      fileName,
      sourceFile,
      declaration: sourceFile.isDeclarationFile || isDeclarationFile(fileName),
    };
    if (byRoot === undefined) projectFileOf.set(sourceFile, (byRoot = new Map()));
    byRoot.set(root, file);
    files.push(file);
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
