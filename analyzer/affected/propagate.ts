// From the changed code to everything that can behave differently: a changed deferred body
// affects the units that use it; changed module code affects every unit of the module and
// every module that loads it; a call made while a module loads makes that module affected.
import type { FileChange } from "./changes.js";
import type { FactFile, FileSource } from "./facts.js";
import { regionAt, type CodeUnit, type FileUnits, type Region } from "./units.js";
import type { ImportEntry, Importers, Substitute } from "./import-graph.js";
import type { ReferenceGraph, Use } from "./reference-graph.js";
import { isPlainCommentSpan, replacedCode } from "./comment-lines.js";
import { lineSpan } from "./line-span.js";

/** What made something affected: what it was reached from (null for the change itself), and how. */
export interface Cause {
  readonly from: string | null;
  readonly reason: string;
}

export interface AnalysedFile {
  readonly units: FileUnits;
  readonly file: FactFile;
}

export interface Propagation {
  /** Unit id -> why. */
  readonly units: ReadonlyMap<string, Cause>;
  /** File path -> why its module (all of its code, and everyone who loads it) is affected. */
  readonly modules: ReadonlyMap<string, Cause>;
  /** Files where only types changed: they matter to the type checker, to no test. */
  readonly typeOnlyFiles: ReadonlySet<string>;
}

export interface Seeds {
  readonly changed: readonly { readonly file: FactFile; readonly change: FileChange }[];
  /**
   * Modules changed as a whole, with why: they imported a removed file, or they load a module
   * no one can name (`import(x)`), which may be the changed one.
   */
  readonly wholeModules: readonly { readonly file: FactFile; readonly reason: string }[];
  /** Units named directly (an operation id on the command line), with the reason. */
  readonly units: readonly { readonly unit: CodeUnit; readonly reason: string }[];
}

export function propagate(
  seeds: Seeds,
  files: ReadonlyMap<string, AnalysedFile>,
  importers: Importers,
  graph: ReferenceGraph,
  source: (file: string) => FileSource,
): Propagation {
  const propagator = new Propagator(files, importers, graph, source);
  for (const { file, change } of seeds.changed) propagator.seedChange(file, change);
  for (const { file, reason } of seeds.wholeModules)
    propagator.markModule(file.path, { from: null, reason });
  for (const { unit, reason } of seeds.units) propagator.markUnit(unit, { from: null, reason });
  propagator.run();
  const { units, modules, typeOnlyFiles } = propagator;
  return { units, modules, typeOnlyFiles };
}

/** Marks what is affected and queues what follows from it, breadth first. */
class Propagator {
  readonly units = new Map<string, Cause>();
  readonly modules = new Map<string, Cause>();
  readonly typeOnlyFiles = new Set<string>();
  private readonly work: (() => void)[] = [];

  constructor(
    private readonly files: ReadonlyMap<string, AnalysedFile>,
    private readonly importers: Importers,
    private readonly graph: ReferenceGraph,
    private readonly source: (file: string) => FileSource,
  ) {}

  run(): void {
    while (this.work.length > 0) (this.work.shift() as () => void)();
  }

  /** A changed file: whole, or the units its changed (and removed) lines fall in. */
  seedChange(file: FactFile, change: FileChange): void {
    const entry = this.files.get(file.path);
    if (entry === undefined) return;
    if (change.status !== "modified" || change.lines === undefined) {
      this.markModule(file.path, {
        from: null,
        reason: change.status === "modified" ? "changed" : change.status,
      });
      return;
    }
    const touch = (start: number, end: number, line: number) => {
      const region = innermostContaining(entry.units, start, end);
      if (region.typeOnly) this.typeOnlyFiles.add(file.path);
      else if (region.eager)
        this.markModule(file.path, { from: null, reason: `changed module code at line ${line}` });
      else this.markUnit(region.unit, { from: null, reason: `changed at line ${line}` });
    };
    const source = this.source(file.path);
    // A line that is only a comment no tool reads runs nothing; a test's own lines, and a file
    // code names by its path (read as text, path-references.ts), count whole.
    const readAsText =
      file.test || (this.importers.get(file.path) ?? []).some((entry) => entry.named !== undefined);
    const plainComment = (span: readonly [number, number]) =>
      !readAsText && isPlainCommentSpan(source, file.path, span, change);
    // Where code was replaced (an import or a statement commented out, or blanked), the lines
    // now there stand where it ran: each counts, comment or not; blank ones leave the gap.
    const codeReplacedAt = new Set(
      (change.replaced ?? [])
        .filter((replaced) => readAsText || replacedCode(replaced, file.path, source, change))
        .map((replaced) => replaced.after + 1),
    );
    const gaps = [...(change.deletedAfter ?? [])];
    for (const [first, last] of change.lines) {
      const replaced = codeReplacedAt.has(first);
      let touched = false;
      for (let line = first; line <= last; line++) {
        // A line the file does not have (a change list older than the file): all of it counts.
        if (line < 1 || line > source.lineStarts.length) {
          this.markModule(file.path, {
            from: null,
            reason: `changed at line ${line}, not in the file now`,
          });
          continue;
        }
        const span = lineSpan(source, line);
        if (span !== undefined && (replaced || !plainComment(span))) {
          touch(span[0], span[1], line);
          touched = true;
        }
      }
      if (replaced && !touched) gaps.push(first - 1);
    }
    // Removed text: the gap it left, between the end of one line and the start of the next.
    const starts = source.lineStarts;
    const length = source.text.length;
    for (const after of gaps) {
      const next = Math.min(starts[after] ?? length, length);
      touch(after === 0 ? 0 : Math.max(next - 1, 0), next, after);
    }
  }

