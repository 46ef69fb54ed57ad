import { existsSync } from "node:fs";
import {
  INDEX_FILE_LIMIT,
  ProjectFileError,
  readProjectBytes,
} from "../../schema/read-project-file.js";
import { listText } from "../text.js";
import type { AgentixIndex } from "./types.js";

export type IndexStatus = "current" | "stale" | "missing";

export interface StalenessReport {
  readonly status: IndexStatus;
  /** What differs, one line each (empty when current). */
  readonly reasons: readonly string[];
}

const ID_KEYS: Readonly<Record<string, (item: Record<string, unknown>) => string>> = {
  features: (item) => String(item["id"]),
  operations: (item) => String(item["id"]),
  ports: (item) => String(item["id"]),
  events: (item) =>
    `${String(item["id"])}${item["version"] === null ? "" : ` v${String(item["version"])}`}`,
  invariants: (item) => String(item["id"]),
  permissions: (item) => String(item["permission"]),
  tests: (item) => String(item["file"]),
  files: (item) => String(item["path"]),
  adapters: (item) => `${String(item["port"])}:${String(item["name"])}`,
};

const MAX_LISTED = 8;

const list = (items: readonly string[]): string => listText(items, { limit: MAX_LISTED });

function sectionChanges(name: string, before: unknown, after: unknown): string | undefined {
  if (JSON.stringify(before) === JSON.stringify(after)) return undefined;
  const key = ID_KEYS[name];
  const objects = (items: unknown[]) =>
    items.every((item) => typeof item === "object" && item !== null && !Array.isArray(item));
  if (!key || !Array.isArray(before) || !Array.isArray(after) || !objects(before))
    return `${name} differ`;
  const old = new Map(
    (before as Record<string, unknown>[]).map((item) => [key(item), JSON.stringify(item)]),
  );
  const now = new Map(
    (after as Record<string, unknown>[]).map((item) => [key(item), JSON.stringify(item)]),
  );
  const added = [...now.keys()].filter((id) => !old.has(id));
  const removed = [...old.keys()].filter((id) => !now.has(id));
  const changed = [...now.keys()].filter((id) => old.has(id) && old.get(id) !== now.get(id));
  const parts = [
    changed.length > 0 ? `changed ${list(changed)}` : "",
    added.length > 0 ? `added ${list(added)}` : "",
    removed.length > 0 ? `removed ${list(removed)}` : "",
  ].filter(Boolean);
  return `${name}: ${parts.length > 0 ? parts.join("; ") : "order differs"}`;
}

/**
 * Compares freshly computed index bytes with the file on disk, and says what is stale: the
 * sections of the model that differ, by id (the index holds facts only, so equal facts are equal
 * bytes and an edit that changes no fact leaves it current). An index file that is a FIFO, a
 * device or over INDEX_FILE_LIMIT is never read: ProjectFileError, naming it as `shown`.
 */
export function compareIndex(
  file: string,
  fresh: AgentixIndex,
  freshBytes: string,
  shown: string = file,
): StalenessReport {
  if (!existsSync(file))
    return { status: "missing", reasons: ["there is no index file; run `agentix index`"] };
  let committed: string;
  try {
    committed = readProjectBytes(file, shown, INDEX_FILE_LIMIT).toString("utf8");
  } catch (error) {
    if (!(error instanceof ProjectFileError) || error.refused) throw error;
    // A folder, no permission: rewriting it is what `agentix index` would try.
    return { status: "stale", reasons: [`the index file cannot be read (${error.reason})`] };
  }
  if (committed === freshBytes) return { status: "current", reasons: [] };
  let previous: Partial<AgentixIndex> | undefined;
  try {
    previous = JSON.parse(committed) as Partial<AgentixIndex>;
  } catch {
    return { status: "stale", reasons: ["the index file is not valid JSON"] };
  }
  if (typeof previous !== "object" || previous === null || Array.isArray(previous))
    return { status: "stale", reasons: ["the index file does not hold a JSON object"] };
  const reasons: string[] = [];
  if (previous.schemaVersion !== fresh.schemaVersion)
    reasons.push(
      `it has schemaVersion ${String(previous.schemaVersion)}, this analyzer writes ${fresh.schemaVersion}`,
    );
  const generator = previous.generator;
  if (
    generator &&
    (generator.version !== fresh.generator.version ||
      generator.typescript !== fresh.generator.typescript)
  ) {
    reasons.push(
      `it was written by agentix ${generator.version} with TypeScript ${generator.typescript}; this is agentix ${fresh.generator.version} with TypeScript ${fresh.generator.typescript}`,
    );
  }
  for (const name of Object.keys(fresh) as (keyof AgentixIndex)[]) {
    if (name === "generator" || name === "schemaVersion") continue;
    const change = sectionChanges(name, previous[name], fresh[name]);
    if (change) reasons.push(change);
  }
  if (reasons.length === 0) reasons.push("the bytes differ (formatting or key order)");
  return { status: "stale", reasons };
}
