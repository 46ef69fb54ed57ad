// Reading a tsconfig as tsc does: only a file that cannot be read or parsed at all stops the
// analysis; an `extends` that does not resolve, an unknown or deprecated option, a `files`
// entry that does not exist are warnings with their position, and the analysis runs with what
// is known.
import { existsSync, readdirSync, type Dirent } from "node:fs";
import path from "node:path";
import { ts } from "./ts-morph.js";
import { ProjectLoadError } from "../errors.js";
import { DirectoryLog } from "./directory-log.js";
import { compareText, relativeToRoot } from "./paths.js";
import { toPosix } from "../../schema/paths.js";
import { listText } from "../text.js";
import { linkedWorkspaceFile } from "./linked-workspace-file.js";
import { ProjectFileError, readProjectFile } from "../../schema/read-project-file.js";

/** A problem found while loading the project that does not stop it. */
export interface LoadProblem {
  readonly code: string;
  readonly severity: "error" | "warning";
  readonly message: string;
  /** Repository-relative POSIX path (absolute when outside the root), or null. */
  readonly file: string | null;
  readonly line: number | null;
  readonly column: number | null;
  /** `test-not-analysed`: the tsconfig that owns the test (as the message names it). */
  readonly owner?: string;
}

export interface ReadTsconfig {
  readonly parsed: ts.ParsedCommandLine;
  /** The tsconfig files read (the file and its `extends` chain), absolute, sorted. */
  readonly files: string[];
  readonly problems: LoadProblem[];
}

/** A path as people read it in load errors: relative to the run's working directory when inside it. */
export function shownPath(file: string, cwd: string): string {
  return relativeToRoot(cwd, file) ?? file;
}

/** A TypeScript diagnostic as a load problem: its file, 1-based line and column. */
export function problemOf(
  diagnostic: ts.Diagnostic,
  root: string,
  severity: LoadProblem["severity"],
): LoadProblem {
  const message = rootRelativeQuotes(
    ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
    root,
  );
  const code = `TS${diagnostic.code}`;
  if (diagnostic.file && diagnostic.start !== undefined) {
    const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    const fileName = path.resolve(diagnostic.file.fileName);
    const file = relativeToRoot(root, fileName) ?? fileName;
    return {
      code,
      severity,
      message: `${message} (${code})`,
      file,
      line: line + 1,
      column: character + 1,
    };
  }
  return { code, severity, message: `${message} (${code})`, file: null, line: null, column: null };
}

/** A message's quoted absolute paths (TS5083 `Cannot read file '/abs/base.json'`) relative to the root. */
function rootRelativeQuotes(message: string, root: string): string {
  return message.replace(/'([^'\n]+)'/gu, (quoted, file: string) =>
    path.isAbsolute(file) ? `'${toPosix(path.relative(root, file))}'` : quoted,
  );
}

/** `file:line:column: message`, as tsc and ESLint print positions. */
export function formatProblem(problem: LoadProblem): string {
  const at =
    problem.file === null
      ? ""
      : `${problem.file}${problem.line === null ? "" : `:${problem.line}`}${problem.line !== null && problem.column !== null ? `:${problem.column}` : ""}: `;
  return `${at}${problem.message}`;
}

/** The line a verb prints on stderr for a problem it analysed past (after "agentix: "). */
export function problemLine(problem: LoadProblem): string {
  return `${problem.severity}: ${formatProblem(problem)}`;
}

/** From this many tests one tsconfig owns and the analysed one leaves out, they share a line. */
const GROUPED_TESTS = 3;
/** From this many places, one message (a deprecated option every package's tsconfig sets) is printed once. */
const GROUPED_PLACES = 3;
/** From this many such tsconfigs, all their tests share one line. */
const GROUPED_OWNERS = 4;

/**
 * The lines a verb prints for the problems it analysed past, in order: each its own line, but
 * the tests other tsconfigs own (a repository of example apps and fixtures has dozens; the index
 * and `agentix check` list each) one line per owner once it has several, and one line for all
 * of them once there are several owners.
 */
