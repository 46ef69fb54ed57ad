// The calls tests make: testCommand / testQuery / replayTrace / checkOperation(operation, ...),
// checkInvariant(invariant, ...), adapterContract(port, ...) and assertInvariant(invariant,
// evidence), in tests and inside operations.
import { ts } from "../../project/ts-morph.js";
import type { AssertionSite, InvariantModel, OperationModel, PortModel } from "../model.js";
import type { PointerReader, ReadContext } from "./read-context.js";

/** A reader for a test helper whose first argument is the descriptor it exercises. */
function testCallReader(kind: "operation" | "invariant" | "port"): PointerReader {
  return (call, { references, sites, models }) => {
    const argument = call.node.arguments[0];
    if (!argument) return;
    const target = references.refer(argument, kind, `${call.api}(...)`) ?? null;
    models.testCalls.push({
      site: sites.site(call.node)!,
      via: call.api,
      operation: kind === "operation" ? (target as OperationModel | null) : null,
      invariant: kind === "invariant" ? (target as InvariantModel | null) : null,
      port: kind === "port" ? (target as PortModel | null) : null,
    });
  };
}

/** `testCommand` / `testQuery` / `replayTrace` / `checkOperation(operation, ...)`. */
export const readTestCall = testCallReader("operation");
/** `checkInvariant(invariant, ...)`: the property check of one invariant. */
export const readInvariantCheck = testCallReader("invariant");
/** `adapterContract(port, { make })`: a contract suite any adapter of the port runs. */
export const readPortContract = testCallReader("port");

export const readAssertion: PointerReader = (call, context) => {
  const { references, sites, models, isTestFile } = context;
  const argument = call.node.arguments[0];
  const invariant = argument
    ? (references.refer(argument, "invariant", "assertInvariant(...)") ?? null)
    : null;
  const site = sites.site(call.node)!;
  const test = isTestFile(site.file);
  const operation = enclosingOperation(call.node, context);
  const assertion: AssertionSite = { site, invariant, operation, test };
  models.assertions.push(assertion);
  invariant?.assertions.push(assertion);
  operation?.assertions.push(assertion);
  if (test && invariant)
    models.testCalls.push({ site, via: call.api, operation: null, invariant, port: null });
};

/** The defineCommand/defineQuery call whose definition holds the node. */
function enclosingOperation(node: ts.Node, { references }: ReadContext): OperationModel | null {
  for (let current = node.parent; current; current = current.parent) {
    if (ts.isCallExpression(current)) {
      const api = references.apiOf(current);
      if (api === "defineCommand" || api === "defineQuery") {
        const found = references.descriptorOfCall(current);
        return found?.kind === "operation" ? found.model : null;
      }
    }
  }
  return null;
}
