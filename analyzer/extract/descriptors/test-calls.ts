// The calls tests make: testCommand / testQuery / replayTrace / checkOperation(operation, ...),
// checkInvariant(invariant, ...), adapterContract(port, ...) and assertInvariant(invariant,
// evidence), in tests and inside operations; and `invariant.check(evidence)` in tests.
import type { ProjectFile } from "../../project/load-project.js";
import { ts } from "../../project/ts-morph.js";
import { TEST_DOUBLES } from "../agentix-api.js";
import type {
  AssertionSite,
  InvariantModel,
  OperationModel,
  PortModel,
  TestDoubleModel,
} from "../model.js";
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
  // Asserting it in execute is what preserving it means, whether or not `invariants` lists it.
  if (operation && invariant) invariant.preservedBy.add(operation.id);
  if (test && invariant)
    models.testCalls.push({ site, via: call.api, operation: null, invariant, port: null });
};

/** `memoryPort(Port)` / `fakeClock()` / `sequentialIds()`: the port a test fakes. */
export const readTestDouble: PointerReader = (call, { references, sites, models }) => {
  const builtin = TEST_DOUBLES[call.api];
  const argument = call.node.arguments[0];
  const port = builtin
    ? (models.builtins.ports.get(builtin) ?? null)
    : argument
      ? (references.refer(argument, "port", `${call.api}(...)`) ?? null)
      : null;
  const via = call.api as TestDoubleModel["via"];
  models.testDoubles.push({ site: sites.site(call.node)!, via, port });
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

/**
 * `positiveCharge.check(evidence)` in a test: the test exercises the invariant's check directly.
 * Read from the syntax of test files (the call is a method of a descriptor, not an agentix import).
 */
export function readInvariantMethodChecks(
  files: readonly ProjectFile[],
  { resolver, references, sites, models, isTestFile }: ReadContext,
): void {
  for (const file of files) {
    if (file.declaration || !isTestFile(file)) continue;
    for (const node of checkCallsOf(file.sourceFile)) {
      const found = references.descriptorOfOrigin(resolver.resolve(node.expression.expression));
      if (found?.kind === "invariant")
        models.testCalls.push({
          site: sites.site(node)!,
          via: "check",
          operation: null,
          invariant: found.model,
          port: null,
        });
    }
  }
}

type CheckCall = ts.CallExpression & { readonly expression: ts.PropertyAccessExpression };

/**
 * The `<expression>.check(...)` calls of a file, in source order: syntax alone, so found once per
 * SourceFile (a warm session's next analysis gets unchanged files' SourceFiles back).
 */
const checkCalls = new WeakMap<ts.SourceFile, readonly CheckCall[]>();

function checkCallsOf(sourceFile: ts.SourceFile): readonly CheckCall[] {
  let calls = checkCalls.get(sourceFile);
  if (calls === undefined) {
    const found: CheckCall[] = [];
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isPropertyAccessExpression(node.expression) &&
        node.expression.name.text === "check"
      )
        found.push(node as CheckCall);
      ts.forEachChild(node, visit);
    };
    ts.forEachChild(sourceFile, visit);
    calls = found;
    checkCalls.set(sourceFile, calls);
  }
  return calls;
}
