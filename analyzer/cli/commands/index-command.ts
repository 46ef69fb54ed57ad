import path from "node:path";
import { serializeIndex } from "../../index-file/serialize.js";
import { compareIndex } from "../../index-file/staleness.js";
import type { AgentixIndex } from "../../index-file/types.js";
import { indexPath, writeFileAtomic } from "../../index-file/write.js";
import { toPosix } from "../../../schema/paths.js";
import { plural } from "../../text.js";
import { JSON_FLAGS, jsonFlags, parseVerbArgs } from "../args.js";
import { EXIT, type CliIO, type ExitCode } from "../io.js";
import { projectIndex, jsonOutput, projectOptions } from "../project.js";
import { assertValidIndex } from "../../index-file/validate.js";
import { recordFreshness, type FreshnessRecord } from "../../freshness/freshness.js";
import { fileAccessError } from "../../errors.js";
import { freshnessRecord, inputsBeforeLoad } from "../../freshness/freshness-record.js";
import { resolveProjectPaths } from "../../project/project-paths.js";
import { affectedRecordText } from "../../freshness/affected-record.js";
import { liveFacts } from "../../affected/live-facts.js";
import { sha256 } from "../../project/file-stamps.js";
import type { Command } from "./command.js";
import { workspaceFor } from "../workspace/workspace-root.js";
import { indexWorkspace } from "../workspace/workspace-index.js";

export const INDEX_RESULT_SCHEMA_VERSION = 1;

function counts(index: AgentixIndex) {
  const all = [...index.diagnostics, ...index.violations];
  const errors = all.filter((d) => d.severity === "error").length;
  const warnings = all.length - errors + index.unresolved.length;
  return {
    features: index.features.length,
    operations: index.operations.length,
    ports: index.ports.length,
    events: index.events.length,
    invariants: index.invariants.length,
    tests: index.tests.length,
    files: index.files.length,
    violations: index.violations.length,
    errors,
    warnings,
  };
}

/** The index (a refusal names the path: exit 2), then its freshness record (a warning at most). */
function writeIndexFiles(
  written: {
    root: string;
    file: string;
    shown: string;
    bytes: string;
    record: FreshnessRecord | undefined;
    affected: string | undefined;
  },
  io: CliIO,
): void {
  try {
    writeFileAtomic(written.file, written.bytes);
  } catch (error) {
    throw fileAccessError(error, "write", written.shown);
  }
  const unrecorded = recordFreshness(written.root, written.record, written.affected);
  if (unrecorded !== undefined) io.stderr(`agentix index: warning: ${unrecorded}\n`);
}

/** The `--json` result of `agentix index` (schema/cli-index.v1.schema.json). */
function indexResult(
  outcome: { mode: string; file: string; status: string; reasons: readonly string[] },
  digest: string,
  summary: ReturnType<typeof counts>,
): object {
  return {
    schemaVersion: INDEX_RESULT_SCHEMA_VERSION,
    command: "index",
    ...outcome,
    digest,
    counts: summary,
  };
}

export const indexCommand: Command = {
  name: "index",
  summary: "write .agentix/index.json; --check fails if the committed one is stale",
  usage: `Usage: agentix index [--check] [--json [--compact]] [--project <tsconfig>] [--root <dir>]

Analyses the project (without running any of its code) and writes its index to
<root>/.agentix/index.json, validated against schema/index.v2.schema.json, atomically.
Beside it, <root>/.agentix/fresh.json (git-ignored) records what the index was computed
from, so that inspect, graph and check answer from the index while it is provably fresh,
and <root>/.agentix/affected.json (git-ignored) what affected reads of the program.

Options:
  --check              write nothing; compare a fresh index with the one on disk and
                       exit 1 if it is missing or stale, saying what changed
  --fresh              accepted as by the other verbs: index always analyses the project
  --json               print the result as JSON (schema/cli-index.v1.schema.json)
  --compact            with --json: one line
  -p, --project <path> the tsconfig.json to analyse, or its folder (default: <root>/tsconfig.json)
  --root <dir>         the project root; paths in the index are relative to it
                       (default: the tsconfig's folder, else the working directory)
  -h, --help           show this help

Exit codes: 0 written (or current), 1 stale or missing (--check), 2 bad invocation or
project configuration, 3 internal error.`,
  async run(args: readonly string[], io: CliIO): Promise<ExitCode> {
    const { values } = parseVerbArgs(
      "index",
      args,
      // --fresh changes nothing here (index always analyses), so a script may pass it to every verb.
      { check: { type: "boolean" }, fresh: { type: "boolean" }, ...JSON_FLAGS },
      0,
    );
    const { format, compact } = jsonFlags("index", values);
    const workspace = workspaceFor(values, io);
    if (workspace !== undefined)
      return indexWorkspace(indexCommand, workspace, args, { format, compact }, io);
    const { root: expectedRoot, tsconfigFile } = resolveProjectPaths(
      projectOptions(values),
      io.cwd,
    );
    const before = values.check ? undefined : inputsBeforeLoad(expectedRoot, tsconfigFile);
    const { index, root, analysis } = projectIndex(values, io);
    const bytes = serializeIndex(index);
    const file = indexPath(root);
    const shown = toPosix(path.relative(io.cwd, file)) || file;
    const summary = counts(index);
    // Of the facts themselves: the index holds no per-file hashes (they live in fresh.json).
    const digest = `sha256:${sha256(bytes)}`;
    if (values.check) {
      const report = compareIndex(file, index, bytes, shown);
      if (format === "json") {
        const result = {
          mode: "check",
          file: shown,
          status: report.status,
          reasons: report.reasons,
        };
        io.stdout(jsonOutput(indexResult(result, digest, summary), compact));
      } else if (report.status === "current") {
        io.stdout(`${shown} is current (${digest.slice(0, 19)})\n`);
      } else {
        io.stdout(
          `${shown} is ${report.status}:\n${report.reasons.map((reason) => `  - ${reason}`).join("\n")}\nrun \`agentix index\` and commit the result\n`,
        );
      }
      return report.status === "current" ? EXIT.ok : EXIT.checkFailed;
    }
    // A warm session's index (no analysis here) is not schema-checked when built: check it now.
    if (analysis === undefined) assertValidIndex(index);
    // What `agentix affected` answers from while the index is fresh: every file's units and uses.
    const affected = analysis && before ? affectedRecordText(liveFacts(analysis)) : undefined;
    const record =
      analysis && before
        ? freshnessRecord(
            analysis.loaded,
            bytes,
            before,
            { listings: analysis.existence.listings(), files: analysis.diskSources.recorded() },
            affected,
          )
        : undefined;
    writeIndexFiles({ root, file, shown, bytes, record, affected }, io);
    if (format === "json") {
      const result = { mode: "write", file: shown, status: "written", reasons: [] };
      io.stdout(jsonOutput(indexResult(result, digest, summary), compact));
    } else {
      io.stdout(
        `wrote ${shown}: ${plural(summary.features, "feature")}, ${plural(summary.operations, "operation")}, ${plural(summary.ports, "port")}, ${plural(summary.events, "event")}, ${plural(summary.invariants, "invariant")}, ${plural(summary.tests, "test file")}, ${plural(summary.files, "source file")}\n`,
      );
    }
    if (summary.errors > 0 || summary.warnings > 0) {
      io.stderr(
        `agentix: the index records ${plural(summary.errors, "error")} and ${plural(summary.warnings, "warning")}; run \`agentix check\` for details\n`,
      );
    }
    return EXIT.ok;
  },
};
