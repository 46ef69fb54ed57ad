// A loaded project brought up to date without starting over: the files that did not change keep
// their parsed SourceFile objects, so TypeScript's program reuse (oldProgram) skips parsing,
// binding and module resolution for them. Used by the warm session behind `agentix mcp`.
import { withJavaScriptTests } from "./javascript-tests.js";
import { ts } from "./ts-morph.js";
import { projectCompilerHost } from "./compiler-host.js";
import { layoutFor } from "../../eslint-plugin/logic/project/layout.js";
import {
  optionProblems,
  projectFiles,
  unreadableSource,
  vitestProblems,
  type LoadedProject,
} from "./load-project.js";
import { unmatchedFeatureDirectories } from "./feature-directories.js";
import { DirectoryLog } from "./directory-log.js";
import { siblingTests } from "./sibling-tests.js";
import { testsOutsideTsconfig } from "./test-discovery.js";
import { readTsconfig } from "./tsconfig.js";
import { rootFilesOf, type RootFiles } from "./root-files.js";
import type { ProjectLinks } from "./project-links.js";
import { relativeToRoot } from "./paths.js";

/** The parsed files a program was built from, with the new text of those that changed. */
export class SourceFileCache {
  private readonly parsed = new Map<string, ts.SourceFile>();
  private readonly changed = new Map<string, string>();

  constructor(program: ts.Program) {
    this.keep(program);
  }

  /** The file's text changed (it is parsed again from `text`), or it was deleted (undefined). */
  update(fileName: string, text: string | undefined): void {
    this.parsed.delete(fileName);
    if (text === undefined) this.changed.delete(fileName);
    else this.changed.set(fileName, text);
  }

  /** Keeps exactly the files of `program`: nothing of an older program stays reachable. */
  keep(program: ts.Program): void {
    this.parsed.clear();
    this.changed.clear();
    for (const sourceFile of program.getSourceFiles())
      this.parsed.set(sourceFile.fileName, sourceFile);
  }

  /** A compiler host that answers from the cache first, then as a cold load's host does. */
  host(options: ts.CompilerOptions, links: ProjectLinks): ts.CompilerHost {
    const base = projectCompilerHost(options, links);
    return {
      ...base,
      getSourceFile: (fileName, languageVersion, onError, shouldCreate) => {
        const cached = this.parsed.get(fileName);
        if (cached) return cached;
        const text = this.changed.get(fileName);
        const sourceFile =
          text !== undefined
            ? ts.createSourceFile(fileName, text, languageVersion, true)
            : base.getSourceFile(fileName, languageVersion, onError, shouldCreate);
        if (sourceFile) this.parsed.set(fileName, sourceFile);
        return sourceFile;
      },
    };
  }
}

/** The root files of the project's tsconfig now (its include globs see created and deleted files). */
export function listRootFiles(loaded: LoadedProject): RootFiles {
  const directories = new DirectoryLog();
  const { parsed, problems } = readTsconfig(
    loaded.tsconfigFile,
    loaded.root,
    loaded.cwd,
    directories,
  );
  const discovery = testsOutsideTsconfig({
    root: loaded.root,
    tsconfigFile: loaded.tsconfigFile,
    parsed,
    layout: layoutFor(loaded.config),
    vitest: loaded.vitest,
    directories,
    ...siblingOwnership(loaded, directories),
  });
  return rootFilesOf(
    parsed,
    discovery,
    directories,
    [...problems, ...vitestProblems(loaded.vitest), ...discovery.problems],
    loaded.root,
  );
}

/** Tests another project of the folder owns, as loadProject decides (project/sibling-tests.ts). */
function siblingOwnership(loaded: LoadedProject, directories: DirectoryLog) {
  const siblings = siblingTests(loaded.tsconfigFile, loaded.root, directories);
  return siblings !== undefined ? { ownedBySibling: siblings.ownedBySibling } : {};
}

/**
 * The project with a new program over `rootNames`, parsed files taken from `cache`. With
 * `reuse`, the previous program is TypeScript's oldProgram; without it (files were created or
 * deleted, which can change how unchanged files' imports resolve) module resolution starts over.
 * The configuration (tsconfig, agentix.config.json) is the previous one: when it changes, load
 * the project again instead.
 */
export function reloadProject(
  previous: LoadedProject,
  cache: SourceFileCache,
  roots: RootFiles,
  reuse: boolean,
): LoadedProject {
  // A JavaScript test created since: the options gain allowJs, and resolution starts over.
  const options = withJavaScriptTests(previous.compilerOptions, roots.addedTests);
  const program = ts.createProgram({
    rootNames: roots.rootNames,
    options,
    host: cache.host(options, roots.links),
    ...(reuse && options === previous.compilerOptions ? { oldProgram: previous.program } : {}),
  });
  cache.keep(program);
  const { root } = previous;
  // The problems a load reports, in its order: a root file the program could not read says why.
  const problems = [...roots.problems];
  const tests = new Set(roots.addedTests);
  const addedTests: string[] = [];
  for (const fileName of roots.rootNames) {
    if (program.getSourceFile(fileName) !== undefined) {
      if (tests.has(fileName)) addedTests.push(relativeToRoot(root, fileName) ?? fileName);
      continue;
    }
    const problem = unreadableSource(fileName, root, tests.has(fileName) ? "test" : "tsconfig");
    if (problem !== undefined) problems.push(problem);
  }
  problems.push(...optionProblems(program, previous, problems));
  const files = projectFiles(program, root);
  problems.push(...unmatchedFeatureDirectories(previous.config, files));
  return {
    ...previous,
    compilerOptions: options,
    program,
    files,
    fileByName: new Map(files.map((file) => [file.fileName, file])),
    addedTests: addedTests.sort(),
    problems,
    roots,
  };
}
