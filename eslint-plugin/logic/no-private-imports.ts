import path from "node:path";
import { isFileDirectlyIn, toPosix } from "../../schema/paths.js";
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import type { ExportOriginLookup } from "./project/export-origins.js";
import type { ScopeManager } from "@typescript-eslint/scope-manager";
import {
  type LeanFile,
  type LogicInput,
  type LogicVisitors,
  type ProjectServices,
  type RuleLogic,
} from "./rule-logic.js";
import { globalReferences } from "./scope/global-references.js";
import { importSiteVisitors, type ImportSite } from "./imports/import-sites.js";
import {
  declarationsVerdictByText,
  mayLoadBeyondDeclarations,
} from "./imports/may-load-beyond-declarations.js";
import { moduleUrlOf } from "./imports/module-urls.js";
import { contextFiles } from "./imports/require-contexts.js";
import { globBase, globbedFiles, globPatterns, viteGlobCall } from "./imports/vite-globs.js";
import {
  existingContracts,
  isContractFile,
  layoutFor,
  type Feature,
  type ProjectLayout,
} from "./project/layout.js";
import type { ModuleResolver } from "./project/module-resolver.js";
import { resolveRelative } from "./project/relative-target.js";
import { ImportLandings, landingAt, NOWHERE, type Landing } from "./project/import-landings.js";
import { isDotRelativeSpecifier, isRelativeSpecifier } from "./ts-syntax.js";
import { ViolationFactory, type Suggestion } from "./violation.js";
import { diskRound } from "../../schema/disk-rounds.js";
import { declaredLoads, loadGlobs, type LoadGlob } from "../../schema/declared-loads.js";
import { declaredLoadFiles } from "./imports/declared-load-files.js";
import { displayFromRoot, foreignFeatureOfFolder } from "./project/foreign-features.js";

export const NO_PRIVATE_IMPORTS = "agentix/no-private-imports" as const;

export const noPrivateImportsMessages = {
  crossFeature:
    '{{file}} is private to feature "{{feature}}"; feature "{{importer}}" may import only its public entry {{entry}}, so import from there instead',
  crossFeatureNoEntry:
    '{{file}} is private to feature "{{feature}}", which has no public entry ({{missing}}); feature "{{importer}}" may import only a public entry, so add one to "{{feature}}" and import from it',
  outsideFeature:
    '{{file}} is private to feature "{{feature}}"; code outside features may import only {{allowed}}, so import from {{there}} instead',
  outsideFeatureNoEntry:
    '{{file}} is private to feature "{{feature}}", which has neither a public entry ({{missing}}) nor a descriptor ({{descriptor}} does not exist); code outside features may import only those, so add one and import from it',
  unprovable:
    '{{form}} with a non-literal target cannot be checked against feature boundaries; use a string literal that names a feature\'s public entry (contract) or a package, or declare what it may load in agentix.config.json "loads"',
  useContract: 'Import from the public entry "{{specifier}}" instead',
} as const;

export type NoPrivateImportsMessageId = keyof typeof noPrivateImportsMessages;

const violations = new ViolationFactory<NoPrivateImportsMessageId>(
  NO_PRIVATE_IMPORTS,
  noPrivateImportsMessages,
);

const JS_STYLE: Readonly<Record<string, string>> = {
  ".ts": ".js",
  ".tsx": ".jsx",
  ".mts": ".mjs",
  ".cts": ".cjs",
};
const SOURCE_EXTENSION = /\.(?:d\.)?[cm]?[jt]sx?$/u;
const TS_OR_TSX = /\.tsx?$/u;
const DOT = 46;
const SLASH = 47;
const POSIX = path.sep === "/";
/** "./name": one entry of the importer's folder ("./." and "./.." name others). */
const SIBLING = /^\.\/(?!\.\.?$)[^/]+$/u;

/** Writes `file` in the extension convention of `original`: `.js` style, `.ts` style, or none. */
function withStyle(fileWithoutExtension: string, fileExtension: string, original: string): string {
  const match = /\.[cm]?[jt]sx?$/u.exec(original);
  if (!match) return fileWithoutExtension;
  if (match[0].includes("j")) return fileWithoutExtension + (JS_STYLE[fileExtension] ?? ".js");
  return fileWithoutExtension + fileExtension;
}

function stripExtension(file: string): string {
  return file.replace(SOURCE_EXTENSION, "");
}

/**
 * A specifier for `contractFile` written like `original` (which resolved to `target`): an alias
 * stays an alias (same prefix), a relative path stays relative; the extension convention is
 * kept. Verified by resolving it; undefined when no candidate resolves to the contract.
 */
