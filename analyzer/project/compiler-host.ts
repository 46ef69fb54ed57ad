// The compiler host of every program the analyzer builds, a cold load and the warm session's
// reloads alike, so that both parse a file the same way: its UTF-8 text without a byte order
// mark (file-stamps.ts), with parent pointers, JSDoc only where it types JavaScript, in the
// module format tsc gives it (a `.ts` file of a `"type": "module"` package is an ES module under
// NodeNext: its imports resolve with the `import` conditions, and a relative one needs its
// extension, as tsc says). A ts-morph Project
// parsed every file without a format, so the analyzer resolved those as `require`s, where the
// ESLint plugin (and tsc) did not. TypeScript's lib files come from ts-morph's copy in memory
// (the TypeScript ts-morph bundles has no lib folder beside it); every file is parsed once per
// process and text (shared-source-files.ts).
import { createRequire } from "node:module";
import { isStackOverflow, NestingLimitError } from "../errors.js";
import { ts } from "./ts-morph.js";
import { parseKey, sharedSourceFile } from "./shared-source-files.js";
import { textOf } from "./file-stamps.js";
import { NO_LINKS, type ProjectLinks } from "./project-links.js";

/** Where ts-morph serves the lib files from: the file names every program gives them. */
export const LIB_FOLDER = "/node_modules/typescript/lib";

let libTexts: ReadonlyMap<string, string> | undefined;

/** The text of a lib file by its full name under LIB_FOLDER (ts-morph's copy, its version). */
function libText(fileName: string): string | undefined {
  if (!fileName.startsWith(`${LIB_FOLDER}/`)) return undefined;
  if (libTexts === undefined) {
    const fromTsMorph = createRequire(createRequire(import.meta.url).resolve("ts-morph"));
    const common = fromTsMorph("@ts-morph/common") as {
      getLibFiles(): readonly { fileName: string; text: string }[];
    };
    libTexts = new Map(
      common.getLibFiles().map((file) => [`${LIB_FOLDER}/${file.fileName}`, file.text]),
    );
  }
  return libTexts.get(fileName);
}

/** A file's text, undefined when it does not exist; other read errors throw. */
function readText(fileName: string): string | undefined {
  const lib = libText(fileName);
  if (lib !== undefined) return lib;
  try {
    return textOf(fileName);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw error;
  }
}

/**
 * The host for a program under `options`. A relative import through one of `links` resolves to
 * the file's real path in the project (project-links.ts), unless the tsconfig preserves symlinks.
 */
export function projectCompilerHost(
  options: ts.CompilerOptions,
  links: ProjectLinks = NO_LINKS,
): ts.CompilerHost {
  const base = ts.createCompilerHost(options, true);
  const key = parseKey(options);
  // JSDoc in a TypeScript file carries no type the analysis reads (nor a syntax error it
  // reports): skipping it is a fifth of parsing (JavaScript files keep theirs, their types).
  const parse = (
    fileName: string,
    text: string,
    how: ts.ScriptTarget | ts.CreateSourceFileOptions,
  ) => {
    try {
      return ts.createSourceFile(
        fileName,
        text,
        {
          ...(typeof how === "object" ? how : { languageVersion: how }),
          jsDocParsingMode: ts.JSDocParsingMode.ParseForTypeInfo,
        },
        true,
      );
    } catch (error) {
      // TypeScript's parser recurses once a level (tsc overflows too): the file is named (the
      // CLI shows it relative to the working directory).
      if (isStackOverflow(error)) throw new NestingLimitError(fileName);
      throw error;
    }
  };
  const host: ts.CompilerHost = {
    ...base,
    getDefaultLibLocation: () => LIB_FOLDER,
    getDefaultLibFileName: (given) => `${LIB_FOLDER}/${ts.getDefaultLibFileName(given)}`,
    fileExists: (fileName) => libText(fileName) !== undefined || base.fileExists(fileName),
    readFile: (fileName) => readText(fileName),
    getSourceFile: (fileName, how, onError) => {
      let text: string | undefined;
      try {
        text = readText(fileName);
      } catch (error) {
        // As TypeScript's own host: the program reports the file as unreadable and goes on.
        onError?.((error as Error).message);
        text = "";
      }
      if (text === undefined) return undefined;
      const known = text;
      const format = typeof how === "object" ? how.impliedNodeFormat : undefined;
      return sharedSourceFile(fileName, known, `${key}|${format}`, () =>
        parse(fileName, known, how),
      );
    },
  };
  if (!links.any || options.preserveSymlinks === true) return host;
  return { ...host, resolveModuleNameLiterals: resolvingLinks(host, options, links) };
}

/**
 * TypeScript's module resolution, with a file reached through a link (where TypeScript keeps
 * the link's path, outside node_modules) named by its real path: one file, one SourceFile.
 */
function resolvingLinks(
  host: ts.CompilerHost,
  options: ts.CompilerOptions,
  links: ProjectLinks,
): NonNullable<ts.CompilerHost["resolveModuleNameLiterals"]> {
  const cache = ts.createModuleResolutionCache(
    host.getCurrentDirectory(),
    (file) => host.getCanonicalFileName(file),
    options,
  );
  return (literals, containingFile, redirectedReference, compilerOptions, containingSourceFile) =>
    literals.map((literal) => {
      const mode = ts.getModeForUsageLocation(containingSourceFile, literal, compilerOptions);
      const result = ts.resolveModuleName(
        literal.text,
        containingFile,
        compilerOptions,
        host,
        cache,
        redirectedReference,
        mode,
      );
      return { ...result, resolvedModule: throughLinks(result.resolvedModule, links) };
    });
}

/** A resolved module by its real path when a link stands on the way (node_modules as TypeScript left it). */
export function throughLinks<T extends ts.ResolvedModuleFull | undefined>(
  resolved: T,
  links: ProjectLinks,
): T {
  if (resolved === undefined || resolved.isExternalLibraryImport === true) return resolved;
  const real = links.realPath(resolved.resolvedFileName);
  return real === resolved.resolvedFileName
    ? resolved
    : { ...resolved, resolvedFileName: real, originalPath: resolved.resolvedFileName };
}
