// The conservative closure of a change: from changed code units (or whole modules) through
// every use and every import to the tests that can observe it, with a reason on every edge.
// Ambiguity widens; narrowing happens only where the code proves it safe.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ts } from "ts-morph";
import type { Analysis } from "../analyze.js";
import type { ProjectFile } from "../project/load-project.js";
import type { FileChange } from "./changes.js";
import { fileUnits, regionAt, type CodeUnit, type FileUnits, type TestCaseInfo } from "./code-units.js";
import { buildReferenceGraph, type ReferenceGraph, type Use } from "./reference-graph.js";
import { isConfigFile, isInertFile, type WideningReason } from "./widening.js";

/** Why something is affected: what it was reached from, and how. */
export interface Why {
  readonly from: string | null;
  readonly reason: string;
}

export interface SelectedCase {
  readonly line: number;
  readonly name: string;
  readonly reason: string;
}

export interface SelectedTestFile {
  readonly file: string;
  /** Every case of the file (its module is affected, or its cases cannot be told apart). */
  readonly whole: boolean;
  readonly reason: string;
  readonly cases: readonly SelectedCase[];
  /** Static count of test calls in the file (`it.each` counts once). */
  readonly totalCases: number;
}

export interface Explicit {
  /** Operation ids whose declaration is the change. */
  readonly operations?: readonly string[];
}

export interface BaseIndexLookup {
  /** The files that imported `file` in the indexed base, or a sentence saying why that is unknown. */
  importersOf(file: string): readonly string[] | { readonly problem: string };
}

export interface AffectedComputation {
  readonly widened: readonly WideningReason[];
  readonly affectedFiles: readonly string[];
  readonly affectedUnits: ReadonlyMap<string, Why>;
  readonly affectedModules: ReadonlyMap<string, Why>;
  readonly unitById: ReadonlyMap<string, CodeUnit>;
  readonly tests: readonly SelectedTestFile[];
  readonly totalTestFiles: number;
  readonly totalCases: number;
  /** Changed files that are inside the project but not part of its program (and not inert). */
  readonly notes: readonly string[];
}

/** Every schema slot whose schema comes from another validator library, with where it is. */
function foreignSchemas(analysis: Analysis): { file: string; line: number; vendor: string }[] {
  const d = analysis.descriptors;
  const slots = [
    ...d.operations.flatMap((m) => [m.input, m.output, ...m.errors.map((e) => e.schema)]),
    ...d.portOperations.flatMap((m) => [m.input, m.output, ...m.errors.map((e) => e.schema)]),
    ...d.events.map((m) => m.payload),
    ...d.invariants.map((m) => m.evidence),
  ];
  const found = new Map<string, { file: string; line: number; vendor: string }>();
  for (const slot of slots) {
    const opaque = slot?.opaque;
    if (opaque?.vendor) found.set(`${opaque.file}:${opaque.line}`, { file: opaque.file, line: opaque.line, vendor: opaque.vendor });
  }
  return [...found.values()];
}

/** Whether a change touches a line: whole-file changes touch every line. */
function touchesLine(change: FileChange, line: number): boolean {
  if (change.status !== "modified" || change.lines === undefined) return true;
  return change.lines.some(([first, last]) => line >= first && line <= last) || (change.deletedAfter ?? []).some((after) => after === line || after + 1 === line);
}

/** Modules that start other processes or threads. */
const PROCESS_MODULES = new Set(["child_process", "worker_threads", "cluster", "execa", "cross-spawn", "tinyexec", "zx"]);

type ImportEntry = { readonly importer: ProjectFile; readonly position: number; readonly typeOnly: boolean };

