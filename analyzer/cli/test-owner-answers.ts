// An answer for a project whose tsconfig leaves some tests to another tsconfig inside its root
// (drizzle-orm's tests/tsconfig.json, which includes "." and "../src"; a tsconfig.spec.json beside
// tsconfig.json): each such owner is analysed too, from the same root, and counts and selects only
// the tests it owns, so the one answer covers every test instead of counting those as none.
import path from "node:path";
import type { FileChange } from "../affected/changes.js";
import type { AffectedFacts } from "../affected/facts.js";
import { runtimeImportsClosure } from "../affected/import-graph.js";
import { mergeResults } from "../affected/merge-results.js";
import type { AffectedResult } from "../affected/result.js";
import type { AffectedScope } from "../affected/select.js";
import { isApplicationFile, type ChangedElsewhere } from "../affected/select-tests.js";
import type { WideningReason } from "../affected/widening.js";
import type { Analysis } from "../analyze.js";
import { ProjectLoadError } from "../errors.js";
import { problemLines } from "../project/tsconfig.js";
import type { CliIO } from "./io.js";
import type { ProjectArgs } from "./project-args.js";

export interface OwnerAnalysis {
  readonly owner: string;
  readonly tests: ReadonlySet<string>;
  readonly facts: AffectedFacts;
}

/**
 * The owners of the project's left-out tests, each analysed (one that cannot be loaded is left
 * out: its tests stay reported as not analysed). Then the project's problems are announced, but
 * for the tests an owner analyses, and the owners' own, each line once.
 */
export function analyseTestOwners(
  values: ProjectArgs,
  io: CliIO,
  analysis: Analysis,
  facts: AffectedFacts,
  load: {
    readonly analysis: (values: ProjectArgs, io: CliIO) => Analysis;
    readonly facts: (analysis: Analysis) => AffectedFacts;
  },
): OwnerAnalysis[] {
  const owned = new Map<string, Set<string>>();
  // A tsconfig named with --project is the one answered for: its left-out tests stay so.
  if (values.project === undefined)
    for (const { test, owner } of facts.testOwners)
      owned.set(owner, (owned.get(owner) ?? new Set()).add(test));
  const owners: (OwnerAnalysis & { readonly analysis: Analysis })[] = [];
  for (const [owner, tests] of owned) {
    try {
      const project = path.join(facts.root, owner);
      const loaded = load.analysis({ ...values, root: facts.root, project }, io);
      owners.push({ owner, tests, analysis: loaded, facts: load.facts(loaded) });
    } catch (error) {
      if (!(error instanceof ProjectLoadError)) throw error;
    }
  }
  // A test some analysis of the root covers is not "not analysed", whichever reports it.
  const covered = new Set(
    [analysis, ...owners.map((owner) => owner.analysis)].flatMap((each) =>
      each.loaded.files.map((file) => file.path),
    ),
  );
  const problems = [analysis, ...owners.map((owner) => owner.analysis)]
    .flatMap((each) => each.loaded.problems)
    .filter(
      (problem) =>
        problem.code !== "test-not-analysed" || problem.file === null || !covered.has(problem.file),
    );
  for (const line of new Set(problemLines(problems))) io.stderr(`agentix: ${line}\n`);
  return owners;
}

/** What an analysis's answer reached: code that runs, and code outside tests. */
function changedIn(facts: AffectedFacts, result: AffectedResult): ChangedElsewhere {
  return {
    runtime: result.affected.files.length > 0,
    application: result.affected.files.some((path) => isApplicationFile(facts, path)),
  };
}

/**
 * The project's answer with its test owners' added. One answer widens as a whole: when any
 * analysis widens, each is computed again with those widenings, selecting all its tests.
 */
export function answerWithOwners(
  facts: AffectedFacts,
  owners: readonly OwnerAnalysis[],
  answer: (
    facts: AffectedFacts,
    scope: AffectedScope,
    keep: (change: FileChange) => boolean,
  ) => AffectedResult,
): AffectedResult {
  const tested = new Set(
    owners.flatMap((owner) => [...runtimeImportsClosure(owner.tests, owner.facts)]),
  );
  const testedElsewhere = (file: string) => tested.has(file);
  // A file one analysis compiles and another does not is the first one's change alone (the other
  // would take it for a file it cannot follow, and widen).
  const all = [facts, ...owners.map((owner) => owner.facts)];
  const keepFor = (self: AffectedFacts) => (change: FileChange) => {
    const paths = [change.path, change.oldPath].filter((file) => file !== undefined);
    const compiles = (of: AffectedFacts) => paths.some((file) => of.file(file) !== undefined);
    return compiles(self) || !all.some((other) => other !== self && compiles(other));
  };
  type Seen = (index: number) => ChangedElsewhere;
  const nothing: Seen = () => ({ runtime: false, application: false });
  const each = (widenedBy: readonly WideningReason[], elsewhere: Seen = nothing) => [
    answer(facts, { widenedBy, testedElsewhere, changedElsewhere: elsewhere(0) }, keepFor(facts)),
    ...owners.map((owner, index) =>
      answer(
        owner.facts,
        {
          countsTest: (test) => owner.tests.has(test),
          widenedBy,
          changedElsewhere: elsewhere(index + 1),
        },
        keepFor(owner.facts),
      ),
    ),
  ];
  let results = each([]);
  // A change one analysis compiles is the others' too for their tests that observe code unseen
  // (cypress/tsconfig.json's specs drive the app whose components tsconfig.json compiles).
  const seen = results.map((result, index) => changedIn(all[index] as AffectedFacts, result));
  const elsewhere: Seen = (index) => ({
    runtime: seen.some((each, other) => other !== index && each.runtime),
    application: seen.some((each, other) => other !== index && each.application),
  });
  const learns = seen.some((own, index) => {
    const others = elsewhere(index);
    return (others.runtime && !own.runtime) || (others.application && !own.application);
  });
  if (learns) results = each([], elsewhere);
  const widened = results.flatMap((result) => result.widened);
  if (widened.length > 0 && results.some((result) => result.widened.length === 0))
    results = each(widened, elsewhere);
  const [main, ...extra] = results;
  const merged = extra.reduce(mergeResults, main!);
  const told = owners.map(
    ({ owner, tests }) =>
      `${owner} owns ${tests.size === 1 ? "1 test" : `${tests.size} tests`} the project's tsconfig leaves out: analysed with it`,
  );
  return { ...merged, notes: [...merged.notes, ...told] };
}
