// Reads every agentix descriptor call of the project into a model: ids, schemas (projected),
// types (printed), and the references between descriptors (an effect's port operation, a
// feature's contracts, ...), each resolved statically across files.
//   descriptor-kind     the kinds and their models
//   <kind>.ts           one reader per kind (port-operation, port, event, operation, invariant,
//                       contract, feature, adapter), registered in READERS below
//   application.ts,     the calls that only point at descriptors (createApplication, the
//   test-calls.ts       agentix/testing helpers, assertInvariant), registered in POINTERS
//   literal-reader      the object and array literals the calls are given
//   schema-slots        schema fields: projection, printed types, opacity
//   references          what an expression refers to; reads each descriptor once, on demand
//   sites               where things are, and what could not be read
import type { LoadedProject, ProjectFile } from "../../project/load-project.js";
import type { ts } from "../../project/ts-morph.js";
import type { ValueResolver } from "../../resolve/values.js";
import type { SchemaProjector } from "../../schema-projection/project-schema.js";
import { isDescriptorCall, type DescriptorCall, type PointerCall } from "../agentix-api.js";
import type { PortOperationModel, UnresolvedItem } from "../model.js";
import type { ApiCall } from "../scan.js";
import type { TypePrinter } from "../type-printer.js";
import { adapterReader } from "./adapter.js";
import { readApplication } from "./application.js";
import {
  readAssertion,
  readInvariantCheck,
  readInvariantMethodChecks,
  readPortContract,
  readTestCall,
  readTestDouble,
} from "./test-calls.js";
import { contractReader } from "./contract.js";
import type { Descriptor } from "./descriptor-kind.js";
import { eventReader } from "./event.js";
import { featureReader } from "./feature.js";
import { invariantReader } from "./invariant.js";
import { LiteralReader, type Entry } from "./literal-reader.js";
import { operationReader } from "./operation.js";
import { portOperationReader } from "./port-operation.js";
import { portReader } from "./port.js";
import {
  DescriptorModels,
  type AnyDescriptorReader,
  type PointerReader,
  type ReadContext,
} from "./read-context.js";
import { DescriptorReferences } from "./references.js";
import { SchemaSlots } from "./schema-slots.js";
import { ExtractionSites } from "./sites.js";
import type { FileFactsCache } from "../file-facts.js";

/** The reader of each call that defines a descriptor. */
const READERS: Readonly<Record<DescriptorCall, AnyDescriptorReader>> = {
  portOperation: portOperationReader,
  definePort: portReader,
  defineEvent: eventReader,
  defineCommand: operationReader,
  defineQuery: operationReader,
  defineInvariant: invariantReader,
  defineContract: contractReader,
  defineFeature: featureReader,
  implementPort: adapterReader,
};

/** The reader of each call that only points at descriptors. */
const POINTERS: Readonly<Record<PointerCall, PointerReader>> = {
  createApplication: readApplication,
  testCommand: readTestCall,
  testQuery: readTestCall,
  replayTrace: readTestCall,
  checkOperation: readTestCall,
  checkInvariant: readInvariantCheck,
  adapterContract: readPortContract,
  assertInvariant: readAssertion,
  memoryPort: readTestDouble,
  fakeClock: readTestDouble,
  sequentialIds: readTestDouble,
};

export class DescriptorExtractor extends DescriptorModels {
  /** What could not be read statically, each once. */
  readonly unresolved: UnresolvedItem[];

  private readonly calls: readonly ApiCall[];
  private readonly context: ReadContext;

  constructor(
    private readonly loaded: LoadedProject,
    resolver: ValueResolver,
    projector: SchemaProjector,
    printer: TypePrinter,
    calls: readonly ApiCall[],
    isTestFile: (file: ProjectFile) => boolean,
    kept?: FileFactsCache,
  ) {
    super();
    const byNode = new Map<ts.CallExpression, ApiCall>();
    for (const call of calls) byNode.set(call.node, call);
    this.calls = [...byNode.values()];
    const sites = new ExtractionSites(loaded);
    const literals = new LiteralReader(resolver, sites);
    const slots = new SchemaSlots(resolver, projector, printer, literals, sites, kept);
    const references = new DescriptorReferences(resolver, this.builtins, byNode, sites, (call) =>
      this.read(call),
    );
    this.unresolved = sites.unresolved;
    this.context = {
      resolver,
      printer,
      sites,
      literals,
      slots,
      references,
      models: this,
      isTestFile,
    };
  }

  /** Extracts every descriptor, in file order, then the calls that only point at descriptors. */
  run(): void {
    for (const call of this.calls) {
      if (isDescriptorCall(call.api)) this.context.references.descriptorOfCall(call.node);
    }
    for (const call of this.calls) {
      if (!isDescriptorCall(call.api)) POINTERS[call.api](call, this.context);
    }
    readInvariantMethodChecks(this.loaded.files, this.context);
  }

  /**
   * The port operation an expression evaluates to, statically (for the query rule's effect-kind
   * look-ups): undefined when the resolver cannot tell, so the caller asks the type checker.
   */
  portOperationAt(expression: ts.Expression): PortOperationModel | undefined {
    return this.context.references.portOperationAt(expression);
  }

  /** The entries of an object literal the expression evaluates to, or undefined when it is not one. */
  objectEntriesAt(expression: ts.Expression): Entry[] | undefined {
    return this.context.literals.objectEntriesAt(expression);
  }

  private read(call: ApiCall): Descriptor | null {
    if (!isDescriptorCall(call.api)) return null;
    const reader = READERS[call.api];
    const model = reader.read(call, this.context);
    return model ? ({ kind: reader.kind, model } as Descriptor) : null;
  }
}
