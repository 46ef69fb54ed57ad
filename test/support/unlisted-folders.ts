import path from "node:path";

/**
 * node:fs whose readdirSync refuses (EACCES) to list any folder named `name`, as a folder with
 * execute permission but no read permission does: for `vi.mock("node:fs", ...)`, since tests run
 * as root here, who may list anything.
 */
export function withUnlistedFolders(
  fs: typeof import("node:fs"),
  name: string,
): typeof import("node:fs") {
  const readdirSync = ((dir: string, ...rest: unknown[]) => {
    if (path.basename(String(dir)) === name)
      throw Object.assign(new Error(`EACCES: permission denied, scandir '${String(dir)}'`), {
        code: "EACCES",
      });
    return (fs.readdirSync as (...args: unknown[]) => unknown)(dir, ...rest);
  }) as typeof fs.readdirSync;
  return { ...fs, readdirSync };
}
