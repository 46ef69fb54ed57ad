// The index as committed at the base of a change: the only record of who imported a file that
// the change deleted. Used only when it is valid and describes the base's own sources.
import { createHash } from "node:crypto";
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
    // It must describe the sources it was committed with, or its import graph proves nothing.
    const request = `${parsed.index.source.files.map((entry) => objectName(entry.path)).join("\n")}\n`;
    const stale = staleSource(ref, parsed.index, git(top, ["cat-file", "--batch"], request));
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

/** Why the index does not describe the sources in `git cat-file --batch` output, if it does not. */
function staleSource(ref: string, index: AgentixIndex, output: Buffer): string | undefined {
  let offset = 0;
  for (const entry of index.source.files) {
    const headerEnd = output.indexOf(10, offset);
    const header = output.subarray(offset, headerEnd).toString("utf8");
    if (header.endsWith(" missing")) {
      return `the index at ${ref} is stale: ${entry.path} is not in that commit`;
    }
    const size = Number(header.split(" ")[2]);
    const content = output.subarray(headerEnd + 1, headerEnd + 1 + size);
    offset = headerEnd + 1 + size + 1;
    if (createHash("sha256").update(content).digest("hex") !== entry.sha256) {
      return `the index at ${ref} is stale: ${entry.path} changed after it was written`;
    }
  }
  return undefined;
}
