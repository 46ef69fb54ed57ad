// The shape of .agentix/index.json, version 2, as TypeScript. schema/index.v2.schema.json is the
// published contract; these types are its view for the code that builds and reads the index.
// test/analyzer/index-shape.test.ts holds the two equal field by field (names, required-ness,
// types down to literal sets and nullability); every index is also validated against the schema
// before it is written. A new index fact goes in both, then in the index-builder stage that
// knows it.

import type { ImportForm } from "../../eslint-plugin/logic/imports/import-sites.js";

export type { ImportForm };

export const INDEX_SCHEMA_VERSION = 2 as const;

/** The `$schema` of every index: the published JSON Schema. */
export const INDEX_SCHEMA_URL =
  "https://raw.githubusercontent.com/agentix-dev/agentix/main/schema/index.v2.schema.json";

/** A place in a repository-relative file; lines and columns are 1-based. */
export interface Location {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** The first named constant a slot refers to, e.g. `Customer` in `contract.ts`. */
export interface SchemaReference {
  readonly name: string;
  readonly file: string;
  readonly line: number;
}

/** Why a schema is not projected to JSON Schema. */
export interface Opaque {
  readonly reason: string;
  /** The package of a foreign Standard Schema (`zod`, ...), null for an s.* form that is not static. */
  readonly vendor: string | null;
  readonly file: string;
  readonly line: number;
}

/** A schema in a descriptor slot. */
export interface SchemaSlot {
  /** The JSON Schema 2020-12 the runtime builds, or null when opaque. */
  readonly schema: Record<string, unknown> | null;
  readonly opaque: Opaque | null;
  /** The parsed (output) TypeScript type, as the type checker prints it. */
  readonly type: string;
  /** The type callers pass, when it differs from `type` (brands are plain there). */
  readonly inputType: string | null;
  /**
   * `schema`: the type the s.* builders give the schema, printed from its projection (equal to
   * what the checker infers; the tests prove it with tsc); `checker`: printed by the TypeScript
   * checker, for schemas that are not projected (foreign Standard Schemas such as zod).
   */
  readonly typeSource: "checker" | "schema";
  readonly ref: SchemaReference | null;
}

export interface ErrorSlot {
  readonly code: string;
  readonly schema: SchemaSlot;
}

export type EffectKind = "read" | "write" | "time" | "random" | "external";

export interface ContractExport {
  readonly name: string;
  readonly kind:
    | "schema"
    | "port"
    | "event"
    | "contract"
    | "feature"
    | "operation"
    | "invariant"
    | "adapter"
    | "type"
    | "value";
  /** The descriptor id for ports, events, contracts, features, operations and invariants. */
  readonly id: string | null;
  readonly line: number;
}

export interface FeatureEntry {
  /** The folder name: a feature's id. */
  readonly id: string;
  readonly directory: string;
  /**
   * The id given to defineFeature, or null without a descriptor in the analysed program (a
   * mismatch is a diagnostic; one the tsconfig leaves out, an entry-outside-program warning).
   */
  readonly declaredId: string | null;
  readonly descriptor: Location | null;
  /**
   * Null when the program holds no public entry: the feature has none (missing-contract) or the
   * tsconfig leaves it out (entry-outside-program: nothing of it is described, no exports invented).
   */
  readonly contract: {
    readonly file: string;
    /** The id given to defineContract, or null when the file has none. */
    readonly id: string | null;
    readonly location: Location | null;
    readonly exports: readonly ContractExport[];
  } | null;
  readonly dependencies: {
    /** Features whose contracts defineFeature lists (none described for a descriptor outside the program). */
    readonly declared: readonly string[];
    /** Features whose files this feature's files import. */
    readonly imported: readonly string[];
  };
  /** Features that declare or import this one. */
  readonly consumers: readonly string[];
  readonly operations: readonly string[];
  readonly ports: readonly string[];
  readonly events: readonly string[];
  readonly invariants: readonly string[];
  readonly files: readonly string[];
  readonly tests: readonly string[];
}

export interface EffectEntry {
  /** The key in the effects map (`effects.save`). */
  readonly key: string;
  readonly operation: string;
  readonly port: string | null;
  readonly kind: EffectKind;
}

export interface EmitEntry {
  readonly key: string;
  readonly event: string;
  readonly version: number | null;
}

/** How a test is linked: `call` through agentix/testing, `name` by file name, `feature` through its feature (folder or import). */
export type TestLinkKind = "call" | "name" | "feature";

export interface OperationTest {
  readonly file: string;
  readonly by: TestLinkKind;
}

export interface OperationEntry {
  readonly id: string;
  readonly kind: "command" | "query";
  /** The feature folder that holds it. */
  readonly feature: string | null;
  /** The exported (or local) constant holding it. */
  readonly name: string | null;
  readonly location: Location;
  readonly description: string | null;
  readonly input: SchemaSlot;
  readonly output: SchemaSlot;
  readonly errors: readonly ErrorSlot[];
  readonly permissions: readonly string[];
  readonly effects: readonly EffectEntry[];
  readonly emits: readonly EmitEntry[];
  /** Invariants it lists in `invariants` or asserts (`assertInvariant`) in its execute. */
  readonly invariants: readonly string[];
  /** `assertInvariant` calls inside it. */
  readonly assertions: readonly { readonly invariant: string | null; readonly line: number }[];
  readonly tests: readonly OperationTest[];
}

export interface PortOperationEntry {
  /** The key in the port (`Payments.charge`). */
  readonly name: string;
  readonly id: string;
  readonly kind: EffectKind;
  readonly location: Location | null;
  readonly input: SchemaSlot | null;
  readonly output: SchemaSlot;
  readonly errors: readonly ErrorSlot[];
  /** Operations that declare it as an effect. */
  readonly usedBy: readonly string[];
}

export interface PortEntry {
  readonly id: string;
  /** `project` for the application's ports, `agentix` for the standard ones (Clock, Ids). */
  readonly origin: "project" | "agentix";
  readonly feature: string | null;
  readonly name: string | null;
  readonly location: Location | null;
  readonly operations: readonly PortOperationEntry[];
  readonly adapters: readonly {
    readonly name: string | null;
    readonly file: string | null;
    readonly line: number | null;
  }[];
}

export interface AdapterEntry {
  readonly port: string;
  /** The `name` option of implementPort. */
  readonly name: string | null;
  readonly origin: "project" | "agentix";
  /** The constant (or factory function) that holds it. */
  readonly binding: string | null;
  readonly location: Location | null;
  readonly handlers: readonly string[];
}

export interface ApplicationEntry {
  readonly location: Location;
  readonly features: readonly string[];
  readonly adapters: readonly { readonly port: string | null; readonly name: string | null }[];
}

export interface EventEntry {
  readonly id: string;
  readonly version: number | null;
  readonly feature: string | null;
  readonly name: string | null;
  readonly location: Location;
  readonly payload: SchemaSlot;
  readonly emittedBy: readonly string[];
}

export interface InvariantEntry {
  readonly id: string;
  readonly feature: string | null;
  readonly name: string | null;
  readonly location: Location;
  readonly description: string | null;
  /** Features whose contracts `dependsOn` lists. */
  readonly dependsOn: readonly string[];
  readonly evidence: SchemaSlot;
  /** Operations that list it in `invariants` or assert it in their execute. */
  readonly preservedBy: readonly string[];
  /** `assertInvariant` call sites. */
  readonly assertions: readonly {
    readonly file: string;
    readonly line: number;
    readonly operation: string | null;
    readonly test: boolean;
  }[];
  readonly tests: readonly OperationTest[];
}

export interface PermissionEntry {
  readonly permission: string;
  readonly operations: readonly string[];
}

export interface TestLink {
  readonly target: "operation" | "feature" | "invariant" | "port";
  readonly id: string;
  /** `call`: passes the descriptor to testCommand/testQuery/replayTrace/checkOperation/checkInvariant/adapterContract/assertInvariant or calls an invariant's `check` (in the test, or in a helper it imports: then `line` is null); `name`: file name; `folder`: inside the feature; `import`: imports the feature's files. */
  readonly by: "call" | "name" | "folder" | "import";
  readonly via: string | null;
  readonly line: number | null;
}

/** A port a test fakes with an agentix/testing double. */
export interface TestDouble {
  readonly port: string;
  readonly via: "memoryPort" | "fakeClock" | "sequentialIds";
  /** The first line the test makes it at; null when only a helper the test imports does. */
  readonly line: number | null;
}

export interface TestEntry {
  readonly file: string;
  readonly feature: string | null;
  readonly links: readonly TestLink[];
  /** The ports it fakes, one entry per port and double, by port then double. */
  readonly doubles: readonly TestDouble[];
}

export type FileRole =
  | "contract"
  | "descriptor"
  | "feature"
  | "test"
  | "adapter"
  | "composition-root"
  | "shared"
  | "declaration";

export interface ImportEdge {
  readonly specifier: string | null;
  readonly form: ImportForm;
  readonly typeOnly: boolean;
  /** `asset`: a project file that is not TypeScript (CSS, SVG, JSON...), for a bundler to load. */
  readonly resolution: "file" | "asset" | "package" | "builtin" | "outside" | "unresolved";
  /** The file path (a source or an asset), package name or `node:` module; null when outside or unresolved. */
  readonly target: string | null;
  readonly line: number;
}

export interface FileEntry {
  readonly path: string;
  readonly feature: string | null;
  readonly role: FileRole;
  readonly imports: readonly ImportEdge[];
}

export interface ViolationEntry {
  readonly rule: string;
  /** "warning" when agentix.config.json sets the rule to "warn". */
  readonly severity: "error" | "warning";
  readonly messageId: string;
  readonly message: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

export interface DiagnosticEntry {
  readonly code: string;
  readonly severity: "error" | "warning";
  readonly message: string;
  readonly file: string | null;
  readonly line: number | null;
  /** Where the diagnostic has an exact position (syntax errors, unused directives); absent otherwise. */
  readonly column?: number;
  readonly related: readonly { readonly file: string; readonly line: number }[];
}

export type UnresolvedKind =
  "id" | "schema" | "reference" | "permission" | "dynamic-import" | "require" | "import";

export interface UnresolvedEntry {
  readonly kind: UnresolvedKind;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly reason: string;
}

export interface AgentixIndex {
  readonly $schema: string;
  readonly schemaVersion: typeof INDEX_SCHEMA_VERSION;
  readonly generator: {
    readonly name: "agentix";
    readonly version: string;
    readonly typescript: string;
  };
  readonly project: {
    readonly tsconfig: string;
    readonly config: string | null;
    readonly featureDirectories: readonly string[];
  };
  readonly features: readonly FeatureEntry[];
  readonly operations: readonly OperationEntry[];
  readonly ports: readonly PortEntry[];
  readonly adapters: readonly AdapterEntry[];
  readonly applications: readonly ApplicationEntry[];
  readonly events: readonly EventEntry[];
  readonly invariants: readonly InvariantEntry[];
  readonly permissions: readonly PermissionEntry[];
  readonly tests: readonly TestEntry[];
  readonly files: readonly FileEntry[];
  readonly violations: readonly ViolationEntry[];
  readonly diagnostics: readonly DiagnosticEntry[];
  readonly unresolved: readonly UnresolvedEntry[];
}
