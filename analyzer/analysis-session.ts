// An analysis kept warm between answers (the `agentix mcp` server holds one). Before each answer
// a stat pass finds what changed on disk since the last one: a changed tsconfig chain,
// agentix.config.json, package.json, lockfile or Vitest config loads the project again from scratch; created,
// deleted and edited source files give a new program that reuses every unchanged file
// (project/reload-project.ts). The answer is then computed from the refreshed analysis exactly
// as a cold run computes it, so it is the same.
import path from "node:path";
import { analyzeLoaded, type Analysis } from "./analyze.js";
import { buildIndexModel, completeIndex, type IndexModel } from "./index-builder/build-index.js";
import { collectVerdict } from "./violations/collect.js";
import type { AgentixIndex } from "./index-file/types.js";
import type { ModelIndex } from "./index-file/model-index.js";
import {
  readStamped,
  restamp,
  stampOfRead,
  stampOfText,
  stampsChanged,
  type FileStamp,
} from "./project/file-stamps.js";
import {
  loadProject,
  type LoadedProject,
  type LoadProjectOptions,
} from "./project/load-project.js";
import { reloadProject, SourceFileCache } from "./project/reload-project.js";
import { RootListing } from "./project/root-listing.js";
import { configCandidates, PROJECT_INPUT_FILES } from "./project/input-files.js";
import type { LoadProblem } from "./project/tsconfig.js";
import { FileFactsCache } from "./extract/file-facts.js";

/** Whether the test search (or the tsconfig) reports what it reported when the state was built. */
function sameProblems(a: readonly LoadProblem[], b: readonly LoadProblem[]): boolean {
  const key = (p: LoadProblem) =>
    [p.code, p.severity, p.message, p.file, p.line, p.column].join("\0");
  return a.length === b.length && a.every((problem, i) => key(problem) === key(b[i]!));
}

/** What the last refresh did: nothing, a new program over changed files, or a full load. */
export type RefreshKind = "unchanged" | "incremental" | "cold";

export interface Refresh {
  readonly kind: RefreshKind;
  /** Absolute paths of the source files whose text changed, were created or were deleted. */
  readonly changed: readonly string[];
}

interface State {
  readonly loaded: LoadedProject;
  readonly analysis: Analysis;
  model: IndexModel | undefined;
  index: AgentixIndex | undefined;
  readonly cache: SourceFileCache;
  /** Every project file of the program (LoadedProject.files), by program file name. */
  readonly sources: Map<string, FileStamp>;
  /** The configuration inputs; undefined for one that does not exist. */
  readonly inputs: Map<string, FileStamp | undefined>;
  readonly rootNames: readonly string[];
  /** Root files the program could not read (a `files` entry not written yet): watched to appear. */
  readonly absent: readonly string[];
}

export class AnalysisSession {
  private state: State | undefined;
  private last: Refresh = { kind: "cold", changed: [] };
  private readonly facts = new FileFactsCache();
  private readonly roots = new RootListing();

  constructor(private readonly options: LoadProjectOptions) {}

  /** What the last `analysis()` or `index()` call had to do. */
  get lastRefresh(): Refresh {
    return this.last;
  }

  /** The analysis of the project as it is on disk now. */
  analysis(): Analysis {
    return this.refresh().analysis;
  }

  /**
   * The index of the project as it is on disk now (built once per analysis). It is not checked
   * against the schema here (that costs a warm answer a tenth of its time; the tests check it):
   * `agentix index` checks what it writes.
   */
  index(): AgentixIndex {
    const state = this.refresh();
    state.index ??= completeIndex(this.modelOf(state), collectVerdict(state.analysis));
    return state.index;
  }

  /** The index but for the verdict (built once per analysis): what inspect and graph read. */
  modelIndex(): ModelIndex {
    return this.modelOf(this.refresh()).index;
  }

  private modelOf(state: State): IndexModel {
    state.model ??= buildIndexModel(state.analysis);
    return state.model;
  }

  private refresh(): State {
    try {
      return this.refreshState();
    } catch (error) {
      // Whatever failed half-way (a tsconfig that no longer parses, a file vanishing mid-read),
      // the next answer starts from a clean load rather than from a half-updated state.
      this.state = undefined;
      throw error;
    }
  }

