// Files a file loads by naming their path instead of importing them: a folder handed to an
// autoloader (fastify/demo's `path.join(import.meta.dirname, "routes")`: every route module is
// imported by a package, never by the app), a fixture handed to a generator (tsoa's tests:
// `new MetadataGenerator("./fixtures/controllers/getController.ts")`), a file named with
// `new URL("./fixtures/a.ts", import.meta.url)`. TypeScript sees strings there, so a change to
// what they name reached no test that runs the code. A path counts when it names something that
// exists inside the root and is not the file's own folder or one above it (a base to build paths
// on, not a load; the root itself is recorded apart, see namesProjectRoot in import-graph.ts):
// from the file's folder (`__dirname`, `import.meta.dirname`, `import.meta.url`, a "./x" or
// "../x" string) or, for a string, from the root the runner starts in (a "src/x.ts" string too:
// a source file handed to a tool). A file named so may be read as text, bundled or run: any
// change to it reaches the code naming it (propagate.ts), not only a change to what loads. A folder names every
// project file below it (resolution PATH_RESOLUTION, the named path as the edge's specifier).
// The edges only add: a file reached by no test but through a named path still widens
// (classify-changes.ts), since what else loads it is as unknown as before. A named path the
// analysis holds no file of is kept too (an unresolved target, the path as its edge target): a
// change to a Markdown or text file it names, which counts as documentation otherwise, then
// reaches the code naming it.
import { statSync } from "node:fs";
import path from "node:path";
import { ts } from "../project/ts-morph.js";
import { unwrap } from "../project/ts-syntax.js";
import { toPosix } from "../../schema/paths.js";
import { PATH_RESOLUTION, type ImportFact } from "./facts.js";