  /** A module affected as a whole: all of its units, its uses, and every module that loads it. */
  markModule(file: string, cause: Cause): void {
    if (this.modules.has(file)) return;
    this.modules.set(file, cause);
    const entry = this.files.get(file);
    if (entry === undefined) return;
    this.work.push(() => {
      for (const unit of entry.units.units)
        if (unit.kind !== "module")
          this.markUnit(unit, { from: file, reason: "module code of its file changed" });
      for (const use of this.graph.usesOf.get(entry.units.module.id) ?? [])
        this.follow(entry.units.module, use);
      for (const entry of this.importers.get(file) ?? []) {
        const { importer, position, typeOnly, setup, via, named, runnerLoad, substitute } = entry;
        if (typeOnly) continue;
        const importerFile = this.files.get(importer);
        if (importerFile === undefined) continue;
        const region = regionAt(importerFile.units, position);
        if (via !== undefined) this.throughComponent(importer, file, file, via);
        else if (substitute !== undefined) this.substituted(importer, file, file, substitute);
        else if (setup)
          this.markModule(importer, {
            from: file,
            reason: `${file} runs before it (test setup)`,
          });
        else if (named !== undefined || runnerLoad !== undefined) this.byName(entry, file, file);
        else if (region.eager) this.markModule(importer, { from: file, reason: `imports ${file}` });
        else this.markUnit(region.unit, { from: file, reason: `loads ${file}` });
      }
    });
  }

  markUnit(unit: CodeUnit, cause: Cause): void {
    if (unit.kind === "module") return this.markModule(unit.file, cause);
    if (this.units.has(unit.id)) return;
    this.units.set(unit.id, cause);
    this.work.push(() => {
      for (const use of this.graph.usesOf.get(unit.id) ?? []) this.follow(unit, use);
      for (const entry of this.importers.get(unit.file) ?? []) {
        // A component uses what it imports in a text no one analyses: any of it may be this.
        if (entry.via !== undefined)
          this.throughComponent(entry.importer, unit.id, unit.file, entry.via);
        // Code naming the file by its path may read it as text or bundle it, a test runner's
        // module call hands over all of it: any change counts.
        else if ((entry.named !== undefined || entry.runnerLoad !== undefined) && !entry.typeOnly)
          this.byName(entry, unit.file, unit.id);
        // The importer's uses name the file TypeScript resolved: any change here may be one.
        else if (entry.substitute !== undefined && !entry.typeOnly)
          this.substituted(entry.importer, unit.id, unit.file, entry.substitute);
      }
    });
  }

  /**
   * The code naming `file` by its path (path-references.ts) or loading it by a test runner's
   * module call (runner-loads.ts), where the naming or the call stands.
   */
  private byName(entry: ImportEntry, file: string, from: string): void {
    const importerFile = this.files.get(entry.importer);
    if (importerFile === undefined) return;
    const { named, runnerLoad } = entry;
    let reason: string;
    if (named !== undefined)
      reason = named === file ? `names ${file}` : `names ${named || "."}, which holds ${file}`;
    else if (runnerLoad !== undefined)
      reason = `its test runner loads ${file} for "${runnerLoad}" (a mock or the actual module)`;
    else return;
    const region = regionAt(importerFile.units, entry.position);
    if (region.eager) this.markModule(entry.importer, { from, reason });
    else this.markUnit(region.unit, { from, reason });
  }

  /** The importer of a component loads `file` through it: the whole importer is affected. */
  private throughComponent(importer: string, from: string, file: string, via: string): void {
    if (this.files.has(importer))
      this.markModule(importer, { from, reason: `imports ${via}, which imports ${file}` });
  }

  /** The runner loads `file` for the importer's specifier: the whole importer is affected. */
  private substituted(importer: string, from: string, file: string, substitute: Substitute): void {
    if (!this.files.has(importer)) return;
    const { specifier, by } = substitute;
    this.markModule(importer, {
      from,
      reason:
        by === "module-map"
          ? `imports ${specifier}, which Jest's moduleNameMapper maps to ${file}`
          : `loads ${file}, the manual mock of ${specifier}`,
    });
  }

  private follow(target: CodeUnit, use: Use): void {
    if (use.eager && (use.kind === "call" || use.kind === "load")) {
      this.markModule(use.by.file, {
        from: target.id,
        reason: `${use.kind === "load" ? "loaded" : "called"} while ${use.by.file} loads (line ${use.line})`,
      });
    } else {
      this.markUnit(use.by, { from: target.id, reason: useReason(target, use) });
    }
  }
}

function useReason(target: CodeUnit, use: Use): string {
  if (use.testCall !== undefined) return `${use.testCall}(${target.name}) at line ${use.line}`;
  if (use.by.kind === "test-case" || use.by.kind === "test-hook")
    return `uses ${target.name} at line ${use.line}`;
  return `uses ${target.name} (${use.by.file}:${use.line})`;
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
