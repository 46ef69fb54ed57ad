// What each change is: code agentix can follow (a seed), or something that widens the answer
// to the whole application, with the reason.
import path from "node:path";
import type { FileChange } from "./changes.js";
import { PATH_RESOLUTION, type AffectedFacts, type FactFile, type ImportFact } from "./facts.js";
import type { Importers } from "./import-graph.js";
import type { BaseIndexLookup } from "./base-index.js";
import { patternMatcher } from "./loader-glob.js";
import { isConfigFile, isInertFile, type WideningReason } from "./widening.js";

export interface Classified {
  /** Changed project files agentix follows, with their changes. */
  readonly seeds: readonly { readonly file: FactFile; readonly change: FileChange }[];
  /** Files that imported a removed file (by the base index): their module changed meaning. */
  readonly importersOfRemoved: readonly FactFile[];
  /**
   * Runtime files with an `import()`/`require()` no one can name: it may load the changed code,
   * so every test that loads them runs (nothing else does: what they load flows only into them).
   */
  readonly unknownLoaders: readonly { readonly file: FactFile; readonly reason: string }[];
  readonly widened: readonly WideningReason[];
  readonly notes: readonly string[];
}

/**
 * `testedElsewhere`: files the tests of another analysis of the root load (a tsconfig inside it
 * that owns tests this one leaves out): shared code they reach is test-reached here too.
 */
export function classifyChanges(
  facts: AffectedFacts,
  changes: readonly FileChange[],
  importers: Importers,
  base: BaseIndexLookup | undefined,
  testedElsewhere: (file: string) => boolean = () => false,
): Classified {
  const classifier = new ChangeClassifier(facts, importers, testedElsewhere);
  for (const change of changes) classifier.classify(change);
  classifier.widenForForeignSchemas();
  classifier.widenForUnknownSetups();
  const unknownLoaders = classifier.unknownLoaders();
  const importersOfRemoved = classifier.importersOfRemoved(base);
  const { seeds, widened, notes } = classifier;
  return { seeds, importersOfRemoved, unknownLoaders, widened, notes };
}

class ChangeClassifier {
  readonly widened: WideningReason[] = [];
  readonly notes: string[] = [];
  readonly seeds: { file: FactFile; change: FileChange }[] = [];
  /** Paths that no longer exist: deleted, or the old side of a rename. */
  private readonly removed: string[] = [];

  /**
   * Whether the project has a feature or an operation. Without either, the layout's adapter and
   * composition-root globs (`**\/src/main.ts`) name ordinary code: a library's src/main.ts wires
   * nothing agentix dispatches, and its import graph is the whole story (oclif/core widened every
   * answer to all 53 test files).
   */
  private readonly hasFeatures: boolean;

