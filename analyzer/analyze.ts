import path from "node:path";
import { NestingLimitError, isStackOverflow } from "./errors.js";
import { ts } from "./project/ts-morph.js";
import { formatProblem } from "./project/tsconfig.js";
import { toPosix } from "../schema/paths.js";
import { DescriptorExtractor } from "./extract/descriptors/extractor.js";
import type { DiagnosticItem, UnresolvedItem } from "./extract/model.js";
import { scanFile, type FileScan, type ImportSite } from "./extract/scan.js";
import { TypePrinter } from "./extract/type-printer.js";
import type { ImportEdge } from "./index-file/types.js";
import {
  loadProject,
  type LoadedProject,
  type LoadProblem,
  type LoadProjectOptions,
  type ProjectFile,
} from "./project/load-project.js";
import { FileRoles } from "./project/roles.js";
import { DiskExistence } from "./project/disk-existence.js";
import { DiskSources } from "./project/disk-sources.js";
import type { ModuleTarget } from "./resolve/module-resolution.js";
import { ValueResolver } from "./resolve/values.js";
import { SchemaProjector } from "./schema-projection/project-schema.js";
import { lineColumn } from "./extract/location.js";
import type { FileFacts, FileFactsCache, ResolvedImport } from "./extract/file-facts.js";

export type { ResolvedImport } from "./extract/file-facts.js";

/** Everything one analysis run found, before it is written as an index. */
export interface Analysis {
  readonly loaded: LoadedProject;
  readonly roles: FileRoles;
  readonly resolver: ValueResolver;
  readonly scans: ReadonlyMap<ProjectFile, FileScan>;
  readonly imports: ReadonlyMap<ProjectFile, readonly ResolvedImport[]>;
  readonly descriptors: DescriptorExtractor;
  readonly unresolved: readonly UnresolvedItem[];
  readonly diagnostics: DiagnosticItem[];
  /**
   * Whether a file exists, from the disk (a feature's entries the tsconfig leaves out included),
   * one answer per analysis; what it listed is recorded for the fresh-index check.
   */
  readonly existence: DiskExistence;
  /** Project files the program lacks that check's rules read (a descriptor), recorded likewise. */
  readonly diskSources: DiskSources;
  /** Milliseconds per phase, for --timing. */
  readonly timings: Record<string, number>;
}

export interface AnalyzeOptions {
  /** Called between phases and every few hundred files (progress lines). */
  readonly onProgress?: (phase: string, done: number, total: number) => void;
  /** Per-file facts kept from an earlier analysis of the same files (the warm session's). */
  readonly cache?: FileFactsCache;
}

function resolveImport(
  site: ImportSite,
  file: ProjectFile,
  resolver: ValueResolver,
): { target: ModuleTarget; edge: ImportEdge } {
  const line = lineColumn(file.sourceFile, site.node.getStart(file.sourceFile)).line;
  if (site.specifier === undefined) {
    return {
      target: { kind: "unresolved" },
      edge: {
        specifier: null,
        form: site.form,
        typeOnly: site.typeOnly,
        resolution: "unresolved",
        target: null,
        line,
      },
    };
  }
  const mode = site.form === "require" ? ts.ModuleKind.CommonJS : undefined;
  const target = resolver.modules.resolve(site.specifier, file.sourceFile, site.literal, mode);
  const edgeTarget =
    target.kind === "file"
      ? target.file.path
      : target.kind === "package" || target.kind === "builtin"
        ? target.name
        : target.kind === "asset"
          ? target.path
          : null;
  return {
    target,
    edge: {
      specifier: site.specifier,
      form: site.form,
      typeOnly: site.typeOnly,
      resolution: target.kind,
      target: edgeTarget,
      line,
    },
  };
}

