// agentix: explicit descriptors, schemas, and a dispatcher that hands each operation only
// what it declares. No hidden registry: an application is the values given to createApplication.
export * from "./schema/index.js";
export { portOperation } from "./descriptors/port-operation.js";
export type {
  AnyPortOperation,
  CallOf,
  DeclaredError,
  EffectKind,
  ErrorMap,
  HandlerContext,
  HandlerOf,
  InvokeOf,
  PortOperation,
  PortOutcome,
  QueryEffectKind,
} from "./descriptors/port-operation.js";
export { definePort, portOf } from "./descriptors/port.js";
export type { AnyPort, BoundHandlers, Port, PortHandlers, PortOperations } from "./descriptors/port.js";
export { implementPort } from "./descriptors/adapter.js";
export type { Adapter, AnyAdapter } from "./descriptors/adapter.js";
export { defineEvent } from "./descriptors/event.js";
export type { AnyEvent, EmittedEvent, EventDescriptor } from "./descriptors/event.js";
export { defineCommand, defineQuery, isFailure } from "./descriptors/operation.js";
export type {
  AnyOperation,
  Command,
  Effects,
  EffectMap,
  Emitters,
  ErrorOf,
  EventMap,
  ExecuteContext,
  Fail,
  Failure,
  InputOf,
  Operation,
  OutputOf,
  Principal,
  Query,
  QueryEffectMap,
} from "./descriptors/operation.js";
export { defineInvariant, assertInvariant, InvariantViolation } from "./descriptors/invariant.js";
export type { AnyInvariant, Invariant } from "./descriptors/invariant.js";
export { defineContract } from "./descriptors/contract.js";
export type { Contract } from "./descriptors/contract.js";
export { defineFeature } from "./descriptors/feature.js";
export type { AnyFeature, Feature } from "./descriptors/feature.js";
export { createApplication, ApplicationDefinitionError } from "./application/create-application.js";
export type { Application, ApplicationConfig, OperationMap, OutcomeOf } from "./application/create-application.js";
export { BoundaryFault } from "./application/fault.js";
export { PortSchemaViolation } from "./application/port-schema-violation.js";
export { frameworkErrorCodes } from "./application/outcome.js";
export type {
  EffectCall,
  Failed,
  FrameworkError,
  FrameworkErrorCode,
  FrameworkErrorDetails,
  Outcome,
  Success,
  Trace,
} from "./application/outcome.js";
export type { DefectHook, DefectReport, DispatchOptions } from "./application/run-operation.js";
export { Clock, systemClock } from "./ports/clock.js";
export { Ids, randomIds } from "./ports/ids.js";