  constructor(
    private readonly facts: AffectedFacts,
    private readonly importers: Importers,
    private readonly testedElsewhere: (file: string) => boolean,
  ) {
    this.hasFeatures =
      facts.operations.length > 0 || facts.files.some((file) => file.feature !== null);
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
      if (file.startsWith("../") && !this.configuresProject(file)) {
        this.notes.push(
          `${file} is configuration outside the project that it neither compiles nor runs on`,
        );
        return;
      }
      this.widen({ code: "config-file", message: `configuration changed: ${file}`, path: file });
      return;
    }
    if (isInertFile(file)) {
      // Documentation, unless code names it by its path: then it is data (a fixture, a golden file).
      const namers = this.pathNamers(file);
      if (namers.length === 0) return;
      this.notes.push(
        `${file} is named by the code of ${namers.join(", ")}: it counts as a change to ${namers.length === 1 ? "that file" : "those files"}`,
      );
      for (const namer of namers) this.classify({ path: namer, status: "modified" });
      return;
    }
    if (file.startsWith("../")) {
      this.classifyOutside(file);
      return;
    }
    const projectFile = this.facts.file(file);
    const snapshotOf = projectFile === undefined ? this.snapshotTest(file) : undefined;
    if (snapshotOf !== undefined) {
      // Jest's and Vitest's snapshot file of one test file: only that test reads it.
      this.notes.push(`${file} holds the snapshots of ${snapshotOf.path}: it runs`);
      this.seeds.push({ file: snapshotOf, change: { path: snapshotOf.path, status: "modified" } });
      return;
    }
    const importers = projectFile === undefined ? this.assetImporters(file) : [];
    if (importers.length > 0) {
      // What a bundler makes of the asset flows into the modules that import it, and from them on.
      this.notes.push(
        `${file} is not TypeScript: it counts as a change to the files that import it (${importers.join(", ")})`,
      );
      for (const importer of importers) this.classify({ path: importer, status: "modified" });
    } else if (projectFile === undefined) {
      this.widen({ code: "unknown-file", message: unknownFileMessage(file), path: file });
    } else if (projectFile.declaration) {
      this.widen({ code: "shared-code", message: `declaration file changed: ${file}`, path: file });
    } else if (projectFile.role === "shared" && !this.onlyTestsReach(projectFile)) {
      this.widen({
        code: "shared-code",
        message: `shared code outside every feature changed: ${file}`,
        path: file,
      });
    } else {
      this.seeds.push({ file: projectFile, change });
    }
  }

  /** The files whose code names `file`, or a folder above it, by its path (path-references.ts), sorted. */
  private pathNamers(file: string): string[] {
    return this.importersWhere(
      (item) =>
        item.resolution === PATH_RESOLUTION &&
        item.target.kind === "unresolved" &&
        item.specifier !== null &&
        item.specifier !== "" &&
        (file === item.specifier || file.startsWith(`${item.specifier}/`)),
    ).sort();
  }

  /** The test whose snapshot file `file` is (`<dir>/__snapshots__/<test file>.snap`), if any. */
  private snapshotTest(file: string): FactFile | undefined {
    const match = /^(?:(.*)\/)?__snapshots__\/([^/]+)\.snap$/u.exec(file);
    if (match === null) return undefined;
    const test = this.facts.file(
      match[1] === undefined ? (match[2] as string) : `${match[1]}/${match[2]}`,
    );
    return test?.test === true && !test.helper ? test : undefined;
  }

  /**
   * The project files that import `file` as an asset (CSS, SVG, JSON...) or load it through a
   * pattern (`import(`./locales/${lang}.json`)`), sorted.
   */
  private assetImporters(file: string): string[] {
    const importers = this.importersWhere(
      (edge) => edge.resolution === "asset" && edge.edgeTarget === file,
    );
    for (const importer of this.patternLoadersOf(file))
      if (!importers.includes(importer)) importers.push(importer);
    return importers.sort();
  }

  /** The files whose pattern target (see loader-pattern.ts) matches `file`. */
  private patternLoadersOf(file: string): string[] {
    return this.importersWhere(
      (edge) =>
        edge.resolution === "pattern" &&
        edge.target.kind === "unresolved" &&
        edge.edgeTarget !== null &&
        patternMatcher(edge.edgeTarget)(file),
    );
  }

  /** The project files with an import that passes `test`, in the facts' order. */
  private importersWhere(test: (edge: ImportFact) => boolean): string[] {
    const importers: string[] = [];
    for (const [importer, imports] of this.facts.imports)
      if (imports.some(test)) importers.push(importer);
    return importers;
  }

  /**
   * A configuration file outside the root configures the project when it sits in a folder above it
   * (a workspace's lockfile, tsconfig.base.json, eslint config) or configures what it compiles or
   * runs on; a sibling app's lockfile does not.
   */
  private configuresProject(file: string): boolean {
    const absolute = path.resolve(this.facts.root, file);
    const above = path.relative(path.dirname(absolute), this.facts.root);
    if (!above.startsWith("..") && !path.isAbsolute(above)) return true;
    return this.facts.outside(absolute) !== "unrelated";
  }

  /** A change outside the project root: code it compiles, the agentix it runs on, or a note. */
  private classifyOutside(file: string): void {
    const outside = this.facts.outside(path.resolve(this.facts.root, file));
    if (outside === "test-setup") {
      this.widen({
        code: "outside-project",
        message: `a test setup file outside the project changed: ${file} runs before every test`,
        path: file,
      });
    } else if (outside === "compiled") {
      this.widen({
        code: "outside-project",
        message: `code outside the project that it compiles changed: ${file}`,
        path: file,
      });
    } else if (outside === "agentix-runtime") {
      this.widen({
        code: "agentix-runtime",
        message: `the agentix package the project runs on changed: ${file}`,
        path: file,
      });
    } else {
      this.notes.push(`${file} is outside the project and not part of its program`);
    }
  }

  /**
   * Whether the project may have read a removed file that is not TypeScript: an import would
   * lead to it, or one names a file of its name (`import data from "../../shared/data.json"`).
   */
  private mayHaveRead(removed: string): boolean {
    if (this.facts.wouldImport(removed).length > 0) return true;
    const name = path.posix.basename(removed);
    for (const imports of this.facts.imports.values())
      if (
        imports.some(
          (item) => item.specifier !== null && path.posix.basename(item.specifier) === name,
        )
      )
        return true;
    return false;
  }

  /** Code outside features: shared, or an adapter or composition root of a project without features. */
  private isSharedCode(file: FactFile | undefined): boolean {
    if (file?.role === "shared") return true;
    return !this.hasFeatures && (file?.role === "adapter" || file?.role === "composition-root");
  }

  /**
   * Reached only by tests (and test helpers): a test support file, not shared application code.
   * By imports: a path named in code (path-references.ts) adds tests to an answer, never proves
   * that no other code loads the file.
   */
  private onlyTestsReach(start: FactFile): boolean {
    const seen = new Set<string>([start.path]);
    const queue = [start.path];
    while (queue.length > 0) {
      const file = queue.pop() as string;
      for (const entry of this.importers.get(file) ?? []) {
        if (entry.typeOnly || entry.named !== undefined || seen.has(entry.importer)) continue;
        const importer = this.facts.file(entry.importer);
        if (importer?.test !== true && !this.isSharedCode(importer)) return false;
        seen.add(entry.importer);
        queue.push(entry.importer);
      }
    }
    return [...seen].some(
      (file) => this.facts.file(file)?.test === true || this.testedElsewhere(file),
    );
  }

  /**
   * A Vitest setup list no one can read may load any file before every test: any change to code
   * the analysis follows may reach every test through it.
   */
  widenForUnknownSetups(): void {
    if (this.seeds.length === 0 && this.removed.length === 0) return;
    for (const setup of this.facts.unknownSetups)
      this.widen({
        code: "unresolved-import",
        message: `${setup.file}:${setup.line}: a test setup list that cannot be read statically may load the changed code before every test`,
        path: setup.file,
      });
  }

  /**
   * Code using a schema agentix cannot read changed: a foreign (Standard Schema) validator,
   * which its library may share through a global registry (zod's, TypeBox's) no import or
   * reference shows, or another workspace package's `s.*` schema (a change reaching the file
   * across packages touches every line of it).
   */
  widenForForeignSchemas(): void {
    const foreign = this.seeds.length > 0 ? this.facts.foreignSchemas() : [];
    for (const { file, change } of this.seeds) {
      for (const opaque of foreign) {
        if (opaque.file !== file.path || !touchesLine(change, opaque.line)) continue;
        this.widen({
          code: "opaque-schema",
          message: `code using a ${opaque.vendor} schema changed at ${opaque.file}:${opaque.line}; agentix cannot read that schema nor follow where it is shared (a validator library's global registry, another package's exports)`,
          path: opaque.file,
        });
      }
    }
  }

  /**
   * A non-literal import()/require() could load any changed module: the module that holds it is
   * affected as a whole, which reaches exactly the tests that load it (a test's own: the test).
   */
  unknownLoaders(): { file: FactFile; reason: string }[] {
    if (this.seeds.length === 0 && this.removed.length === 0) return [];
    const loaders = new Map<FactFile, string>();
    for (const item of this.facts.unknownLoaders) {
      const file = this.facts.file(item.file);
      if (file === undefined || loaders.has(file)) continue;
      const where = `${item.file}:${item.line}`;
      loaders.set(file, `${where}: ${item.reason}; it may load the changed code`);
      // An import() or require() (not an unresolvable static import): the project can declare it.
      const declarable = /^(?:import|require)\(/u.test(item.reason)
        ? ' (agentix.config.json "loads" can say what it loads)'
        : "";
      const runs = file.test ? "it runs" : `the tests that load ${item.file} run`;
      this.notes.push(`${where}: ${item.reason}: ${runs} with any change${declarable}`);
    }
    return [...loaders].map(([file, reason]) => ({ file, reason }));
  }

  /**
   * Removed (and renamed-away) files: the files whose import would lead to one if it were still
   * there (would-import.ts), what a pattern target matched, and what the index committed at the
   * base names when there is one.
   */
  importersOfRemoved(base: BaseIndexLookup | undefined): FactFile[] {
    const importersOfRemoved: FactFile[] = [];
    for (const old of this.removed) {
      if (isConfigFile(old)) {
        this.widen({ code: "config-file", message: `configuration removed: ${old}`, path: old });
        continue;
      }
      if (isInertFile(old)) continue;
      if (!/\.[cm]?tsx?$/.test(old) && old.startsWith("../") && !this.mayHaveRead(old)) {
        // As for a modified file there: outside the project, and nothing imports it by name.
        this.notes.push(`${old} is outside the project and not part of its program`);
        continue;
      }
      if (!/\.[cm]?tsx?$/.test(old)) {
        this.widen({
          code: "deleted-file",
          message: `${old} was removed; what read it cannot be proven`,
          path: old,
        });
        continue;
      }
      if (/\.d\.[cm]?ts$/.test(old)) {
        // Its declarations may have been global, as for a changed one.
        this.widen({ code: "shared-code", message: `declaration file removed: ${old}`, path: old });
        continue;
      }
      const recorded = base?.importersOf(old);
      const importers = [
        ...(recorded === undefined || "problem" in recorded ? [] : recorded),
        ...this.facts.wouldImport(old),
        ...this.patternLoadersOf(old),
      ];
      for (const importer of importers) {
        const current = this.facts.file(importer);
        if (current !== undefined && !importersOfRemoved.includes(current))
          importersOfRemoved.push(current);
      }
    }
    return importersOfRemoved;
  }
}