export function contractSpecifier(
  original: string,
  target: string,
  contractFile: string,
  fromFile: string,
  resolve: ModuleResolver,
  kind: ImportSite["resolution"],
): string | undefined {
  const extension = path.extname(contractFile);
  const contractBase = toPosix(contractFile.slice(0, -extension.length));
  const candidates: string[] = [];
  const isRelative = original.startsWith(".") || path.isAbsolute(original);
  if (!isRelative) {
    // Align the alias with the file it resolved to: "@app/features/orders/model.js" and
    // "/root/src/features/orders/model.ts" share the tail "orders/model", so the alias prefix
    // "@app/features/" stands for "/root/src/features/".
    const specifierSegments = stripExtension(original).split("/");
    let targetSegments = stripExtension(toPosix(target)).split("/");
    if (targetSegments.at(-1) === "index" && specifierSegments.at(-1) !== "index")
      targetSegments = targetSegments.slice(0, -1);
    let shared = 0;
    while (
      shared < specifierSegments.length - 1 &&
      shared < targetSegments.length &&
      specifierSegments[specifierSegments.length - 1 - shared] ===
        targetSegments[targetSegments.length - 1 - shared]
    ) {
      shared += 1;
    }
    const aliasPrefix = specifierSegments.slice(0, specifierSegments.length - shared).join("/");
    const dirPrefix = targetSegments.slice(0, targetSegments.length - shared).join("/");
    if (shared > 0 && contractBase.startsWith(`${dirPrefix}/`)) {
      candidates.push(
        withStyle(
          `${aliasPrefix}/${contractBase.slice(dirPrefix.length + 1)}`,
          extension,
          original,
        ),
      );
    }
  }
  let relative = path.posix.relative(toPosix(path.dirname(fromFile)), contractBase);
  if (!relative.startsWith(".")) relative = `./${relative}`;
  candidates.push(withStyle(relative, extension, original));
  return candidates.find((candidate) => resolve(candidate, fromFile, kind) === contractFile);
}

/** "a" or "a or b": the entries a message names. */
function either(files: readonly string[], layout: ProjectLayout): string {
  return files.map((file) => displayFromRoot(layout, file)).join(" or ");
}

/** A specifier whose last segment names an index file ("./x/index", "./x/index.js"). */
const NAMES_INDEX = /(?:^|\/)index(?:\.[cm]?[jt]sx?)?$/u;

/**
 * How a message names the import's target: its path, or, for a folder imported by its name
 * that holds no index file (judged as its index.ts, which does not exist), the folder.
 */
function targetName(
  layout: ProjectLayout,
  target: string,
  specifier: string,
  fileExists: (file: string) => boolean,
): string {
  const folderWithoutIndex =
    path.basename(target) === "index.ts" && !NAMES_INDEX.test(specifier) && !fileExists(target);
  return folderWithoutIndex
    ? `the folder ${displayFromRoot(layout, path.dirname(target))} (it holds no index file)`
    : displayFromRoot(layout, target);
}

/**
 * The message for an import of `target`, private to `feature`: it names the entries that exist
 * (not the configured names of missing ones), or says that none does.
 */
function boundaryMessage(
  layout: ProjectLayout,
  feature: Feature,
  target: string,
  contracts: readonly string[],
  from: {
    readonly importer: Feature | undefined;
    readonly descriptorExists: boolean;
    readonly specifier: string;
    readonly fileExists: (file: string) => boolean;
  },
): { messageId: NoPrivateImportsMessageId; data: Record<string, string> } {
  const common = {
    file: targetName(layout, target, from.specifier, from.fileExists),
    feature: feature.id,
  };
  const names = feature.contractFiles.map((file) => displayFromRoot(layout, file));
  const missing =
    names.length === 1 ? `${names[0]} does not exist` : `none of ${names.join(", ")} exists`;
  if (from.importer) {
    return contracts.length > 0
      ? {
          messageId: "crossFeature",
          data: { ...common, importer: from.importer.id, entry: either(contracts, layout) },
        }
      : {
          messageId: "crossFeatureNoEntry",
          data: { ...common, importer: from.importer.id, missing },
        };
  }
  const descriptor = displayFromRoot(layout, feature.descriptorFile);
  if (contracts.length === 0 && !from.descriptorExists)
    return { messageId: "outsideFeatureNoEntry", data: { ...common, missing, descriptor } };
  const allowed = [
    ...(contracts.length > 0 ? [`its public entry ${either(contracts, layout)}`] : []),
    ...(from.descriptorExists ? [`its descriptor ${descriptor}`] : []),
  ];
  return {
    messageId: "outsideFeature",
    data: {
      ...common,
      allowed: allowed.join(" or "),
      there: allowed.length > 1 ? "one of those" : "there",
    },
  };
}

