// Which project of a workspace counts each test file, when several projects' programs compile it
// (a root tsconfig.json including the packages' sources): so each is counted, selected and run
// once (workspace/affected.ts).
import path from "node:path";
import type { WorkspacePackage } from "./discover.js";
import type { ProjectSummary } from "./project-summary.js";

/**
 * Which project counts each test file: a test that several projects' programs compile (a root
 * tsconfig.json including the packages' sources) belongs to the projects of the deepest folder
 * among them, so it is counted, selected and run once. Projects of one folder share theirs.
 */
export function testOwnership(analyses: ReadonlyMap<WorkspacePackage, ProjectSummary>): {
  readonly countsTest: (pkg: WorkspacePackage) => (path: string) => boolean;
  readonly scoped: ReadonlySet<WorkspacePackage>;
} {
  const testsOf = new Map<WorkspacePackage, string[]>();
  const deepest = new Map<string, string>();
  for (const [pkg, analysis] of analyses) {
    const folder = analysis.loaded.root + path.sep;
    const tests: string[] = [];
    for (const file of analysis.files) {
      if (file.declaration || !file.test) continue;
      const absolute = file.absolute;
      tests.push(absolute);
      // Only a project whose folder holds the test can own it.
      if (!absolute.startsWith(folder)) continue;
      const owner = deepest.get(absolute);
      if (owner === undefined || folderDepth(pkg.path) > folderDepth(owner))
        deepest.set(absolute, pkg.path);
    }
    testsOf.set(pkg, tests);
  }
  const scoped = new Set<WorkspacePackage>();
  for (const [pkg, tests] of testsOf)
    if (tests.some((test) => (deepest.get(test) ?? pkg.path) !== pkg.path)) scoped.add(pkg);
  const countsTest = (pkg: WorkspacePackage) => {
    const root = analyses.get(pkg)?.loaded.root;
    if (root === undefined) return () => true;
    return (file: string) => (deepest.get(path.join(root, file)) ?? pkg.path) === pkg.path;
  };
  return { countsTest, scoped };
}

const folderDepth = (folder: string): number => (folder === "." ? 0 : folder.split("/").length);