/** Cheap test before the syntax walk: a file without any of these names no path. */
const MAY_NAME_PATHS =
  /__dirname|import\.meta\.(?:dirname|dir|url)\b|\b(?:join|resolve)\s*\(\s*(?:["'`][\w@.$-]+(?:\/[\w@.$-]+)*["'`]\s*[,)]|process\.cwd\(|(?:path\.)?(?:join|resolve)\s*\()|(?<!\b(?:from|import|require|mock)\s{0,20}\(?\s{0,20})["'`]\.\.?\/|["'`][\w@$-][^"'`\s:]*\/[^"'`\s/]+\.[cm]?[jt]sx?["'`]/u;

/**
 * A source file named from the folder the runner starts in, without `./`: a tool's input
 * (tiny-invariant's `rollup({ input: "src/tiny-invariant.ts" })`, `readFileSync("src/x.ts")`).
 * Only a path with a folder and a source extension: a bare word or folder may be anything.
 */
const ROOT_RELATIVE_SOURCE = /^[\w@$-][^\s:*?"<>|\\]*\/[^\s/]+\.[cm]?[jt]sx?$/u;

const DECLARATION = /\.d\.[cm]?ts$/u;

/** A file's naming of the project root: no file edge, only the fact (namesProjectRoot). */
const ROOT_EDGE: Omit<ImportFact, "position"> = {
  typeOnly: false,
  resolution: PATH_RESOLUTION,
  specifier: "",
  target: { kind: "unresolved" },
  edgeTarget: null,
};

/** Calls whose string argument is a module specifier, already an import edge. */
const LOADERS = new Set([
  "require",
  "mock",
  "doMock",
  "unmock",
  "importActual",
  "requireActual",
  "importMock",
  "requireMock",
]);

interface NamedPath {
  /** Where the naming expression starts in the file. */
  readonly position: number;
  /** Root-relative POSIX path, "" for the root itself. */
  readonly path: string;
  readonly folder: boolean;
}

/**
 * Adds to each file's imports the project files the paths it names hold.
 * `files` are the analysed non-declaration files; `projectFiles` every analysed path.
 */
export function addPathReferences(
  imports: Map<string, ImportFact[]>,
  files: readonly { readonly path: string; readonly sourceFile: ts.SourceFile }[],
  root: string,
  projectFiles: readonly string[],
): void {
  // Cached, and a path whose folder is missing is missing without a stat: a generated file of
  // 100,000 "./missing/<n>.ts" strings cost 200,000 stats (2.5 s), now one per folder.
  const kinds = new Map<string, "file" | "folder" | undefined>([[root, "folder"]]);
  const kindOf = (absolute: string): "file" | "folder" | undefined => {
    if (!kinds.has(absolute)) {
      const parent = path.dirname(absolute);
      const inside = parent !== absolute && parent.startsWith(root);
      kinds.set(absolute, inside && kindOf(parent) !== "folder" ? undefined : statKind(absolute));
    }
    return kinds.get(absolute);
  };
  const analysed = new Set(projectFiles);
  addQueryImports(imports, analysed);
  for (const file of files) {
    if (!MAY_NAME_PATHS.test(file.sourceFile.text)) continue;
    const named = namedPaths(file.sourceFile, path.join(root, file.path), root, kindOf);
    if (named.length === 0) continue;
    const list = imports.get(file.path) ?? [];
    imports.set(file.path, list);
    // A file the code imports as well is reached through its import.
    const imported = new Set(
      list.flatMap((item) => (item.target.kind === "file" ? [item.target.path] : [])),
    );
    for (const reference of named) {
      if (reference.path === "") {
        list.push({ ...ROOT_EDGE, position: reference.position });
        continue;
      }
      const edge = {
        position: reference.position,
        typeOnly: false,
        resolution: PATH_RESOLUTION,
        specifier: reference.path,
      };
      // What the analysis does not hold (a Markdown fixture, a folder's text files): the named
      // path itself, which a change to such a file is matched against (classify-changes.ts).
      if (reference.folder || !analysed.has(reference.path))
        list.push({ ...edge, target: { kind: "unresolved" }, edgeTarget: reference.path });
      const held = reference.folder
        ? projectFiles.filter((held) => held.startsWith(`${reference.path}/`))
        : analysed.has(reference.path)
          ? [reference.path]
          : [];
      for (const target of held) {
        if (target === file.path || imported.has(target) || DECLARATION.test(target)) continue;
        list.push({ ...edge, target: { kind: "file", path: target }, edgeTarget: target });
      }
    }
  }
}

/** A relative import with a bundler query (`./snippet.ts?raw`, `./worker.ts?url`). */
const QUERY_IMPORT = /^(\.\.?\/[^?#]+)[?#]/u;

/**
 * An import of a project file with a query reads it as text, a URL or a separate bundle, which
 * TypeScript does not resolve: the importer names the file by its path, so any change to it,
 * a comment included, reaches the importer (helper-30 repro-4: `?raw` of a snippet whose first
 * line, a comment, a test checks).
 */
function addQueryImports(imports: Map<string, ImportFact[]>, analysed: ReadonlySet<string>): void {
  for (const [importer, list] of imports)
    for (const item of [...list]) {
      const match = item.specifier === null ? null : QUERY_IMPORT.exec(item.specifier);
      if (match === null || item.resolution === PATH_RESOLUTION) continue;
      const target = path.posix.normalize(
        path.posix.join(path.posix.dirname(importer), match[1] as string),
      );
      if (!analysed.has(target) || target === importer) continue;
      list.push({
        position: item.position,
        typeOnly: false,
        resolution: PATH_RESOLUTION,
        specifier: target,
        target: { kind: "file", path: target },
        edgeTarget: target,
      });
    }
}

/** The existing paths inside `root` that a file's code names, once each. */
function namedPaths(
  sourceFile: ts.SourceFile,
  absolute: string,
  root: string,
  kindOf: (absolute: string) => "file" | "folder" | undefined,
): NamedPath[] {
  const folder = path.dirname(absolute);
  const found = new Map<string, NamedPath>();
  const add = (node: ts.Node, target: string) => {
    const relative = path.relative(root, target);
    if (relative === "") {
      // The root itself: what the file reads there (a file list, the built package) is unknown.
      if (!found.has(""))
        found.set("", { position: node.getStart(sourceFile), path: "", folder: true });
      return;
    }
    if (relative.startsWith("..") || path.isAbsolute(relative)) return;
    // The file's own folder or one above it: a base to build paths on (`new URL(".", ...)`).
    const below = path.relative(target, absolute);
    if (!below.startsWith("..") && !path.isAbsolute(below)) return;
    if (/(?:^|[\\/])(?:node_modules|\.git)(?:[\\/]|$)/u.test(relative)) return;
    const kind = kindOf(target);
    if (kind === undefined) return;
    const posix = toPosix(relative);
    // Each place that names it: two test cases naming one file are each reached by its change
    // (keeping the first place only selected the first case).
    const position = node.getStart(sourceFile);
    const key = `${posix}\0${position}`;
    if (!found.has(key)) found.set(key, { position, path: posix, folder: kind === "folder" });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && isPathJoin(node.expression)) {
      const [base, ...rest] = node.arguments;
      if (base !== undefined && isOwnFolder(base)) {
        const parts = takeLiterals(rest);
        add(node, path.join(folder, ...parts));
      } else if (base !== undefined && isCwd(base)) {
        add(node, path.join(root, ...takeLiterals(rest)));
      } else {
        // `join("test", "fixtures")`, `resolve("test/fixtures")`: from the folder the runner
        // starts in, the root (helper-30 repro-3); only what exists there counts.
        // (`chars.join("")` is "." and names nothing.)
        const relative = literalPath(node);
        if (relative !== undefined && !path.isAbsolute(relative) && !/^\.?$/u.test(relative))
          add(node, path.resolve(root, relative));
      }
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === "URL" &&
      node.arguments?.length === 2 &&
      isImportMetaUrl(node.arguments[1] as ts.Expression)
    ) {
      const text = literalText(node.arguments[0] as ts.Expression);
      if (text !== undefined) add(node, path.resolve(folder, text));
    } else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      /^\.\.?\/[^/]/u.test(node.text) &&
      !isModuleSpecifier(node)
    ) {
      const before = found.size;
      add(node, path.resolve(folder, node.text));
      add(node, path.resolve(root, node.text));
      // A module named as a specifier is (`rewire("../src/api")`, `proxyquire`, `importFresh`):
      // the file it resolves to, as a loader finds it.
      const module = found.size === before ? moduleFileOf(folder, node.text, kindOf) : undefined;
      if (module !== undefined) add(node, module);
    } else if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      ROOT_RELATIVE_SOURCE.test(node.text) &&
      !isModuleSpecifier(node)
    ) {
      add(node, path.resolve(root, node.text));
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return collapsed([...found.values()], sourceFile.end);
}

/** Beyond this many places naming one path in a file, they count as one for the whole module. */
const PLACES_PER_PATH = 32;

/**
 * The places, with a path named in more than PLACES_PER_PATH of them (a generated file, a table
 * of cases) named once for the whole module instead (at `end`, past every unit: the module's
 * region): every case of a test file is reached, and a folder of a thousand files named a
 * thousand times is not a million edges.
 */
function collapsed(places: NamedPath[], end: number): NamedPath[] {
  const counts = new Map<string, number>();
  for (const place of places) counts.set(place.path, (counts.get(place.path) ?? 0) + 1);
  const kept: NamedPath[] = [];
  const atTop = new Set<string>();
  for (const place of places) {
    if ((counts.get(place.path) ?? 0) <= PLACES_PER_PATH) kept.push(place);
    else if (!atTop.has(place.path)) {
      atTop.add(place.path);
      kept.push({ ...place, position: end });
    }
  }
  return kept;
}

/** What a loader adds to a specifier without one, in the order it tries them. */
const MODULE_SUFFIXES = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"];
const MODULE_INDEXES = MODULE_SUFFIXES.map((suffix) => `/index${suffix}`);
/** A `.js` specifier names the `.ts` file beside it (TypeScript's NodeNext and bundlers alike). */
const JS_TO_TS: Readonly<Record<string, readonly string[]>> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
};

/**
 * The file a relative specifier (from `folder`) with no file of its name leads to (`../src/api` ->
 * `../src/api.ts`, `../src/api.js` -> `../src/api.ts`, `../src/ui` -> `../src/ui/index.ts`);
 * undefined when none exists.
 */
function moduleFileOf(
  folder: string,
  specifier: string,
  kindOf: (absolute: string) => "file" | "folder" | undefined,
): string | undefined {
  const absolute = path.resolve(folder, specifier);
  const extension = path.extname(absolute);
  const swapped = (JS_TO_TS[extension] ?? []).map(
    (suffix) => absolute.slice(0, -extension.length) + suffix,
  );
  const candidates = [
    ...swapped,
    ...MODULE_SUFFIXES.map((suffix) => absolute + suffix),
    ...MODULE_INDEXES.map((index) => absolute + index),
  ];
  return candidates.find((candidate) => kindOf(candidate) === "file");
}

function statKind(absolute: string): "file" | "folder" | undefined {
  try {
    const stats = statSync(absolute);
    return stats.isDirectory() ? "folder" : stats.isFile() ? "file" : undefined;
  } catch {
    return undefined;
  }
}

/** `path.join(...)`, `join(...)`, `path.resolve(...)`, `resolve(...)` (posix and win32 alike). */
function isPathJoin(callee: ts.Expression): boolean {
  const name = calleeName(callee);
  return name === "join" || name === "resolve";
}

/** `f` of `f(...)` and of `x.f(...)`. */
function calleeName(callee: ts.Expression): string | undefined {
  if (ts.isIdentifier(callee)) return callee.text;
  return ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
}

/** `process.cwd()`: the root, where the runner starts. */
function isCwd(node: ts.Expression): boolean {
  const inner = unwrap(node);
  return (
    ts.isCallExpression(inner) &&
    inner.arguments.length === 0 &&
    ts.isPropertyAccessExpression(inner.expression) &&
    inner.expression.name.text === "cwd" &&
    ts.isIdentifier(inner.expression.expression) &&
    inner.expression.expression.text === "process"
  );
}

/** A join or resolve of string literals and of such calls, as one path; undefined otherwise. */
function literalPath(node: ts.Expression, depth = 0): string | undefined {
  const inner = unwrap(node);
  const text = literalText(inner);
  if (text !== undefined) return text;
  if (depth > 4 || !ts.isCallExpression(inner) || !isPathJoin(inner.expression)) return undefined;
  if (inner.arguments.length === 0) return undefined;
  const parts: string[] = [];
  for (const argument of inner.arguments) {
    const part = literalPath(argument, depth + 1);
    if (part === undefined) return undefined;
    parts.push(part);
  }
  return path.join(...parts);
}

/** `__dirname`, `import.meta.dirname` (Node), `import.meta.dir` (Bun). */
function isOwnFolder(node: ts.Expression): boolean {
  const inner = unwrap(node);
  if (ts.isIdentifier(inner)) return inner.text === "__dirname";
  const name = importMetaName(inner);
  return name === "dirname" || name === "dir";
}

function isImportMetaUrl(node: ts.Expression): boolean {
  return importMetaName(unwrap(node)) === "url";
}

/** `x` of `import.meta.x`. */
function importMetaName(node: ts.Expression): string | undefined {
  return ts.isPropertyAccessExpression(node) &&
    ts.isMetaProperty(node.expression) &&
    node.expression.keywordToken === ts.SyntaxKind.ImportKeyword
    ? node.name.text
    : undefined;
}

/** The leading string arguments: a later unknown part names something below them. */
function takeLiterals(nodes: readonly ts.Expression[]): string[] {
  const parts: string[] = [];
  for (const node of nodes) {
    const text = literalText(node);
    if (text === undefined) break;
    parts.push(text);
  }
  return parts;
}

function literalText(node: ts.Expression): string | undefined {
  const inner = unwrap(node);
  return ts.isStringLiteral(inner) || ts.isNoSubstitutionTemplateLiteral(inner)
    ? inner.text
    : undefined;
}

/** An import's, export's, `require()`'s or test mock's specifier: the import graph has it. */
function isModuleSpecifier(node: ts.Node): boolean {
  const parent = node.parent;
  if (parent === undefined) return false;
  if (
    ts.isImportDeclaration(parent) ||
    ts.isExportDeclaration(parent) ||
    ts.isExternalModuleReference(parent) ||
    ts.isModuleDeclaration(parent) ||
    ts.isLiteralTypeNode(parent)
  )
    return true;
  if (!ts.isCallExpression(parent) || parent.arguments[0] !== node) return false;
  const callee = parent.expression;
  if (callee.kind === ts.SyntaxKind.ImportKeyword) return true;
  const name = calleeName(callee);
  return name !== undefined && LOADERS.has(name);
}
