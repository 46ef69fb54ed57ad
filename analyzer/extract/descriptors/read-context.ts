// What every descriptor reader is given: the readers of literals and schemas, the references
// between descriptors, where problems are recorded, and the collections the models go to.
import type { ProjectFile } from "../../project/load-project.js";
import type { ts } from "../../project/ts-morph.js";
import type { ValueResolver } from "../../resolve/values.js";
import { createBuiltins, type Builtins } from "../builtins.js";
import type {
  AdapterModel,
  ApplicationModel,
  AssertionSite,
  ContractModel,
  EventModel,
  FeatureDescriptorModel,
  InvariantModel,
  OperationModel,
  PortModel,
  PortOperationModel,
  TestCallModel,
  TestDoubleModel,
} from "../model.js";
import type { ApiCall } from "../scan.js";
import type { TypePrinter } from "../type-printer.js";
import type { DescriptorKind, ModelOf } from "./descriptor-kind.js";
import type { LiteralReader } from "./literal-reader.js";
import type { DescriptorReferences } from "./references.js";
import type { SchemaSlots } from "./schema-slots.js";
import type { ExtractionSites } from "./sites.js";

/** Every model the extraction found, by kind, in the order it read them. */
export class DescriptorModels {
  readonly builtins: Builtins = createBuiltins();
  readonly ports: PortModel[] = [];
  readonly portOperations: PortOperationModel[] = [];
  readonly events: EventModel[] = [];
  readonly operations: OperationModel[] = [];
  readonly invariants: InvariantModel[] = [];
  readonly contracts: ContractModel[] = [];
  readonly features: FeatureDescriptorModel[] = [];
  readonly adapters: AdapterModel[] = [];
  readonly applications: ApplicationModel[] = [];
  readonly testCalls: TestCallModel[] = [];
  readonly assertions: AssertionSite[] = [];
  readonly testDoubles: TestDoubleModel[] = [];
  /** Port operations claimed by two ports. */
  readonly conflicts: { operation: PortOperationModel; ports: PortModel[] }[] = [];
}

export interface ReadContext {
  readonly resolver: ValueResolver;
  readonly printer: TypePrinter;
  readonly sites: ExtractionSites;
  readonly literals: LiteralReader;
  readonly slots: SchemaSlots;
  readonly references: DescriptorReferences;
  readonly models: DescriptorModels;
  readonly isTestFile: (file: ProjectFile) => boolean;
}

/** Reads the calls that define one kind of descriptor (one file per kind beside this one). */
export interface DescriptorReader<K extends DescriptorKind> {
  readonly kind: K;
  /** The model, added to `context.models`; null when the call cannot be read (reported). */
  read(call: ApiCall, context: ReadContext): ModelOf[K] | null;
}

export type AnyDescriptorReader = { [K in DescriptorKind]: DescriptorReader<K> }[DescriptorKind];

/** Reads a call that only points at descriptors (an application, a test, an assertion). */
export type PointerReader = (call: ApiCall, context: ReadContext) => void;

/** The descriptors an array field lists (`ports: [Payments, Stock]`), each reported when it is not one. */
export function listedDescriptors<K extends DescriptorKind>(
  { literals, references }: ReadContext,
  definition: ts.ObjectLiteralExpression,
  name: string,
  kind: K,
  where: string,
): ModelOf[K][] {
  const expression = literals.field(definition, name);
  if (!expression) return [];
  const out: ModelOf[K][] = [];
  for (const element of literals.arrayElements(expression, where)) {
    const model = references.refer(element, kind, where);
    if (model) out.push(model);
  }
  return out;
}
