// Required, not imported: Node scans a CommonJS file imported from ESM first (0.5 s for typescript).
// eslint-disable-next-line @typescript-eslint/no-require-imports
import ts = require("typescript");
import { diskRound } from "../../../schema/disk-rounds.js";
import { tsSyntax } from "../ts-syntax.js";
import type { ModuleResolver } from "./module-resolver.js";
import { derivedFromProvided, type SourceProvider } from "./source-cache.js";

const { hasModifier, bindingIdentifiers, declarationName } = tsSyntax(ts);

/** The names a module exports (`"default"` included), or undefined when they cannot be known. */
export type ModuleExportsLookup = (file: string) => ReadonlySet<string> | undefined;

interface ExportSummary {
  readonly names: readonly string[];
  /** Specifiers of `export * from "..."`, whose names must be followed. */
  readonly stars: readonly string[];
}

/** The export names a module declares itself, and the modules it re-exports wholesale. */
export function summarizeExports(source: ts.SourceFile): ExportSummary {
  const names: string[] = [];
  const stars: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (!clause) {
        if (statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier))
          stars.push(statement.moduleSpecifier.text);
      } else if (ts.isNamedExports(clause)) {
        for (const element of clause.elements) names.push(element.name.text);
      } else {
        names.push(clause.name.text);
      }
      continue;
    }
    if (ts.isExportAssignment(statement)) {
      names.push("default");
      continue;
    }
    if (!hasModifier(statement, ts.SyntaxKind.ExportKeyword)) continue;
    if (hasModifier(statement, ts.SyntaxKind.DefaultKeyword)) {
      names.push("default");
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations)
        names.push(...bindingIdentifiers(declaration.name).map((identifier) => identifier.text));
    } else {
      const name =
        declarationName(statement) ??
        (ts.isImportEqualsDeclaration(statement) ? statement.name.text : undefined);
      if (name !== undefined) names.push(name);
    }
  }
  return { names, stars };
}

/**
 * Exported names of a module file, following `export * from` through the resolver. Each file is
 * parsed once per mtime (or taken from `sources`, the trees a caller already has); an unparseable file or an unresolvable `export *` makes the answer
 * unknown (undefined), because a name might come from it.
 */
export function createModuleExportsLookup(
  resolve: ModuleResolver,
  sources?: SourceProvider,
): ModuleExportsLookup {
  const collect = (
    file: string,
    seen: Set<string>,
    into: Set<string>,
    viaStar: boolean,
  ): boolean => {
    if (seen.has(file)) return true;
    seen.add(file);
    const summary = derivedFromProvided(sources, file, "exports", summarizeExports);
    if (!summary) return false;
    // `export *` re-exports every name but the default one.
    for (const name of summary.names) if (!viaStar || name !== "default") into.add(name);
    for (const specifier of summary.stars) {
      const target = resolve(specifier, file, "import");
      if (target === undefined || !collect(target, seen, into, true)) return false;
    }
    return true;
  };
  // The answer for a file, reused for the disk round (it depends on the files it re-exports too).
  const answers = new Map<string, { round: number; names: ReadonlySet<string> | undefined }>();
  return (file) => {
    const round = diskRound();
    const known = answers.get(file);
    if (known?.round === round) return known.names;
    const names = new Set<string>();
    const result = collect(file, new Set(), names, false) ? names : undefined;
    answers.set(file, { round, names: result });
    return result;
  };
}
