// The affected facts of a live analysis: file roles, imports and descriptors read from it, units
// cut and references resolved with the program's checker when first asked for (per file, kept).
import { existsSync } from "node:fs";
import path from "node:path";
import { readProjectJson } from "../../schema/read-project-file.js";
import { ts } from "../project/ts-morph.js";
import type { Analysis } from "../analyze.js";
import { addLoaderImports } from "./loader-imports.js";
import { wouldImport } from "./would-import.js";
import type { Site } from "../extract/model.js";
import type { ProjectFile } from "../project/load-project.js";
import { fileUnits } from "./code-units.js";
import type { Entity } from "./entity.js";
import type {
  AffectedFacts,
  AllEntities,
  EntitySite,
  FactFile,
  ImportFact,
  OutsideKind,
  UnknownLoader,
} from "./facts.js";
import { SETUP_RESOLUTION } from "./facts.js";
import { addComponentImports } from "./component-imports.js";
import { addPathReferences } from "./path-references.js";
import { addCypressGlobals } from "./cypress-globals.js";
import { addSelfImports } from "./self-imports.js";
import { addModuleMapImports } from "./module-map-imports.js";
import { addManualMockImports } from "./manual-mocks.js";
import { addRunnerLoads } from "./runner-loads.js";
import { linkedCopiesOf } from "./linked-copies.js";
import { mochaRootHookSetup } from "./mocha-hook-setup.js";
import { fileUses } from "./reference-graph.js";
import {
  isVitestSetupFile,
  vitestSetupBefore,
  type VitestConfig,
} from "../project/vitest-config.js";
import type { BaseIndexLookup } from "./base-index.js";
import type { FileChange } from "./changes.js";
import {
  computeAffectedFrom,
  type AffectedComputation,
  type AffectedScope,
  type NamedTargets,
} from "./select.js";
import type { CutFileUnits } from "./units.js";

const live = new WeakMap<Analysis, AffectedFacts>();

/** The facts of `analysis` (one object per analysis: its cut units are kept with it). */
export function liveFacts(analysis: Analysis): AffectedFacts {
  let facts = live.get(analysis);
  if (facts === undefined) live.set(analysis, (facts = new LiveFacts(analysis).facts()));
  return facts;
}

/** The closure of `changes` in a live analysis. */
export function computeAffected(
  analysis: Analysis,
  changes: readonly FileChange[],
  targets: NamedTargets = {},
  base?: BaseIndexLookup,
  scope?: AffectedScope,
): AffectedComputation {
  return computeAffectedFrom(liveFacts(analysis), changes, targets, base, scope);
}

/** The files another file of the analysis imports at run time. */
function runtimeImported({ imports }: Analysis): Set<ProjectFile> {
  const found = new Set<ProjectFile>();
  for (const [importer, resolved] of imports)
    for (const { edge, target } of resolved)
      if (!edge.typeOnly && target.kind === "file" && target.file !== importer)
        found.add(target.file);
  return found;
}

class LiveFacts {
  private readonly byPath = new Map<string, ProjectFile>();
  private readonly byFileName = new Map<string, ProjectFile>();
  private readonly factFiles = new Map<string, FactFile>();
  private readonly cut = new Map<string, CutFileUnits>();
  private agentixDir: string | null | undefined;
  private compiledDirs: ReadonlySet<string> | undefined;

  constructor(private readonly analysis: Analysis) {
    const { loaded, roles } = analysis;
    const loadedByOthers = runtimeImported(analysis);
    for (const file of loaded.files) {
      this.byPath.set(file.path, file);
      this.byFileName.set(file.fileName, file);
      // A source file with in-source tests Vitest runs (includeSource) is a test here too.
      const inSource =
        !file.declaration &&
        loaded.vitest.runsInSource?.(file.path) === true &&
        file.sourceFile.text.includes("import.meta.vitest");
      const test = roles.isTest(file) || inSource;
      const vitestRuns = inSource || loaded.vitest.runs(file.path);
      this.factFiles.set(file.path, {
        path: file.path,
        declaration: file.declaration,
        test,
        // Test code another file loads, which its runner leaves out: a helper (FactFile.helper).
        helper: test && loadedByOthers.has(file) && roles.leftOutByItsRunner(file),
        role: roles.role(file),
        feature: roles.featureOf(file)?.id ?? null,
        vitestRuns,
        otherVitestConfig:
          test && vitestRuns === false
            ? (loaded.vitest.others.find((other) => other.runs(file.path) === true)?.file ?? null)
            : null,
      });
    }
  }

