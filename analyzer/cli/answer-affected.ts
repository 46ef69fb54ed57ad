// The answer of `agentix affected` (and verify's selection): from .agentix/affected.json when
// fresh.json proves the index fresh and vouches for its bytes, else from a new analysis (loaded
// only then: an answer from the record never loads ts-morph). Both run one algorithm
// (affected/select.ts) on the same facts, so they answer byte for byte alike. The record is
// of the working tree as indexed, which is what `--since` diffs against, so `--since` answers
// from it too. It falls back to an analysis for what it does not hold: changes outside the
// root (is that code compiled? the agentix runtime?) and deleted or renamed TypeScript files
// (who imported them is resolved again by TypeScript). --fresh always analyses; so does a warm
// session, and a workspace root (cli/commands/affected.ts).
import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { toPosix } from "../../schema/paths.js";
import { quotedInput } from "../text.js";
import { baseIndexAt } from "../affected/base-index.js";
import { changesSince, type FileChange } from "../affected/changes.js";
import type { AffectedFacts } from "../affected/facts.js";
import { affectedResult, type AffectedResult } from "../affected/result.js";
import { computeAffectedFrom, type AffectedScope } from "../affected/select.js";
import { isConfigFile, isInertFile } from "../affected/widening.js";
import type { Analysis } from "../analyze.js";
import { UsageError } from "../errors.js";
import { NotRecorded, readAffectedRecord } from "../freshness/affected-record.js";
import { checkInputs } from "../freshness/freshness.js";
import { relativeToRoot } from "../project/paths.js";
import { resolveProjectPaths } from "../project/project-paths.js";
import { walkProject } from "../project/walk.js";
import type { AnswerArgs } from "./answer-index.js";
import { beforeAnalysis } from "./before-analysis.js";
import type { CliIO } from "./io.js";
import { projectOptions } from "./project-args.js";
import type { VitestSource } from "./verify/vitest-plan.js";
import { mainConfigName } from "../project/vitest-config-name.js";
import { linkedNames } from "./linked-names.js";
import { dependentsNote } from "./workspace-dependents.js";

export interface AffectedArgs extends AnswerArgs {
  readonly since?: string | undefined;
}

export interface AffectedAnswer {
  readonly result: AffectedResult;
  /** What the Vitest plan reads: the root, and which files the Vitest config runs. */
  readonly project: VitestSource;
  /** The analysis, when the answer needed one (never for an answer from the record). */
  readonly analysis: Analysis | undefined;
}

interface Changes {
  readonly changes: FileChange[];
  readonly operations: string[];
}

/**
 * Works out the changes from the arguments and computes the closure. `fromIndex`: the answer
 * may come from the record (verify asks for an analysis when it goes on to its steps).
 */
export async function answerAffected(
  verb: string,
  values: AffectedArgs,
  targets: readonly string[],
  io: CliIO,
  options: { readonly fromIndex: boolean },
): Promise<AffectedAnswer> {
  if (values.since !== undefined && targets.length > 0)
    throw new UsageError("give targets or --since, not both", verb);
  if (values.since === undefined && targets.length === 0)
    throw new UsageError("name a feature, an operation or a file, or give --since <git-ref>", verb);
  let since: FileChange[] | undefined;
  if (options.fromIndex && values.fresh !== true && io.analyses === undefined) {
    const { root, tsconfigFile } = resolveProjectPaths(projectOptions(values), io.cwd);
    const freshness = checkInputs(root, tsconfigFile);
    const facts = freshness.fresh ? readAffectedRecord(root, freshness.affected) : undefined;
    // Tests another tsconfig owns are answered for by analysing it (test-owner-answers.ts), unless
    // --project names the one tsconfig to answer for: the record holds the project alone.
    const owners = values.project === undefined && (facts?.testOwners.length ?? 0) > 0;
    if (freshness.fresh && facts !== undefined && !owners) {
      const announce = () => {
        for (const line of freshness.problems) io.stderr(`agentix: ${line}\n`);
      };
      try {
        const found = changesOf(verb, values, targets, facts, io.cwd);
        if (values.since !== undefined) since = found.changes;
        const answer = recordedAnswer(values, targets, facts, found);
        if (answer !== undefined) {
          announce();
          return withDependents(answer, facts.root);
        }
      } catch (error) {
        if (!(error instanceof NotRecorded)) {
          announce(); // as an analysis would have, before it found the arguments wrong
          throw error;
        }
        // A record that does not hold what the answer reads (or a damaged one) is no answer: analyse.
      }
    }
  }
  await beforeAnalysis();
  const [{ projectAnalysis }, { liveFacts }, { analyseTestOwners, answerWithOwners }] =
    await Promise.all([
      import("./project.js"),
      import("../affected/live-facts.js"),
      import("./test-owner-answers.js"),
    ]);
  const analysis = projectAnalysis(values, io, { announce: false });
  const facts = liveFacts(analysis);
  const owners = analyseTestOwners(values, io, analysis, facts, {
    // A warm session holds the project's analysis alone: an owner is analysed afresh.
    analysis: (args, { analyses: _session, ...cold }) =>
      projectAnalysis(args, cold, { announce: false }),
    facts: liveFacts,
  });
  const found =
    since !== undefined
      ? { changes: since, operations: [] }
      : changesOf(verb, values, targets, facts, io.cwd);
  const result = answerWithOwners(facts, owners, (of, scope, keep) =>
    compute(values, targets, of, found, scope, keep),
  );
  return withDependents({ result, project: analysis, analysis }, analysis.loaded.root);
}

