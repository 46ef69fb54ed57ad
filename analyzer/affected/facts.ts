// What the affected computation reads about a project, as plain data keyed by path: from a live
// analysis (live-facts.ts: units cut and references resolved on demand, with the checker) or from
// the derived cache `agentix index` wrote (recorded-facts.ts: the same data for every file,
// recorded while the index was built). One algorithm runs on either, so both answer alike.
import type { FileRole } from "../index-file/types.js";
import type { Entity } from "./entity.js";
import type { FileUnits } from "./units.js";

/** The resolution of a test's import of a setup file Vitest runs before it (no import in its text). */
export const SETUP_RESOLUTION = "vitest-setup";

/** The resolution of an import a file makes through a component it imports (component-imports.ts). */
export const COMPONENT_RESOLUTION = "component";

/**
 * The resolution of a file a file's code names by its path (path-references.ts): the specifier
 * is the path named, a folder naming every file below it.
 */
export const PATH_RESOLUTION = "path-reference";

/**
 * The resolution of the file Jest's moduleNameMapper loads for an import (module-map-imports.ts):
 * the specifier is the import's.
 */
export const MODULE_MAP_RESOLUTION = "jest-module-map";

/**
 * The resolution of a manual mock (`__mocks__/api.ts`) a file loads through `jest.mock("./api")`
 * or an import of the package it mocks (manual-mocks.ts): the specifier is the one mocked.
 */
export const MANUAL_MOCK_RESOLUTION = "manual-mock";

/**
 * The resolution of the module a test runner's module call loads itself (`vi.importActual("./x")`,
 * `jest.requireActual`, the automock of `vi.mock("./x")`; runner-loads.ts): the specifier is
 * the call's.
 */
export const RUNNER_LOAD_RESOLUTION = "runner-load";

/** The resolution of an import of the project's own package name, to a source (self-imports.ts). */
export const SELF_RESOLUTION = "self-import";

/**
 * The resolution of a use of Cypress's global `cy` (cypress-globals.ts): an import of the
 * `cypress` package that no import statement makes.
 */
export const CYPRESS_RESOLUTION = "cypress-global";

/** How a unit is used where it is named. */
export type UseKind = "call" | "value" | "read" | "load";

export interface FactFile {
  /** Repository-relative POSIX path. */
  readonly path: string;
  readonly declaration: boolean;
  /** Test code: a test file, or a helper only tests load (see `helper`). */
  readonly test: boolean;
  /**
   * Test code no runner runs as a test file (FileRoles.runsAsTest): its importers are the tests
   * a change to it selects; it is never selected or counted itself.
   */
  readonly helper: boolean;
  readonly role: FileRole;
  readonly feature: string | null;
  /** Whether the project's Vitest config runs it (undefined: it could not be read statically). */
  readonly vitestRuns: boolean | undefined;
  /**
   * For a test the main config does not run, the second Vitest config that runs it
   * (vitest.e2e.config.ts, repository-relative); null otherwise.
   */
  readonly otherVitestConfig: string | null;
}

export type ImportTargetFact =
  | { readonly kind: "file"; readonly path: string }
  | { readonly kind: "package" | "builtin"; readonly name: string }
  | { readonly kind: "outside" | "asset" | "unresolved" };

/** One import of a file, as the analysis resolved it. */
export interface ImportFact {
  readonly target: ImportTargetFact;
  /** Where the import starts in the importer. */
  readonly position: number;
  readonly typeOnly: boolean;
  /** The index edge's resolution, target and specifier. */
  readonly resolution: string;
  readonly edgeTarget: string | null;
  readonly specifier: string | null;
}

/** A use found in one file: a unit (`by`, of that file) naming `target` (a unit of `targetFile`). */
export interface RecordedUse {
  readonly target: string;
  readonly targetFile: string;
  readonly by: string;
  readonly kind: UseKind;
  readonly eager: boolean;
  readonly line: number;
  readonly testCall: string | undefined;
}

/** An `import()`/`require()` whose module no one can name. */
export interface UnknownLoader {
  readonly file: string;
  readonly line: number;
  readonly reason: string;
}

/** Where an agentix entity is declared: the unit whose text holds it declares it. */
export interface EntitySite {
  readonly entity: Entity;
  readonly file: string;
  readonly start: number;
  readonly end: number;
}

/** Every entity of the project: what a widened answer names. */
export interface AllEntities {
  readonly files: readonly string[];
  readonly features: readonly string[];
  readonly operations: readonly string[];
  readonly ports: readonly string[];
  readonly adapters: readonly string[];
  readonly events: readonly string[];
  readonly invariants: readonly string[];
}

export interface FileSource {
  readonly text: string;
  readonly lineStarts: readonly number[];
}

/**
 * What a path outside the project root is to it: code it compiles, a setup file its tests run
 * (a package's config merging the workspace root's), the agentix package it runs on,
 * configuration of what it compiles (a tsconfig its own extends, or a file in a folder it compiles
 * code from, such as a linked workspace package's package.json), or nothing it depends on.
 */
export type OutsideKind =
  "compiled" | "test-setup" | "agentix-runtime" | "configures" | "unrelated";

/** An analysed file whose real path is another file of the root (linked-copies.ts). */
export interface LinkedCopy {
  /** The file it is, root-relative. */
  readonly file: string;
  /** The path the analysis holds it under, through a symbolic link. */
  readonly copy: string;
}

export interface AffectedFacts {
  readonly root: string;
  /** The analysed files, in the analysis' order. */
  readonly files: readonly FactFile[];
  readonly file: (path: string) => FactFile | undefined;
  /** Importer path -> its imports, in the analysis' order. */
  readonly imports: ReadonlyMap<string, readonly ImportFact[]>;
  /** Runtime-code loaders of unnameable modules (test files included; the classifier skips them). */
  readonly unknownLoaders: readonly UnknownLoader[];
  /**
   * Vitest setup lists that cannot be read statically (`file` the config): Vitest may run any
   * file before every test. A test's readable setup files are among its imports (resolution
   * SETUP_RESOLUTION), as if it imported each first.
   */
  readonly unknownSetups: readonly UnknownLoader[];
  /**
   * Tests the project's tsconfig leaves out and another tsconfig inside the root owns
   * (drizzle-orm's tests/tsconfig.json, a sibling tsconfig.spec.json), root-relative: an answer
   * analyses each owner as well, so that its tests are counted and selected too.
   */
  readonly testOwners: readonly { readonly test: string; readonly owner: string }[];
  /** Analysed files reached through a symbolic link, with the file each is (by copy). */
  readonly linkedCopies: readonly LinkedCopy[];
  /** Operations with where their descriptor call starts. */
  readonly operations: readonly {
    readonly id: string;
    readonly file: string;
    readonly callStart: number;
  }[];
  readonly entitySites: () => readonly EntitySite[];
  readonly everything: () => AllEntities;
  /** Schema slots whose schema comes from another validator library. */
  readonly foreignSchemas: () => readonly {
    readonly file: string;
    readonly line: number;
    readonly vendor: string;
  }[];
  /** A non-declaration file cut into units. */
  readonly units: (path: string) => FileUnits;
  /** The uses in `path` of units of the files `within` holds. */
  readonly uses: (
    path: string,
    within: (file: string) => FileUnits | undefined,
  ) => readonly RecordedUse[];
  readonly source: (path: string) => FileSource;
  readonly outside: (absolute: string) => OutsideKind;
  /** Files with an import that would lead to `removed` if it still existed (would-import.ts). */
  readonly wouldImport: (removed: string) => readonly string[];
}
