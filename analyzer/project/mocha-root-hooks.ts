// Mocha's root-level hooks: a `beforeEach(...)` (or `afterEach`, `before`, `after`) at the top of a
// file Mocha loads applies to every test of the run, whatever file the test is in. Older suites
// keep them in a helper beside the tests (`test/helpers/global-hooks.ts`, loaded by `mocha
// --recursive`): not a test by its name and imported by none, so a change reaching it selected no
// test, and a narrow run that did not load it failed at HEAD (helper-29 repro-3). Found by text
// (a hook call at the start of a line, outside any block), never run; no TypeScript here (verify
// reads it too).
import { readdirSync } from "node:fs";
import path from "node:path";
import { readProjectFile } from "../../schema/read-project-file.js";
import { toPosix } from "../../schema/paths.js";

/** A hook call at the start of a line: top level, as code in a block is indented. */
const ROOT_HOOK = /^(?:beforeEach|afterEach|before|after)\s*\(/mu;

/** Whether a file's text holds a root-level hook. */
export function holdsRootHook(text: string): boolean {
  return ROOT_HOOK.test(text);
}
const SOURCE = /\.(?:[cm]?[jt]s|[jt]sx)$/u;
const MAX_DEPTH = 8;
const MAX_FILES = 5000;

/**
 * The files under `folders` (root-relative) that hold root-level hooks, root-relative and sorted.
 * node_modules and dot folders are skipped; a folder that cannot be read holds none.
 */
export function mochaRootHooks(root: string, folders: readonly string[]): string[] {
  const found = new Set<string>();
  let seen = 0;
  const walk = (dir: string, depth: number): void => {
    if (depth > MAX_DEPTH || seen > MAX_FILES) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".") || entry.name === "node_modules") continue;
      const absolute = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(absolute, depth + 1);
      else if (entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) {
        seen++;
        let text: string;
        try {
          text = readProjectFile(absolute);
        } catch {
          continue;
        }
        if (holdsRootHook(text)) found.add(toPosix(path.relative(root, absolute)));
      }
    }
  };
  for (const folder of new Set(folders)) {
    const absolute = path.resolve(root, folder);
    if (absolute === root || !absolute.startsWith(root + path.sep)) continue;
    walk(absolute, 0);
  }
  return [...found].sort();
}

/** The folder a spec glob or path starts in (`test/**\/*.ts` -> test), root-relative. */
export function specFolder(spec: string): string {
  const clean = toPosix(path.normalize(spec)).replace(/^\.\//u, "");
  const parts: string[] = [];
  for (const part of clean.split("/")) {
    if (/[*?{}[\]]/u.test(part) || SOURCE.test(part)) break;
    parts.push(part);
  }
  return parts.join("/");
}