export function problemLines(problems: readonly LoadProblem[]): string[] {
  const byOwner = new Map<string, LoadProblem[]>();
  const byMessage = new Map<string, LoadProblem[]>();
  for (const problem of problems)
    if (problem.owner !== undefined && problem.file !== null) {
      const group = byOwner.get(problem.owner);
      if (group === undefined) byOwner.set(problem.owner, [problem]);
      else group.push(problem);
    } else if (problem.file !== null) {
      const key = `${problem.severity}\0${problem.message}`;
      const same = byMessage.get(key);
      if (same === undefined) byMessage.set(key, [problem]);
      else if (!same.some((place) => formatProblem(place) === formatProblem(problem)))
        same.push(problem);
    }
  const lines: string[] = [];
  const printed = new Set<readonly LoadProblem[]>();
  let summarised = false;
  for (const problem of problems) {
    const group = problem.owner === undefined ? undefined : byOwner.get(problem.owner);
    const same =
      group === undefined && problem.file !== null
        ? byMessage.get(`${problem.severity}\0${problem.message}`)
        : undefined;
    if (same !== undefined && same.length >= GROUPED_PLACES) {
      if (!printed.has(same)) lines.push(placesLine(same));
      printed.add(same);
    } else if (group === undefined) lines.push(problemLine(problem));
    else if (byOwner.size >= GROUPED_OWNERS) {
      if (!summarised) lines.push(ownersLine(problem.severity, byOwner));
      summarised = true;
    } else if (group.length < GROUPED_TESTS) lines.push(problemLine(problem));
    else if (group[0] === problem) {
      const files = listText(
        group.map((test) => test.file as string),
        { limit: GROUPED_TESTS, serialComma: true },
      );
      lines.push(
        `${problem.severity}: ${group.length} tests the analysed tsconfig leaves out and ${problem.owner} owns are not analysed (pass that tsconfig with --project to analyse them): ${files}`,
      );
    }
  }
  return lines;
}

/** One message found in several places (every package's tsconfig sets a deprecated option), once. */
function placesLine(same: readonly LoadProblem[]): string {
  const first = same[0] as LoadProblem;
  const places = same.map((problem) => formatProblem({ ...problem, message: "" }).slice(0, -2));
  const shown = places.slice(0, GROUPED_PLACES).join(", ");
  const more = places.length - GROUPED_PLACES;
  return `${first.severity}: ${shown}${more > 0 ? `, and ${more} more ${more === 1 ? "place" : "places"}` : ""}: ${first.message}`;
}

/** Every test other tsconfigs own, in one line: the owners with the most of them first. */
function ownersLine(
  severity: LoadProblem["severity"],
  byOwner: ReadonlyMap<string, readonly LoadProblem[]>,
): string {
  const tests = [...byOwner.values()].reduce((sum, group) => sum + group.length, 0);
  const owners = [...byOwner]
    .sort(([a, one], [b, other]) => other.length - one.length || compareText(a, b))
    .map(([owner, group]) => `${owner} (${group.length})`);
  return `${severity}: ${tests} tests the analysed tsconfig leaves out are not analysed: ${byOwner.size} other tsconfigs own them, ${listText(owners, { limit: GROUPED_TESTS, serialComma: true })} (pass one with --project to analyse its tests; agentix check lists each test)`;
}

/**
 * The tsconfig.json files in the folders below `dir`, three levels deep at most, node_modules
 * and dot-folders left out, sorted; empty when `dir` cannot be read.
 */
function tsconfigsBelow(dir: string, depth = 3): string[] {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const entry of entries.sort((a, b) => compareText(a.name, b.name))) {
    if (!entry.isDirectory() || entry.name === "node_modules" || entry.name.startsWith("."))
      continue;
    const folder = path.join(dir, entry.name);
    if (existsSync(path.join(folder, "tsconfig.json")))
      found.push(path.join(folder, "tsconfig.json"));
    if (depth > 1) found.push(...tsconfigsBelow(folder, depth - 1));
  }
  return found;
}

/** A tsconfig that is not there, naming the ones below its folder (bulletproof-react: one per app). */
export function missingTsconfig(tsconfigFile: string, cwd: string): ProjectLoadError {
  const shown = shownPath(tsconfigFile, cwd);
  const below = tsconfigsBelow(path.dirname(tsconfigFile)).map((file) => shownPath(file, cwd));
  const found =
    below.length > 0 ? `; below it: ${listText(below, { limit: 5, serialComma: true })}` : "";
  return new ProjectLoadError(
    "tsconfig-missing",
    `${shown}: no such file (pass the project's tsconfig with --project <path>${found})`,
    shown,
  );
}

