// The public names of every package entry, read with the TypeScript checker from the sources
// its declarations are built from (package.json `exports`: ./dist/X.d.ts comes from X.ts).
import { readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { REPO } from "../support/analyzer-fixtures.js";

export interface PublicName {
  readonly name: string;
  /** A value exists at run time; a type is erased. */
  readonly kind: "value" | "type";
}

/** Each entry (`agentix`, `agentix/http`, ...) and the source file of its declarations. */
export function packageEntries(): Map<string, string> {
  const manifest = JSON.parse(readFileSync(path.join(REPO, "package.json"), "utf8")) as {
    name: string;
    exports: Record<string, string | { types?: string }>;
  };
  const entries = new Map<string, string>();
  for (const [subpath, target] of Object.entries(manifest.exports)) {
    if (typeof target === "string" || target.types === undefined) continue;
    const source = target.types.replace(/^\.\/dist\//u, "").replace(/\.d\.ts$/u, ".ts");
    entries.set(path.posix.join(manifest.name, subpath), source);
  }
  return entries;
}

/** The exported names of each source file, sorted. */
export function exportedNames(sources: readonly string[]): Map<string, PublicName[]> {
  const files = sources.map((source) => path.join(REPO, source));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    target: ts.ScriptTarget.ES2023,
    strict: true,
    skipLibCheck: true,
    noEmit: true,
    types: ["node"],
  });
  const checker = program.getTypeChecker();
  const result = new Map<string, PublicName[]>();
  for (const [index, file] of files.entries()) {
    const sourceFile = program.getSourceFile(file);
    const module = sourceFile && checker.getSymbolAtLocation(sourceFile);
    if (module === undefined) throw new Error(`${sources[index]}: not a module`);
    const names = checker.getExportsOfModule(module).map((symbol): PublicName => {
      const target =
        symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
      return { name: symbol.name, kind: target.flags & ts.SymbolFlags.Value ? "value" : "type" };
    });
    result.set(
      sources[index] as string,
      names.sort((a, b) => (a.name < b.name ? -1 : 1)),
    );
  }
  return result;
}
