import { FORMAT_FLAGS, jsonFlags, parseVerbArgs } from "../args.js";
import { UsageError } from "../../errors.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { answerModelIndex, FRESH_FLAG, FRESH_USAGE } from "../answer-index.js";
import { jsonOutput } from "../json-output.js";
import type { Command } from "./command.js";
import { workspaceFor } from "../workspace/workspace-root.js";
import { buildGraph } from "../graph/graph-model.js";
import { graphDot, graphMermaid, graphText } from "../graph/graph-render.js";

export const graphCommand: Command = {
  name: "graph",
  summary: "feature dependencies and consumers (text, json, dot, mermaid)",
  usage: `Usage: agentix graph [<feature>] [--format text|json|dot|mermaid] [--json [--compact]] [--fresh] [--project <tsconfig>] [--root <dir>]

Shows the features and their declared dependencies; imports of a feature that is not
declared show as "imports (undeclared)". With a feature name: that feature, the features
it depends on and those that consume it, its operations and what they call, emit and
preserve. Answers from .agentix/index.json when it is provably fresh (see \`agentix index\`),
else analyses the project. At a workspace root: each package's graph and which package imports
which (text, json), or one diagram with a box per package (dot, mermaid).

Options:
  --format <format>    text (default), json (schema/cli-graph.v1.schema.json), dot (Graphviz)
                       or mermaid
  --json               the same as --format json
  --compact            with json: one line
${FRESH_USAGE}
  -p, --project <path> the tsconfig.json to analyse, or its folder (default: <root>/tsconfig.json)
  --root <dir>         the project root (default: the tsconfig's folder, else the working directory)
  -h, --help           show this help

Exit codes: 0 shown, 2 bad invocation or unknown feature, 3 internal error.`,
  async run(args: readonly string[], io: CliIO): Promise<ExitCode> {
    const { values, positionals } = parseVerbArgs(
      "graph",
      args,
      { ...FORMAT_FLAGS, ...FRESH_FLAG },
      1,
    );
    const { format, compact } = jsonFlags("graph", values, {
      allowed: ["text", "json", "dot", "mermaid"],
      compact: ["json"],
    });
    const workspace = workspaceFor(values, io);
    if (workspace !== undefined)
      return (await import("../workspace/workspace-graph.js")).graphWorkspace(
        graphCommand,
        workspace,
        args,
        { format, compact, feature: positionals[0] ?? null },
        io,
      );
    const index = await answerModelIndex(values, io);
    const feature = positionals[0] ?? null;
    if (feature !== null && !index.features.some((f) => f.id === feature)) {
      throw new UsageError(
        `no feature "${feature}" (features: ${index.features.map((f) => f.id).join(", ") || "(none)"})`,
        "graph",
      );
    }
    const graph = buildGraph(index, feature);
    if (format === "json") io.stdout(jsonOutput(graph, compact));
    else if (format === "dot") io.stdout(graphDot(graph));
    else if (format === "mermaid") io.stdout(graphMermaid(graph));
    else io.stdout(graphText(graph));
    return EXIT.ok;
  },
};