export function computeAffected(analysis: Analysis, changes: readonly FileChange[], explicit: Explicit = {}, base?: BaseIndexLookup): AffectedComputation {
  const { loaded, roles } = analysis;
  const checker = loaded.program.getTypeChecker();
  const byPath = new Map(loaded.files.map((file) => [file.path, file]));
  const byFileName = new Map(loaded.files.map((file) => [file.fileName, file]));
  const widened: WideningReason[] = [];
  const agentixDir = agentixPackageDirectory(loaded.root, loaded.compilerOptions);
  const notes: string[] = [];
  const widen = (reason: WideningReason) => {
    if (!widened.some((existing) => existing.code === reason.code && existing.path === reason.path)) widened.push(reason);
  };

  // Reverse import edges (runtime and type-only), per target file.
  const importers = new Map<ProjectFile, ImportEntry[]>();
  for (const [file, resolved] of analysis.imports) {
    for (const item of resolved) {
      if (item.target.kind !== "file") continue;
      const target = item.target.file;
      const list = importers.get(target) ?? [];
      list.push({ importer: file, position: item.site.node.getStart(file.sourceFile), typeOnly: item.edge.typeOnly });
      importers.set(target, list);
    }
  }

  // 1. Classify the changes; anything agentix cannot follow widens.
  const seeds: { file: ProjectFile; change: FileChange }[] = [];
  const deleted: string[] = [];
  for (const change of changes) {
    if (change.status === "deleted" || change.status === "renamed") {
      const old = change.status === "renamed" ? (change.oldPath as string) : change.path;
      deleted.push(old);
    }
    if (change.status === "deleted") continue;
    const file = change.path;
    if (isConfigFile(file)) {
      widen({ code: "config-file", message: `configuration changed: ${file}`, path: file });
      continue;
    }
    if (isInertFile(file)) continue;
    const projectFile = byPath.get(file);
    if (file.startsWith("../")) {
      const absolute = path.resolve(loaded.root, file);
      if (loaded.program.getSourceFile(absolute) !== undefined) {
        widen({ code: "outside-project", message: `code outside the project that it compiles changed: ${file}`, path: file });
      } else if (agentixDir !== undefined && absolute.startsWith(agentixDir + path.sep)) {
        widen({ code: "agentix-runtime", message: `the agentix package the project runs on changed: ${file}`, path: file });
      } else {
        notes.push(`${file} is outside the project and not part of its program`);
      }
      continue;
    }
    if (projectFile === undefined) {
      widen({ code: "unknown-file", message: `${file} is not TypeScript the analyzer follows; what reads it cannot be proven`, path: file });
      continue;
    }
    if (projectFile.declaration) {
      widen({ code: "shared-code", message: `declaration file changed: ${file}`, path: file });
      continue;
    }
    if (roles.role(projectFile) === "shared" && !onlyTestsReach(projectFile)) {
      widen({ code: "shared-code", message: `shared code outside every feature changed: ${file}`, path: file });
      continue;
    }
    seeds.push({ file: projectFile, change });
  }

  // A foreign (Standard Schema) validator that changed: its library may share it through a
  // global registry (zod's, TypeBox's), which no import or reference shows.
  for (const { file, change } of seeds) {
    for (const opaque of foreignSchemas(analysis)) {
      if (opaque.file !== file.path || !touchesLine(change, opaque.line)) continue;
      widen({
        code: "opaque-schema",
        message: `a ${opaque.vendor} schema changed at ${opaque.file}:${opaque.line}; foreign validators can be shared through their library's global registry, which agentix cannot follow`,
        path: opaque.file,
      });
    }
  }

  // Non-literal import()/require() in runtime code could load any changed module.
  function onlyTestsReach(start: ProjectFile): boolean {
    const seen = new Set<ProjectFile>([start]);
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.pop() as ProjectFile;
      for (const entry of importers.get(file) ?? []) {
        if (entry.typeOnly || seen.has(entry.importer)) continue;
        if (!roles.isTest(entry.importer) && roles.role(entry.importer) !== "shared") return false;
        seen.add(entry.importer);
        queue.push(entry.importer);
      }
    }
    // Reached only by tests (and test helpers): a test support file.
    return [...seen].some((file) => roles.isTest(file));
  }
  for (const item of analysis.unresolved) {
    if ((item.kind === "dynamic-import" || item.kind === "require") && !roles.isTest(item.site.file) && (seeds.length > 0 || deleted.length > 0)) {
      const line = item.site.file.sourceFile.getLineAndCharacterOfPosition(item.site.node.getStart(item.site.file.sourceFile)).line + 1;
      widen({ code: "unresolved-import", message: `${item.site.file.path}:${line}: ${item.reason}`, path: item.site.file.path });
    }
  }

  // Deleted (and renamed-away) files: their dependents must be proven from the base index.
  const deletedSeeds: ProjectFile[] = [];
  for (const old of deleted) {
    if (isInertFile(old) || isConfigFile(old)) {
      if (isConfigFile(old)) widen({ code: "config-file", message: `configuration removed: ${old}`, path: old });
      continue;
    }
    if (!/\.[cm]?tsx?$/.test(old)) {
      widen({ code: "deleted-file", message: `${old} was removed; what read it cannot be proven`, path: old });
      continue;
    }
    const found = base?.importersOf(old) ?? { problem: "no base index to look its importers up in" };
    if ("problem" in found) {
      widen({ code: "index-unavailable", message: `${old} was removed and its dependents cannot be proven: ${found.problem}`, path: old });
      continue;
    }
    for (const importer of found) {
      const current = byPath.get(importer);
      if (current !== undefined) deletedSeeds.push(current);
    }
  }

  // 2. Only files that (transitively) import a changed file can be affected.
  const candidates = new Set<ProjectFile>();
  const stack = [...seeds.map((seed) => seed.file), ...deletedSeeds];
  for (const operationId of explicit.operations ?? []) {
    const operation = analysis.descriptors.operations.find((candidate) => candidate.id === operationId);
    if (operation) stack.push(operation.site.file);
  }
  while (stack.length > 0) {
    const file = stack.pop() as ProjectFile;
    if (candidates.has(file)) continue;
    candidates.add(file);
    for (const entry of importers.get(file) ?? []) if (!entry.typeOnly) stack.push(entry.importer);
  }
  // Tests reached by the change, and everything they load, can share state: index those too.
  const analysed = new Set(candidates);
  const forward = [...candidates].filter((file) => roles.isTest(file));
  while (forward.length > 0) {
    const file = forward.pop() as ProjectFile;
    for (const item of analysis.imports.get(file) ?? []) {
      if (item.target.kind === "file" && !item.edge.typeOnly && !analysed.has(item.target.file) && !item.target.file.declaration) {
        analysed.add(item.target.file);
        forward.push(item.target.file);
      }
    }
  }

  const unitsByFile = new Map<string, { units: FileUnits; sourceFile: ts.SourceFile; file: ProjectFile }>();
  for (const file of analysed) {
    if (file.declaration) continue;
    unitsByFile.set(file.path, { units: fileUnits(file.sourceFile, file.path, roles.isTest(file), checker), sourceFile: file.sourceFile, file });
  }
  const graph: ReferenceGraph = buildReferenceGraph(
    unitsByFile,
    (fileName) => {
      const file = byFileName.get(fileName);
      return file === undefined ? undefined : unitsByFile.get(file.path)?.units;
    },
    checker,
  );

  // 3. Propagate.
  const affectedUnits = new Map<string, Why>();
  const affectedModules = new Map<string, Why>();
  const typeOnlyFiles = new Set<string>();
  const work: (() => void)[] = [];
  const markModule = (file: string, why: Why): void => {
    if (affectedModules.has(file)) return;
    affectedModules.set(file, why);
    const entry = unitsByFile.get(file);
    if (entry === undefined) return;
    work.push(() => {
      for (const unit of entry.units.units) if (unit.kind !== "module") markUnit(unit, { from: file, reason: "module code of its file changed" });
      for (const use of graph.usesOf.get(entry.units.module.id) ?? []) propagate(entry.units.module, use);
      for (const { importer, position, typeOnly } of importers.get(entry.file) ?? []) {
        if (typeOnly) continue;
        const importerUnits = unitsByFile.get(importer.path);
        if (importerUnits === undefined) continue;
        const region = regionAt(importerUnits.units, position);
        if (region.eager) markModule(importer.path, { from: file, reason: `imports ${file}` });
        else markUnit(region.unit, { from: file, reason: `loads ${file}` });
      }
    });
  };
  const markUnit = (unit: CodeUnit, why: Why): void => {
    if (unit.kind === "module") {
      markModule(unit.file, why);
      return;
    }
    if (affectedUnits.has(unit.id)) return;
    affectedUnits.set(unit.id, why);
    work.push(() => {
      for (const use of graph.usesOf.get(unit.id) ?? []) propagate(unit, use);
    });
  };
  const propagate = (target: CodeUnit, use: Use): void => {
    if (use.eager && (use.kind === "call" || use.kind === "load")) {
      markModule(use.by.file, { from: target.id, reason: `${use.kind === "load" ? "loaded" : "called"} while ${use.by.file} loads (line ${use.line})` });
    } else {
      markUnit(use.by, { from: target.id, reason: useReason(target, use) });
    }
  };

  for (const { file, change } of seeds) {
    const entry = unitsByFile.get(file.path);
    if (entry === undefined) continue;
    if (change.status !== "modified" || change.lines === undefined) {
      markModule(file.path, { from: null, reason: change.status === "modified" ? "changed" : change.status });
      continue;
    }
    const touch = (start: number, end: number, line: number) => {
      const region = innermostContaining(entry.units, start, end);
      if (region.typeOnly) typeOnlyFiles.add(file.path);
      else if (region.eager) markModule(file.path, { from: null, reason: `changed module code at line ${line}` });
      else markUnit(region.unit, { from: null, reason: `changed at line ${line}` });
    };
    for (const [first, last] of change.lines) {
      for (let line = first; line <= last; line++) {
        const span = lineSpan(entry.sourceFile, line);
        if (span !== undefined) touch(span[0], span[1], line);
      }
    }
    // Removed text: the gap it left, between the end of one line and the start of the next.
    for (const after of change.deletedAfter ?? []) {
      const starts = entry.sourceFile.getLineStarts();
      const gapStart = after === 0 ? 0 : Math.max((starts[after] ?? entry.sourceFile.text.length) - 1, 0);
      const gapEnd = Math.min(starts[after] ?? entry.sourceFile.text.length, entry.sourceFile.text.length);
      touch(gapStart, gapEnd, after);
    }
  }
  for (const file of deletedSeeds) markModule(file.path, { from: null, reason: "imported a removed file" });
  for (const operationId of explicit.operations ?? []) {
    const operation = analysis.descriptors.operations.find((candidate) => candidate.id === operationId);
    const entry = operation ? unitsByFile.get(operation.site.file.path) : undefined;
    if (operation === undefined || entry === undefined) continue;
    const region = regionAt(entry.units, operation.call.getStart(operation.site.file.sourceFile));
    markUnit(region.unit, { from: null, reason: "named as a target" });
  }
  while (work.length > 0) (work.shift() as () => void)();

  // 4. Tests: whole files whose module is affected, else the cases (and the cases they share state with).
  const testFiles = loaded.files.filter((file) => roles.isTest(file) && !file.declaration);
  let totalCases = 0;
  const tests: SelectedTestFile[] = [];
  for (const file of testFiles) {
    const entry = unitsByFile.get(file.path);
    const cases = entry?.units.testCases ?? countOnly(file, checker);
    totalCases += Math.max(cases.length, 1);
    if (widened.length > 0) {
      tests.push({ file: file.path, whole: true, reason: "widened", cases: [], totalCases: Math.max(cases.length, 1) });
      continue;
    }
    // Another process can run any of the project's code: whenever some of it changed.
    const runtimeChanged = affectedUnits.size + affectedModules.size > 0;
    const spawner = runtimeChanged ? startsProcesses(file) : undefined;
    if (spawner !== undefined) {
      // What another process runs (a built main.js, a CLI) is invisible to imports.
      tests.push({ file: file.path, whole: true, reason: `starts other processes (${spawner}): what they run cannot be followed`, cases: [], totalCases: Math.max(cases.length, 1) });
      continue;
    }
    if (entry === undefined) continue;
    const moduleWhy = affectedModules.get(file.path);
    if (moduleWhy !== undefined || entry.units.testCases.length === 0) {
      const anyUnit = moduleWhy ?? entry.units.units.map((unit) => affectedUnits.get(unit.id)).find((why) => why !== undefined);
      if (anyUnit === undefined) continue;
      tests.push({ file: file.path, whole: true, reason: describe(anyUnit), cases: [], totalCases: Math.max(entry.units.testCases.length, 1) });
      continue;
    }
    const selected = new Map<TestCaseInfo, string>();
    for (const testCase of entry.units.testCases) {
      const why = affectedUnits.get(testCase.unit.id) ?? testCase.hooks.map((hook) => affectedUnits.get(hook.id)).find((found) => found !== undefined);
      if (why !== undefined) selected.set(testCase, describe(why));
    }
    if (selected.size === 0) continue;
    coupleSharedState(entry.units, graph, selected);
    tests.push({
      file: file.path,
      whole: selected.size === entry.units.testCases.length,
      reason: selected.size === entry.units.testCases.length ? "every case is affected" : "some cases are affected",
      cases: [...selected].map(([testCase, reason]) => ({ line: testCase.line, name: testCase.unit.name, reason })).sort((a, b) => a.line - b.line),
      totalCases: entry.units.testCases.length,
    });
  }

  const affectedFiles = new Set<string>([...affectedModules.keys(), ...[...affectedUnits.keys()].map((id) => graph.unitById.get(id)?.file ?? "")].filter(Boolean));
  for (const file of typeOnlyFiles) affectedFiles.add(file);
  return {
    widened,
    affectedFiles: [...affectedFiles].sort(),
    affectedUnits,
    affectedModules,
    unitById: graph.unitById,
    tests: tests.sort((a, b) => (a.file < b.file ? -1 : 1)),
    totalTestFiles: testFiles.length,
    totalCases,
    notes,
  };

  /** The process-starting module a test file reaches through its imports, if any. */
  function startsProcesses(testFile: ProjectFile): string | undefined {
    const seen = new Set<ProjectFile>([testFile]);
    const queue = [testFile];
    while (queue.length > 0) {
      const file = queue.pop() as ProjectFile;
      for (const item of analysis.imports.get(file) ?? []) {
        if (item.edge.typeOnly) continue;
        if ((item.target.kind === "builtin" || item.target.kind === "package") && PROCESS_MODULES.has(item.target.name.replace(/^node:/, ""))) return item.target.name;
        if (item.target.kind === "file" && !seen.has(item.target.file)) {
          seen.add(item.target.file);
          queue.push(item.target.file);
        }
      }
    }
    return undefined;
  }

  function describe(why: Why): string {
    const chain: string[] = [];
    let current: Why | undefined = why;
    const seen = new Set<string>();
    while (current !== undefined && chain.length < 12) {
      chain.push(current.from === null ? current.reason : `${current.reason} <- ${label(current.from)}`);
      if (current.from === null || seen.has(current.from)) break;
      seen.add(current.from);
      current = affectedUnits.get(current.from) ?? affectedModules.get(current.from);
    }
    return chain.join("; ");
  }

  function label(id: string): string {
    const unit = graph.unitById.get(id);
    if (unit === undefined || unit.kind === "module") return id;
    return unit.kind === "declaration" ? `${unit.file}#${unit.name}` : `${unit.file}:${unit.line}`;
  }
}