  private refreshState(): State {
    const state = this.state;
    if (state === undefined || this.inputsChanged(state)) return this.load();
    const changed: string[] = [];
    let missing = false;
    for (const [fileName, before] of state.sources) {
      const now = restamp(fileName, before);
      if (now.status === "missing") {
        missing = true;
        changed.push(fileName);
        state.cache.update(fileName, undefined);
        state.sources.delete(fileName);
      } else if (now.status === "changed") {
        changed.push(fileName);
        state.cache.update(fileName, now.text);
        state.sources.set(fileName, now.stamp);
      } else {
        state.sources.set(fileName, now.stamp);
      }
    }
    const roots = this.roots.list(state.loaded);
    const known = new Set(state.rootNames);
    const appeared = new Set(state.absent.filter((file) => readStamped(file) !== undefined));
    const created = roots.rootNames.filter((file) => !known.has(file) || appeared.has(file));
    const listed = new Set(roots.rootNames);
    const dropped = state.rootNames.filter((file) => !listed.has(file));
    if (
      changed.length === 0 &&
      created.length === 0 &&
      dropped.length === 0 &&
      sameProblems(roots.problems, state.loaded.roots.problems)
    ) {
      const { existence, diskSources } = state.analysis;
      if (existence.changed() || diskSources.changed()) return this.reanalysed(state);
      this.last = { kind: "unchanged", changed: [] };
      return state;
    }
    const reuse = !missing && created.length === 0 && dropped.length === 0;
    if (reuse) this.facts.invalidate(state.analysis.imports, changed);
    else this.facts.clear();
    const loaded = reloadProject(state.loaded, state.cache, roots, reuse);
    this.state = this.stateFor(loaded, state.cache, state.inputs, roots.rootNames, state.sources);
    this.last = {
      kind: "incremental",
      changed: [...new Set([...changed, ...created, ...dropped])].sort(),
    };
    return this.state;
  }

  /**
   * The same program analysed again: a file the program leaves out whose existence the analysis
   * judged (a feature's public entry, its descriptor) was created or deleted, or one the rules
   * read (a descriptor) was edited.
   */
  private reanalysed(state: State): State {
    this.state = this.stateFor(
      state.loaded,
      state.cache,
      state.inputs,
      state.rootNames,
      state.sources,
    );
    this.last = { kind: "incremental", changed: [] };
    return this.state;
  }

  private load(): State {
    // Inputs are stamped before the load reads them: a write during the load is seen next time.
    const inputs = new Map<string, FileStamp | undefined>();
    const started = Date.now();
    const loaded = loadProject(this.options);
    for (const file of [
      ...loaded.tsconfigFiles,
      ...PROJECT_INPUT_FILES.map((f) => path.join(loaded.root, f)),
      ...configCandidates(loaded.root),
    ])
      inputs.set(file, readStamped(file)?.stamp);
    const cache = new SourceFileCache(loaded.program);
    this.facts.clear();
    // The load's own listing and reads stand for the first refresh's, where they are provably
    // current: that refresh neither walks the folders nor reads every file again.
    this.roots.loaded(loaded.roots, started);
    const sources = new Map<string, FileStamp>();
    for (const file of loaded.files)
      sources.set(file.fileName, stampOfRead(file.fileName, file.sourceFile.text, started));
    this.state = this.stateFor(loaded, cache, inputs, loaded.roots.rootNames, sources);
    this.last = { kind: "cold", changed: [] };
    return this.state;
  }

  private stateFor(
    loaded: LoadedProject,
    cache: SourceFileCache,
    inputs: Map<string, FileStamp | undefined>,
    rootNames: readonly string[],
    previous: ReadonlyMap<string, FileStamp>,
  ): State {
    const sources = new Map<string, FileStamp>();
    for (const file of loaded.files) {
      // A file read by this program for the first time has no stat yet: the next pass reads it.
      sources.set(file.fileName, previous.get(file.fileName) ?? stampOfText(file.sourceFile.text));
    }
    return {
      loaded,
      analysis: analyzeLoaded(loaded, { cache: this.facts }),
      model: undefined,
      index: undefined,
      cache,
      sources,
      inputs,
      rootNames,
      absent: rootNames.filter((file) => loaded.program.getSourceFile(file) === undefined),
    };
  }

  private inputsChanged(state: State): boolean {
    // The Vitest configs decide which files are tests: a config created, edited or deleted (one
    // a `projects` glob names included) is read again by a full load, as a cold run reads it.
    return stampsChanged(state.inputs) || state.loaded.vitest.inputs.changed();
  }
}
