import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { Project, ts } from "./ts-morph.js";
import {
  AgentixConfigError,
  CONFIG_FILE_NAME,
  defaultConfig,
  loadConfigFile,
  type AgentixConfig,
} from "../../schema/load-config.js";
import { layoutFor } from "../../eslint-plugin/logic/project/layout.js";
import { ProjectLoadError } from "../errors.js";
import { isDeclarationFile, isInNodeModules, relativeToRoot } from "./paths.js";
import { DirectoryLog } from "./directory-log.js";
import { resolveProjectPaths, type LoadProjectOptions } from "./project-paths.js";

export { resolveProjectPaths, type LoadProjectOptions } from "./project-paths.js";

/** A loaded project: its configuration, its TypeScript program and the files the index covers. */
export interface LoadedProject {
  /** Absolute path of the root. */
  readonly root: string;
  /** Absolute path of the tsconfig.json. */
  readonly tsconfigFile: string;
  /** The tsconfig files read (the file and its `extends` chain), absolute. */
  readonly tsconfigFiles: readonly string[];
  readonly config: AgentixConfig;
  readonly project: Project;
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
  /**
   * Every folder the include globs and the test search listed (absolute) with a digest of its
   * entries (project/directory-listing.ts); undefined when they could not be recorded exactly.
   */
  readonly directoryListings: ReadonlyMap<string, string> | undefined;
}

export interface ProjectFile {
  /** Repository-relative POSIX path. */
  readonly path: string;
  /** The absolute file name as the program knows it. */
  readonly fileName: string;
  readonly sourceFile: ts.SourceFile;
  readonly declaration: boolean;
}

function formatDiagnostic(diagnostic: ts.Diagnostic, root: string): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  if (diagnostic.file && diagnostic.start !== undefined) {
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const file = relativeToRoot(root, diagnostic.file.fileName) ?? diagnostic.file.fileName;
    return `${file}:${line + 1}:${character + 1}: ${message}`;
  }
  return message;
}

function display(root: string, file: string): string {
  return relativeToRoot(root, file) ?? file;
}

/** A path as people read it in load errors: relative to the working directory when inside it. */
function shownPath(file: string): string {
  return relativeToRoot(process.cwd(), file) ?? file;
}

/** Reads and parses a tsconfig.json, turning every problem into a ProjectLoadError. */
export function readTsconfig(
  tsconfigFile: string,
  root: string,
  directories: DirectoryLog = new DirectoryLog(),
): { parsed: ts.ParsedCommandLine; files: string[] } {
  const shown = shownPath(tsconfigFile);
  if (!existsSync(tsconfigFile)) {
    throw new ProjectLoadError(
      "tsconfig-missing",
      `${shown}: no such file (pass the project's tsconfig with --project <path>)`,
      shown,
    );
  }
  const read = ts.readConfigFile(tsconfigFile, (file) => ts.sys.readFile(file));
  if (read.error) {
    throw new ProjectLoadError(
      "tsconfig-invalid",
      `${shown} is not valid: ${formatDiagnostic(read.error, root)}`,
      shown,
    );
  }
  const readFiles = new Set<string>([path.resolve(tsconfigFile)]);
  const host: ts.ParseConfigHost = {
    useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    readDirectory: directories.readDirectory,
    fileExists: (file) => ts.sys.fileExists(file),
    readFile: (file) => {
      const text = ts.sys.readFile(file);
      if (text !== undefined && /\.json$/iu.test(file)) readFiles.add(path.resolve(file));
      return text;
    },
  };
  const parsed = ts.parseJsonConfigFileContent(
    read.config,
    host,
    path.dirname(tsconfigFile),
    undefined,
    tsconfigFile,
  );
  // TS18003 (no inputs) is handled below with a better message; the rest are fatal.
  const errors = parsed.errors.filter((diagnostic) => diagnostic.code !== 18003);
  if (errors.length > 0) {
    throw new ProjectLoadError(
      "tsconfig-invalid",
      `${shown} is not valid:\n${errors.map((error) => `  ${formatDiagnostic(error, root)}`).join("\n")}`,
      shown,
    );
  }
  if (parsed.fileNames.length === 0) {
    const references = (parsed.projectReferences ?? []).map((reference) =>
      display(root, reference.path),
    );
    const hint =
      references.length > 0
        ? `; it only references other projects (${references.join(", ")}): pass one of them with --project`
        : "; check its include/files settings";
    throw new ProjectLoadError("tsconfig-empty", `${shown} includes no source files${hint}`, shown);
  }
  return { parsed, files: [...readFiles].sort() };
}