const FORM_LABEL: Readonly<Record<string, string>> = {
  "dynamic-import": "import()",
  require: "require()",
};

/** What a file's folder tells about its imports: its feature, and the answers given there. */
interface Folder {
  readonly dir: string;
  /** The innermost feature holding the folder (and so each of its files). */
  readonly importer: Feature | undefined;
  /** What a relative specifier written here names, by specifier. */
  readonly relative: Map<string, Named>;
  /** Whether a link may stand in a folder named from here, by the specifiers' folder part ("../x"). */
  readonly linkAnswers: Map<string, LinkAnswer>;
  /**
   * The layout's featureSegments when the folder's own path holds none of them: a relative
   * specifier written here can then name a feature folder only by spelling one out. Undefined:
   * every relative specifier is judged by the folder it names.
   */
  readonly mustName: readonly string[] | undefined;
  /**
   * How many folders below the root this one is (with mustName): a relative specifier with more
   * `..` than that may leave the project, into another package's features, whatever it spells.
   */
  readonly depth: number;
  /** Whether a folder in this one may be a feature folder (layout.mayHaveFeatureChild), once asked. */
  featureChild: boolean | undefined;
  /**
   * Specifiers (with their resolution kind) whose whole check found nothing in this disk round,
   * with these services: resolving reads the disk, so they are kept for the round alone.
   */
  settled: Set<string>;
  settledRound: number;
  settledBy: ProjectServices | undefined;
  /** Whether a file of this folder has been checked in full (LexicalReach.checking). */
  checked: boolean;
}

/** What a relative specifier written in a folder names. */
interface Named {
  /** Whether it names a folder of a feature other than the folder's own (LexicalReach.relativeReaches). */
  readonly reaches: boolean;
  /** Whether a symbolic link may stand where it points, once asked (LexicalReach.mayLeadThroughLink). */
  link: LinkAnswer | undefined;
}

/** Whether a symbolic link below the root may stand in a folder a relative specifier names. */
interface LinkAnswer {
  /** The folder the specifier names its target in (absolute). */
  readonly folder: string;
  /** The LinkedPaths generation `mayLink` was asked in. */
  generation: number;
  mayLink: boolean;
}

/** Folders with a file checked in full before a project's folders are read in one pass. */
const PREFETCH_AFTER = 4;

/**
 * Lexical answers of one layout: whether a relative specifier written in a folder, or an alias's
 * one target, names a folder of another feature. They depend on paths alone, so they are kept
 * for the process. A lint asks them for nearly every import: each file finds its folder once
 * (usually the folder of the file before), then each relative import is one look-up by its
 * specifier, and each alias target one look-up of its folder's feature.
 */
class LexicalReach {
  private readonly folders = new Map<string, Folder>();
  /** Where imports land, shared across this layout's folders. */
  readonly landings: ImportLandings;
  /** The folder asked last: a lint run goes through a folder's files one after another. */
  private last: Folder | undefined;
  /** How many folders have had a file checked in full (LexicalReach.checking). */
  private checkedFolders = 0;

  constructor(readonly layout: ProjectLayout) {
    this.landings = new ImportLandings(layout);
  }

  /**
   * Notes that a file of `folder` is checked in full. Once a run has checked files of
   * PREFETCH_AFTER folders (a lint of a project, not an editor's one file), the project's
   * folders are read in one pass (ProjectServices.prefetchFolders), before the imports of the
   * rest ask for them one by one.
   */
  checking(folder: Folder, services: ProjectServices): void {
    if (folder.checked) return;
    folder.checked = true;
    // Asked again after caches are cleared: the services read a root once until then.
    if (++this.checkedFolders >= PREFETCH_AFTER)
      services.prefetchFolders?.(this.layout.config.root);
  }

  /** The folder of `file` (absolute). */
  folderOf(file: string): Folder {
    const last = this.last;
    if (last && isFileDirectlyIn(last.dir, file)) return last;
    return this.folderAt(path.dirname(file));
  }

  /** The folder `dir` (absolute). */
  folderAt(dir: string): Folder {
    let folder = this.folders.get(dir);
    if (!folder) {
      const mustName = this.segmentsToName(dir);
      folder = {
        dir,
        importer: this.layout.featureOfFolder(dir),
        relative: new Map(),
        linkAnswers: new Map(),
        mustName,
        depth: mustName === undefined ? 0 : depthBelowRoot(this.layout, dir),
        featureChild: undefined,
        checked: false,
        settled: new Set(),
        settledRound: -1,
        settledBy: undefined,
      };
      this.folders.set(dir, folder);
    }
    this.last = folder;
    return folder;
  }

