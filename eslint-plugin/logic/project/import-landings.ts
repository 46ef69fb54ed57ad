import path from "node:path";
import { isInstalled } from "../../../schema/paths.js";
import { diskRound } from "../../../schema/disk-rounds.js";
import type { ProjectServices } from "../rule-logic.js";
import type { ResolutionKind } from "./module-resolver.js";
import { foreignFeatureOf, foreignFeatureOfFolder } from "./foreign-features.js";
import type { Feature, ProjectLayout } from "./layout.js";
import { namesFolderOnly, resolveRelative } from "./relative-target.js";

/** Where an import lands: the file it resolves to and that file's feature (either may be none). */
export interface Landing {
  readonly target: string | undefined;
  readonly feature: Feature | undefined;
}

/**
 * Where an import that resolved to `file` lands: the file where it really lies (through a
 * symbolic link below the root, the link's target, not where the link sits) and its feature;
 * outside this project, another package's feature (by a bare specifier, unless installed).
 */
export function landingAt(
  layout: ProjectLayout,
  file: string,
  relative: boolean,
  services: ProjectServices,
): Landing {
  const target = services.linkedPaths?.realPathOf(file, layout.config.root) ?? file;
  const feature =
    layout.featureOf(target) ??
    (relative || !isInstalled(target) ? foreignFeatureOf(layout, target) : undefined);
  return { target, feature };
}

/**
 * Nowhere: an import that resolves to no file, or an alias into a folder outside every feature
 * (clean whoever imports it, so never resolved).
 */
export const NOWHERE: Landing = { target: undefined, feature: undefined };

/** A bare specifier that is no alias with one target: resolved as the scope's files resolve it. */
const NOT_AN_ALIAS: Landing = { target: undefined, feature: undefined };

/**
 * Where imports land when that does not depend on the importing folder, shared by every folder
 * of a layout for one disk round: a relative specifier by the path it names, an alias by its one
 * target (within the files that read aliases alike). A lint run's files import the same
 * contracts and aliases from every folder: each of those is resolved once, not once per folder.
 *
 * Only answers that services.directFile gives are shared: TypeScript finds the file at the
 * named path (x.ts, x.tsx, x/index.ts) before looking anywhere that depends on the importer.
 * Any other import (a package, an alias TypeScript must search further for) is undefined here
 * and resolved for its folder as before.
 */
export class ImportLandings {
  private round = -1;
  private services: ProjectServices | undefined;
  /** By the absolute path a relative specifier names; null: not shareable. */
  private byPath = new Map<string, Landing | null>();
  /** By alias scope, then specifier; null: not shareable. */
  private byScope = new WeakMap<object, Map<string, Landing | null>>();
  /** The alias answers of each folder's scope (a folder's files share one). */
  private byFolder = new Map<string, Map<string, Landing | null>>();

  constructor(private readonly layout: ProjectLayout) {}

  /**
   * Where `specifier` (relative, written in `dir`) lands, or undefined when that must be
   * resolved for the folder. Asked for .ts and .tsx importers only (an .mts or .cts file's
   * resolution also depends on its module format).
   */
  relative(dir: string, specifier: string, services: ProjectServices): Landing | undefined {
    const directFile = services.directFile;
    // A folder only ("..", "./"): TypeScript looks into it, as directFile does not.
    if (directFile === undefined || namesFolderOnly(specifier)) return undefined;
    this.renew(services);
    const named = resolveRelative(dir, specifier);
    let landing = this.byPath.get(named);
    if (landing === undefined) {
      landing = this.land(directFile(named), true, services);
      this.byPath.set(named, landing);
    }
    return landing ?? undefined;
  }

  /**
   * The shared answers for aliases written in `fromFile` (in the folder `dir`), or undefined
   * without alias scopes.
   */
  aliases(
    dir: string,
    fromFile: string,
    services: ProjectServices,
  ): Map<string, Landing | null> | undefined {
    const { directFile, aliasScope, aliasTarget } = services;
    if (directFile === undefined || aliasScope === undefined || aliasTarget === undefined)
      return undefined;
    this.renew(services);
    let answers = this.byFolder.get(dir);
    if (answers === undefined) {
      const scope = aliasScope(fromFile);
      answers = this.byScope.get(scope);
      if (answers === undefined) this.byScope.set(scope, (answers = new Map()));
      this.byFolder.set(dir, answers);
    }
    return answers;
  }

  /**
   * Where the bare `specifier` lands, from `answers` (aliases(), for the importer's scope), or
   * undefined when it must be resolved for the folder (an alias whose one target TypeScript
   * must search further for). An alias with one target lands where it names; any other bare
   * specifier (a package, an alias with fallbacks) where the scope's files all resolve it, by
   * the resolution `kind` (a require may take other `exports` conditions).
   */
  alias(
    answers: Map<string, Landing | null>,
    specifier: string,
    fromFile: string,
    services: ProjectServices,
    kind: ResolutionKind = "import",
  ): Landing | undefined {
    let landing = answers.get(specifier);
    if (landing === undefined) {
      const aliased = services.aliasTarget?.(specifier, fromFile);
      if (aliased === undefined) landing = NOT_AN_ALIAS;
      else if (
        this.layout.featureOfFolder(aliased) === undefined &&
        foreignFeatureOfFolder(this.layout, aliased) === undefined &&
        !services.linkedPaths?.mayLeadThroughLink(path.dirname(aliased), this.layout.config.root)
      )
        landing = NOWHERE;
      else landing = this.land(services.directFile?.(aliased), false, services);
      answers.set(specifier, landing);
    }
    if (landing !== NOT_AN_ALIAS) return landing ?? undefined;
    // Keyed apart from the aliases: a specifier never starts with a NUL.
    const key = kind === "import" ? `\0${specifier}` : `\0${kind}\0${specifier}`;
    let resolved = answers.get(key);
    if (resolved === undefined) {
      // Another workspace package's file by its name: its features are that package's.
      const file =
        services.resolveModule(specifier, fromFile, kind) ??
        services.linkedPackageSource?.(specifier, fromFile, kind);
      resolved = file === undefined ? NOWHERE : landingAt(this.layout, file, false, services);
      answers.set(key, resolved);
    }
    return resolved ?? undefined;
  }

  /** The landing at `file` (null when TypeScript must search further). */
  private land(
    file: string | undefined,
    relative: boolean,
    services: ProjectServices,
  ): Landing | null {
    return file === undefined ? null : landingAt(this.layout, file, relative, services);
  }

  /** Answers hold for one disk round and one set of services. */
  private renew(services: ProjectServices): void {
    const round = diskRound();
    if (round === this.round && services === this.services) return;
    this.round = round;
    this.services = services;
    this.byPath = new Map();
    this.byScope = new WeakMap();
    this.byFolder = new Map();
  }
}
