// The index as committed at the base of a change: the only record of who imported a file that
// the change deleted. Used only when it is valid and describes the base's own sources.
import { createHash } from "node:crypto";
import path from "node:path";
import { indexProblems } from "../index-file/validate.js";
import type { AgentixIndex } from "../index-file/types.js";
import { INDEX_DIRECTORY, INDEX_FILE_NAME } from "../index-file/write.js";
import { git, repositoryTop } from "./git.js";
import type { BaseIndexLookup } from "./select.js";

/** Reads `<project>/.agentix/index.json` at `ref`, checks it, and answers importer questions from it. */
export function baseIndexAt(ref: string, projectRoot: string): BaseIndexLookup {
  let index: AgentixIndex | undefined;
  let problem: string | undefined;
  const load = (): void => {
    if (index !== undefined || problem !== undefined) return;
    const top = repositoryTop(projectRoot);
    const prefix = path.relative(top, projectRoot).split(path.sep).join("/");
    const at = (file: string) => `${ref}:${prefix === "" ? file : `${prefix}/${file}`}`;
    let text: string;
    try {
      text = git(top, ["show", at(`${INDEX_DIRECTORY}/${INDEX_FILE_NAME}`)]).toString("utf8");
    } catch {
      problem = `${ref} has no ${INDEX_DIRECTORY}/${INDEX_FILE_NAME} (commit one written by \`agentix index\`)`;
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      problem = `the index at ${ref} is not valid JSON`;
      return;
    }
    const problems = indexProblems(parsed);
    if (problems.length > 0) {
      problem = `the index at ${ref} is invalid: ${problems[0]}`;
      return;
    }
    const candidate = parsed as AgentixIndex;
    // It must describe the sources it was committed with, or its import graph proves nothing.
    const request = candidate.source.files.map((entry) => at(entry.path)).join("\n") + "\n";
    const output = git(top, ["cat-file", "--batch"], request);
    let offset = 0;
    for (const entry of candidate.source.files) {
      const headerEnd = output.indexOf(10, offset);
      const header = output.subarray(offset, headerEnd).toString("utf8");
      if (header.endsWith(" missing")) {
        problem = `the index at ${ref} is stale: ${entry.path} is not in that commit`;
        return;
      }
      const size = Number(header.split(" ")[2]);
      const content = output.subarray(headerEnd + 1, headerEnd + 1 + size);
      offset = headerEnd + 1 + size + 1;
      if (createHash("sha256").update(content).digest("hex") !== entry.sha256) {
        problem = `the index at ${ref} is stale: ${entry.path} changed after it was written`;
        return;
      }
    }
    index = candidate;
  };
  return {
    importersOf(file) {
      load();
      if (index === undefined) return { problem: problem ?? "unknown" };
      return index.files
        .filter((entry) =>
          entry.imports.some((edge) => edge.resolution === "file" && edge.target === file),
        )
        .map((entry) => entry.path);
    },
  };
}