  facts(): AffectedFacts {
    const { analysis } = this;
    const imports = new Map<string, ImportFact[]>();
    for (const [file, resolved] of analysis.imports)
      imports.set(
        file.path,
        resolved.map((item) => ({
          target:
            item.target.kind === "file"
              ? { kind: "file", path: item.target.file.path }
              : item.target.kind === "package" || item.target.kind === "builtin"
                ? { kind: item.target.kind, name: item.target.name }
                : { kind: item.target.kind },
          position: item.site.node.getStart(file.sourceFile),
          typeOnly: item.edge.typeOnly,
          resolution: item.edge.resolution,
          edgeTarget: item.edge.target,
          specifier: item.edge.specifier,
        })),
      );
    const unknownLoaders = addLoaderImports(analysis, imports, [...this.factFiles.keys()]);
    this.addLoadsWithoutImports(imports);
    const { vitest } = analysis.loaded;
    return {
      root: analysis.loaded.root,
      files: [...this.factFiles.values()],
      file: (file) => this.factFiles.get(file),
      imports,
      unknownLoaders,
      unknownSetups: unknownSetups(vitest),
      testOwners: testOwners(analysis),
      linkedCopies: linkedCopiesOf(
        analysis.loaded.root,
        analysis.loaded.files.filter((file) => !file.declaration),
      ),
      operations: analysis.descriptors.operations.map((operation) => ({
        id: operation.id,
        file: operation.site.file.path,
        callStart: operation.call.getStart(operation.site.file.sourceFile),
      })),
      entitySites: () => entitySites(analysis),
      everything: () => everything(analysis),
      foreignSchemas: () => foreignSchemas(analysis),
      units: (file) => this.units(file),
      uses: (file, within) => {
        const project = this.projectFile(file);
        const cutOf = (fileName: string) => {
          const owner = this.byFileName.get(fileName);
          return owner !== undefined && within(owner.path) !== undefined
            ? this.units(owner.path)
            : undefined;
        };
        return fileUses(
          this.units(file),
          project.sourceFile,
          cutOf,
          analysis.loaded.program.getTypeChecker(),
        );
      },
      source: (file) => {
        const { sourceFile } = this.projectFile(file);
        return { text: sourceFile.text, lineStarts: sourceFile.getLineStarts() };
      },
      outside: (absolute) => this.outside(absolute),
      wouldImport: (removed) => wouldImport(analysis, removed),
    };
  }

  /**
   * What a file loads that its text does not import: through components, the paths it names,
   * Cypress's global `cy`, its own package by name, test setup, what Jest's moduleNameMapper
   * maps its imports to, manual mocks, and the modules a test runner's module calls load.
   */
  private addLoadsWithoutImports(imports: Map<string, ImportFact[]>): void {
    const { loaded } = this.analysis;
    addSelfImports(imports, {
      root: loaded.root,
      outDir: loaded.compilerOptions.outDir,
      rootDir: loaded.compilerOptions.rootDir,
      projectFile: (absolute) => loaded.fileByName.get(absolute)?.path,
    });
    addComponentImports(imports, loaded.root, loaded.compilerOptions, (file) =>
      this.factFiles.has(file),
    );
    const sources = loaded.files.filter((file) => !file.declaration);
    addPathReferences(imports, sources, loaded.root, [...this.factFiles.keys()]);
    addCypressGlobals(imports, sources);
    const rootHooks = mochaRootHookSetup(
      loaded.root,
      [...this.factFiles.values()],
      (file) => this.projectFile(file).sourceFile.text,
    );
    addSetupImports(imports, [...this.factFiles.values()], (test) =>
      rootHooks.length === 0
        ? vitestSetupBefore(loaded.vitest, test)
        : [...vitestSetupBefore(loaded.vitest, test), ...rootHooks],
    );
    const isFactFile = (file: string) => this.factFiles.has(file);
    if (loaded.vitest.jestModuleMap !== undefined)
      addModuleMapImports(imports, loaded.vitest.jestModuleMap, loaded.root, isFactFile);
    addManualMockImports(imports, this.analysis, isFactFile);
    addRunnerLoads(imports, this.analysis, isFactFile);
  }

