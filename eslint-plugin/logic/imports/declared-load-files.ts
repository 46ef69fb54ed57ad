// The files an agentix.config.json `loads` glob names ("src/plugins/*.ts", relative to the
// project root): what a non-literal import()/require() of a file that declares it may load.
// The rule judges each as an import of that file, as it judges the files a Vite glob loads.
import path from "node:path";
import type { LoadGlob } from "../../../schema/declared-loads.js";
import { toPosix } from "../../../schema/paths.js";
import { depthOf, filesUnder, staticBase } from "./vite-globs.js";

/**
 * The project files a declared load glob matches, absolute POSIX paths, sorted. Matched by
 * their root-relative path, so a root whose own path holds glob syntax (`my(app)`) is no pattern.
 */
export function declaredLoadFiles(root: string, { glob, matches }: LoadGlob): string[] {
  const rootDir = toPosix(root);
  const files = filesUnder(
    path.posix.join(rootDir, staticBase(`/${glob}`)),
    glob.includes("**"),
    depthOf(path.posix.join(rootDir, glob)),
  );
  return files.filter((file) => matches(path.posix.relative(rootDir, file))).sort();
}
