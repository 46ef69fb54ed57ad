import path from "node:path";
import type { AgentixConfig, AmbientCategory } from "../../../schema/load-config.js";
import { AMBIENT_CATEGORIES, FEATURE_ID_PLACEHOLDER } from "../../../schema/load-config.js";
import { toPosix } from "../../../schema/paths.js";
import { globMatcher, isNegatedGlob } from "../../../schema/glob-matcher.js";

/** A feature capsule: a folder matched by `features.directories`. */
export interface Feature {
  /** The folder name. */
  readonly id: string;
  /** Absolute path of the folder. */
  readonly dir: string;
  /**
   * Absolute paths of its allowed public entries (`features.contract`, `{id}` replaced), in
   * configured order; those that exist are public.
   */
  readonly contractFiles: readonly string[];
  /** Absolute path of its descriptor (feature.ts). */
  readonly descriptorFile: string;
}

/** Whether `file` is one of the feature's allowed public entries. */
export function isContractFile(feature: Feature, file: string): boolean {
  return feature.contractFiles.includes(file);
}

/** The feature's public entries that exist, in configured order (the first is its contract). */
export function existingContracts(
  feature: Feature,
  exists: (file: string) => boolean,
): readonly string[] {
  return feature.contractFiles.filter(exists);
}

/** A configured entry name for one feature: `{id}` stands for the feature's id. */
export function entryName(configured: string, id: string): string {
  return configured.split(FEATURE_ID_PLACEHOLDER).join(id);
}

type Matcher = (posixPath: string) => boolean;

const NEVER: Matcher = () => false;

function compile(globs: readonly string[]): Matcher {
  return globs.length === 0 ? NEVER : globMatcher(globs);
}

/**
 * compile, on the matcher's first use: the lint of a file outside features asks a layout about
 * feature folders alone, and compiling its adapter, test and ambient globs cost more there.
 */
function compileOnUse(globs: readonly string[]): Matcher {
  if (globs.length === 0) return NEVER;
  let compiled: Matcher | undefined;
  return (posixPath) => (compiled ??= compile(globs))(posixPath);
}

/** A character that gives a glob segment a meaning beyond its own text (picomatch's syntax). */
const GLOB_SYNTAX = /[*?[\]{}()!+@|^$\\]/u;

/**
 * The last segment of `glob` that matches only its own text ("features" in the default glob),
 * or undefined when it has none (or is a negation): every path the glob matches holds it.
 */
function literalSegmentOf(glob: string): string | undefined {
  if (glob.startsWith("!")) return undefined;
  return glob
    .split("/")
    .findLast(
      (segment) =>
        segment !== "" && segment !== "." && segment !== ".." && !GLOB_SYNTAX.test(segment),
    );
}

/**
 * The project's layout as the configuration describes it: which folder is a feature, which
 * file is an adapter, a composition root, a test or a domain file. Paths are absolute; globs
 * match POSIX paths relative to the project root.
 */
export class ProjectLayout {
  private readonly isFeatureDir: Matcher;
  private readonly isAdapter: Matcher;
  private readonly isCompositionRoot: Matcher;
  private readonly isTest: Matcher;
  private readonly isIgnoredPath: Matcher;
  private readonly ambientAllowed: ReadonlyMap<AmbientCategory, Matcher>;
  private readonly featureByDir = new Map<string, Feature | null>();
  private readonly featureByFile = new Map<string, Feature | null>();
  private readonly featureByFolder = new Map<string, Feature | null>();
  private readonly rootPrefix: string;
  /**
   * Whether a folder's children can be feature folders, by the folder (root-relative), when that
   * is one glob test for all of them: every glob ends in `*` and none is a negation (which could
   * name the one child tested). Undefined otherwise.
   */
  private readonly childrenMayBeFeatures: Map<string, boolean> | undefined;
  /**
   * One literal segment per `features.directories` glob: the root-relative path of every
   * feature folder, and of every file in one, holds one of them. Undefined when a glob has
   * none (`*`, `*` twice, a negation).
   */
  readonly featureSegments: readonly string[] | undefined;

  constructor(readonly config: AgentixConfig) {
    this.rootPrefix = config.root.endsWith(path.sep) ? config.root : config.root + path.sep;
    this.isFeatureDir = compile(config.features.directories);
    this.childrenMayBeFeatures = config.features.directories.every(
      (glob) => !isNegatedGlob(glob) && glob.slice(glob.lastIndexOf("/") + 1) === "*",
    )
      ? new Map()
      : undefined;
    // A negation only narrows what the others match: every feature path still holds their segments.
    const segments = config.features.directories
      .filter((glob) => !isNegatedGlob(glob))
      .map(literalSegmentOf);
    this.featureSegments = segments.every((segment) => segment !== undefined)
      ? segments
      : undefined;
    this.isAdapter = compileOnUse(config.adapters);
    this.isCompositionRoot = compileOnUse(config.compositionRoots);
    this.isTest = compileOnUse(config.tests);
    this.isIgnoredPath = compileOnUse(config.ignores);
    const allowed = new Map<AmbientCategory, Matcher>();
    for (const category of AMBIENT_CATEGORIES) {
      const policy = config.ambient[category];
      if (policy.check) allowed.set(category, compileOnUse(policy.allow));
    }
    this.ambientAllowed = allowed;
  }

  /** The file's path relative to the root, POSIX; undefined when outside the project. */
  relative(file: string): string | undefined {
    if (file.startsWith(this.rootPrefix)) {
      const rest = file.slice(this.rootPrefix.length);
      if (path.sep === "/")
        return rest.includes("/../") || rest.startsWith("../") ? this.slowRelative(file) : rest;
      return toPosix(rest);
    }
    return this.slowRelative(file);
  }