  private projectFile(file: string): ProjectFile {
    const found = this.byPath.get(file);
    if (found === undefined) throw new Error(`${file} is not a file of the analysis`);
    return found;
  }

  private units(file: string): CutFileUnits {
    let units = this.cut.get(file);
    if (units === undefined) {
      const project = this.projectFile(file);
      units = fileUnits(
        project.sourceFile,
        file,
        this.analysis.roles.isTest(project),
        this.analysis.loaded.program.getTypeChecker(),
      );
      this.cut.set(file, units);
    }
    return units;
  }

  private outside(absolute: string): OutsideKind {
    const { loaded } = this.analysis;
    if (isVitestSetupFile(loaded.vitest, absolute)) return "test-setup";
    if (loaded.program.getSourceFile(absolute) !== undefined) return "compiled";
    this.agentixDir ??= agentixPackageDirectory(loaded.root, loaded.compilerOptions) ?? null;
    if (this.agentixDir !== null && absolute.startsWith(this.agentixDir + path.sep))
      return "agentix-runtime";
    if (loaded.extendsChain.includes(absolute)) return "configures";
    return this.directoriesOfCompiledFiles().has(path.dirname(absolute))
      ? "configures"
      : "unrelated";
  }

  /** Every folder that holds, at any depth, a file the program compiles. */
  private directoriesOfCompiledFiles(): ReadonlySet<string> {
    if (this.compiledDirs !== undefined) return this.compiledDirs;
    const dirs = new Set<string>();
    for (const sourceFile of this.analysis.loaded.program.getSourceFiles()) {
      let dir = path.dirname(path.resolve(sourceFile.fileName));
      while (!dirs.has(dir)) {
        dirs.add(dir);
        const parent = path.dirname(dir);
        if (parent === dir) break;
        dir = parent;
      }
    }
    this.compiledDirs = dirs;
    return dirs;
  }
}

/** Where each agentix entity is declared, in the order entitiesByUnit places them. */
function entitySites(analysis: Analysis): EntitySite[] {
  const sites: EntitySite[] = [];
  const featureOf = (site: Site | null) =>
    site === null ? null : (analysis.roles.featureOf(site.file)?.id ?? null);
  const place = (site: Site | null, entity: Entity) => {
    if (site === null) return;
    sites.push({
      entity,
      file: site.file.path,
      start: site.node.getStart(site.file.sourceFile),
      end: site.node.getEnd(),
    });
  };
  const d = analysis.descriptors;
  for (const m of d.operations)
    place(m.site, { kind: "operation", id: m.id, feature: featureOf(m.site) });
  for (const m of d.ports)
    if (m.origin === "project")
      place(m.site, { kind: "port", id: m.id, feature: featureOf(m.site) });
  for (const m of d.events) place(m.site, { kind: "event", id: m.id, feature: featureOf(m.site) });
  for (const m of d.invariants)
    place(m.site, { kind: "invariant", id: m.id, feature: featureOf(m.site) });
  for (const m of d.adapters)
    if (m.origin === "project")
      place(m.site, {
        kind: "adapter",
        id: `${m.port.id}/${m.name ?? m.binding ?? "adapter"}`,
        feature: featureOf(m.site),
      });
  for (const m of d.contracts)
    place(m.site, {
      kind: "contract",
      id: featureOf(m.site) ?? m.id ?? "?",
      feature: featureOf(m.site),
    });
  for (const m of d.features)
    place(m.site, {
      kind: "feature",
      id: featureOf(m.site) ?? m.declaredId ?? "?",
      feature: featureOf(m.site),
    });
  for (const m of d.applications)
    place(m.site, { kind: "application", id: m.site.file.path, feature: null });
  return sites;
}

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** A widened answer: every file and entity of the project. */
function everything({ loaded, roles, descriptors }: Analysis): AllEntities {
  const project = <T extends { origin: string }>(models: readonly T[]) =>
    models.filter((m) => m.origin === "project");
  return {
    files: loaded.files.filter((file) => !file.declaration).map((file) => file.path),
    features: sorted(
      descriptors.features.map((m) => roles.featureOf(m.site.file)?.id ?? ""),
    ).filter(Boolean),
    operations: sorted(descriptors.operations.map((m) => m.id)),
    ports: sorted(project(descriptors.ports).map((m) => m.id)),
    adapters: sorted(
      project(descriptors.adapters).map((m) => `${m.port.id}/${m.name ?? m.binding ?? "adapter"}`),
    ),
    events: sorted(descriptors.events.map((m) => m.id)),
    invariants: sorted(descriptors.invariants.map((m) => m.id)),
  };
}

