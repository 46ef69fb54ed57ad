// A cold analysis's index bytes, computed once per distinct state of the project's tree: tests
// that edit a copy and put it back compare the warm session with a cold run many times over
// the same trees. A cold analysis is a function of the files it reads (the index is
// deterministic: index.test.ts), so an unchanged tree gives the same bytes; the key is every
// path under the root (folders, files with their content, symlinks with their target) outside
// node_modules and .agentix, which the copies only link to or which the analysis does not read.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import path from "node:path";
import { analyzeProject } from "../../analyzer/index.js";
import { serializeIndex } from "../../analyzer/index-file/serialize.js";

const SKIPPED = new Set(["node_modules", ".agentix"]);

function treeDigest(root: string): string {
  const hash = createHash("sha256");
  const walk = (relative: string): void => {
    const entries = readdirSync(path.join(root, relative), { withFileTypes: true }).sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    for (const entry of entries) {
      if (relative === "" && SKIPPED.has(entry.name)) continue;
      const child = relative === "" ? entry.name : `${relative}/${entry.name}`;
      const absolute = path.join(root, child);
      if (entry.isSymbolicLink()) hash.update(`link\0${child}\0${readlinkSync(absolute)}\0`);
      else if (entry.isDirectory()) {
        hash.update(`dir\0${child}\0`);
        walk(child);
      } else {
        hash.update(`file\0${child}\0`);
        hash.update(createHash("sha256").update(readFileSync(absolute)).digest("hex"));
      }
    }
  };
  walk("");
  return hash.digest("hex");
}

const computed = new Map<string, string>();

/** `serializeIndex(analyzeProject({ root }))`, analysed only for a tree not seen before. */
export function coldIndexBytes(root: string): string {
  const key = `${root}\0${treeDigest(root)}`;
  let bytes = computed.get(key);
  if (bytes === undefined) {
    bytes = serializeIndex(analyzeProject({ root }));
    computed.set(key, bytes);
  }
  return bytes;
}
