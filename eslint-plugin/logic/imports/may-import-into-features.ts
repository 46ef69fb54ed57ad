// The text gate of no-private-imports in a project without feature folders: whether a file's
// text may hold an import the full check would report, judged without parsing. A file that
// cannot is given no visitors at all; most files of such a project end here, so the gate is
// read for every file and must be cheap (a few passes of a string search) and sound (never
// false for a file the full check reports).

/** Between two tokens: white space and comments (each bounded: a hostile text stays linear). */
const GAP = String.raw`(?:\s|\/\*[^]{0,400}?\*\/|\/\/[^\n]{0,400}\n)*`;
const QUOTE = "[\"'`]";

/**
 * What else may make the full check report: an absolute specifier (`from "/x"`, `import "/x"`,
 * `declare module "/x"`, `new URL("/x", import.meta.url)`), an `import(...)` (a dynamic import or an import type: with types, its
 * values may come from another file), `require`, an import of `module` (createRequire). A string
 * that merely starts with "/" (a route, an href: a third of a React app's files) is none.
 */
const MAY_IMPORT_OTHERWISE = new RegExp(
  String.raw`\b(?:from|import|module)${GAP}${QUOTE}\/|\bURL${GAP}\(${GAP}${QUOTE}\/|\bimport${GAP}\(|\brequire\b|${QUOTE}(?:node:)?module${QUOTE}`,
  "u",
);

/**
 * A `..` segment after another segment (`x/..`, `./..`): such a specifier may go up more
 * folders than its longest run of `..` shows, so its text is looked at (rare in real code).
 * Both forms hold "/..".
 */
const UP_AFTER_DOWN = /[^.]\/\.\.|\/\.\/\.\./u;

/**
 * Where a path segment of a specifier starts or ends: a slash, a quote, an escape (`\/`,
 * `\u002F`: a specifier may spell its slashes so), and after its end a query or a fragment.
 */
const BEFORE = String.raw`(?:[\/"'${"`"}\\]|\\u[\da-fA-F]{4}|\\u\{[\da-fA-F]+\}|\\x[\da-fA-F]{2})`;
const AFTER = String.raw`[\/"'${"`"}\\?#]`;

const namingPatterns = new WeakMap<readonly string[], RegExp>();

/** `segments` as whole path segments of a specifier (`"../features/x"`, not `featuresList`). */
function namingPattern(segments: readonly string[]): RegExp {
  let pattern = namingPatterns.get(segments);
  if (!pattern) {
    const names = segments.map((segment) => segment.replace(/[.*+?^${}()|[\]\\/]/gu, "\\$&"));
    pattern = new RegExp(`${BEFORE}(?:${names.join("|")})${AFTER}`, "u");
    namingPatterns.set(segments, pattern);
  }
  return pattern;
}

/**
 * Whether a file written in a folder whose path holds none of `segments` (every feature folder's
 * path holds one), `depth` folders below the root, may import into a feature folder, judged
 * from its text alone: a relative specifier can only by naming a segment or by leaving the
 * project (`leaveRoot`, depth + 1 `..` in a row, or fewer around another segment: into another
 * package's features); other specifiers resolve to existing files (none in a feature), but an
 * absolute one, `import(...)`, `require` and `module` are looked at.
 */
export function mayImportIntoFeatures(
  text: string,
  segments: readonly string[],
  leaveRoot: string,
): boolean {
  return (
    namesSegment(text, segments) || mayGoUp(text, leaveRoot) || MAY_IMPORT_OTHERWISE.test(text)
  );
}

function namesSegment(text: string, segments: readonly string[]): boolean {
  for (const segment of segments)
    if (text.includes(segment)) return namingPattern(segments).test(text);
  return false;
}

/** `leaveRoot` or UP_AFTER_DOWN: past the root folder both hold "/..", looked for first. */
function mayGoUp(text: string, leaveRoot: string): boolean {
  const up = text.indexOf("/..");
  if (!leaveRoot.includes("/"))
    return text.includes(leaveRoot) || (up !== -1 && UP_AFTER_DOWN.test(text));
  // Every occurrence of leaveRoot ("../..") holds "/.." two characters in.
  return up !== -1 && (text.includes(leaveRoot, up - 2) || UP_AFTER_DOWN.test(text));
}