  /**
   * The segments a relative specifier written in `dir` must spell out to name a feature folder
   * (Folder.mustName). A relative specifier names its target lexically: the target's path is
   * what "./" and "../" keep of the folder's path, then the specifier's own segments; so when
   * the folder's path (relative to the root) holds none of the segments every feature folder's
   * path holds, the specifier must. Compared as the globs compare, case included.
   */
  private segmentsToName(dir: string): readonly string[] | undefined {
    const segments = this.layout.featureSegments;
    if (segments === undefined) return undefined;
    const relative = dir === this.layout.config.root ? "" : this.layout.relative(dir);
    if (relative === undefined) return undefined; // outside the project: judged in full
    return segments.some((segment) => relative.includes(segment)) ? undefined : segments;
  }

  /**
   * Whether a relative specifier ("./x", "../x", "..") written in `folder` names a folder of a
   * feature other than the folder's own: a relative specifier names its target's folder
   * lexically, so when that folder lies in no feature, or in the importer's own, no resolution
   * can make it a violation (a symlinked folder is judged by where the link sits).
   */
  relativeReaches(folder: Folder, specifier: string): boolean {
    // Most relative imports of a folder outside features spell no feature folder's segment: one
    // substring test, before any look-up.
    if (!mayNameFeature(folder, specifier)) return false;
    return this.named(folder, specifier).reaches;
  }

  /** What a relative specifier written in `folder` names, asked once per folder and specifier. */
  named(folder: Folder, specifier: string): Named {
    let named = folder.relative.get(specifier);
    if (named === undefined) {
      // "./name" names a folder in this one: unless that may be a feature folder, it lies in
      // the importer's own feature (or in none), whatever the name.
      const reaches =
        mayNameFeature(folder, specifier) &&
        !(
          SIBLING.test(specifier) &&
          !(folder.featureChild ??= this.layout.mayHaveFeatureChild(folder.dir))
        ) &&
        this.inOtherFeature(resolveRelative(folder.dir, specifier), folder.importer?.dir);
      named = { reaches, link: undefined };
      folder.relative.set(specifier, named);
    }
    return named;
  }

  /**
   * Whether a symbolic link below the root may stand where a relative specifier written in
   * `folder` points, where relativeReaches' lexical answer does not hold: the folder it names its
   * target in, or one on the way there, is a link, or holds one. Kept per folder part of the
   * specifiers ("./x" and "./y" share "."), asked again in a later generation (disk round) of the links.
   */
  mayLeadThroughLink(
    folder: Folder,
    specifier: string,
    named: Named,
    generation: number,
    links: NonNullable<ProjectServices["linkedPaths"]>,
  ): boolean {
    let answer = named.link;
    if (answer === undefined) {
      const slash = specifier.lastIndexOf("/");
      const last = specifier.slice(slash + 1);
      // "../orders/x": the target lies in the folder "../orders" names ("./" and "../" alone,
      // or a last segment "." or "..", name a folder as the target: judged by the whole).
      const part =
        slash > 0 && last !== "" && last !== "." && last !== ".."
          ? specifier.slice(0, slash)
          : undefined;
      const key = part ?? `\0${specifier}`;
      answer = folder.linkAnswers.get(key);
      if (answer === undefined) {
        answer = {
          folder:
            part === undefined
              ? path.dirname(resolveRelative(folder.dir, specifier))
              : resolveRelative(folder.dir, part),
          generation: -1,
          mayLink: false,
        };
        folder.linkAnswers.set(key, answer);
      }
      named.link = answer;
    }
    if (answer.generation !== generation) {
      answer.mayLink = links.mayLeadThroughLink(answer.folder, this.layout.config.root);
      answer.generation = generation;
    }
    return answer.mayLink;
  }

  /**
   * Whether an import written in `folder` may name a file of a feature other than the folder's
   * own when the project holds no feature folder: a relative specifier judged lexically, an
   * absolute path (rare) always; any other specifier never (it resolves to an existing file, and
   * none lies in a feature).
   */
  mayReach(folder: Folder, specifier: string): boolean {
    // Most specifiers name a package or an alias: on POSIX their first character tells.
    const first = specifier.charCodeAt(0);
    if (first !== DOT && first !== SLASH && POSIX) return false;
    if (isDotRelativeSpecifier(specifier)) return this.relativeReaches(folder, specifier);
    return isRelativeSpecifier(specifier);
  }

  /**
   * Whether the folder `target` (absolute) lies in a feature other than the one at `importerDir`:
   * of this project, or of another one a relative path leads into (another workspace package's).
   */
  inOtherFeature(target: string, importerDir: string | undefined): boolean {
    const feature =
      this.layout.featureOfFolder(target) ?? foreignFeatureOfFolder(this.layout, target);
    return feature !== undefined && feature.dir !== importerDir;
  }
}

