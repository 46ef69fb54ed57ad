// From the changed code to everything that can behave differently: a changed deferred body
// affects the units that use it; changed module code affects every unit of the module and
// every module that loads it; a call made while a module loads makes that module affected.
import type { ts } from "ts-morph";
import type { ProjectFile } from "../project/load-project.js";
import type { FileChange } from "./changes.js";
import { regionAt, type CodeUnit, type FileUnits, type Region } from "./code-units.js";
import type { Importers } from "./import-graph.js";
import type { ReferenceGraph, Use } from "./reference-graph.js";

/** Why something is affected: what it was reached from (null for the change itself), and how. */
export interface Why {
  readonly from: string | null;
  readonly reason: string;
}

export interface AnalysedFile {
  readonly units: FileUnits;
  readonly sourceFile: ts.SourceFile;
  readonly file: ProjectFile;
}

export interface Propagation {
  /** Unit id -> why. */
  readonly units: ReadonlyMap<string, Why>;
  /** File path -> why its module (all of its code, and everyone who loads it) is affected. */
  readonly modules: ReadonlyMap<string, Why>;
  /** Files where only types changed: they matter to the type checker, to no test. */
  readonly typeOnlyFiles: ReadonlySet<string>;
}

export interface Seeds {
  readonly changed: readonly { readonly file: ProjectFile; readonly change: FileChange }[];
  /** Modules changed as a whole (they imported a removed file). */
  readonly wholeModules: readonly ProjectFile[];
  /** Units named directly (an operation id on the command line), with the reason. */
  readonly units: readonly { readonly unit: CodeUnit; readonly reason: string }[];
}

export function propagate(
  seeds: Seeds,
  files: ReadonlyMap<string, AnalysedFile>,
  importers: Importers,
  graph: ReferenceGraph,
): Propagation {
  const units = new Map<string, Why>();
  const modules = new Map<string, Why>();
  const typeOnlyFiles = new Set<string>();
  const work: (() => void)[] = [];

  const markModule = (file: string, why: Why): void => {
    if (modules.has(file)) return;
    modules.set(file, why);
    const entry = files.get(file);
    if (entry === undefined) return;
    work.push(() => {
      for (const unit of entry.units.units)
        if (unit.kind !== "module")
          markUnit(unit, { from: file, reason: "module code of its file changed" });
      for (const use of graph.usesOf.get(entry.units.module.id) ?? [])
        follow(entry.units.module, use);
      for (const { importer, position, typeOnly } of importers.get(entry.file) ?? []) {
        if (typeOnly) continue;
        const importerFile = files.get(importer.path);
        if (importerFile === undefined) continue;
        const region = regionAt(importerFile.units, position);
        if (region.eager) markModule(importer.path, { from: file, reason: `imports ${file}` });
        else markUnit(region.unit, { from: file, reason: `loads ${file}` });
      }
    });
  };
  const markUnit = (unit: CodeUnit, why: Why): void => {
    if (unit.kind === "module") return markModule(unit.file, why);
    if (units.has(unit.id)) return;
    units.set(unit.id, why);
    work.push(() => {
      for (const use of graph.usesOf.get(unit.id) ?? []) follow(unit, use);
    });
  };
  const follow = (target: CodeUnit, use: Use): void => {
    if (use.eager && (use.kind === "call" || use.kind === "load")) {
      markModule(use.by.file, {
        from: target.id,
        reason: `${use.kind === "load" ? "loaded" : "called"} while ${use.by.file} loads (line ${use.line})`,
      });
    } else {
      markUnit(use.by, { from: target.id, reason: useReason(target, use) });
    }
  };

  for (const { file, change } of seeds.changed) {
    const entry = files.get(file.path);
    if (entry === undefined) continue;
    if (change.status !== "modified" || change.lines === undefined) {
      markModule(file.path, {
        from: null,
        reason: change.status === "modified" ? "changed" : change.status,
      });
      continue;
    }
    const touch = (start: number, end: number, line: number) => {
      const region = innermostContaining(entry.units, start, end);
      if (region.typeOnly) typeOnlyFiles.add(file.path);
      else if (region.eager)
        markModule(file.path, { from: null, reason: `changed module code at line ${line}` });
      else markUnit(region.unit, { from: null, reason: `changed at line ${line}` });
    };
    for (const [first, last] of change.lines) {
      for (let line = first; line <= last; line++) {
        const span = lineSpan(entry.sourceFile, line);
        if (span !== undefined) touch(span[0], span[1], line);
      }
    }
    // Removed text: the gap it left, between the end of one line and the start of the next.
    const starts = entry.sourceFile.getLineStarts();
    const length = entry.sourceFile.text.length;
    for (const after of change.deletedAfter ?? []) {
      const next = Math.min(starts[after] ?? length, length);
      touch(after === 0 ? 0 : Math.max(next - 1, 0), next, after);
    }
  }
  for (const file of seeds.wholeModules)
    markModule(file.path, { from: null, reason: "imported a removed file" });
  for (const { unit, reason } of seeds.units) markUnit(unit, { from: null, reason });
  while (work.length > 0) (work.shift() as () => void)();
  return { units, modules, typeOnlyFiles };
}

function useReason(target: CodeUnit, use: Use): string {
  if (use.testCall !== undefined) return `${use.testCall}(${target.name}) at line ${use.line}`;
  if (use.by.kind === "test-case" || use.by.kind === "test-hook")
    return `uses ${target.name} at line ${use.line}`;
  return `uses ${target.name} (${use.by.file}:${use.line})`;
}

/** The non-blank text of a line, as positions. */
function lineSpan(sourceFile: ts.SourceFile, line: number): [number, number] | undefined {
  const starts = sourceFile.getLineStarts();
  if (line < 1 || line > starts.length) return undefined;
  const start = starts[line - 1] as number;
  const end = line < starts.length ? (starts[line] as number) : sourceFile.text.length;
  const text = sourceFile.text.slice(start, end);
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  const leading = text.length - text.trimStart().length;
  return [start + leading, start + leading + trimmed.length];
}

/** The smallest region holding the whole span: a change across two units counts as their container's. */
function innermostContaining(units: FileUnits, start: number, end: number): Region {
  let best = units.regions[0] as Region;
  for (const region of units.regions) {
    if (
      region.start <= start &&
      end <= region.end &&
      region.end - region.start <= best.end - best.start
    )
      best = region;
  }
  return best;
}
