import type { ts } from "../project/ts-morph.js";
import type { ProjectFile } from "../project/load-project.js";
import type {
  EffectKind,
  ErrorSlot,
  SchemaSlot,
  TestDouble,
  UnresolvedKind,
} from "../index-file/types.js";

/** A node in a project file. */
export interface Site {
  readonly file: ProjectFile;
  readonly node: ts.Node;
}

export interface PortOperationModel {
  readonly id: string;
  readonly kind: EffectKind;
  readonly site: Site | null;
  readonly input: SchemaSlot | null;
  readonly output: SchemaSlot;
  readonly errors: readonly ErrorSlot[];
  /** The port it belongs to and its key there, set by definePort. */
  port: PortModel | null;
  name: string | null;
  readonly usedBy: Set<string>;
}

export interface AdapterModel {
  readonly port: PortModel;
  readonly name: string | null;
  readonly origin: "project" | "agentix";
  readonly binding: string | null;
  readonly site: Site | null;
  readonly handlers: readonly string[];
}

export interface PortModel {
  readonly id: string;
  readonly origin: "project" | "agentix";
  readonly binding: string | null;
  readonly site: Site | null;
  readonly operations: readonly PortOperationModel[];
  readonly adapters: AdapterModel[];
}

export interface EventModel {
  readonly id: string;
  readonly version: number | null;
  readonly binding: string | null;
  readonly site: Site;
  readonly payload: SchemaSlot;
  readonly emittedBy: Set<string>;
}

export interface ContractModel {
  readonly id: string | null;
  readonly site: Site;
  readonly ports: readonly PortModel[];
  readonly events: readonly EventModel[];
}

export interface AssertionSite {
  readonly site: Site;
  readonly invariant: InvariantModel | null;
  readonly operation: OperationModel | null;
  readonly test: boolean;
}

export interface InvariantModel {
  readonly id: string;
  readonly binding: string | null;
  readonly site: Site;
  readonly description: string | null;
  readonly dependsOn: readonly ContractModel[];
  readonly evidence: SchemaSlot;
  readonly preservedBy: Set<string>;
  readonly assertions: AssertionSite[];
}

export interface OperationModel {
  readonly id: string;
  readonly kind: "command" | "query";
  readonly binding: string | null;
  readonly site: Site;
  readonly call: ts.CallExpression;
  readonly description: string | null;
  readonly input: SchemaSlot;
  readonly output: SchemaSlot;
  readonly errors: readonly ErrorSlot[];
  readonly permissions: readonly string[];
  readonly effects: readonly { readonly key: string; readonly operation: PortOperationModel }[];
  readonly emits: readonly { readonly key: string; readonly event: EventModel }[];
  readonly invariants: readonly InvariantModel[];
  readonly assertions: AssertionSite[];
}

export interface FeatureDescriptorModel {
  readonly declaredId: string | null;
  readonly site: Site;
  readonly contract: ContractModel | null;
  readonly dependencies: readonly ContractModel[];
  readonly operations: readonly OperationModel[];
  readonly invariants: readonly InvariantModel[];
}

export interface ApplicationModel {
  readonly site: Site;
  readonly features: readonly FeatureDescriptorModel[];
  readonly adapters: readonly AdapterModel[];
}

export interface TestCallModel {
  readonly site: Site;
  readonly via: string;
  readonly operation: OperationModel | null;
  readonly invariant: InvariantModel | null;
  /** The port an adapter contract suite (`adapterContract(port, ...)`) checks. */
  readonly port: PortModel | null;
}

/** `memoryPort(Port)`, `fakeClock()`, `sequentialIds()`: a test's stand-in for a port. */
export interface TestDoubleModel {
  readonly site: Site;
  readonly via: TestDouble["via"];
  /** The port it fakes; null when its argument is not a port the analyzer can read (reported). */
  readonly port: PortModel | null;
}

export interface UnresolvedItem {
  readonly kind: UnresolvedKind;
  readonly site: Site;
  readonly reason: string;
  /** A non-literal import()/require() target's specifier with `*` for its unknown parts (loader-pattern.ts). */
  readonly pattern?: string;
}

export interface DiagnosticItem {
  readonly code: string;
  readonly severity: "error" | "warning";
  readonly message: string;
  readonly site: Site | null;
  /** Overrides the site's line (diagnostics that only have an offset). */
  readonly line?: number;
  /** The exact column, when the diagnostic has one (syntax errors, the import closing a cycle). */
  readonly column?: number;
  /** Overrides the site's file: a problem in a file that is not a source (a tsconfig). */
  readonly file?: string;
  readonly related: readonly Site[];
}
