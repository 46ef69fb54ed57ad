// The root files of a project as one listing finds them: what the tsconfig names (its include
// globs see created and deleted files) and the tests the search adds, with what that listing read
// and reported. A load records it; the warm session lists again and compares (root-listing.ts).
import type { ts } from "./ts-morph.js";
import type { DirectoryLog } from "./directory-log.js";
import type { ProjectLinks } from "./project-links.js";
import type { TestDiscovery } from "./test-discovery.js";
import type { LoadProblem } from "./tsconfig.js";

export interface RootFiles {
  /** Absolute: the tsconfig's files (those that do not exist included), then the added tests. */
  readonly rootNames: readonly string[];
  readonly addedTests: readonly string[];
  /**
   * Every folder the include globs and the test search listed (absolute) with a digest of its
   * entries (project/directory-listing.ts); undefined when they could not be recorded exactly.
   */
  readonly directoryListings: ReadonlyMap<string, string> | undefined;
  /** Whether the test search met a folder it could not read. */
  readonly unreadableFolders: boolean;
  /** Files whose text decided whether they are tests (see TestDiscovery.textsRead). */
  readonly textsRead: readonly string[];
  /** What the tsconfig, the Vitest configs and the test search reported, in loadProject's order. */
  readonly problems: readonly LoadProblem[];
  /** The symbolic links those listings met below the root: imports through them resolve to real paths. */
  readonly links: ProjectLinks;
}

export function rootFilesOf(
  parsed: ts.ParsedCommandLine,
  discovery: TestDiscovery,
  directories: DirectoryLog,
  problems: readonly LoadProblem[],
  root: string,
): RootFiles {
  return {
    rootNames: [...parsed.fileNames, ...discovery.added],
    addedTests: discovery.added,
    directoryListings: directories.listings(),
    unreadableFolders: discovery.problems.some((problem) => problem.code === "unreadable"),
    textsRead: discovery.textsRead,
    problems,
    links: directories.linksIn(root),
  };
}