/** Loads agentix.config.json from the root, or the defaults when there is none. */
export function loadAgentixConfig(root: string): AgentixConfig {
  const file = path.join(root, CONFIG_FILE_NAME);
  if (!existsSync(file)) return defaultConfig(root);
  try {
    return loadConfigFile(file);
  } catch (error) {
    if (error instanceof AgentixConfigError) {
      throw new ProjectLoadError("config-invalid", error.message, display(root, file));
    }
    throw error;
  }
}

/**
 * Loads a project with ts-morph from its tsconfig, without executing any of its code: the
 * files are parsed and their imports resolved (the TypeScript program), nothing more.
 */
export function loadProject(options: LoadProjectOptions = {}): LoadedProject {
  const { root, tsconfigFile } = resolveProjectPaths(options);
  if (existsSync(tsconfigFile) && (!existsSync(root) || !statSync(root).isDirectory())) {
    throw new ProjectLoadError(
      "root-missing",
      `${shownPath(root)}: the project root is not a directory`,
      undefined,
    );
  }
  const directories = new DirectoryLog();
  const { parsed, files: tsconfigFiles } = readTsconfig(tsconfigFile, root, directories);
  const config = loadAgentixConfig(root);
  const compilerOptions: ts.CompilerOptions = { ...parsed.options, noEmit: true };
  delete compilerOptions.incremental;
  delete compilerOptions.tsBuildInfoFile;
  const addedTests = testsOutsideTsconfig(root, parsed, config, directories);
  const project = new Project({
    compilerOptions,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
  });
  for (const fileName of [...parsed.fileNames, ...addedTests])
    project.addSourceFileAtPath(fileName);
  const program = project.getProgram().compilerObject;
  const files = projectFiles(root, program);
  return {
    root,
    tsconfigFile,
    tsconfigFiles,
    config,
    project,
    program,
    compilerOptions,
    files,
    fileByName: new Map(files.map((file) => [file.fileName, file])),
    addedTests: addedTests.map((file) => relativeToRoot(root, file) ?? file).sort(),
    projectReferences: (parsed.projectReferences ?? []).map((reference) => reference.path),
    directoryListings: directories.listings(),
  };
}

/** The program's files that the index covers (see LoadedProject.files), sorted by path. */
export function projectFiles(root: string, program: ts.Program): ProjectFile[] {
  const files: ProjectFile[] = [];
  for (const sourceFile of program.getSourceFiles()) {
    const fileName = sourceFile.fileName;
    if (isInNodeModules(fileName)) continue;
    const relative = relativeToRoot(root, path.resolve(fileName));
    if (relative === undefined) continue;
    files.push({
      path: relative,
      fileName,
      sourceFile,
      declaration: sourceFile.isDeclarationFile || isDeclarationFile(fileName),
    });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts"];

/**
 * Test files under the root (the configured test globs) that the tsconfig does not include:
 * a build tsconfig often excludes tests, yet tests are what the index links to operations.
 * node_modules and the tsconfig's output folders are never searched.
 */
export function testsOutsideTsconfig(
  root: string,
  parsed: ts.ParsedCommandLine,
  config: AgentixConfig,
  directories: DirectoryLog = new DirectoryLog(),
): string[] {
  const layout = layoutFor(config);
  const included = new Set(parsed.fileNames.map((file) => path.resolve(file)));
  const excluded = ["**/node_modules", "**/.git", "**/.agentix"];
  for (const dir of [parsed.options.outDir, parsed.options.declarationDir]) {
    if (dir !== undefined) excluded.push(path.resolve(dir));
  }
  return directories
    .readDirectory(root, SOURCE_EXTENSIONS, excluded, ["**/*"])
    .map((file) => path.resolve(file))
    .filter((file) => !included.has(file) && !isDeclarationFile(file) && layout.isTestFile(file))
    .sort();
}