  private slowRelative(file: string): string | undefined {
    const relative = path.relative(this.config.root, file);
    if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
    return toPosix(relative);
  }

  /** A path for messages: relative to the root when inside the project, else absolute. */
  display(file: string): string {
    return this.relative(file) ?? file;
  }

  /** The innermost feature folder containing `file`, if any. */
  featureOf(file: string): Feature | undefined {
    // Asked for every import of every file: the answer depends on the path alone.
    const known = this.featureByFile.get(file);
    if (known !== undefined) return known ?? undefined;
    const relative = this.relative(file);
    const feature = relative === undefined ? null : this.featureOfDir(path.posix.dirname(relative));
    this.featureByFile.set(file, feature);
    return feature ?? undefined;
  }

  /** The innermost feature folder that is `dir` (absolute) or contains it, if any. */
  featureOfFolder(dir: string): Feature | undefined {
    // Asked for the targets of imports: the same few hundred folders for every file.
    let feature = this.featureByFolder.get(dir);
    if (feature === undefined) {
      const relative = this.relative(dir);
      feature = relative === undefined ? null : this.featureOfDir(relative);
      this.featureByFolder.set(dir, feature);
    }
    return feature ?? undefined;
  }

  /**
   * Whether a folder directly in `dir` (absolute) may be a feature folder; false only when none
   * can be, whatever its name (childMayBeFeature: exact when every glob ends in `*`, else true).
   */
  mayHaveFeatureChild(dir: string): boolean {
    const relative = this.relative(dir);
    if (relative === undefined && dir !== this.config.root) return false;
    return this.childMayBeFeature(relative ?? ".");
  }

  /** Whether the folder (absolute) is itself a feature folder: `features.directories` matches it. */
  isFeatureFolder(dir: string): boolean {
    const relative = this.relative(dir);
    return relative !== undefined && relative !== "" && this.isFeatureDir(relative);
  }

  private featureOfDir(relativeDir: string): Feature | null {
    if (relativeDir === "." || relativeDir === "") return null;
    const cached = this.featureByDir.get(relativeDir);
    if (cached !== undefined) return cached;
    let feature: Feature | null;
    const parent = path.posix.dirname(relativeDir);
    if (this.childMayBeFeature(parent) && this.isFeatureDir(relativeDir)) {
      const dir = path.join(this.config.root, relativeDir);
      const id = path.posix.basename(relativeDir);
      feature = {
        id,
        dir,
        contractFiles: this.config.features.contract.map((name) =>
          path.join(dir, entryName(name, id)),
        ),
        descriptorFile: path.join(dir, entryName(this.config.features.descriptor, id)),
      };
    } else {
      feature = this.featureOfDir(parent);
    }
    this.featureByDir.set(relativeDir, feature);
    return feature;
  }

  /**
   * Whether a child of `relativeParent` may be a feature folder: one glob test per parent when
   * the globs allow (a lint asks about thousands of import targets in a few hundred folders),
   * else true (each path is tested itself). A last `*` matches the child's own name, and any
   * plain name alike, so one stands for all (a dot name matches less); `**` last lets the name
   * match an earlier segment, and a negation could name the one child tested.
   */
  private childMayBeFeature(relativeParent: string): boolean {
    const known = this.childrenMayBeFeatures;
    if (known === undefined) return true;
    let may = known.get(relativeParent);
    if (may === undefined) {
      may = this.isFeatureDir(relativeParent === "." ? "x" : `${relativeParent}/x`);
      known.set(relativeParent, may);
    }
    return may;
  }

  isTestFile(file: string): boolean {
    const relative = this.relative(file);
    return relative !== undefined && this.isTest(relative);
  }

  isAdapterFile(file: string): boolean {
    const relative = this.relative(file);
    return relative !== undefined && this.isAdapter(relative);
  }

  isCompositionRootFile(file: string): boolean {
    const relative = this.relative(file);
    return relative !== undefined && this.isCompositionRoot(relative);
  }

  /**
   * A domain file: inside a feature folder and not a test, adapter or composition root. Only
   * domain files are checked for ambient capabilities.
   */
  isDomainFile(file: string): boolean {
    const relative = this.relative(file);
    if (relative === undefined || this.featureOf(file) === undefined) return false;
    return !this.isTest(relative) && !this.isAdapter(relative) && !this.isCompositionRoot(relative);
  }

  /** Whether `agentix.config.json` `ignores` silences the file's violations. */
  isIgnored(file: string): boolean {
    // Asked for every linted file, and most projects ignore nothing.
    if (this.isIgnoredPath === NEVER) return false;
    const relative = this.relative(file);
    return relative !== undefined && this.isIgnoredPath(relative);
  }

  /** Whether the category is checked in this (domain) file: not "off" and not allowed here. */
  checksAmbient(category: AmbientCategory, file: string): boolean {
    const allowed = this.ambientAllowed.get(category);
    if (allowed === undefined) return false;
    const relative = this.relative(file);
    return relative !== undefined && !allowed(relative);
  }
}

const layouts = new WeakMap<AgentixConfig, ProjectLayout>();

/** The layout asked for last: every file of a lint run asks, nearly always for the same one. */
let lastLayout: ProjectLayout | undefined;

/** The layout of a loaded configuration, built once per configuration object. */
export function layoutFor(config: AgentixConfig): ProjectLayout {
  if (lastLayout?.config === config) return lastLayout;
  let layout = layouts.get(config);
  if (!layout) {
    layout = new ProjectLayout(config);
    layouts.set(config, layout);
  }
  lastLayout = layout;
  return layout;
}
