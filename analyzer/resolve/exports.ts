// What a module exports under a name, followed through re-exports (`export { a } from`,
// `export *`, `export * as ns`), imports and constants, across files.
import type { ProjectFile } from "../project/load-project.js";
import type { ts } from "../project/ts-morph.js";
import type { ExportEntry, ModuleTables } from "./bindings.js";
import type { ModuleResolver, ModuleTarget } from "./module-resolution.js";
import {
  MAX_DEPTH,
  unknownAt,
  type ExpressionResolver,
  type NamedReference,
  type Origin,
} from "./origin.js";
import type { ModuleScopes } from "./scopes.js";

export class ExportResolver {
  private readonly memo = new Map<string, Origin>();

  constructor(
    private readonly modules: ModuleResolver,
    private readonly scopes: ModuleScopes,
    private readonly values: ExpressionResolver,
  ) {}

  /** Resolves an export of the module `specifier` (imported from `from`). */
  resolveExport(
    specifier: string,
    name: string,
    from: ts.SourceFile,
    literal: ts.StringLiteral,
    depth: number,
    at: ts.Node,
  ): Origin {
    const target = this.modules.resolve(specifier, from, literal);
    if (target.kind !== "file") return this.outsideProject(target, specifier, [name], at);
    return this.exportOf(target.file, name, depth, at);
  }

  /** Resolves the export `name` of a project module. */
  exportOf(file: ProjectFile, name: string, depth: number, at: ts.Node): Origin {
    const key = `${file.fileName}\0${name}`;
    const memo = this.memo.get(key);
    if (memo) return memo;
    const result = this.computeExport(file, name, depth, at, new Set());
    this.memo.set(key, result);
    return result;
  }

  /** A whole module: a project file's namespace, or a package's. */
  namespaceOf(
    specifier: string,
    from: ts.SourceFile,
    literal: ts.StringLiteral,
    at: ts.Node,
  ): Origin {
    const target = this.modules.resolve(specifier, from, literal);
    if (target.kind === "file") return { kind: "namespace", file: target.file };
    return this.outsideProject(target, specifier, [], at);
  }

