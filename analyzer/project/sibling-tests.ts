// Which project of a folder a test belongs to when the folder's tsconfig.json is a solution
// referencing several projects in that folder (the Vite template's tsconfig.app.json and
// tsconfig.node.json; hono's tsconfig.build.json and tsconfig.spec.json): each project is
// analysed on its own, and each test once, by the sibling whose tsconfig includes it, else by
// the first one the solution references (so a build config that excludes the tests does not
// count them a second time).
import { existsSync } from "node:fs";
import path from "node:path";
import type { DirectoryLog } from "./directory-log.js";
import { folderSiblings } from "./solution-tsconfig.js";
import { readTsconfig } from "./tsconfig.js";

export interface SiblingTests {
  /** The solution and the other siblings' tsconfig files (and their `extends`), absolute. */
  readonly files: readonly string[];
  /** The sibling tsconfig that owns a test this project leaves out, or undefined when it is this one. */
  readonly ownedBySibling: (file: string) => string | undefined;
}

/** Undefined when `tsconfigFile` has no sibling projects in its folder. */
export function siblingTests(
  tsconfigFile: string,
  root: string,
  directories: DirectoryLog,
): SiblingTests | undefined {
  const self = path.resolve(tsconfigFile);
  const dir = path.dirname(self);
  const siblings = folderSiblings(dir).filter((file) => existsSync(file));
  if (siblings.length < 2 || !siblings.includes(self)) return undefined;
  const others = siblings
    .filter((file) => file !== self)
    .map((file) => {
      try {
        const read = readTsconfig(file, root, root, directories);
        return {
          file,
          includes: new Set(read.parsed.fileNames.map((name) => path.resolve(name))),
          read: read.files,
        };
      } catch {
        // It cannot be parsed: it includes nothing here, and its own load reports why.
        return { file, includes: new Set<string>(), read: [file] };
      }
    });
  const first = siblings[0] as string;
  return {
    files: [path.join(dir, "tsconfig.json"), ...others.flatMap((other) => other.read)],
    ownedBySibling: (file) =>
      others.find((other) => other.includes.has(path.resolve(file)))?.file ??
      (first === self ? undefined : first),
  };
}