/** Reads and parses a tsconfig.json: a ProjectLoadError only when it cannot be parsed at all. */
export function readTsconfig(
  tsconfigFile: string,
  root: string,
  cwd: string,
  directories: DirectoryLog = new DirectoryLog(),
): ReadTsconfig {
  const shown = shownPath(tsconfigFile, cwd);
  if (!existsSync(tsconfigFile)) throw missingTsconfig(tsconfigFile, cwd);
  let text: string;
  try {
    text = readProjectFile(tsconfigFile, shown);
  } catch (error) {
    if (!(error instanceof ProjectFileError)) throw error;
    throw new ProjectLoadError("tsconfig-invalid", error.message, shown);
  }
  const source = ts.parseJsonText(tsconfigFile, text);
  const syntax = (source as { parseDiagnostics?: ts.Diagnostic[] }).parseDiagnostics ?? [];
  const topLevel = source.statements[0]?.expression;
  if (syntax.length > 0 || (topLevel !== undefined && !ts.isObjectLiteralExpression(topLevel))) {
    const first = syntax[0];
    const detail = first
      ? formatProblem(problemOf(first, root, "error")).replace(/ \(TS\d+\)$/u, "")
      : "its top level is not an object";
    throw new ProjectLoadError("tsconfig-invalid", `${shown} is not valid: ${detail}`, shown);
  }
  const readFiles = new Set<string>([path.resolve(tsconfigFile)]);
  const host: ts.ParseConfigHost = {
    useCaseSensitiveFileNames: ts.sys.useCaseSensitiveFileNames,
    readDirectory: directories.readDirectoryIn(root),
    // A package the chain extends through node_modules that are not installed is read from its
    // workspace folder (linked-workspace-file.ts).
    fileExists: (file) => ts.sys.fileExists(file) || linkedFile(file) !== undefined,
    readFile: (file) => {
      const real = ts.sys.fileExists(file) ? file : (linkedFile(file) ?? file);
      // A file the chain extends that is not a regular file, or too large, reads as missing:
      // TypeScript reports it (TS5083), as it does a file it cannot read.
      const read = projectFileOrUndefined(real);
      if (read !== undefined && /\.json$/iu.test(real)) readFiles.add(path.resolve(real));
      return read;
    },
  };
  const parsed = ts.parseJsonSourceFileConfigFileContent(
    source,
    host,
    path.dirname(tsconfigFile),
    undefined,
    tsconfigFile,
  );
  // TS18003 (no inputs) is reported by the caller with a better message.
  const problems = parsed.errors
    .filter((diagnostic) => diagnostic.code !== 18003)
    .map((diagnostic) => {
      const problem = problemOf(diagnostic, root, "warning");
      // TS5083 (an `extends` naming no file) comes without a position: the `extends` naming it.
      return diagnostic.code === 5083 && problem.file === null
        ? { ...problem, ...locateExtends(diagnostic, source, [...readFiles], root) }
        : problem;
    });
  return { parsed, files: [...readFiles].sort(), problems };
}

/**
 * Where the chain extends the file a TS5083 could not read: the `extends` string naming it in
 * the tsconfig or a file it extends, else the tsconfig's own `extends`.
 */
function locateExtends(
  diagnostic: ts.Diagnostic,
  source: ts.JsonSourceFile,
  chain: readonly string[],
  root: string,
): Pick<LoadProblem, "file" | "line" | "column"> {
  const missing = diagnostic.messageText;
  const sources = [
    source,
    ...chain.slice(1).flatMap((file) => {
      const text = ts.sys.readFile(file);
      return text === undefined ? [] : [ts.parseJsonText(file, text)];
    }),
  ];
  for (const candidate of sources) {
    const named = extendsStrings(candidate).find(
      (literal) =>
        typeof missing === "string" &&
        missing.includes(`'${path.resolve(path.dirname(candidate.fileName), literal.text)}`),
    );
    if (named) return locate(candidate, named, root);
  }
  return locate(source, extendsStrings(source)[0], root);
}

