import path from "node:path";

/** A "." or ".." segment, an empty one ("//"), a trailing or leading "/", or nothing at all. */
const UNUSUAL = /(?:^|\/)(?:\.\.?)?(?:\/|$)/u;

function parentOf(dir: string): string {
  const slash = dir.lastIndexOf("/");
  return slash <= 0 ? "/" : dir.slice(0, slash);
}

/**
 * `path.resolve(dir, specifier)` for a relative specifier ("./x", "../../x/y") written in an
 * absolute, normalized POSIX folder: each leading "./" and "../" is taken off the folder by
 * slicing and the rest appended. A lint run asks this for thousands of distinct (folder,
 * specifier) pairs, and path.resolve normalizes the whole path again each time. Anything
 * else (another separator, a "." or ".." further on, "//") goes to path.resolve.
 */
export function resolveRelative(dir: string, specifier: string): string {
  if (path.sep !== "/" || !dir.startsWith("/") || (dir !== "/" && UNUSUAL.test(dir.slice(1))))
    return path.resolve(dir, specifier);
  let base = dir;
  let rest = specifier;
  for (;;) {
    if (rest.startsWith("./")) rest = rest.slice(2);
    else if (rest.startsWith("../")) {
      base = parentOf(base);
      rest = rest.slice(3);
    } else break;
  }
  if (rest === "" || rest === ".") return base;
  if (rest === "..") return parentOf(base);
  if (UNUSUAL.test(rest)) return path.resolve(dir, specifier);
  return base === "/" ? `/${rest}` : `${base}/${rest}`;
}

/**
 * Whether a relative specifier names a folder only: ".", "..", or one ending in "/", "/." or
 * "/..". TypeScript then looks into the folder (its package.json, its index) and never tries the
 * file beside it of the folder's name (`src/both.ts` for "." written in src/both).
 */
export function namesFolderOnly(specifier: string): boolean {
  return /(?:^|\/)\.{0,2}$/u.test(specifier);
}
