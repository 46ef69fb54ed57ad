// What each change is: code agentix can follow (a seed), or something that widens the answer
// to the whole application, with the reason.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ts } from "../project/ts-morph.js";
import type { Analysis } from "../analyze.js";
import { lineOf } from "../extract/location.js";
import type { ProjectFile } from "../project/load-project.js";
import type { FileChange } from "./changes.js";
import type { Importers } from "./import-graph.js";
import type { BaseIndexLookup } from "./base-index.js";
import { isConfigFile, isInertFile, type WideningReason } from "./widening.js";

export interface Classified {
  /** Changed project files agentix follows, with their changes. */
  readonly seeds: readonly { readonly file: ProjectFile; readonly change: FileChange }[];
  /** Files that imported a removed file (by the base index): their module changed meaning. */
  readonly importersOfRemoved: readonly ProjectFile[];
  /**
   * Runtime files with an `import()`/`require()` no one can name: it may load the changed code,
   * so every test that loads them runs (nothing else does: what they load flows only into them).
   */
  readonly unknownLoaders: readonly { readonly file: ProjectFile; readonly reason: string }[];
  readonly widened: readonly WideningReason[];
  readonly notes: readonly string[];
}

export function classifyChanges(
  analysis: Analysis,
  changes: readonly FileChange[],
  importers: Importers,
  base: BaseIndexLookup | undefined,
): Classified {
  const classifier = new ChangeClassifier(analysis, importers);
  for (const change of changes) classifier.classify(change);
  classifier.widenForForeignSchemas();
  const unknownLoaders = classifier.unknownLoaders();
  const importersOfRemoved = classifier.importersOfRemoved(base);
  const { seeds, widened, notes } = classifier;
  return { seeds, importersOfRemoved, unknownLoaders, widened, notes };
}

class ChangeClassifier {
  readonly widened: WideningReason[] = [];
  readonly notes: string[] = [];
  readonly seeds: { file: ProjectFile; change: FileChange }[] = [];
  /** Paths that no longer exist: deleted, or the old side of a rename. */
  private readonly removed: string[] = [];
  private readonly byPath: ReadonlyMap<string, ProjectFile>;
  private readonly agentixDir: string | undefined;

  constructor(
    private readonly analysis: Analysis,
    private readonly importers: Importers,
  ) {
    const { loaded } = analysis;
    this.byPath = new Map(loaded.files.map((file) => [file.path, file]));
    this.agentixDir = agentixPackageDirectory(loaded.root, loaded.compilerOptions);
  }

  private widen(reason: WideningReason): void {
    if (
      !this.widened.some(
        (existing) => existing.code === reason.code && existing.path === reason.path,
      )
    )
      this.widened.push(reason);
  }

  classify(change: FileChange): void {
    if (change.status === "deleted" || change.status === "renamed")
      this.removed.push(change.status === "renamed" ? (change.oldPath as string) : change.path);
    if (change.status === "deleted") return;
    const file = change.path;
    if (isConfigFile(file)) {
      this.widen({ code: "config-file", message: `configuration changed: ${file}`, path: file });
      return;
    }
    if (isInertFile(file)) return;
    if (file.startsWith("../")) {
      this.classifyOutside(file);
      return;
    }
    const projectFile = this.byPath.get(file);
    const importers = projectFile === undefined ? this.assetImporters(file) : [];
    if (importers.length > 0) {
      // What a bundler makes of the asset flows into the modules that import it, and from them on.
      this.notes.push(
        `${file} is not TypeScript: it counts as a change to the files that import it (${importers.join(", ")})`,
      );
      for (const importer of importers) this.classify({ path: importer, status: "modified" });
    } else if (projectFile === undefined) {
      this.widen({
        code: "unknown-file",
        message: `${file} is not TypeScript the analyzer follows; what reads it cannot be proven`,
        path: file,
      });
    } else if (projectFile.declaration) {
      this.widen({ code: "shared-code", message: `declaration file changed: ${file}`, path: file });
    } else if (
      this.analysis.roles.role(projectFile) === "shared" &&
      !this.onlyTestsReach(projectFile)
    ) {
      this.widen({
        code: "shared-code",
        message: `shared code outside every feature changed: ${file}`,
        path: file,
      });
    } else {
      this.seeds.push({ file: projectFile, change });
    }
  }

  /** The project files that import `file` as an asset (CSS, SVG, JSON...), sorted. */
  private assetImporters(file: string): string[] {
    const importers: string[] = [];
    for (const [importer, imports] of this.analysis.imports)
      if (imports.some(({ edge }) => edge.resolution === "asset" && edge.target === file))
        importers.push(importer.path);
    return importers.sort();
  }

  /** A change outside the project root: code it compiles, the agentix it runs on, or a note. */
  private classifyOutside(file: string): void {
    const { loaded } = this.analysis;
    const absolute = path.resolve(loaded.root, file);
    if (loaded.program.getSourceFile(absolute) !== undefined) {
      this.widen({
        code: "outside-project",
        message: `code outside the project that it compiles changed: ${file}`,
        path: file,
      });
    } else if (this.agentixDir !== undefined && absolute.startsWith(this.agentixDir + path.sep)) {
      this.widen({
        code: "agentix-runtime",
        message: `the agentix package the project runs on changed: ${file}`,
        path: file,
      });
    } else {
      this.notes.push(`${file} is outside the project and not part of its program`);
    }
  }