/**
 * Whether a relative specifier written in `folder` may name a feature folder, by its text alone
 * (Folder.mustName, Folder.depth): it spells a feature segment, or it may leave the project.
 */
function mayNameFeature(folder: Folder, specifier: string): boolean {
  const mustName = folder.mustName;
  return (
    mustName === undefined ||
    spellsOneOf(specifier, mustName) ||
    mayLeaveRoot(specifier, folder.depth)
  );
}

/**
 * Whether a relative specifier written `depth` folders below the root may name a path outside
 * the project: it holds more than `depth` `..` (counted as text, so never too few).
 */
function mayLeaveRoot(specifier: string, depth: number): boolean {
  let ups = 0;
  for (let at = specifier.indexOf(".."); at !== -1; at = specifier.indexOf("..", at + 2))
    if (++ups > depth) return true;
  return false;
}

/** How many folders `dir` (in the project) is below its root: 0 for the root. */
function depthBelowRoot(layout: ProjectLayout, dir: string): number {
  const relative = dir === layout.config.root ? "" : (layout.relative(dir) ?? "");
  if (relative === "") return 0;
  let depth = 1;
  for (let at = relative.indexOf("/"); at !== -1; at = relative.indexOf("/", at + 1)) depth += 1;
  return depth;
}

/** Whether `specifier` holds one of `segments` (as text: "../features" and "./featuresx" alike). */
function spellsOneOf(specifier: string, segments: readonly string[]): boolean {
  for (const segment of segments) if (specifier.includes(segment)) return true;
  return false;
}

const lexicalReaches = new WeakMap<ProjectLayout, LexicalReach>();
/** The answers asked for last (every file of a lint run asks, nearly always of one layout). */
let lastReach: LexicalReach | undefined;

function lexicalReach(layout: ProjectLayout): LexicalReach {
  if (lastReach?.layout === layout) return lastReach;
  let reach = lexicalReaches.get(layout);
  if (!reach) lexicalReaches.set(layout, (reach = new LexicalReach(layout)));
  lastReach = reach;
  return reach;
}

