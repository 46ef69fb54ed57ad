// Path helpers shared by the config loader, the ESLint plugin and the analyzer: schema/ is the
// one folder all three import, so they are defined here once.
import path from "node:path";

/** A platform path with POSIX separators, as the index, the configuration and messages show it. */
export function toPosix(value: string): string {
  return path.sep === "/" ? value : value.split(path.sep).join("/");
}