function useReason(target: CodeUnit, use: Use): string {
  if (use.testCall !== undefined) return `${use.testCall}(${target.name}) at line ${use.line}`;
  if (use.by.kind === "test-case" || use.by.kind === "test-hook") return `uses ${target.name} at line ${use.line}`;
  return `uses ${target.name} (${use.by.file}:${use.line})`;
}

/** Cases that share state (a shared variable, module state they reach, a beforeAll) with a selected case run with it. */
function coupleSharedState(units: FileUnits, graph: ReferenceGraph, selected: Map<TestCaseInfo, string>): void {
  const reach = new Map<TestCaseInfo, Set<string>>();
  const stateOf = (testCase: TestCaseInfo): Set<string> => {
    let state = reach.get(testCase);
    if (state !== undefined) return state;
    state = new Set<string>();
    const seen = new Set<string>();
    const queue = [testCase.unit.id, ...testCase.hooks.map((hook) => hook.id)];
    for (const hook of testCase.sharedHooks) state.add(hook.id);
    while (queue.length > 0) {
      const id = queue.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      const unit = graph.unitById.get(id);
      if (unit?.sharedState) state.add(id);
      for (const next of graph.namedBy.get(id) ?? []) queue.push(next);
    }
    reach.set(testCase, state);
    return state;
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (const testCase of units.testCases) {
      if (selected.has(testCase)) continue;
      const mine = stateOf(testCase);
      for (const [other] of selected) {
        const shared = [...stateOf(other)].find((id) => mine.has(id));
        if (shared !== undefined) {
          const unit = graph.unitById.get(shared);
          selected.set(testCase, `shares ${unit?.kind === "test-hook" ? `the ${unit.name} at line ${unit.line}` : `state ${unit?.name ?? shared}`} with the case at line ${other.line}`);
          changed = true;
          break;
        }
      }
    }
  }
}