  /** Reached only by tests (and test helpers): a test support file, not shared application code. */
  private onlyTestsReach(start: ProjectFile): boolean {
    const { roles } = this.analysis;
    const seen = new Set<ProjectFile>([start]);
    const queue = [start];
    while (queue.length > 0) {
      const file = queue.pop() as ProjectFile;
      for (const entry of this.importers.get(file) ?? []) {
        if (entry.typeOnly || seen.has(entry.importer)) continue;
        if (!roles.isTest(entry.importer) && roles.role(entry.importer) !== "shared") return false;
        seen.add(entry.importer);
        queue.push(entry.importer);
      }
    }
    return [...seen].some((file) => roles.isTest(file));
  }

  /**
   * A foreign (Standard Schema) validator that changed: its library may share it through a
   * global registry (zod's, TypeBox's), which no import or reference shows.
   */
  widenForForeignSchemas(): void {
    const foreign = this.seeds.length > 0 ? foreignSchemas(this.analysis) : [];
    for (const { file, change } of this.seeds) {
      for (const opaque of foreign) {
        if (opaque.file !== file.path || !touchesLine(change, opaque.line)) continue;
        this.widen({
          code: "opaque-schema",
          message: `a ${opaque.vendor} schema changed at ${opaque.file}:${opaque.line}; foreign validators can be shared through their library's global registry, which agentix cannot follow`,
          path: opaque.file,
        });
      }
    }
  }

  /**
   * A non-literal import()/require() in runtime code could load any changed module: the module
   * that holds it is affected as a whole, which reaches exactly the tests that load it.
   */
  unknownLoaders(): { file: ProjectFile; reason: string }[] {
    if (this.seeds.length === 0 && this.removed.length === 0) return [];
    const loaders = new Map<ProjectFile, string>();
    for (const item of this.analysis.unresolved) {
      if (
        (item.kind !== "dynamic-import" && item.kind !== "require") ||
        this.analysis.roles.isTest(item.site.file) ||
        loaders.has(item.site.file)
      )
        continue;
      const where = `${item.site.file.path}:${lineOf(item.site)}`;
      loaders.set(item.site.file, `${where}: ${item.reason}; it may load the changed code`);
      this.notes.push(
        `${where}: ${item.reason}: the tests that load ${item.site.file.path} run with any change`,
      );
    }
    return [...loaders].map(([file, reason]) => ({ file, reason }));
  }

  /** Removed (and renamed-away) files: their importers must be proven from the base index. */
  importersOfRemoved(base: BaseIndexLookup | undefined): ProjectFile[] {
    const importersOfRemoved: ProjectFile[] = [];
    for (const old of this.removed) {
      if (isConfigFile(old)) {
        this.widen({ code: "config-file", message: `configuration removed: ${old}`, path: old });
        continue;
      }
      if (isInertFile(old)) continue;
      if (!/\.[cm]?tsx?$/.test(old)) {
        this.widen({
          code: "deleted-file",
          message: `${old} was removed; what read it cannot be proven`,
          path: old,
        });
        continue;
      }
      const found = base?.importersOf(old) ?? {
        problem: "no base index to look its importers up in",
      };
      if ("problem" in found) {
        this.widen({
          code: "index-unavailable",
          message: `${old} was removed and its dependents cannot be proven: ${found.problem}`,
          path: old,
        });
        continue;
      }
      for (const importer of [...found, ...this.danglingImportersOf(old)]) {
        const current = this.byPath.get(importer);
        if (current !== undefined && !importersOfRemoved.includes(current))
          importersOfRemoved.push(current);
      }
    }
    return importersOfRemoved;
  }

  /**
   * Files whose import does not lead to a project file now but would lead to `removed` if it
   * still existed: they imported it, whatever an index written before their last edit says.
   */
  private danglingImportersOf(removed: string): string[] {
    const { loaded } = this.analysis;
    const absolute = path.resolve(loaded.root, removed);
    const host: ts.ModuleResolutionHost = {
      ...ts.sys,
      fileExists: (file) => path.resolve(file) === absolute || ts.sys.fileExists(file),
    };
    const leadsToRemoved = (specifier: string, from: string) => {
      const resolved = ts.resolveModuleName(specifier, from, loaded.compilerOptions, host);
      const target = resolved.resolvedModule?.resolvedFileName;
      return target !== undefined && path.resolve(target) === absolute;
    };
    const found: string[] = [];
    for (const [file, imports] of this.analysis.imports) {
      const dangling = imports.some(
        ({ edge }) =>
          edge.specifier !== null &&
          edge.resolution !== "file" &&
          edge.resolution !== "builtin" &&
          leadsToRemoved(edge.specifier, file.sourceFile.fileName),
      );
      if (dangling) found.push(file.path);
    }
    return found;
  }
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
    if (opaque?.vendor)
      found.set(`${opaque.file}:${opaque.line}`, {
        file: opaque.file,
        line: opaque.line,
        vendor: opaque.vendor,
      });
  }
  return [...found.values()];
}

/** Whether a change touches a line: whole-file changes touch every line. */
function touchesLine(change: FileChange, line: number): boolean {
  if (change.status !== "modified" || change.lines === undefined) return true;
  return (
    change.lines.some(([first, last]) => line >= first && line <= last) ||
    (change.deletedAfter ?? []).some((after) => after === line || after + 1 === line)
  );
}

/** The directory of the agentix package the project resolves (its runtime changing widens). */
function agentixPackageDirectory(root: string, options: ts.CompilerOptions): string | undefined {
  const resolved = ts.resolveModuleName(
    "agentix",
    path.join(root, "__agentix_probe__.ts"),
    options,
    ts.sys,
  ).resolvedModule?.resolvedFileName;
  if (resolved === undefined) return undefined;
  for (
    let dir = path.dirname(path.resolve(resolved));
    dir !== path.dirname(dir);
    dir = path.dirname(dir)
  ) {
    const manifest = path.join(dir, "package.json");
    if (!existsSync(manifest)) continue;
    try {
      if ((JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown }).name === "agentix")
        return dir;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
