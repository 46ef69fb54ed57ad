// The index as committed at the base of a change: the record of who imported a file that the
// change deleted. Used only when it is valid and every file it describes is in the base commit.
// It holds no per-file hashes (schemaVersion 2): an importer that an index written before an edit
// misses is still found, because an unchanged file that imported a removed one now has an import
// that leads nowhere (classify-changes.ts finds those), and a changed one is a seed itself.
import path from "node:path";
import { ChangeSourceError } from "../errors.js";
import { indexProblems } from "../index-file/validate.js";
import type { AgentixIndex } from "../index-file/types.js";
import { INDEX_DIRECTORY, INDEX_FILE_NAME } from "../index-file/write.js";
import { git, repositoryTop } from "./git.js";
import { toPosix } from "../../schema/paths.js";

export interface BaseIndexLookup {
  /** The files that imported `file` in the indexed base, or a sentence saying why that is unknown. */
  importersOf(file: string): readonly string[] | { readonly problem: string };
}

type BaseIndex = { readonly index: AgentixIndex } | { readonly problem: string };

/**
 * Reads `<project>/.agentix/index.json` at `ref`, checks it, and answers importer questions from
 * it. An index that is missing, invalid or stale is a problem the answer widens for; git failing
 * to answer at all is a ChangeSourceError (the environment's problem, not the change's).
 */
export function baseIndexAt(ref: string, projectRoot: string): BaseIndexLookup {
  let base: BaseIndex | undefined;
  return {
    importersOf(file) {
      base ??= readBaseIndex(ref, projectRoot);
      if ("problem" in base) return { problem: base.problem };
      return base.index.files
        .filter((entry) =>
          entry.imports.some((edge) => edge.resolution === "file" && edge.target === file),
        )
        .map((entry) => entry.path);
    },
  };
}

function readBaseIndex(ref: string, projectRoot: string): BaseIndex {
  try {
    const top = repositoryTop(projectRoot);
    const prefix = toPosix(path.relative(top, projectRoot));
    const objectName = (file: string) => `${ref}:${prefix === "" ? file : `${prefix}/${file}`}`;
    const parsed = parseCommittedIndex(ref, () =>
      git(top, ["show", objectName(`${INDEX_DIRECTORY}/${INDEX_FILE_NAME}`)]).toString("utf8"),
    );
    if ("problem" in parsed) return parsed;
    // Every file it describes must be in that commit, or its import graph proves nothing.
    const request = `${parsed.index.files.map((entry) => objectName(entry.path)).join("\n")}\n`;
    const stale = missingSource(
      ref,
      parsed.index,
      git(top, ["cat-file", "--batch-check"], request),
    );
    return stale === undefined ? parsed : { problem: stale };
  } catch (error) {
    if (!(error instanceof ChangeSourceError)) throw error;
    throw new ChangeSourceError(
      "git-failed",
      `cannot read the index committed at ${ref}: ${error.message}`,
    );
  }
}

/** The committed index, when it is there, JSON and valid. */
function parseCommittedIndex(ref: string, read: () => string): BaseIndex {
  let text: string;
  try {
    text = read();
  } catch {
    return {
      problem: `${ref} has no ${INDEX_DIRECTORY}/${INDEX_FILE_NAME} (commit one written by \`agentix index\`)`,
    };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { problem: `the index at ${ref} is not valid JSON` };
  }
  const problems = indexProblems(parsed);
  if (problems.length > 0) return { problem: `the index at ${ref} is invalid: ${problems[0]}` };
  return { index: parsed as AgentixIndex };
}

/** The first file the index describes that `git cat-file --batch-check` did not find, if any. */
function missingSource(ref: string, index: AgentixIndex, output: Buffer): string | undefined {
  const lines = output.toString("utf8").split("\n");
  const missing = index.files.findIndex((_, at) => lines[at]?.endsWith(" missing") !== false);
  if (missing === -1) return undefined;
  return `the index at ${ref} is stale: ${index.files[missing]?.path} is not in that commit`;
}
