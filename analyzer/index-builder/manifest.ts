// The source manifest: the files the index was computed from, with their hashes, and one digest
// over them (equal digests mean equal inputs).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { Analysis } from "../analyze.js";
import type { AgentixIndex, ManifestEntry } from "../index-file/types.js";
import { relativeToRoot } from "../project/paths.js";
import { orderBy } from "./order.js";

function sha256(data: string): string {
  return createHash("sha256").update(data).digest("hex");
}

/** The files whose content the index depends on, with their hashes, and one digest over them. */
export function sourceManifest(analysis: Pick<Analysis, "loaded">): AgentixIndex["source"] {
  const { loaded } = analysis;
  const entries: ManifestEntry[] = [];
  const seen = new Set<string>();
  const add = (absolute: string) => {
    const relative = relativeToRoot(loaded.root, absolute);
    if (relative === undefined || seen.has(relative)) return;
    seen.add(relative);
    let content: string;
    try {
      // Line endings are normalised: a Windows checkout (CRLF) gives the same index.
      content = readFileSync(absolute, "utf8").replace(/\r\n/gu, "\n");
    } catch {
      return;
    }
    entries.push({ path: relative, sha256: sha256(content) });
  };
  for (const file of loaded.files) add(path.resolve(file.fileName));
  for (const file of loaded.tsconfigFiles) add(file);
  if (loaded.config.configFile) add(loaded.config.configFile);
  entries.sort(orderBy((e) => e.path));
  return {
    digest: `sha256:${sha256(entries.map((e) => `${e.path} ${e.sha256}\n`).join(""))}`,
    files: entries,
  };
}
