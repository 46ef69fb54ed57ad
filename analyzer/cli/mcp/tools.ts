// The tools `agentix mcp` offers: each is a CLI verb run with --json --compact, so its result is
// the verb's versioned JSON (its outputSchema is the verb's schema in schema/) and nothing here
// computes an answer of its own.
import affectedSchema from "../../../schema/cli-affected.v1.schema.json" with { type: "json" };
import checkSchema from "../../../schema/cli-check.v1.schema.json" with { type: "json" };
import graphSchema from "../../../schema/cli-graph.v1.schema.json" with { type: "json" };
import inspectSchema from "../../../schema/cli-inspect.v1.schema.json" with { type: "json" };
import verifySchema from "../../../schema/cli-verify.v1.schema.json" with { type: "json" };
import testsSchema from "../../../schema/cli-test-invocations.v1.schema.json" with { type: "json" };

type JsonSchema = Readonly<Record<string, unknown>>;

/** MCP's tool annotations (hints for the client). */
export interface ToolAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
  readonly openWorldHint: boolean;
}

export interface AgentixTool {
  readonly name: "inspect" | "affected" | "tests" | "check" | "graph" | "verify";
  readonly title: string;
  readonly description: string;
  readonly inputSchema: JsonSchema;
  readonly outputSchema: JsonSchema;
  readonly annotations: ToolAnnotations;
  /** The verb's command line for validated arguments (positionals after `--`, never read as options). */
  argv(args: Readonly<Record<string, unknown>>): string[];
  /** The JSON it answers with is the verb's `--format` output, not its `--json`. */
  readonly format?: "test-invocations";
}

/** Reads the project and answers: runs nothing, changes nothing. */
const READ_ONLY: ToolAnnotations = {
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
};

const target = { type: "string", minLength: 1 } as const;
const targets = {
  type: "array",
  items: target,
  minItems: 1,
  description: "operation ids, feature ids or file paths (relative to the project root)",
} as const;
const since = {
  type: "string",
  minLength: 1,
  description: "a git ref: the changes between it and the working tree",
} as const;

function input(properties: Record<string, unknown>, required: string[] = []): JsonSchema {
  return {
    type: "object",
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: false,
  };
}

/**
 * verify's schema refers to affected's by its file name; an MCP client has no files to follow,
 * so the tool's copy embeds it (a compound schema document: the same schema, resolvable alone).
 */
function bundled(schema: JsonSchema, embedded: JsonSchema): JsonSchema {
  const defs = (schema["$defs"] ?? {}) as Record<string, unknown>;
  return { ...schema, $defs: { ...defs, "cli-affected.v1": embedded } };
}

const list = (values: unknown): string[] => (Array.isArray(values) ? (values as string[]) : []);
const changes = (args: Readonly<Record<string, unknown>>): string[] => [
  // `--since=` so that a value starting with "-" is the ref, not another option.
  ...(typeof args["since"] === "string" ? [`--since=${args["since"]}`] : []),
  "--",
  ...list(args["targets"]),
];

export const TOOLS: readonly AgentixTool[] = [
  {
    name: "inspect",
    title: "Inspect a feature or an operation",
    description:
      "Where a feature's or operation's contract is; what the operation may read, change, emit or call (effects with their kinds, events, permissions); its invariants, consumers and linked tests. An operation's result is at most 8 KiB unless full.",
    inputSchema: input(
      {
        target: {
          ...target,
          description:
            "a feature id or an operation id (prefix feature: or operation: when both exist)",
        },
        full: { type: "boolean", description: "include JSON Schemas and never summarise" },
      },
      ["target"],
    ),
    outputSchema: inspectSchema,
    annotations: READ_ONLY,
    argv: (args) => [
      "inspect",
      ...(args["full"] === true ? ["--full"] : []),
      "--",
      String(args["target"]),
    ],
  },
  {
    name: "affected",
    title: "What a change can affect",
    description:
      "The closure of a change over files, contracts, features, operations, ports, adapters, events, invariants and tests, with a reason per edge, down to the test cases to run. Give targets or since. Widens to everything, saying why, when a narrow answer cannot be proven.",
    inputSchema: input({ targets, since }),
    outputSchema: affectedSchema,
    annotations: READ_ONLY,
    argv: (args) => ["affected", ...changes(args)],
  },
  {
    name: "tests",
    title: "The selected tests as command lines",
    description:
      "The tests a change selects as each runner's command line: Vitest's, then other runners' (Jest, Mocha, Playwright, Cypress, AVA, node:test) with the folder and environment to run them in, and the selected tests none can run, with why. Give targets or since. Runs nothing.",
    inputSchema: input({ targets, since }),
    outputSchema: testsSchema,
    annotations: READ_ONLY,
    format: "test-invocations",
    argv: (args) => ["affected", "--format", "test-invocations", ...changes(args)],
  },
  {
    name: "check",
    title: "Architecture problems",
    description:
      "Architecture violations (the ESLint plugin's rules), model errors, unresolved metadata and configuration errors of the whole project.",
    inputSchema: input({}),
    outputSchema: checkSchema,
    annotations: READ_ONLY,
    argv: () => ["check"],
  },
  {
    name: "graph",
    title: "Feature graph",
    description:
      "Features with their declared dependencies and undeclared imports; with a feature: its operations, the port operations they call, the events they emit, the invariants they preserve and its consumers.",
    inputSchema: input({ feature: { ...target, description: "a feature id" } }),
    outputSchema: graphSchema,
    annotations: READ_ONLY,
    argv: (args) => [
      "graph",
      "--",
      ...(typeof args["feature"] === "string" ? [args["feature"]] : []),
    ],
  },
  {
    name: "verify",
    title: "Narrowest safe verification",
    description:
      "Runs the type check, the architecture rules on the affected files, the index check and exactly the tests affected selects (another runner's with that runner), each step with its reason. Give targets or since; dryRun plans without running; vitestOnly runs Vitest's share alone.",
    inputSchema: input({
      targets,
      since,
      dryRun: { type: "boolean", description: "plan the steps without running them" },
      vitestOnly: {
        type: "boolean",
        description: "run only the selected tests Vitest runs; other runners' are named, not run",
      },
    }),
    outputSchema: bundled(verifySchema, affectedSchema),
    // It runs the project's tests, which may do anything tests do.
    annotations: { ...READ_ONLY, readOnlyHint: false },
    argv: (args) => [
      "verify",
      ...(args["dryRun"] === true ? ["--dry-run"] : []),
      ...(args["vitestOnly"] === true ? ["--vitest-only"] : []),
      ...changes(args),
    ],
  },
];
