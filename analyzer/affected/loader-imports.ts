// What loaders import without naming a file: an import()/require() whose target is a pattern
// (`./locales/${lang}.json`, or `@/locales/${lang}.json` as `paths` map it;
// extract/loader-pattern.ts), Vite's import.meta.glob (extract/vite-glob.ts) and webpack's
// require.context (extract/require-context.ts) import every project file their patterns match;
// a loader of an unknown target, and a static import that resolves nowhere, is listed: its file
// is affected by any change.
import { existsSync } from "node:fs";
import path from "node:path";
import { ts } from "../project/ts-morph.js";
import { readProjectJson } from "../../schema/read-project-file.js";
import { packageName } from "../resolve/module-resolution.js";
import type { Analysis } from "../analyze.js";
import { lineOf } from "../extract/location.js";
import type { ProjectFile } from "../project/load-project.js";
import type { ImportFact, UnknownLoader } from "./facts.js";
import { patternMatcher, projectPattern } from "./loader-glob.js";
import { isRelativePattern } from "../extract/loader-pattern.js";
import { pathsSubstitutionsOf } from "../../eslint-plugin/logic/project/paths-alias.js";
import { relativeToRoot } from "../project/paths.js";
import { declaredLoads, loadGlobs } from "../../schema/declared-loads.js";

/** Adds the pattern loaders' imports of `files` to `imports`; returns the loaders of unknown targets. */
export function addLoaderImports(
  analysis: Analysis,
  imports: Map<string, ImportFact[]>,
  files: readonly string[],
): UnknownLoader[] {
  const unknownLoaders: UnknownLoader[] = [];
  const { root, compilerOptions, config } = analysis.loaded;
  const declareds = declaredLoads(config);
  /** An alias pattern's project-relative patterns, as `paths` map it; undefined when none does. */
  const aliasPatterns = (pattern: string): string[] | undefined =>
    pathsSubstitutionsOf(compilerOptions)(pattern)?.flatMap(
      (target) => relativeToRoot(root, target) ?? [],
    );
  for (const item of analysis.unresolved) {
    const { file, node } = item.site;
    // A static import that leads nowhere TypeScript knows (`#platform` that a bundler or Vitest
    // `resolve.alias` maps, a relative file a build writes): it loads something all the same.
    if (item.kind === "import") {
      const specifier = ts.isStringLiteralLike(node) ? node.text : undefined;
      if (specifier !== undefined && (specifier.startsWith("#") || loadsCode(specifier)))
        unknownLoaders.push({ file: file.path, line: lineOf(item.site), reason: item.reason });
      continue;
    }
    if (item.kind !== "dynamic-import" && item.kind !== "require") continue;
    // agentix.config.json `loads` says what this file's non-literal loads may load.
    const declared = declareds(file.path);
    if (declared !== undefined) {
      for (const { glob, matches } of loadGlobs(declared))
        addPatternImports(imports, file, node, glob, files, matches);
      continue;
    }
    const pattern = item.pattern;
    if (pattern !== undefined && isRelativePattern(pattern)) {
      addPatternImports(imports, file, node, projectPattern(file.path, pattern), files);
      continue;
    }
    // `@/locales/${lang}.json`: an alias, as the tsconfig's `paths` map it (webpack and Vite
    // resolve the folder so); a package's folder, or an alias no entry maps, loads what cannot
    // be known here.
    const targets = pattern === undefined ? undefined : aliasPatterns(pattern);
    if (targets === undefined)
      unknownLoaders.push({ file: file.path, line: lineOf(item.site), reason: item.reason });
    else for (const loads of targets) addPatternImports(imports, file, node, loads, files);
  }
  unknownLoaders.push(...aliasLoaders(analysis));
  for (const scan of analysis.scans.values())
    for (const glob of scan.globs) {
      if (glob.unknown !== undefined) {
        const line = lineOf({ file: scan.file, node: glob.node });
        const reason = `${glob.unknown}: what it loads cannot be known`;
        unknownLoaders.push({ file: scan.file.path, line, reason });
      }
      for (const pattern of glob.patterns) {
        // "/src/x/*" names the project root, as Vite reads it.
        if (pattern.startsWith("/")) {
          addPatternImports(imports, scan.file, glob.node, pattern.slice(1), files);
          continue;
        }
        if (pattern.startsWith("./") || pattern.startsWith("../")) {
          const loads = projectPattern(scan.file.path, pattern);
          addPatternImports(imports, scan.file, glob.node, loads, files);
          continue;
        }
        // An alias ("@/icons/*.ts"), as the tsconfig's `paths` map it (Vite's own aliases are
        // in a config file that would have to run; projects mirror them there). One that no
        // entry maps loads what cannot be known.
        const targets = aliasPatterns(pattern);
        if (targets === undefined) {
          const line = lineOf({ file: scan.file, node: glob.node });
          const call = glob.node.expression.getText(scan.file.sourceFile);
          const reason = `${call}("${pattern}"): no tsconfig \`paths\` entry maps the alias`;
          unknownLoaders.push({ file: scan.file.path, line, reason });
          continue;
        }
        for (const loads of targets) addPatternImports(imports, scan.file, glob.node, loads, files);
      }
    }
  return unknownLoaders;
}

