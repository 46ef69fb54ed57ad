// The project's import graph seen backwards (who imports a file) and forwards (what a test
// file loads), as the analysis resolved it.
import type { Analysis } from "../analyze.js";
import type { ProjectFile } from "../project/load-project.js";

export interface ImportEntry {
  readonly importer: ProjectFile;
  /** Where the import is in the importer (its region says whether it runs while loading). */
  readonly position: number;
  readonly typeOnly: boolean;
}

export type Importers = ReadonlyMap<ProjectFile, readonly ImportEntry[]>;

/** Every file's importers (runtime and type-only). */
export function reverseImports(analysis: Analysis): Importers {
  const importers = new Map<ProjectFile, ImportEntry[]>();
  for (const [file, resolved] of analysis.imports) {
    for (const item of resolved) {
      if (item.target.kind !== "file") continue;
      const list = importers.get(item.target.file) ?? [];
      list.push({
        importer: file,
        position: item.site.node.getStart(file.sourceFile),
        typeOnly: item.edge.typeOnly,
      });
      importers.set(item.target.file, list);
    }
  }
  return importers;
}

/** The files that load any of `files` at run time, and so on: everything a change there can reach. */
export function runtimeImportersClosure(
  files: Iterable<ProjectFile>,
  importers: Importers,
): Set<ProjectFile> {
  const closure = new Set<ProjectFile>();
  const stack = [...files];
  while (stack.length > 0) {
    const file = stack.pop() as ProjectFile;
    if (closure.has(file)) continue;
    closure.add(file);
    for (const entry of importers.get(file) ?? []) if (!entry.typeOnly) stack.push(entry.importer);
  }
  return closure;
}

/** Everything the files load at run time (declaration files aside), the files included. */
export function runtimeImportsClosure(
  files: Iterable<ProjectFile>,
  analysis: Analysis,
): Set<ProjectFile> {
  const closure = new Set(files);
  const stack = [...closure];
  while (stack.length > 0) {
    const file = stack.pop() as ProjectFile;
    for (const item of analysis.imports.get(file) ?? []) {
      if (
        item.target.kind === "file" &&
        !item.edge.typeOnly &&
        !item.target.file.declaration &&
        !closure.has(item.target.file)
      ) {
        closure.add(item.target.file);
        stack.push(item.target.file);
      }
    }
  }
  return closure;
}

/** Modules that start other processes or threads. */
const PROCESS_MODULES = new Set([
  "child_process",
  "worker_threads",
  "cluster",
  "execa",
  "cross-spawn",
  "tinyexec",
  "zx",
]);

/** The process-starting module a file reaches through its runtime imports, if any. */
export function startsProcesses(start: ProjectFile, analysis: Analysis): string | undefined {
  for (const file of runtimeImportsClosure([start], analysis)) {
    for (const item of analysis.imports.get(file) ?? []) {
      if (item.edge.typeOnly) continue;
      if (
        (item.target.kind === "builtin" || item.target.kind === "package") &&
        PROCESS_MODULES.has(item.target.name.replace(/^node:/, ""))
      )
        return item.target.name;
    }
  }
  return undefined;
}