/** Every schema slot whose schema comes from another validator library, with where it is. */
function foreignSchemas(analysis: Analysis): { file: string; line: number; vendor: string }[] {
  const d = analysis.descriptors;
  const slots = [
    ...d.operations.flatMap((m) => [m.input, m.output, ...m.errors.map((e) => e.schema)]),
    ...d.portOperations.flatMap((m) => [m.input, m.output, ...m.errors.map((e) => e.schema)]),
    ...d.events.map((m) => m.payload),
    ...d.invariants.map((m) => m.evidence),
  ];
  const found = new Map<string, { file: string; line: number; vendor: string }>();
  for (const slot of slots) {
    const opaque = slot?.opaque;
    if (opaque?.vendor)
      found.set(`${opaque.file}:${opaque.line}`, {
        file: opaque.file,
        line: opaque.line,
        vendor: opaque.vendor,
      });
  }
  return [...found.values()];
}

/** The setup lists of the Vitest configs that cannot be read statically. */
/** The tests other tsconfigs inside the root own (the analysis says so; it left them out). */
function testOwners(analysis: Analysis): AffectedFacts["testOwners"] {
  return analysis.loaded.problems.flatMap((problem) =>
    problem.code === "test-not-analysed" &&
    problem.file !== null &&
    problem.owner !== undefined &&
    !problem.owner.startsWith("../") &&
    !path.isAbsolute(problem.owner)
      ? [{ test: problem.file, owner: problem.owner }]
      : [],
  );
}

function unknownSetups(vitest: VitestConfig): UnknownLoader[] {
  return [vitest, ...vitest.others].flatMap((config) =>
    config.setup.problems.map((problem) => ({
      file: problem.file ?? (config.file as string),
      line: problem.line ?? 1,
      reason: problem.message,
    })),
  );
}

/**
 * Vitest runs a test's setup files before it, in its worker: each counts as an import at the top
 * of the test (what a setup file loads, and what it changes, reaches every test it runs before).
 */
function addSetupImports(
  imports: Map<string, ImportFact[]>,
  files: readonly FactFile[],
  setupBefore: (test: string) => readonly string[],
): void {
  const analysed = new Set(files.map((file) => file.path));
  for (const file of files) {
    if (!file.test || file.declaration) continue;
    const setup = setupBefore(file.path).filter(
      (found) => found !== file.path && analysed.has(found),
    );
    if (setup.length === 0) continue;
    const list = imports.get(file.path) ?? [];
    imports.set(file.path, list);
    for (const target of setup)
      list.push({
        target: { kind: "file", path: target },
        position: 0,
        typeOnly: false,
        resolution: SETUP_RESOLUTION,
        edgeTarget: target,
        specifier: null,
      });
  }
}

/** The directory of the agentix package the project resolves (its runtime changing widens). */
function agentixPackageDirectory(root: string, options: ts.CompilerOptions): string | undefined {
  const resolved = ts.resolveModuleName(
    "agentix",
    path.join(root, "__agentix_probe__.ts"),
    options,
    ts.sys,
  ).resolvedModule?.resolvedFileName;
  if (resolved === undefined) return undefined;
  for (
    let dir = path.dirname(path.resolve(resolved));
    dir !== path.dirname(dir);
    dir = path.dirname(dir)
  ) {
    const manifest = path.join(dir, "package.json");
    if (!existsSync(manifest)) continue;
    try {
      if ((readProjectJson(manifest) as { name?: unknown } | null)?.name === "agentix") return dir;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