/** Test cases of a file that no change reaches (only counted). */
function countOnly(file: ProjectFile, checker: ts.TypeChecker): readonly TestCaseInfo[] {
  return fileUnits(file.sourceFile, file.path, true, checker).testCases;
}

/** The non-blank text of a line, as positions. */
function lineSpan(sourceFile: ts.SourceFile, line: number): [number, number] | undefined {
  const starts = sourceFile.getLineStarts();
  if (line < 1 || line > starts.length) return undefined;
  const start = starts[line - 1] as number;
  const end = line < starts.length ? (starts[line] as number) : sourceFile.text.length;
  const text = sourceFile.text.slice(start, end);
  const leading = text.length - text.trimStart().length;
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  return [start + leading, start + leading + trimmed.length];
}

function innermostContaining(units: FileUnits, start: number, end: number) {
  let best = units.regions[0] as FileUnits["regions"][number];
  for (const region of units.regions) {
    if (region.start <= start && end <= region.end && region.end - region.start <= best.end - best.start) best = region;
  }
  return best;
}

/** The directory of the agentix package the project resolves, when it is not in node_modules of someone else. */
function agentixPackageDirectory(root: string, options: ts.CompilerOptions): string | undefined {
  const resolved = ts.resolveModuleName("agentix", path.join(root, "__agentix_probe__.ts"), options, ts.sys).resolvedModule?.resolvedFileName;
  if (resolved === undefined) return undefined;
  for (let dir = path.dirname(path.resolve(resolved)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (!existsSync(manifest)) continue;
    try {
      if ((JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === "agentix") return dir;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
