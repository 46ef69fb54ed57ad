// Where a module's export comes from: the file that declares it, through `export { x } from`,
// `import { x } from ...; export { x }` and `export *`, and whether a type-only export lies on
// the way. The no-private-imports suggestion rewrites `../b/model` to `../b/contract` only when
// the contract exports the very binding the import takes (a contract's own `format`, or
// `export type { Money }` for a class used as a value, compiled before and broke after).
// Required, not imported: Node scans a CommonJS file imported from ESM first (0.5 s for typescript).
// eslint-disable-next-line @typescript-eslint/no-require-imports
import ts = require("typescript");
import { tsSyntax } from "../ts-syntax.js";
import type { ModuleResolver } from "./module-resolver.js";
import {
  cachedText,
  derivedFromFile,
  derivedFromSource,
  type SourceProvider,
} from "./source-cache.js";

const { hasModifier, bindingIdentifiers, declarationName } = tsSyntax(ts);

/** The declaring file of an export, and whether only its type crosses to the asker. */
export interface ExportOrigin {
  readonly file: string;
  readonly typeOnly: boolean;
  /** The files that hand it on between the one asked and `file` (the first hop first). */
  readonly via: readonly string[];
}

/** The origin of `name` as `file` exports it; undefined when it is not exported or cannot be known. */
export type ExportOriginLookup = ((file: string, name: string) => ExportOrigin | undefined) & {
  /**
   * Whether `file` may hand on another module's exports (`export *`, `export { x } from`,
   * `import { x }` then `export { x }`): a file that cannot has every export of its own, and
   * no name need be followed. One question per file, not one per name.
   */
  readonly handsOn?: (file: string) => boolean;
};

type Entry =
  | { readonly kind: "local"; readonly typeOnly: boolean }
  | {
      readonly kind: "from";
      readonly specifier: string;
      readonly imported: string;
      readonly typeOnly: boolean;
    };

interface Origins {
  readonly named: ReadonlyMap<string, Entry>;
  readonly stars: readonly { readonly specifier: string; readonly typeOnly: boolean }[];
}

const isTypeDeclaration = (statement: ts.Statement): boolean =>
  ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement);

/** The imports of a file by local name: what each takes from where. */
function importsOf(source: ts.SourceFile): Map<string, Entry> {
  const imports = new Map<string, Entry>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier))
      continue;
    const clause = statement.importClause;
    if (!clause) continue;
    const specifier = statement.moduleSpecifier.text;
    const typeOnly = clause.isTypeOnly;
    if (clause.name)
      imports.set(clause.name.text, { kind: "from", specifier, imported: "default", typeOnly });
    const bindings = clause.namedBindings;
    if (bindings && ts.isNamedImports(bindings))
      for (const element of bindings.elements)
        imports.set(element.name.text, {
          kind: "from",
          specifier,
          imported: (element.propertyName ?? element.name).text,
          typeOnly: typeOnly || element.isTypeOnly,
        });
    // A namespace import is a new object of this file.
    else if (bindings) imports.set(bindings.name.text, { kind: "local", typeOnly });
  }
  return imports;
}

/** The source-cache key of a file's summary (module-exports.ts reads the same one). */
export const EXPORT_ORIGINS = "export-origins";

export function summarizeOrigins(source: ts.SourceFile): Origins {
  const imports = importsOf(source);
  const named = new Map<string, Entry>();
  const stars: { specifier: string; typeOnly: boolean }[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const specifier =
        statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      const clause = statement.exportClause;
      if (!clause) {
        if (specifier !== undefined) stars.push({ specifier, typeOnly: statement.isTypeOnly });
      } else if (ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          const local = (element.propertyName ?? element.name).text;
          const typeOnly = statement.isTypeOnly || element.isTypeOnly;
          const imported = specifier === undefined ? imports.get(local) : undefined;
          named.set(
            element.name.text,
            specifier !== undefined
              ? { kind: "from", specifier, imported: local, typeOnly }
              : imported !== undefined
                ? { ...imported, typeOnly: imported.typeOnly || typeOnly }
                : { kind: "local", typeOnly },
          );
        }
      } else named.set(clause.name.text, { kind: "local", typeOnly: statement.isTypeOnly });
      continue;
    }
    if (ts.isExportAssignment(statement)) {
      named.set("default", { kind: "local", typeOnly: false });
      continue;
    }
    if (!hasModifier(statement, ts.SyntaxKind.ExportKeyword)) continue;
    const typeOnly = isTypeDeclaration(statement);
    if (hasModifier(statement, ts.SyntaxKind.DefaultKeyword))
      named.set("default", { kind: "local", typeOnly });
    else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations)
        for (const identifier of bindingIdentifiers(declaration.name))
          named.set(identifier.text, { kind: "local", typeOnly: false });
    } else {
      const name =
        declarationName(statement) ??
        (ts.isImportEqualsDeclaration(statement) ? statement.name.text : undefined);
      if (name !== undefined) named.set(name, { kind: "local", typeOnly });
    }
  }
  return { named, stars };
}