/** The answer with a note naming the workspace packages it does not cover (workspace-dependents.ts). */
function withDependents(answer: AffectedAnswer, root: string): AffectedAnswer {
  const note = dependentsNote(root);
  if (note === undefined) return answer;
  return { ...answer, result: { ...answer.result, notes: [...answer.result.notes, note] } };
}

/** The answer from the record, or undefined when a change needs what only an analysis has. */
function recordedAnswer(
  values: AffectedArgs,
  targets: readonly string[],
  facts: AffectedFacts,
  found: Changes,
): AffectedAnswer | undefined {
  if (found.changes.some(needsAnalysis)) return undefined;
  const result = compute(values, targets, facts, found);
  const runs = (file: string) => facts.file(file)?.vitestRuns;
  // The second configs that run some selected test, as the plan asks them (vitestPlan).
  const configs = new Set<string>();
  for (const test of result.tests.files) {
    const other = facts.file(test.file)?.otherVitestConfig;
    if (other) configs.add(other);
  }
  const others = [...configs].sort().map((config) => ({
    file: config,
    runs: (file: string) => facts.file(file)?.otherVitestConfig === config,
  }));
  return {
    result,
    project: {
      loaded: { root: facts.root, vitest: { runs, file: mainConfigName(facts.root), others } },
    },
    analysis: undefined,
  };
}

/** Outside the root, or a TypeScript file gone: classify-changes asks TypeScript about it. */
function needsAnalysis(change: FileChange): boolean {
  if (change.path.startsWith("../")) return true;
  const removed =
    change.status === "deleted"
      ? change.path
      : change.status === "renamed"
        ? change.oldPath
        : undefined;
  return (
    removed !== undefined &&
    !isConfigFile(removed) &&
    !isInertFile(removed) &&
    /\.[cm]?tsx?$/.test(removed)
  );
}

function compute(
  values: AffectedArgs,
  targets: readonly string[],
  facts: AffectedFacts,
  found: Changes,
  scope?: AffectedScope,
  keep: (change: FileChange) => boolean = () => true,
): AffectedResult {
  const base = values.since === undefined ? undefined : baseIndexAt(values.since, facts.root);
  // The answer lists every change; the computation takes those this analysis answers for.
  const computation = computeAffectedFrom(
    facts,
    found.changes.filter(keep),
    { operations: found.operations },
    base,
    scope,
  );
  return affectedResult(computation, {
    since: values.since ?? null,
    targets,
    changes: found.changes,
  });
}

/** The changes the arguments name: since a git ref, or operations, features and files. */
function changesOf(
  verb: string,
  values: AffectedArgs,
  targets: readonly string[],
  facts: AffectedFacts,
  cwd: string,
): Changes {
  if (values.since !== undefined)
    return { changes: changesSince(values.since, facts.root), operations: [] };
  const changes: FileChange[] = [];
  const operations: string[] = [];
  for (const target of targets) {
    if (facts.operations.some((operation) => operation.id === target)) {
      operations.push(target);
      continue;
    }
    const feature = facts.files.filter((file) => file.feature === target);
    if (feature.length > 0) {
      for (const file of feature) changes.push({ path: file.path, status: "modified" });
      continue;
    }
    const absolute = path.resolve(cwd, target);
    if (existsSync(absolute)) {
      // A folder outside the project is not walked: its files are none of the project's (an
      // agent's `../..` listed every file under it through mcp, and `/` took the whole disk).
      if (
        absolute !== facts.root &&
        relativeToRoot(facts.root, absolute) === undefined &&
        statSync(absolute).isDirectory()
      )
        throw new UsageError(
          `${quotedInput(target)} is a folder outside the project root ${facts.root}`,
          verb,
        );
      changes.push(...targetChanges(absolute, facts.root));
      continue;
    }
    const ids = [...facts.operations.map((operation) => operation.id)].sort();
    throw new UsageError(
      `${quotedInput(target)} is not an operation, a feature or an existing file (${ids.length === 0 ? "the project has no operations" : `operations: ${ids.slice(0, 8).join(", ")}${ids.length > 8 ? ", ..." : ""}`})`,
      verb,
    );
  }
  return { changes, operations };
}

/** A file named on the command line, or every file under a folder named there. */
function targetChanges(absolute: string, root: string): FileChange[] {
  const files = statSync(absolute).isDirectory()
    ? walkProject(absolute, () => true).files
    : [absolute];
  return files.flatMap((file) =>
    linkedNames(file, root).map((name) => ({
      path: toPosix(path.relative(root, name)),
      status: "modified" as const,
    })),
  );
}
