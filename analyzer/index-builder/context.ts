// What every stage of the index builder reads (the analysis) and where its diagnostics go.
import type { Analysis } from "../analyze.js";
import { lineColumn } from "../extract/location.js";
import type { DiagnosticItem, Site } from "../extract/model.js";
import type { ProjectFile } from "../project/load-project.js";

/** Problems with the model, in the order the stages find them (the index sorts them). */
export class DiagnosticLog {
  readonly items: DiagnosticItem[];

  constructor(initial: readonly DiagnosticItem[]) {
    this.items = [...initial];
  }

  add(
    code: string,
    severity: "error" | "warning",
    message: string,
    site: Site | null,
    related: Site[] = [],
    /** The site is an exact position (an import): its column is recorded too. */
    exact = false,
  ): void {
    this.items.push({
      code,
      severity,
      message,
      site,
      related,
      ...(exact && site
        ? {
            column: lineColumn(site.file.sourceFile, site.node.getStart(site.file.sourceFile))
              .column,
          }
        : {}),
    });
  }
}

export interface BuildContext {
  readonly analysis: Analysis;
  readonly diagnostics: DiagnosticLog;
  /** The id of the feature folder holding a file, or null. */
  featureIdOfFile(file: ProjectFile | null | undefined): string | null;
  /** The id of the feature folder holding a site, or null. */
  featureOfSite(site: Site | null): string | null;
}

export function buildContext(analysis: Analysis): BuildContext {
  const featureIdOfFile = (file: ProjectFile | null | undefined): string | null =>
    file ? (analysis.roles.featureOf(file)?.id ?? null) : null;
  return {
    analysis,
    diagnostics: new DiagnosticLog(analysis.diagnostics),
    featureIdOfFile,
    featureOfSite: (site) => featureIdOfFile(site?.file),
  };
}

/** A whole file as a site (for diagnostics about a file or a folder). */
export function fileSite(file: ProjectFile | undefined): Site | null {
  return file ? { file, node: file.sourceFile } : null;
}
