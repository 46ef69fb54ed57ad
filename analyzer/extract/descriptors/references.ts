// References between descriptors: what an expression refers to (an effect's port operation, a
// feature's contracts, ...), resolved statically across files. A descriptor is read the first
// time something refers to it (or the extractor reaches its call), and only once.
import { ts } from "../../project/ts-morph.js";
import { isAgentixModule } from "../../project/ts-syntax.js";
import type { Origin, ValueResolver } from "../../resolve/values.js";
import { DESCRIPTOR_CALLS, type AgentixCall } from "../agentix-api.js";
import type { Builtins } from "../builtins.js";
import type { PortOperationModel } from "../model.js";
import type { ApiCall } from "../scan.js";
import {
  KIND_LABEL,
  type Descriptor,
  type DescriptorKind,
  type ModelOf,
} from "./descriptor-kind.js";
import { snippet } from "../../resolve/origin.js";
import type { ExtractionSites } from "./sites.js";

export class DescriptorReferences {
  private readonly memo = new Map<ts.CallExpression, Descriptor | null>();
  private readonly inProgress = new Set<ts.CallExpression>();

  constructor(
    private readonly resolver: ValueResolver,
    private readonly builtins: Builtins,
    private readonly calls: ReadonlyMap<ts.CallExpression, ApiCall>,
    private readonly sites: ExtractionSites,
    /** Reads one descriptor call into its model (null: its definition is unreadable). */
    private readonly read: (call: ApiCall) => Descriptor | null,
  ) {
    resolver.setMemberHook((origin, name) => this.descriptorMember(origin, name));
  }

  /** The agentix function a call expression calls, when the scan found it. */
  apiOf(node: ts.CallExpression): AgentixCall | undefined {
    return this.calls.get(node)?.api;
  }

  /** The descriptor an expression refers to, or undefined (reported) when it is not one. */
  refer<K extends DescriptorKind>(
    expression: ts.Expression,
    kind: K,
    where: string,
    fallback?: () => ModelOf[K] | undefined,
  ): ModelOf[K] | undefined {
    const origin = this.resolver.resolve(expression);
    const found = this.descriptorOfOrigin(origin);
    if (found && found.kind === kind) return found.model as ModelOf[K];
    if (found === null) return undefined; // its own definition was unreadable and is reported there
    const typed = fallback?.();
    if (typed) return typed;
    const reason =
      origin.kind === "unknown"
        ? origin.reason
        : found
          ? `it is ${KIND_LABEL[found.kind]}`
          : origin.kind === "external"
            ? isAgentixModule(origin.module)
              ? `${origin.path.join(".")} from "${origin.module}" is not one`
              : `${origin.path.join(".")} comes from the package "${origin.module}", whose descriptors agentix does not follow`
            : `${snippet(expression)} is not one`;
    this.sites.report("reference", expression, `${where}: expected ${KIND_LABEL[kind]}; ${reason}`);
    return undefined;
  }

  /**
   * The port operation an expression evaluates to, statically (for the query rule's effect-kind
   * look-ups): undefined when the resolver cannot tell, so the caller asks the type checker.
   */
  portOperationAt(expression: ts.Expression): PortOperationModel | undefined {
    const found = this.descriptorOfOrigin(this.resolver.resolve(expression));
    return found?.kind === "portOperation" ? found.model : undefined;
  }

  /** null: a descriptor call whose definition could not be read; undefined: not a descriptor. */
  descriptorOfOrigin(origin: Origin): Descriptor | null | undefined {
    if (origin.kind === "external") return this.builtinDescriptor(origin);
    if (origin.kind !== "node" || !ts.isCallExpression(origin.node)) return undefined;
    return this.descriptorOfCall(origin.node);
  }

  /** `Clock`, `Clock.now`, `Ids.operations.next`, `systemClock` from agentix. */
  private builtinDescriptor(origin: Extract<Origin, { kind: "external" }>): Descriptor | undefined {
    if (!isAgentixModule(origin.module)) return undefined;
    const [head, second, third] = origin.path;
    const port = head !== undefined ? this.builtins.ports.get(head) : undefined;
    if (port) {
      if (origin.path.length === 1) return { kind: "port", model: port };
      const name = second === "operations" ? third : origin.path.length === 2 ? second : undefined;
      const operation = port.operations.find((candidate) => candidate.name === name);
      if (
        operation &&
        (origin.path.length === 2 || (origin.path.length === 3 && second === "operations"))
      )
        return { kind: "portOperation", model: operation };
      return undefined;
    }
    const adapter =
      head !== undefined && origin.path.length === 1 ? this.builtins.adapters.get(head) : undefined;
    return adapter ? { kind: "adapter", model: adapter } : undefined;
  }

  /** The descriptor a call creates, read once (a call that refers to itself is reported). */
  descriptorOfCall(node: ts.CallExpression): Descriptor | null | undefined {
    const call = this.calls.get(node);
    if (!call || !DESCRIPTOR_CALLS.has(call.api)) return undefined;
    if (this.memo.has(node)) return this.memo.get(node);
    if (this.inProgress.has(node)) {
      this.sites.report("reference", node, "the descriptor refers to itself");
      return null;
    }
    this.inProgress.add(node);
    let result: Descriptor | null = null;
    try {
      result = this.read(call);
    } finally {
      this.inProgress.delete(node);
    }
    this.memo.set(node, result);
    return result;
  }

  /** `Port.save`, `contract.schemas`, `op.input`: members of a descriptor are its definition's fields. */
  private descriptorMember(
    origin: Extract<Origin, { kind: "node" }>,
    name: string,
  ): Origin | undefined {
    const node = origin.node;
    if (!ts.isCallExpression(node)) return undefined;
    const call = this.calls.get(node);
    if (!call || !DESCRIPTOR_CALLS.has(call.api)) return undefined;
    const argument = node.arguments[call.api === "implementPort" ? 1 : 0];
    if (!argument) return undefined;
    const definition = this.resolver.resolve(argument);
    if (definition.kind !== "node" || !ts.isObjectLiteralExpression(definition.node))
      return undefined;
    if (
      call.api === "definePort" &&
      name !== "id" &&
      name !== "operations" &&
      name !== "description"
    ) {
      const operations = this.resolver.objectMember(definition.node, "operations", node, 0);
      return this.resolver.member(operations, name, node, 0);
    }
    return this.resolver.objectMember(definition.node, name, node, 0);
  }
}
