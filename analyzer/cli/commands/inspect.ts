// agentix inspect <feature|operation>: where its contract is, what it may read, change, emit or
// call, its invariants, consumers and tests (views in cli/inspect/).
import type { OperationEntry } from "../../index-file/types.js";
import type { ModelIndex } from "../../index-file/model-index.js";
import { closeNames } from "../../../schema/close-names.js";
import { listText, quotedInput } from "../../text.js";
import { JSON_FLAGS, jsonFlags, parseVerbArgs } from "../args.js";
import { UsageError } from "../../errors.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import {
  OPERATION_JSON_LIMIT,
  limitOperationResult,
  type InspectResult,
} from "../inspect/limit.js";
import { featureText, operationText } from "../inspect/text.js";
import { featureView, operationView } from "../inspect/views.js";
import { answerModelIndex, FRESH_FLAG, FRESH_USAGE } from "../answer-index.js";
import { jsonOutput } from "../json-output.js";
import type { Command } from "./command.js";
import { workspaceFor } from "../workspace/workspace-root.js";

export const INSPECT_RESULT_SCHEMA_VERSION = 1;

function schemaSlots(operation: OperationEntry): number {
  return [operation.input, operation.output, ...operation.errors.map((e) => e.schema)].filter(
    (slot) => slot.schema !== null,
  ).length;
}

export const inspectCommand: Command = {
  name: "inspect",
  summary: "a feature or an operation: contract, effects, consumers, tests",
  usage: `Usage: agentix inspect <feature|operation> [--full] [--json [--compact]] [--fresh] [--project <tsconfig>] [--root <dir>]

Shows where a feature's or an operation's contract is, what it may read, change, emit or
call, its invariants, consumers and linked tests. An operation's --json result is at most
${OPERATION_JSON_LIMIT} bytes: JSON Schemas are left out and long collections summarised,
each listed in "omitted"; --full shows everything. Prefix the name with feature: or
operation: when a feature and an operation share it. Answers from .agentix/index.json when
it is provably fresh (see \`agentix index\`), else analyses the project.

Options:
  --full               include JSON Schemas and never summarise
  --json               print JSON (schema/cli-inspect.v1.schema.json)
  --compact            with --json: one line
${FRESH_USAGE}
  -p, --project <path> the tsconfig.json to analyse, or its folder (default: <root>/tsconfig.json)
  --root <dir>         the project root (default: the tsconfig's folder, else the working directory)
  -h, --help           show this help

Exit codes: 0 shown, 2 bad invocation or unknown name, 3 internal error.`,
  async run(args: readonly string[], io: CliIO): Promise<ExitCode> {
    const { values, positionals } = parseVerbArgs(
      "inspect",
      args,
      { full: { type: "boolean" }, ...JSON_FLAGS, ...FRESH_FLAG },
      1,
    );
    const target = positionals[0];
    if (target === undefined)
      throw new UsageError("name a feature or an operation to inspect", "inspect");
    const { format, compact } = jsonFlags("inspect", values);
    const workspace = workspaceFor(values, io);
    if (workspace !== undefined)
      return (await import("../workspace/workspace-inspect.js")).inspectWorkspace(
        inspectCommand,
        workspace,
        args,
        target,
        io,
      );
    const index = await answerModelIndex(values, io);
    const full = values.full === true;
    const wanted = /^(feature|operation):/u.exec(target)?.[1];
    const name = wanted ? target.slice(wanted.length + 1) : target;
    const operation =
      wanted !== "feature" ? index.operations.find((o) => o.id === name) : undefined;
    const feature =
      wanted !== "operation" && !operation ? index.features.find((f) => f.id === name) : undefined;
    if (operation) {
      const view = operationView(index, operation, full);
      if (format === "json") {
        const result: InspectResult = full
          ? {
              schemaVersion: 1,
              command: "inspect",
              kind: "operation",
              full: true,
              operation: view,
              omitted: [],
            }
          : limitOperationResult(view, compact, schemaSlots(operation));
        io.stdout(jsonOutput(result, compact));
      } else {
        io.stdout(operationText(view, full));
      }
      return EXIT.ok;
    }
    if (feature) {
      const view = featureView(index, feature);
      if (format === "json")
        io.stdout(
          jsonOutput(
            {
              schemaVersion: 1,
              command: "inspect",
              kind: "feature",
              full,
              feature: view,
              omitted: [],
            } satisfies InspectResult,
            compact,
          ),
        );
      else io.stdout(featureText(view));
      return EXIT.ok;
    }
    throw notFound(index, wanted as Kind | undefined, name);
  },
};

type Kind = "feature" | "operation";

/**
 * Why `name` shows nothing: of the kind asked for (`feature:`, `operation:`), a name that is the
 * other kind is named as such with the command that shows it; else close names of that kind.
 */
function notFound(index: ModelIndex, wanted: Kind | undefined, name: string): UsageError {
  const ids: Readonly<Record<Kind, string[]>> = {
    feature: index.features.map((f) => f.id),
    operation: index.operations.map((o) => o.id),
  };
  const other: Kind | undefined =
    wanted === "feature" ? "operation" : wanted === "operation" ? "feature" : undefined;
  if (wanted !== undefined && other !== undefined && ids[other].includes(name))
    return new UsageError(
      `no ${wanted} ${quotedInput(name)} (it is ${other === "operation" ? "an" : "a"} ${other}: inspect ${other}:${name})`,
      "inspect",
    );
  const close = closeNames(name, wanted ? ids[wanted] : [...ids.feature, ...ids.operation]);
  return new UsageError(
    `no ${wanted ?? "feature or operation"} ${quotedInput(name)}${close.length > 0 ? `; did you mean ${close.join(", ")}?` : ""} (features: ${listText(
      ids.feature,
      { empty: "(none)" },
    )})`,
    "inspect",
  );
}