  /** The declaration an import of `name` from `specifier` finally names, if it is in the project. */
  declarationOf(
    specifier: string,
    name: string,
    from: ts.SourceFile,
    literal: ts.StringLiteral,
    depth: number,
  ): NamedReference | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const target = this.modules.resolve(specifier, from, literal);
    if (target.kind !== "file") return undefined;
    const sourceFile = target.file.sourceFile;
    const tables = this.scopes.tablesOf(sourceFile);
    const entry = tables.exports.get(name);
    if (entry?.kind === "local") {
      const binding = tables.bindings.get(entry.local);
      if (binding?.kind === "const" || binding?.kind === "mutable")
        return { name: entry.local, file: sourceFile, node: binding.declaration };
      if (binding?.kind === "import")
        return this.declarationOf(
          binding.specifier,
          binding.imported,
          sourceFile,
          binding.literal,
          depth + 1,
        );
      return { name: entry.local || name, file: sourceFile, node: entry.node };
    }
    if (entry?.kind === "reexport")
      return this.declarationOf(
        entry.specifier,
        entry.imported,
        sourceFile,
        entry.literal,
        depth + 1,
      );
    if (entry === undefined && name !== "default") {
      for (const star of tables.stars) {
        const found = this.declarationOf(star.specifier, name, sourceFile, star.literal, depth + 1);
        if (found) return found;
      }
    }
    return undefined;
  }

  /** A package or a builtin is external; anything else outside the project cannot be known. */
  private outsideProject(
    target: ModuleTarget,
    specifier: string,
    path: readonly string[],
    at: ts.Node,
  ): Origin {
    if (target.kind === "package" || target.kind === "builtin") {
      return {
        kind: "external",
        module: target.kind === "package" ? specifierModule(specifier, target.name) : target.name,
        path,
      };
    }
    const reason =
      target.kind === "outside"
        ? `"${specifier}" resolves outside the project root`
        : target.kind === "asset"
          ? `"${specifier}" is not TypeScript (an asset a bundler loads)`
          : `"${specifier}" cannot be resolved`;
    return unknownAt(reason, at);
  }

  private computeExport(
    file: ProjectFile,
    name: string,
    depth: number,
    at: ts.Node,
    seen: Set<string>,
  ): Origin {
    if (depth > MAX_DEPTH || seen.has(file.fileName)) {
      return unknownAt(`export "${name}" of ${file.path} is part of a re-export cycle`, at);
    }
    seen.add(file.fileName);
    const tables = this.scopes.tablesOf(file.sourceFile);
    const entry = tables.exports.get(name);
    if (entry) return this.entryOrigin(file, tables, name, entry, depth);
    if (name !== "default") {
      const starred = this.starExport(file, tables, name, depth, at, seen);
      if (starred) return starred;
    }
    return unknownAt(`${file.path} has no export named "${name}"`, at);
  }

  /** What one export entry of a module stands for. */
  private entryOrigin(
    file: ProjectFile,
    tables: ModuleTables,
    name: string,
    entry: ExportEntry,
    depth: number,
  ): Origin {
    const sourceFile = file.sourceFile;
    switch (entry.kind) {
      case "local":
        return this.localExport(file, tables, name, entry, depth);
      case "expression":
        return this.values.resolve(entry.expression, depth + 1);
      case "reexport":
        return this.resolveExport(
          entry.specifier,
          entry.imported,
          sourceFile,
          entry.literal,
          depth + 1,
          entry.literal,
        );
      case "reexport-namespace":
        return this.namespaceOf(entry.specifier, sourceFile, entry.literal, entry.literal);
    }
  }

  /** `export const a = ...`, `export { a }`: the local binding behind the export. */
  private localExport(
    file: ProjectFile,
    tables: ModuleTables,
    name: string,
    entry: Extract<ExportEntry, { kind: "local" }>,
    depth: number,
  ): Origin {
    const sourceFile = file.sourceFile;
    const binding = tables.bindings.get(entry.local);
    if (!binding)
      return unknownAt(`export "${name}" of ${file.path} is not a constant`, entry.node);
    switch (binding.kind) {
      case "const":
        if (!binding.initializer)
          return unknownAt(`"${entry.local}" has no initializer`, binding.declaration);
        return this.values.resolve(binding.initializer, depth + 1);
      case "import":
        return this.resolveExport(
          binding.specifier,
          binding.imported,
          sourceFile,
          binding.literal,
          depth + 1,
          binding.node,
        );
      case "namespace-import":
        return this.namespaceOf(binding.specifier, sourceFile, binding.literal, binding.node);
      case "mutable":
        return unknownAt(
          `"${entry.local}" in ${file.path} is declared with let/var and may be reassigned`,
          binding.declaration,
        );
      case "other":
        return unknownAt(
          `export "${name}" of ${file.path} is ${binding.what}, not a constant`,
          binding.node,
        );
    }
  }

  /** `export * from "..."`: the first starred module that exports the name. */
  private starExport(
    file: ProjectFile,
    tables: ModuleTables,
    name: string,
    depth: number,
    at: ts.Node,
    seen: Set<string>,
  ): Origin | undefined {
    for (const star of tables.stars) {
      const target = this.modules.resolve(star.specifier, file.sourceFile, star.literal);
      if (target.kind !== "file") {
        // `export * from "agentix"`: the name may come from there; only the agentix API is known.
        if (target.kind === "package" && target.name === "agentix")
          return {
            kind: "external",
            module: specifierModule(star.specifier, target.name),
            path: [name],
          };
        continue;
      }
      if (
        !this.scopes.tablesOf(target.file.sourceFile).exports.has(name) &&
        !this.hasStarExport(target.file, name, new Set())
      )
        continue;
      return this.computeExport(target.file, name, depth + 1, at, seen);
    }
    return undefined;
  }

  private hasStarExport(file: ProjectFile, name: string, seen: Set<string>): boolean {
    if (seen.has(file.fileName)) return false;
    seen.add(file.fileName);
    for (const star of this.scopes.tablesOf(file.sourceFile).stars) {
      const target = this.modules.resolve(star.specifier, file.sourceFile, star.literal);
      if (target.kind !== "file") continue;
      if (
        this.scopes.tablesOf(target.file.sourceFile).exports.has(name) ||
        this.hasStarExport(target.file, name, seen)
      )
        return true;
    }
    return false;
  }
}

/** `agentix/testing` stays `agentix/testing`; `zod/v4` is module `zod/v4` of package zod. */
function specifierModule(specifier: string, packageName: string): string {
  if (specifier === packageName || specifier.startsWith(`${packageName}/`)) return specifier;
  return packageName;
}
