// The calls tests make: testCommand / testQuery / replayTrace(operation, ...) and
// assertInvariant(invariant, evidence), in tests and inside operations.
import { ts } from "../../project/ts-morph.js";
import type { AssertionSite, OperationModel } from "../model.js";
import type { PointerReader, ReadContext } from "./read-context.js";

export const readTestCall: PointerReader = (call, { references, sites, models }) => {
  const argument = call.node.arguments[0];
  if (!argument) return;
  const operation = references.refer(argument, "operation", `${call.api}(...)`);
  models.testCalls.push({
    site: sites.site(call.node)!,
    via: call.api,
    operation: operation ?? null,
    invariant: null,
  });
};

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
  if (test && invariant) models.testCalls.push({ site, via: call.api, operation: null, invariant });
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
