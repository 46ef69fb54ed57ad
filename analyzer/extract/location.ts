import type { ts } from "../project/ts-morph.js";
import type { Location } from "../index-file/types.js";
import type { Site } from "./model.js";

/** 1-based line and column of a position. */
export function lineColumn(
  sourceFile: ts.SourceFile,
  position: number,
): { line: number; column: number } {
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(position);
  return { line: line + 1, column: character + 1 };
}

/** The span of a node (leading trivia excluded) as an index location. */
export function locationOf(site: Site): Location {
  const sourceFile = site.file.sourceFile;
  const start = lineColumn(sourceFile, site.node.getStart(sourceFile));
  const end = lineColumn(sourceFile, site.node.getEnd());
  return {
    file: site.file.path,
    line: start.line,
    column: start.column,
    endLine: end.line,
    endColumn: end.column,
  };
}

export function lineOf(site: Site): number {
  return lineColumn(site.file.sourceFile, site.node.getStart(site.file.sourceFile)).line;
}