const TYPESCRIPT_FILE = /\.[cm]?tsx?$/u;

/**
 * Why a changed file the analysis does not hold widens: a TypeScript file is outside the tsconfig's
 * program (Next.js's `app/.well-known/` routes: TypeScript's `include` wildcards skip folders
 * whose names start with "."), anything else is no TypeScript.
 */
function unknownFileMessage(file: string): string {
  if (!TYPESCRIPT_FILE.test(file))
    return `${file} is not TypeScript the analyzer follows; what reads it cannot be proven`;
  const dotFolder = path.posix
    .dirname(file)
    .split("/")
    .find((segment) => segment.startsWith(".") && segment !== "." && segment !== "..");
  const why =
    dotFolder === undefined
      ? "its include and exclude leave it out"
      : `TypeScript's include wildcards skip folders whose names start with ".", such as ${dotFolder}: name it in include to analyse it`;
  return `${file} is outside the analysed tsconfig's program (${why}); what reads it cannot be proven`;
}

/** Whether a change touches a line: whole-file changes touch every line. */
function touchesLine(change: FileChange, line: number): boolean {
  if (change.status !== "modified" || change.lines === undefined) return true;
  return (
    change.lines.some(([first, last]) => line >= first && line <= last) ||
    (change.deletedAfter ?? []).some((after) => after === line || after + 1 === line)
  );
}
