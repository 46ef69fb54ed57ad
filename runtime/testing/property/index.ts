// agentix/testing/property: values generated from the schemas an application already
// declares, run through its invariants, operations and adapters. Needs fast-check (an optional
// peer dependency); agentix/testing itself does not.
export { arbitrary, NoArbitrary } from "./arbitrary.js";
export { checkInvariant } from "./check-invariant.js";
export type { CheckInvariantOptions } from "./check-invariant.js";
export { PropertyCheckFailure } from "./property-failure.js";
export type { PropertyOptions } from "./property-failure.js";
export { checkOperation } from "./check-operation.js";
export type { CheckOperationOptions } from "./check-operation.js";
export { adapterContract } from "./adapter-contract.js";
export type { AdapterContractOptions, AdapterSubject, ContractCheck, MadeSubject, PortInputOf } from "./adapter-contract.js";
