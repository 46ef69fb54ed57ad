// What analysing one file finds on its own (its scan, resolved imports, unresolvable import
// sites, syntax errors), and the warm session's cache of it. The facts of a file depend on its
// own syntax and, through the value resolver, on the files it imports (directly or not); module
// resolution is the program's. So they stay valid while the file's SourceFile is the same object
// (a reused program hands it back) and nothing in its import closure changed, as long as no file
// was created or deleted (which can change how imports resolve: the cache is cleared then).
// The schema slots read from a file's s.* expressions, and the origins the value resolver finds
// for its expressions, follow the same imports (neither the projection nor the resolver needs the
// checker), so they are kept the same way.
import type { DiagnosticItem, UnresolvedItem } from "./model.js";
import type { FileScan, ImportSite } from "./scan.js";
import type { ProjectFile } from "../project/load-project.js";
import type { ts } from "../project/ts-morph.js";
import type { ImportEdge, SchemaSlot } from "../index-file/types.js";
import type {
  KeptResolution,
  ModuleTarget,
  ResolutionStore,
} from "../resolve/module-resolution.js";
import type { Origin, OriginStore } from "../resolve/origin.js";

/** A resolved import site. */
export interface ResolvedImport {
  readonly site: ImportSite;
  readonly target: ModuleTarget;
  readonly edge: ImportEdge;
}

export interface FileFacts {
  readonly scan: FileScan;
  readonly imports: readonly ResolvedImport[];
  readonly unresolved: readonly UnresolvedItem[];
  readonly diagnostics: readonly DiagnosticItem[];
}

/** Whether the origins kept under it are still good (one per SourceFile, until forgotten). */
interface FileToken {
  valid: boolean;
}

export class FileFactsCache implements OriginStore, ResolutionStore {
  private facts = new WeakMap<ts.SourceFile, FileFacts>();
  /**
   * Schema slots and origins by expression, each with its file's token: forgetting a file's
   * invalidates its token, so a look-up never walks up to the expression's SourceFile.
   */
  private slots = new WeakMap<ts.Node, { slot: SchemaSlot; token: FileToken }>();
  private origins = new WeakMap<ts.Expression, { origin: Origin; token: FileToken }>();
  private tokens = new WeakMap<ts.SourceFile, FileToken>();
  /** Not forgotten with the facts: a resolution depends on which files exist, not on their text. */
  private resolutions = new WeakMap<ts.SourceFile, Map<string, KeptResolution>>();

  get(file: ProjectFile): FileFacts | undefined {
    return this.facts.get(file.sourceFile);
  }

  set(file: ProjectFile, facts: FileFacts): void {
    // A scan that asked the type checker depends on more than the import closure.
    if (!facts.scan.typed) this.facts.set(file.sourceFile, facts);
  }

  /** The projected schema slot kept for the expression (SchemaSlots keeps them). */
  keptSlot(expression: ts.Node): SchemaSlot | undefined {
    const kept = this.slots.get(expression);
    return kept?.token.valid ? kept.slot : undefined;
  }

  keepSlot(expression: ts.Node, slot: SchemaSlot): void {
    this.slots.set(expression, { slot, token: this.tokenOf(expression.getSourceFile()) });
  }

  keptOrigin(expression: ts.Expression): Origin | undefined {
    const kept = this.origins.get(expression);
    return kept?.token.valid ? kept.origin : undefined;
  }

  keepOrigin(expression: ts.Expression, origin: Origin): void {
    this.origins.set(expression, { origin, token: this.tokenOf(expression.getSourceFile()) });
  }

  private tokenOf(sourceFile: ts.SourceFile): FileToken {
    let token = this.tokens.get(sourceFile);
    if (!token) {
      token = { valid: true };
      this.tokens.set(sourceFile, token);
    }
    return token;
  }

  /** Where this file's specifiers led (ModuleResolver fills it). */
  resolutionsOf(sourceFile: ts.SourceFile): Map<string, KeptResolution> {
    let resolutions = this.resolutions.get(sourceFile);
    if (!resolutions) {
      resolutions = new Map();
      this.resolutions.set(sourceFile, resolutions);
    }
    return resolutions;
  }

  clear(): void {
    this.facts = new WeakMap();
    this.slots = new WeakMap();
    this.origins = new WeakMap();
    this.tokens = new WeakMap();
    this.resolutions = new WeakMap();
  }

  /**
   * Forgets the files that import one of `changed` (absolute file names), directly or not, by the
   * import edges of the previous analysis; the changed files themselves have new SourceFiles.
   */
  invalidate(
    imports: ReadonlyMap<ProjectFile, readonly ResolvedImport[]>,
    changed: readonly string[],
  ): void {
    const importers = new Map<string, ProjectFile[]>();
    for (const [file, resolved] of imports) {
      for (const { target } of resolved) {
        if (target.kind !== "file") continue;
        const list = importers.get(target.file.fileName);
        if (list) list.push(file);
        else importers.set(target.file.fileName, [file]);
      }
    }
    const seen = new Set<string>(changed);
    const pending = [...changed];
    for (let name = pending.pop(); name !== undefined; name = pending.pop()) {
      for (const importer of importers.get(name) ?? []) {
        if (seen.has(importer.fileName)) continue;
        seen.add(importer.fileName);
        this.facts.delete(importer.sourceFile);
        const token = this.tokens.get(importer.sourceFile);
        if (token) token.valid = false;
        this.tokens.delete(importer.sourceFile);
        pending.push(importer.fileName);
      }
    }
  }
}
