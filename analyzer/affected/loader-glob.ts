// A pattern target's files (extract/loader-pattern.ts reads the pattern from the syntax): kept
// apart from the syntax so that `affected` answered from its record does not load the compiler.
import path from "node:path";

/** The pattern of a site in `importer` (project-relative, posix) as a project-relative glob. */
export function projectPattern(importer: string, pattern: string): string {
  return path.posix.join(path.posix.dirname(importer), pattern);
}

const SOURCE = /^(.*?)(\.d)?\.([cm]?[jt]sx?)$/u;
/** The JavaScript names TypeScript resolves to a source (`./a.js` -> a.ts or a.tsx). */
const AS_JAVASCRIPT: Readonly<Record<string, readonly string[]>> = {
  ts: ["js"],
  tsx: ["js", "jsx"],
  mts: ["mjs"],
  cts: ["cjs"],
};

/**
 * Whether a project-relative glob from projectPattern can load `file`: `*` is any text, `/`
 * included; a source file also answers to the names an import resolves to it by (without its
 * extension, its folder for an index file, `.js` for `.ts`).
 */
export function patternMatcher(glob: string): (file: string) => boolean {
  const parts = glob.split("*");
  return (file) => namesOf(file).some((name) => matches(parts, name));
}

/**
 * Whether `text` is `parts` joined by any texts: it starts with the first, ends with the last and
 * holds the others in order between. The leftmost place of each is as good as any, so one scan
 * decides, where a regular expression of `.*`s backtracks through every split (a template of
 * twenty unknown parts against a long path would take hours).
 */
function matches(parts: readonly string[], text: string): boolean {
  const first = parts[0] as string;
  if (parts.length === 1) return text === first;
  const last = parts[parts.length - 1] as string;
  if (!text.startsWith(first) || text.length < first.length + last.length) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (const part of parts.slice(1, -1)) {
    const found = text.indexOf(part, at);
    if (found === -1 || found + part.length > end) return false;
    at = found + part.length;
  }
  return text.endsWith(last);
}

function namesOf(file: string): string[] {
  const source = SOURCE.exec(file);
  if (source === null) return [file];
  const [, stem, declaration, extension] = source as unknown as [
    string,
    string,
    string | undefined,
    string,
  ];
  const names = [file, stem];
  if (stem.endsWith("/index")) names.push(stem.slice(0, -"/index".length));
  if (declaration === undefined)
    for (const javascript of AS_JAVASCRIPT[extension] ?? []) names.push(`${stem}.${javascript}`);
  return names;
}