/**
 * The imports of a Vite alias (`resolve.alias` of the Vitest config) that the tsconfig's `paths`
 * do not map, so TypeScript took them for a package (project/bundler-aliases.ts): Vitest loads
 * the file the alias leads to, which is not read here.
 */
function aliasLoaders(analysis: Analysis): UnknownLoader[] {
  const aliases = analysis.loaded.vitest.aliases;
  if (aliases === undefined) return [];
  // A package the project depends on is one (an alias list no one can read names every
  // specifier, and would make every package import a loader of an unknown target).
  const declared = declaredPackages(analysis.loaded.root);
  const found: UnknownLoader[] = [];
  for (const [file, imports] of analysis.imports)
    for (const { site, target } of imports) {
      if (target.kind !== "package" || site.typeOnly || site.specifier === undefined) continue;
      if (declared.has(packageName(site.specifier)) || !aliases(site.specifier)) continue;
      found.push({
        file: file.path,
        line: lineOf({ file, node: site.node }),
        reason: `"${site.specifier}" is a Vite alias (resolve.alias) the tsconfig's paths do not map: the file it loads is not followed`,
      });
    }
  return found;
}

/** Dependency fields of a package.json: a specifier of a package named there is that package. */
const DEPENDENCY_FIELDS = [
  "dependencies",
  "devDependencies",
  "peerDependencies",
  "optionalDependencies",
] as const;

/**
 * The packages the project's package.json and the nearest one above it (a workspace's root)
 * name as dependencies; both are among the fresh index's inputs. One that cannot be read names
 * none.
 */
function declaredPackages(root: string): Set<string> {
  const names = new Set<string>();
  const manifests = [path.join(root, "package.json")];
  for (let dir = path.dirname(root); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const manifest = path.join(dir, "package.json");
    if (existsSync(manifest)) {
      manifests.push(manifest);
      break;
    }
  }
  for (const manifest of manifests) {
    let json: unknown;
    try {
      json = readProjectJson(manifest);
    } catch {
      continue;
    }
    for (const field of DEPENDENCY_FIELDS) {
      const entries = (json as Record<string, unknown> | null)?.[field];
      if (entries !== null && typeof entries === "object")
        for (const name of Object.keys(entries)) names.add(name);
    }
  }
  return names;
}

/** A relative specifier that may name code: no extension, or a JavaScript or TypeScript one (not a stylesheet). */
function loadsCode(specifier: string): boolean {
  if (!specifier.startsWith(".")) return false;
  const extension = /\.([^./]+)$/u.exec(specifier)?.[1];
  return extension === undefined || /^[cm]?[jt]sx?$/u.test(extension);
}

/**
 * A loader whose target is a pattern imports every project file that matches it, and keeps the
 * pattern itself (resolution "pattern", the glob as its edge target) for the files the analysis
 * does not hold (JSON, CSS) that a change may touch.
 */
function addPatternImports(
  imports: Map<string, ImportFact[]>,
  file: ProjectFile,
  node: ts.Node,
  loads: string,
  files: readonly string[],
  matches: (file: string) => boolean = patternMatcher(loads),
): void {
  const list = imports.get(file.path) ?? [];
  imports.set(file.path, list);
  const position = node.getStart(file.sourceFile);
  const loader = { position, typeOnly: false, resolution: "pattern", specifier: null };
  list.push({ ...loader, target: { kind: "unresolved" }, edgeTarget: loads });
  for (const target of files)
    if (target !== file.path && matches(target))
      list.push({ ...loader, target: { kind: "file", path: target }, edgeTarget: target });
}