/** Analyses a loaded project: scans every file once, resolves imports, extracts descriptors. */
export function analyzeLoaded(loaded: LoadedProject, options: AnalyzeOptions = {}): Analysis {
  const timings: Record<string, number> = {};
  let mark = performance.now();
  const phase = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - mark);
    mark = now;
  };
  const roles = new FileRoles(loaded);
  const resolver = new ValueResolver(loaded, options.cache);
  const scans = new Map<ProjectFile, FileScan>();
  const imports = new Map<ProjectFile, readonly ResolvedImport[]>();
  const unresolved: UnresolvedItem[] = [];
  const diagnostics: DiagnosticItem[] = loaded.problems.map((problem) =>
    loadDiagnostic(problem, loaded.root),
  );
  const total = loaded.files.length;
  let done = 0;
  for (const file of loaded.files) {
    let facts = options.cache?.get(file);
    if (!facts) {
      try {
        facts = fileFacts(file, resolver, loaded.program);
      } catch (error) {
        if (isStackOverflow(error)) throw new NestingLimitError(file.path);
        throw error;
      }
      options.cache?.set(file, facts);
    }
    scans.set(file, facts.scan);
    imports.set(file, facts.imports);
    unresolved.push(...facts.unresolved);
    diagnostics.push(...facts.diagnostics);
    done += 1;
    if (done % 250 === 0) options.onProgress?.("scanning", done, total);
  }
  phase("scan");
  const calls = [...scans.values()].flatMap((scan) => (scan.file.declaration ? [] : scan.calls));
  const printer = new TypePrinter(loaded.program);
  const projector = new SchemaProjector(resolver);
  const descriptors = new DescriptorExtractor(
    loaded,
    resolver,
    projector,
    printer,
    calls,
    (file) => roles.isTest(file),
    options.cache,
  );
  options.onProgress?.("extracting descriptors", 0, calls.length);
  descriptors.run();
  phase("extract");
  unresolved.push(...descriptors.unresolved);
  return {
    loaded,
    roles,
    resolver,
    scans,
    imports,
    descriptors,
    unresolved,
    diagnostics,
    existence: new DiskExistence(),
    diskSources: new DiskSources(),
    timings,
  };
}

/** What one file's own analysis finds: its scan, resolved imports, unresolved sites, syntax errors. */
function fileFacts(file: ProjectFile, resolver: ValueResolver, program: ts.Program): FileFacts {
  const scan = scanFile(file, resolver);
  const resolved: ResolvedImport[] = [];
  const unresolved: UnresolvedItem[] = [];
  const diagnostics: DiagnosticItem[] = [];
  for (const site of scan.imports) {
    const { target, edge } = resolveImport(site, file, resolver);
    resolved.push({ site, target, edge });
    if (
      site.specifier === undefined &&
      (site.form === "dynamic-import" || site.form === "require")
    ) {
      unresolved.push({
        kind: site.form,
        site: { file, node: site.node },
        reason: `${site.form === "require" ? "require()" : "import()"} with a non-literal target: the module it loads cannot be known statically`,
        ...(site.pattern !== undefined && { pattern: site.pattern }),
      });
    } else if (target.kind === "unresolved") {
      unresolved.push({
        kind: "import",
        site: { file, node: site.node },
        reason: `"${site.specifier}" cannot be resolved to a file`,
      });
    }
  }
  for (const diagnostic of program.getSyntacticDiagnostics(file.sourceFile)) {
    diagnostics.push({
      code: "syntax-error",
      severity: "error",
      message: `syntax error: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")} (TS${diagnostic.code})`,
      site: { file, node: nodeAt(file.sourceFile, diagnostic.start ?? 0) },
      ...lineColumn(file.sourceFile, diagnostic.start ?? 0),
      related: [],
    });
  }
  return { scan, imports: resolved, unresolved, diagnostics };
}

/** A problem of loading (a tsconfig warning, an unreadable file) as a diagnostic of the index. */
function loadDiagnostic(problem: LoadProblem, root: string): DiagnosticItem {
  // The index holds root-relative paths only: a problem of a file outside the root (a
  // workspace's shared tsconfig.base.json) says where in its message.
  if (problem.file !== null && path.isAbsolute(problem.file))
    return {
      code: problem.code,
      severity: problem.severity,
      message: formatProblem({ ...problem, file: toPosix(path.relative(root, problem.file)) }),
      site: null,
      related: [],
    };
  return {
    code: problem.code,
    severity: problem.severity,
    message: problem.message,
    site: null,
    ...(problem.file !== null ? { file: problem.file } : {}),
    ...(problem.line !== null ? { line: problem.line } : {}),
    ...(problem.line !== null && problem.column !== null ? { column: problem.column } : {}),
    related: [],
  };
}

/** The innermost node at a position (for diagnostics that only have an offset). */
function nodeAt(sourceFile: ts.SourceFile, position: number): ts.Node {
  let found: ts.Node = sourceFile;
  const visit = (node: ts.Node): void => {
    if (position >= node.getStart(sourceFile) && position < node.getEnd()) {
      found = node;
      ts.forEachChild(node, visit);
    }
  };
  ts.forEachChild(sourceFile, visit);
  return found;
}

/** Loads and analyses a project. */
export function analyze(options: LoadProjectOptions & AnalyzeOptions = {}): Analysis {
  const start = performance.now();
  const loaded = loadProject(options);
  const load = Math.round(performance.now() - start);
  const analysis = analyzeLoaded(loaded, options);
  analysis.timings["load"] = load;
  return analysis;
}
