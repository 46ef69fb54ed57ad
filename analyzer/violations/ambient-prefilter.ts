// A necessary condition for reaching an ambient capability, read from a file's text and its
// resolved imports: files that fail it are never converted to ESTree for the ambient rule.
import {
  CAPABILITY_MEMBERS,
  GLOBAL_OBJECT_NAMES,
  ROOT_GLOBALS,
  bannedModuleCategory,
  moduleRoot,
} from "../../eslint-plugin/logic/ambient/capabilities.js";
import type { Analysis } from "../analyze.js";
import type { ProjectFile } from "../project/load-project.js";
import type { ts } from "../project/ts-morph.js";

/** A `.constructor` or `["constructor"]` member (not a class's `constructor(...)` declaration). */
const CONSTRUCTOR_MEMBER = /(?:\.|\[\s*["'`])\s*constructor\b/u;

const AMBIENT_WORDS = new RegExp(
  `(?<![.\\w$])(?:${[...ROOT_GLOBALS].join("|")})(?![\\w$])|\\bimport\\s*\\.\\s*meta\\b`,
  "gu",
);

/**
 * Whether the text could reach an ambient capability: a necessary condition, never the rule.
 * A capability is reached from a global root (`Math`, `Date`, `process`, ...) named in the
 * file; an occurrence read as `Root.member` with a member that starts no capability path
 * (`Math.max`, `Date.parse`) cannot reach one, nor can `new Date(x)` with an argument. Every
 * other occurrence (an alias, a destructuring, a computed member, `Date()`, the global object)
 * could, and so could any mention of `import.meta`.
 */
function mentionsAmbientRoot(text: string): boolean {
  // An identifier may spell a root with escapes (`\u0070rocess`): such a file is read whole.
  if (text.includes("\\u")) return true;
  // The Function constructor reached as a function's constructor (`(() => {}).constructor`).
  if (CONSTRUCTOR_MEMBER.test(text)) return true;
  for (const match of text.matchAll(AMBIENT_WORDS)) {
    const root = match[0];
    if (root.startsWith("import")) return true;
    if (GLOBAL_OBJECT_NAMES.has(root)) return true;
    const after = text.slice(match.index + root.length, match.index + root.length + 64);
    const member = /^\s*\.\s*([A-Za-z_$][\w$]*)/u.exec(after);
    if (member) {
      if (CAPABILITY_MEMBERS.get(root)?.has(member[1]!)) return true;
      continue;
    }
    if (
      root === "Date" &&
      // An argument, not a comment standing where none is (`new Date(/* now */)`).
      /^\s*\(\s*(?!undefined\b|void\b)[^)\s/]/u.test(after) &&
      /\bnew\s+$/u.test(text.slice(Math.max(0, match.index - 8), match.index))
    )
      continue;
    return true;
  }
  return false;
}

/** Domain files that may reach an ambient capability (see mayUseAmbient). */
export function mayReachAmbient(analysis: Analysis, file: ProjectFile): boolean {
  return (
    analysis.roles.layout.isDomainFile(analysis.roles.absolute(file)) &&
    mayUseAmbient(analysis, file)
  );
}

/**
 * The answers per parsed file: both conditions are read from its own text, so they hold while
 * the warm session keeps the same SourceFile; not when a scan asked the checker (an `import(x)`
 * of a name whose values come from other files).
 */
const answers = new WeakMap<ts.SourceFile, boolean>();

/** agentix's adapters among its exports (the rest of it, which every feature imports, reaches nothing). */
const AGENTIX_ADAPTERS = /\b(?:systemClock|randomIds)\b/u;

/** `module`, whose createRequire loads any module: a banned one too. */
const CREATES_REQUIRE = new Set(["module", "node:module"]);

/**
 * Files that mention an ambient root (`fetch`, `Date`, `process`, ...) or import a banned
 * module, or `module` (a require it creates may load one).
 */
export function mayUseAmbient(analysis: Analysis, file: ProjectFile): boolean {
  const known = answers.get(file.sourceFile);
  if (known !== undefined) return known;
  const answer =
    mentionsAmbientRoot(file.sourceFile.text) ||
    (analysis.imports.get(file) ?? []).some(
      (item) =>
        item.site.specifier !== undefined &&
        (bannedModuleCategory(item.site.specifier) !== undefined ||
          (moduleRoot(item.site.specifier) !== undefined &&
            (item.site.specifier !== "agentix" || AGENTIX_ADAPTERS.test(file.sourceFile.text))) ||
          CREATES_REQUIRE.has(item.site.specifier)),
    );
  if (analysis.scans.get(file)?.typed === false) answers.set(file.sourceFile, answer);
  return answer;
}