/** Text that may re-export every name of another module (`export * from`; conservative). */
const MAY_EXPORT_STAR = /\bexport\b[^;{]*\*/u;

/**
 * Whether a file read from the disk cannot export `name`, judged from its text alone: every
 * way to export a name but `export *` spells it (an identifier escape aside), so a text that
 * holds neither is not parsed. Most files asked about (a contract, when an import takes a
 * private file's name) are spared their parse this way.
 */
function cannotExport(file: string, name: string): boolean {
  if (name === "default") return false; // `export =` does not spell it
  const text = cachedText(file);
  return (
    text !== undefined &&
    !text.includes(name) &&
    !text.includes("\\u") &&
    !MAY_EXPORT_STAR.test(text)
  );
}

export function createExportOriginLookup(
  resolve: ModuleResolver,
  sources?: SourceProvider,
): ExportOriginLookup {
  const originOf = (file: string, name: string, seen: Set<string>): ExportOrigin | undefined => {
    const key = `${file}\0${name}`;
    if (seen.has(key)) return undefined;
    seen.add(key);
    // A provided tree is read as it is (an analyzer's program); a file from the disk may be spared.
    const provided = sources?.(file);
    if (provided === undefined && cannotExport(file, name)) return undefined;
    const origins = provided
      ? derivedFromSource(provided, EXPORT_ORIGINS, summarizeOrigins)
      : derivedFromFile(file, EXPORT_ORIGINS, summarizeOrigins);
    if (!origins) return undefined;
    const entry = origins.named.get(name);
    if (entry?.kind === "local") return { file, typeOnly: entry.typeOnly, via: [] };
    // `target`'s origin as `file` hands it on.
    const through = (target: string, origin: ExportOrigin, typeOnly: boolean): ExportOrigin => ({
      file: origin.file,
      typeOnly: origin.typeOnly || typeOnly,
      via: origin.file === target ? origin.via : [target, ...origin.via],
    });
    if (entry?.kind === "from") {
      const target = resolve(entry.specifier, file, "import");
      if (target === undefined) return undefined;
      const origin = originOf(target, entry.imported, seen);
      return origin && through(target, origin, entry.typeOnly);
    }
    // `export *` re-exports every name but the default one.
    if (name === "default") return undefined;
    for (const star of origins.stars) {
      const target = resolve(star.specifier, file, "import");
      const origin = target === undefined ? undefined : originOf(target, name, seen);
      if (target !== undefined && origin) return through(target, origin, star.typeOnly);
    }
    return undefined;
  };
  const handsOn = (file: string): boolean => {
    const provided = sources?.(file);
    // Each way to hand on an export spells `from`.
    if (provided === undefined && cachedText(file)?.includes("from") === false) return false;
    const origins = provided
      ? derivedFromSource(provided, EXPORT_ORIGINS, summarizeOrigins)
      : derivedFromFile(file, EXPORT_ORIGINS, summarizeOrigins);
    if (!origins) return false;
    let answer = handingOn.get(origins);
    if (answer === undefined) {
      answer =
        origins.stars.length > 0 ||
        [...origins.named.values()].some((entry) => entry.kind === "from");
      handingOn.set(origins, answer);
    }
    return answer;
  };
  return Object.assign((file: string, name: string) => originOf(file, name, new Set()), {
    handsOn,
  });
}

/** Whether a summary hands on another module's exports, once per summary. */
const handingOn = new WeakMap<Origins, boolean>();