export const noPrivateImportsLogic: RuleLogic = {
  ruleId: NO_PRIVATE_IMPORTS,
  messages: noPrivateImportsMessages,
  create(input: LogicInput, report) {
    const { filename, services } = input;
    const layout = layoutFor(input.config);
    const reach = lexicalReach(layout);
    const here = reach.folderOf(filename);
    reach.checking(here, services);
    const { importer } = here;

    const suggest = (
      site: ImportSite,
      target: string,
      contracts: readonly string[],
    ): Suggestion[] => {
      const { names, literal, specifier } = site;
      // A bundler's query (`?worker`, `?raw`) gives another module than the file's own exports.
      if (!literal || specifier === undefined || !names || names.length === 0) return [];
      if (/[?#]/u.test(specifier)) return [];
      const origins = services.exportOrigin;
      // The contract must export the very binding taken, and a value as a value: a contract's
      // own `format`, or `export type { Money }` for a class used as one, would not compile.
      // The contract first: a feature has one, cached for the whole run, and it rarely exports
      // what an import takes from a private file; the private files are many, each parsed anew.
      const offers = (lookup: ExportOriginLookup, contract: string, name: string): boolean => {
        const offered = lookup(contract, name);
        if (offered === undefined) return false;
        const wanted = lookup(target, name);
        return (
          wanted?.file === offered.file && (!offered.typeOnly || site.typeOnly || wanted.typeOnly)
        );
      };
      const contractFile = contracts.find((contract) => {
        if (origins !== undefined) return names.every((name) => offers(origins, contract, name));
        const exported = services.moduleExports(contract);
        return exported !== undefined && names.every((name) => exported.has(name));
      });
      if (contractFile === undefined) return [];
      const replacement = contractSpecifier(
        specifier,
        target,
        contractFile,
        filename,
        services.resolveModule,
        site.resolution,
      );
      if (replacement === undefined) return [];
      const quote = literal.type === "TemplateLiteral" ? "`" : (literal.raw[0] ?? '"');
      return [
        violations.suggestion(
          "useContract",
          { specifier: replacement },
          { range: literal.range, text: `${quote}${replacement}${quote}` },
        ),
      ];
    };

    // An import is judged by the file it lands in: through a symbolic link below the root (a
    // linked folder, a linked file), that is the link's target, not where the link sits.
    const links = services.linkedPaths;
    let linkGeneration: number | undefined; // asked once a file, at its first relative import

    // A bare specifier (a package, an alias) resolves to an existing file: in a project whose
    // folders hold no feature folder, none does. Asked at the first bare specifier of the file.
    let featureFoldersMayExist: boolean | undefined;
    const mayHaveFeatureFolders = (): boolean =>
      (featureFoldersMayExist ??=
        importer !== undefined || (services.mayHaveFeatureFolders?.(layout) ?? true));
    const bareReach = (specifier: string): boolean => {
      if (!mayHaveFeatureFolders()) return isRelativeSpecifier(specifier);
      // An alias with one substitution names its folder as lexically.
      const aliased = services.aliasTarget?.(specifier, filename);
      return (
        aliased === undefined ||
        reach.inOtherFeature(aliased, importer?.dir) ||
        (links?.mayLeadThroughLink(path.dirname(aliased), layout.config.root) ?? false)
      );
    };
    // The files of a folder import the same specifiers: what one found clean in this disk round
    // is clean for the next (a TypeScript file's resolution depends on its folder alone; an .mts
    // or .cts file's also on its extension, so those are never answered from here).
    let settled: Set<string> | undefined;
    const settledHere = (): Set<string> | undefined => {
      if (settled || !TS_OR_TSX.test(filename)) return settled;
      const round = diskRound();
      if (here.settledRound !== round || here.settledBy !== services) {
        here.settled = new Set();
        here.settledRound = round;
        here.settledBy = services;
      }
      return (settled = here.settled);
    };

    // Where an import lands, when that does not depend on this folder: answered once for every
    // folder (the same contracts, aliases and packages are imported from all of them).
    const landings = reach.landings;
    let aliasAnswers: Map<string, Landing | null> | null | undefined;
    const sharedLanding = (
      specifier: string,
      relative: boolean,
      resolution: ImportSite["resolution"],
    ): Landing | undefined => {
      if (relative) return landings.relative(here.dir, specifier, services);
      if (!mayHaveFeatureFolders()) return undefined;
      aliasAnswers ??= landings.aliases(here.dir, filename, services) ?? null;
      return aliasAnswers === null
        ? undefined
        : landings.alias(aliasAnswers, specifier, filename, services, resolution);
    };
    /** Where an import lands, resolved for this folder. */
    const landingHere = (
      specifier: string,
      relative: boolean,
      resolution: ImportSite["resolution"],
    ): Landing => {
      const target =
        relative || bareReach(specifier)
          ? (services.resolveModule(specifier, filename, resolution) ??
            // Another workspace package's file by the package's name (linked into node_modules):
            // its features are that package's, as for a relative path into it.
            (relative
              ? undefined
              : services.linkedPackageSource?.(specifier, filename, resolution)))
          : undefined;
      return target === undefined ? NOWHERE : landingAt(layout, target, relative, services);
    };

    // A non-literal target that agentix.config.json `loads` declares for this file loads the
    // files its globs name: each is judged as an import (a report per glob, at the load).
    let loads: readonly LoadGlob[] | null | undefined; // asked only for a non-literal target: rare
    const judgeDeclaredLoads = (node: TSESTree.Node): boolean => {
      if (loads === undefined) {
        const relative = layout.relative(filename);
        const globs = relative === undefined ? undefined : declaredLoads(layout.config)(relative);
        loads = globs === undefined ? null : loadGlobs(globs);
      }
      if (loads === null) return false;
      for (const load of loads)
        for (const file of declaredLoadFiles(layout.config.root, load))
          if (judge(landingAt(layout, file, true, services), load.glob, node)) break;
      return true;
    };

    // Outside domain files (shared code, adapters, tests, a project without features) an
    // unprovable target is no rule violation: `agentix check` lists it as an unresolved warning.
    let domain: boolean | undefined; // asked only for an unprovable target: rare
    const check = (site: ImportSite): void => {
      if (site.specifier === undefined) {
        if (judgeDeclaredLoads(site.node)) return;
        domain ??= layout.isDomainFile(filename);
        if (!domain) return;
        report(
          violations.create("unprovable", site.node.loc, {
            form: FORM_LABEL[site.form] ?? site.form,
          }),
        );
        return;
      }
      const { specifier, resolution } = site;
      const relative = isDotRelativeSpecifier(specifier);
      // Most imports of real code end here, and every relative import of a project without
      // feature folders: the folder the specifier names lies in no other feature, and no
      // symbolic link stands where it points.
      if (relative) {
        const named = reach.named(here, specifier);
        if (
          !named.reaches &&
          (links === undefined ||
            !reach.mayLeadThroughLink(
              here,
              specifier,
              named,
              (linkGeneration ??= links.generation()),
              links,
            ))
        )
          return;
      }
      const clean = settledHere();
      const key = resolution === "import" ? specifier : `${resolution}\0${specifier}`;
      if (clean?.has(key)) return;
      // Shared answers for .ts and .tsx files only, as the folder's (see settledHere).
      const landing =
        (clean && sharedLanding(specifier, relative, resolution)) ??
        landingHere(specifier, relative, resolution);
      if (
        !judge(landing, specifier, site.node, (target, contracts) =>
          suggest(site, target, contracts),
        )
      )
        clean?.add(key);
    };

    /** Reports an import that lands in another feature's private file; false when it does not. */
    const judge = (
      { target, feature }: Landing,
      specifier: string,
      node: TSESTree.Node,
      suggestions: (target: string, contracts: readonly string[]) => Suggestion[] = () => [],
    ): boolean => {
      if (
        target === undefined ||
        !feature ||
        feature.dir === importer?.dir ||
        isContractFile(feature, target) ||
        (!importer && target === feature.descriptorFile)
      )
        return false;
      const contracts = existingContracts(feature, services.fileExists);
      const { messageId, data } = boundaryMessage(layout, feature, target, contracts, {
        importer,
        descriptorExists: importer === undefined && services.fileExists(feature.descriptorFile),
        specifier,
        fileExists: services.fileExists,
      });
      report(violations.create(messageId, node.loc, data, suggestions(target, contracts)));
      return true;
    };

    // `new URL("../orders/worker.ts", import.meta.url)` names the file it loads by its path.
    const checkModuleUrl = (node: TSESTree.NewExpression): void => {
      const url = moduleUrlOf(node);
      if (url === undefined) return;
      const file = path.resolve(here.dir, url.specifier);
      judge(landingAt(layout, file, true, services), url.specifier, url.literal);
    };

    // `import.meta.glob("../orders/*.ts")` loads every file it matches: reported once a pattern.
    const checkGlob = (meta: TSESTree.MetaProperty): void => {
      const call = viteGlobCall(meta);
      if (call === undefined) return;
      const aliases = (pattern: string) => services.pathsTargets?.(pattern, filename);
      for (const { pattern, literal, files } of globbedFiles(
        call,
        filename,
        layout.config.root,
        aliases,
      ))
        for (const file of files)
          if (judge(landingAt(layout, file, true, services), pattern, literal)) break;
    };

    // webpack's `require.context("../orders", true, /\.ts$/)` loads the files it matches.
    const checkContext = (call: TSESTree.CallExpression): void => {
      const aliases = (folder: string) => services.pathsTargets?.(folder, filename);
      const loaded = contextFiles(call, filename, aliases);
      if (loaded === undefined) return;
      for (const file of loaded.files)
        if (judge(landingAt(layout, file, true, services), loaded.folder, loaded.literal)) break;
    };

    const visitors = importSiteVisitors(
      input.scopeManager,
      check,
      input.literalStrings,
      input.sourceText,
      checkContext,
    );
    // Most files load other modules by their declarations alone: they need no listener for the
    // other forms, nor one for each `new` expression (about one for every four imports of the
    // bench corpus, each a call through ESLint's wrappers).
    if (input.sourceText !== undefined && !mayLoadBeyondDeclarations(input.sourceText))
      return {
        ImportDeclaration: visitors.ImportDeclaration,
        ExportNamedDeclaration: visitors.ExportNamedDeclaration,
        ExportAllDeclaration: visitors.ExportAllDeclaration,
        TSModuleDeclaration: visitors.TSModuleDeclaration,
        // `import { createRequire } from "module"`: the requires it makes.
        "Program:exit": visitors["Program:exit"],
      };
    return { ...visitors, NewExpression: checkModuleUrl, MetaProperty: checkGlob };
  },
  lean({ dir, config, services }) {
    const reach = lexicalReach(layoutFor(config));
    const here = reach.folderAt(dir);
    if (here.importer !== undefined) return undefined;
    // A folder outside features in a project that holds no feature folder (asked again each
    // disk round, so the first feature folder created in an editor session is seen).
    if (services.mayHaveFeatureFolders?.(reach.layout) ?? true) return undefined;
    // The host gives the quiet visitors only to a file whose declarations or text may import
    // into a feature; most files of such a project get no visitors at all, and most are judged
    // by their text alone.
    return Object.assign(
      ({ scopeManager, full }: LeanFile) => quietVisitors(reach, here, scopeManager, full),
      {
        gate: (program: TSESTree.Program, text: string) =>
          declarationsVerdictByText(text, here.mustName, here.depth) ??
          statementsThatMayReach(reach, here, program.body, FIRST),
      },
    );
  },
};

/** Stops statementsThatMayReach at the first statement. */
const FIRST = (): boolean => true;

/**
 * Hands `found`, in order, each of `statements` (and of the module bodies among them) by which a
 * file of `here` may import into a feature folder (LexicalReach.mayReach) or import `module`
 * (createRequire makes a require), until `found` returns true; whether it did. Declarations are
 * read from the statements they can stand among, not one listener call (with ESLint's
 * wrappers) per import.
 */
function statementsThatMayReach(
  reach: LexicalReach,
  here: Folder,
  statements: readonly TSESTree.ProgramStatement[],
  found: (statement: TSESTree.ProgramStatement) => boolean,
): boolean {
  for (const statement of statements)
    if (statementMayReach(reach, here, statement, found)) return true;
  return false;
}

function statementMayReach(
  reach: LexicalReach,
  here: Folder,
  statement: TSESTree.ProgramStatement,
  found: (statement: TSESTree.ProgramStatement) => boolean,
): boolean {
  switch (statement.type) {
    case AST_NODE_TYPES.ImportDeclaration: {
      const specifier = statement.source.value;
      return (
        (reach.mayReach(here, specifier) ||
          specifier === "module" ||
          specifier === "node:module") &&
        found(statement)
      );
    }
    case AST_NODE_TYPES.ExportNamedDeclaration:
      if (statement.source) return reach.mayReach(here, statement.source.value) && found(statement);
      // `export import x = require("...")`, `export namespace N { ... }`
      return (
        (statement.declaration?.type === AST_NODE_TYPES.TSImportEqualsDeclaration ||
          statement.declaration?.type === AST_NODE_TYPES.TSModuleDeclaration) &&
        statementMayReach(reach, here, statement.declaration, found)
      );
    case AST_NODE_TYPES.ExportAllDeclaration:
      return reach.mayReach(here, statement.source.value) && found(statement);
    case AST_NODE_TYPES.TSImportEqualsDeclaration: {
      const reference = statement.moduleReference;
      return (
        reference.type === AST_NODE_TYPES.TSExternalModuleReference &&
        reach.mayReach(here, reference.expression.value) &&
        found(statement)
      );
    }
    // `declare module "m" { ... }`, `namespace N { ... }`: the other place declarations stand.
    case AST_NODE_TYPES.TSModuleDeclaration:
      // `declare module "../x"`: an augmentation may name a feature's module as an import does.
      return (
        (statement.id.type === AST_NODE_TYPES.Literal &&
          reach.mayReach(here, statement.id.value) &&
          found(statement)) ||
        (statement.body !== undefined &&
          statementsThatMayReach(reach, here, statement.body.body, found))
      );
    default:
      return false;
  }
}

const REQUIRE: ReadonlySet<string> = new Set(["require"]);

/**
 * The visitors of a file outside features in a project that holds no feature folder: no import
 * can resolve into a feature, since none exists, but a relative or absolute one may still name
 * a file in a feature folder yet to be created (which the full check reports). So an import
 * costs a string test, and the full visitors see only an import that may reach a feature, a
 * target that is no literal, an import of `module` (createRequire) and the file's require()
 * calls, if it has any (found by scope analysis, as the full check finds them). Declarations
 * are read from the statements they can stand among, once per file, not one listener call
 * (with ESLint's wrappers) per import.
 */
function quietVisitors(
  reach: LexicalReach,
  here: Folder,
  scopeManager: () => ScopeManager,
  full: () => LogicVisitors,
): LogicVisitors {
  let forwarded = false;
  const forward = (node: TSESTree.Node): void => {
    forwarded = true;
    (full() as Readonly<Record<string, ((node: TSESTree.Node) => void) | undefined>>)[node.type]?.(
      node,
    );
  };
  // Every statement that may reach is forwarded: none stops the walk.
  const forwardEach = (statement: TSESTree.ProgramStatement): boolean => {
    forward(statement);
    return false;
  };
  return {
    ImportExpression(node) {
      const { source } = node;
      if (
        source.type !== AST_NODE_TYPES.Literal ||
        typeof source.value !== "string" ||
        reach.mayReach(here, source.value)
      )
        forward(node);
    },
    TSImportType(node) {
      if (reach.mayReach(here, node.source.value)) forward(node);
    },
    NewExpression(node) {
      const url = moduleUrlOf(node);
      if (url !== undefined && reach.mayReach(here, url.specifier)) forward(node);
    },
    MetaProperty(node) {
      const call = viteGlobCall(node);
      // Under a `base`, relative patterns start elsewhere: the full check reads them.
      if (
        call !== undefined &&
        (globBase(call) !== undefined ||
          globPatterns(call).some(
            ({ pattern }) => !pattern.startsWith("!") && reach.mayReach(here, pattern),
          ))
      )
        forward(node);
    },
    "Program:exit"(program) {
      statementsThatMayReach(reach, here, program.body, forwardEach);
      if (forwarded || globalReferences(scopeManager(), REQUIRE).length > 0)
        full()["Program:exit"]?.(program);
    },
  };
}
