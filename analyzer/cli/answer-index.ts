// The index a read-only verb (inspect, graph, check) answers from: .agentix/index.json as it is
// when freshness/freshness.ts proves it fresh, else a new analysis (cli/project.ts, loaded only
// then: a fresh answer never loads ts-morph). --fresh always analyses; so does a warm session.
import { checkFreshness } from "../freshness/freshness.js";
import type { AgentixIndex } from "../index-file/types.js";
import type { ModelIndex } from "../index-file/model-index.js";
import { resolveProjectPaths } from "../project/project-paths.js";
import { beforeAnalysis } from "./before-analysis.js";
import type { CliIO } from "./io.js";
import { projectOptions, type ProjectArgs } from "./project-args.js";

export interface AnswerArgs extends ProjectArgs {
  readonly fresh?: boolean | undefined;
}

/** The option every verb that may answer from the index takes. */
export const FRESH_FLAG = { fresh: { type: "boolean" } } as const;

export const FRESH_USAGE =
  "  --fresh              analyse the project even when .agentix/index.json is provably fresh";

interface AnswerOptions {
  readonly announce?: boolean;
}

export function answerIndex(
  values: AnswerArgs,
  io: CliIO,
  options: AnswerOptions = {},
): Promise<AgentixIndex> {
  return answer(values, io, options, (project) => project.projectIndex(values, io, options).index);
}

/**
 * answerIndex for a verb that reads neither violations nor diagnostics (inspect, graph): a warm
 * session answers with its model alone, without collecting the verdict.
 */
export function answerModelIndex(
  values: AnswerArgs,
  io: CliIO,
  options: AnswerOptions = {},
): Promise<ModelIndex> {
  return answer(values, io, options, (project) => project.projectModelIndex(values, io, options));
}

/** The fresh index, else what `analysed` takes from the project (cli/project.ts, loaded only then). */
async function answer<T>(
  values: AnswerArgs,
  io: CliIO,
  options: AnswerOptions,
  analysed: (project: typeof import("./project.js")) => T,
): Promise<AgentixIndex | T> {
  const fresh = freshIndex(values, io, options);
  if (fresh) return fresh;
  await beforeAnalysis();
  return analysed(await import("./project.js"));
}

/** .agentix/index.json when it is provably fresh (never with --fresh or a warm session). */
function freshIndex(
  values: AnswerArgs,
  io: CliIO,
  options: AnswerOptions,
): AgentixIndex | undefined {
  if (values.fresh === true || io.analyses !== undefined) return undefined;
  const { root, tsconfigFile } = resolveProjectPaths(projectOptions(values), io.cwd);
  const freshness = checkFreshness(root, tsconfigFile);
  if (!freshness.fresh) return undefined;
  // What the analysis printed and went on (the index holds it too, as diagnostics).
  if (options.announce !== false)
    for (const line of freshness.problems) io.stderr(`agentix: ${line}\n`);
  return freshness.index;
}