/** The strings of a tsconfig's top-level `extends` (one, or a list). */
function extendsStrings(source: ts.JsonSourceFile): ts.StringLiteral[] {
  const top = source.statements[0]?.expression;
  if (top === undefined || !ts.isObjectLiteralExpression(top)) return [];
  const property = top.properties.find(
    (candidate) =>
      ts.isPropertyAssignment(candidate) &&
      ts.isStringLiteral(candidate.name) &&
      candidate.name.text === "extends",
  );
  if (property === undefined || !ts.isPropertyAssignment(property)) return [];
  const value = property.initializer;
  if (ts.isStringLiteral(value)) return [value];
  return ts.isArrayLiteralExpression(value) ? value.elements.filter(ts.isStringLiteral) : [];
}

/** The workspace package file a missing node_modules file stands for, if it is there. */
function linkedFile(file: string): string | undefined {
  const linked = linkedWorkspaceFile(path.resolve(file));
  return linked !== undefined && ts.sys.fileExists(linked) ? linked : undefined;
}

/** Options whose deprecated value another option implies (`module: commonjs` means node10). */
const IMPLIED_BY: Readonly<Record<string, string>> = { moduleResolution: "module" };

/**
 * Where a deprecation TypeScript reports without a position belongs: the option in the tsconfig
 * (or the one of its `extends` chain that sets it), else the option that implies its value, else
 * `compilerOptions`, else the tsconfig's start.
 */
export function positionOfOption(
  diagnostic: ts.Diagnostic,
  tsconfigFile: string,
  chain: readonly string[],
  root: string,
): LoadProblem {
  const problem = problemOf(diagnostic, root, "warning");
  if (problem.file !== null) return problem;
  const option = /^Option '(\w+)/u.exec(problem.message)?.[1];
  const files = [
    path.resolve(tsconfigFile),
    ...chain.filter((file) => file !== path.resolve(tsconfigFile)),
  ];
  const sources = files.flatMap((file) => {
    const text = ts.sys.readFile(file);
    return text === undefined ? [] : [ts.parseJsonText(file, text)];
  });
  const names = [option, option ? IMPLIED_BY[option] : undefined, "compilerOptions"];
  for (const name of names) {
    if (name === undefined) continue;
    for (const source of sources) {
      const node = optionNode(source, name);
      if (node) return { ...problem, ...locate(source, node, root) };
    }
  }
  return { ...problem, ...locate(sources[0], sources[0], root) };
}

/** The key of `compilerOptions.<name>` (or of `compilerOptions` itself) in a tsconfig. */
function optionNode(source: ts.JsonSourceFile, name: string): ts.Node | undefined {
  const top = source.statements[0]?.expression;
  if (top === undefined || !ts.isObjectLiteralExpression(top)) return undefined;
  const key = (property: ts.ObjectLiteralElementLike) =>
    property.name !== undefined && ts.isStringLiteral(property.name)
      ? property.name.text
      : undefined;
  const options = top.properties.find((property) => key(property) === "compilerOptions");
  if (name === "compilerOptions" || options === undefined) return options?.name;
  if (!ts.isPropertyAssignment(options) || !ts.isObjectLiteralExpression(options.initializer))
    return undefined;
  return options.initializer.properties.find((property) => key(property) === name)?.name;
}

function locate(
  source: ts.JsonSourceFile | undefined,
  node: ts.Node | undefined,
  root: string,
): Pick<LoadProblem, "file" | "line" | "column"> {
  if (source === undefined || node === undefined) return { file: null, line: null, column: null };
  const start = node === source ? 0 : node.getStart(source);
  const { line, character } = source.getLineAndCharacterOfPosition(start);
  const fileName = path.resolve(source.fileName);
  return {
    file: relativeToRoot(root, fileName) ?? fileName,
    line: line + 1,
    column: character + 1,
  };
}

/** A project file's text, undefined when it cannot be read (readProjectFile refuses it). */
function projectFileOrUndefined(file: string): string | undefined {
  try {
    return readProjectFile(file);
  } catch (error) {
    if (error instanceof ProjectFileError) return undefined;
    throw error;
  }
}
