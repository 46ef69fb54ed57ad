// The analyses of a workspace's projects for one answer: every project's summary, and its
// analysis kept while the heap has room (heap-budget.ts), else made again when a closure needs it.
import type { Analysis } from "../../analyze.js";
import type { WorkspacePackage, Workspace } from "../../workspace/discover.js";
import {
  projectSummary,
  type ProjectSummary,
  type WorkspaceAnalyses,
} from "../../workspace/project-summary.js";
import { forgetSources } from "../../project/shared-source-files.js";
import type { HeapMode } from "./heap-budget.js";

export class ProjectAnalyses implements WorkspaceAnalyses {
  readonly summaries = new Map<WorkspacePackage, ProjectSummary>();
  private readonly kept = new Map<WorkspacePackage, Analysis>();
  private mode: HeapMode = "keep";

  constructor(
    private readonly workspace: Workspace,
    /** Analyses one project (the same answer each time for the same files). */
    private readonly analyseProject: (pkg: WorkspacePackage) => Analysis,
  ) {}

  /**
   * From "release" on, the analyses kept are let go, and each one made after them too, with the
   * sources parsed for them.
   */
  set heapMode(mode: HeapMode) {
    this.mode = mode;
    if (mode === "release") this.release();
  }

  /** Analyses a project and takes its summary (a ProjectLoadError is the caller's). */
  add(pkg: WorkspacePackage): void {
    try {
      const analysis = this.analyse(pkg);
      this.summaries.set(pkg, projectSummary(this.workspace, pkg, analysis));
    } finally {
      if (this.mode === "release") this.release();
    }
  }

  /** A project's analysis: the one kept, else made again (and let go at the next). */
  analysis(pkg: WorkspacePackage): Analysis {
    const kept = this.kept.get(pkg);
    if (kept !== undefined) return kept;
    if (this.mode === "release") this.release();
    return this.analyse(pkg);
  }

  private analyse(pkg: WorkspacePackage): Analysis {
    const analysis = this.analyseProject(pkg);
    if (this.mode === "keep") this.kept.set(pkg, analysis);
    return analysis;
  }

  private release(): void {
    this.kept.clear();
    forgetSources();
  }
}
