/** Why a project could not be loaded at all: the analysis cannot start. */
export type ProjectLoadErrorCode =
  "tsconfig-missing" | "tsconfig-invalid" | "tsconfig-empty" | "config-invalid" | "root-missing";

/**
 * A problem with the analysed project's inputs (tsconfig.json, agentix.config.json, the root
 * folder), worded for a person. The CLI prints the message and exits with code 2, never a
 * stack trace.
 */
export class ProjectLoadError extends Error {
  override readonly name = "ProjectLoadError";
  constructor(
    readonly code: ProjectLoadErrorCode,
    message: string,
    /** Repository-relative (or, outside the root, absolute) path of the offending file. */
    readonly file: string | undefined,
  ) {
    super(message);
  }
}
