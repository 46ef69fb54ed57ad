// The Vitest command line for an affected answer: the folder Vitest runs from, exactly the
// selected files or `file:line` cases (or the whole suite when widened), optionally one shard.
// verify's tests step runs it; `--format vitest-invocations` prints it for a CI matrix.
import path from "node:path";
import { toPosix } from "../../../schema/paths.js";
import type { AffectedResult, AffectedTestFile } from "../../affected/result.js";
import { shardFiles, type Shard } from "../../affected/shard.js";
import type { VitestConfig } from "../../project/vitest-config.js";
import { vitestFilters, type TextPlan } from "../affected-text.js";
import {
  declaresVitest,
  describeSetup,
  otherRunnerOf,
  projectRunnerSetup,
} from "./other-runner.js";
import { vitestRoot } from "./tools.js";
import { vitestRuns, withoutCoverage, withRunOptions } from "./vitest-options.js";
import { groupByRunner, ownersOf, runnerRuns } from "./runner-runs.js";
import { nestedVitestFolders, pathInFolder, type NestedVitest } from "./nested-vitest.js";

/** A Vitest config as a plan reads it: its file and which files it runs. */
type ConfigRuns = Pick<VitestConfig, "runs" | "file">;

/**
 * What a plan reads of a project: its root, which files its Vitest config runs, and the other
 * configs run with `vitest --config <file>` (vitest.e2e.config.ts, a package.json script's).
 */
export interface VitestSource {
  readonly loaded: {
    readonly root: string;
    readonly vitest: ConfigRuns & { readonly others?: readonly ConfigRuns[] };
    /** Load problems; `test-not-analysed` ones name tests another tsconfig of the folder owns. */
    readonly problems?: readonly { readonly code: string }[];
  };
}

/**
 * The selected tests another Vitest config runs, and the arguments after `vitest run` that run
 * them: a second config of the project (`--config vitest.e2e.config.ts`), or the config of a
 * folder below the project's Vitest root, run from that folder (nested-vitest.ts).
 */
export interface OtherConfigRun {
  /** The config, relative to the project root. */
  readonly config: string;
  /** A second config of the project's folder, or the config of a folder below it. */
  readonly kind: "second" | "nested";
  /** Absolute folder Vitest runs from. */
  readonly cwd: string;
  readonly filters: readonly string[];
  readonly files: readonly AffectedTestFile[];
}

export interface VitestPlan {
  /** Absolute folder Vitest runs from. */
  readonly cwd: string;
  /** After `vitest run`; empty when nothing is to run. */
  readonly filters: readonly string[];
  /** The selected files Vitest runs (in this shard; all of them when widened). */
  readonly files: readonly AffectedTestFile[];
  /** Selected tests no Vitest config of the project includes: another runner's. */
  readonly otherRunner: readonly AffectedTestFile[];
  /** Selected tests the main config leaves out and a second one runs, a run per config. */
  readonly otherConfigs: readonly OtherConfigRun[];
  /**
   * Of those, the ones Vitest's defaults would include (the project has no Vitest config) but
   * another runner owns, with why (`it imports @playwright/test`, `the project runs Jest (...)`).
   */
  readonly importedRunner: ReadonlyMap<AffectedTestFile, string>;
  /** Why a widened project without a Vitest config runs no Vitest suite at all, when it does not. */
  readonly noSuite?: string;
  /**
   * A widened project set up for another runner in which agentix found no test file at all: the
   * change reaches every test, and none is known to run (helper-26: verify passed untested).
   */
  readonly suiteUnseen?: string;
}

/** The cases a run of these files runs (a file's selected ones). */
export function selectedCases(files: readonly AffectedTestFile[]): number {
  return files.reduce((sum, file) => sum + file.selected, 0);
}

/** Vitest's flag that makes a run that finds no test file pass. */
export const NO_TESTS_PASS = "--passWithNoTests";

/** Whether two plans' filters run the same tests (whether or not one passes with none). */
export function sameRun(a: readonly string[], b: readonly string[]): boolean {
  const key = (filters: readonly string[]) =>
    filters.filter((filter) => filter !== NO_TESTS_PASS).join("\n");
  return key(a) === key(b);
}

/**
 * `chosen`: the files this shard runs when the split was made across several projects
 * (shardAcross); otherwise the shard is taken of this project's files alone.
 */
export function vitestPlan(
  analysis: VitestSource,
  affected: AffectedResult,
  shard: Shard | undefined,
  chosen?: ReadonlySet<AffectedTestFile>,
  scoped = false,
): VitestPlan {
  const root = analysis.loaded.root;
  const cwd = vitestRoot(root);
  const prefix = toPosix(path.relative(cwd, root));
  const options = vitestRuns(root, analysis.loaded.vitest);
  const { runs } = options;
  // Without a Vitest config, its defaults take every *.spec.ts, Playwright's and Jest's too.
  const importedRunner = new Map<AffectedTestFile, string>();
  const { nested, tests, byFolder } = splitNested(root, cwd, affected, importedRunner);
  const noConfig = analysis.loaded.vitest.file === null;
  const runner = noConfig ? projectRunnerSetup(root) : undefined;
  const { noSuite, suiteUnseen } = noConfig ? missingSuite(analysis, cwd, runner, affected) : {};
  if (noConfig)
    for (const file of tests) {
      const why = otherRunnerOf(path.join(root, file.file), runner)?.why;
      if (why !== undefined) importedRunner.set(file, why);
    }
  const leftOut = tests.filter((file) => runs(file.file) === false || importedRunner.has(file));
  const byVitest = tests.filter((file) => runs(file.file) !== false && !importedRunner.has(file));
  const configOf = secondConfigs(analysis, leftOut, importedRunner);
  for (const [file, folder] of byFolder) configOf.set(file, folder.config);
  const otherRunner = [
    ...leftOut.filter((file) => !configOf.has(file)),
    ...[...nested.keys()].filter((file) => !configOf.has(file)),
  ];
  // A widened project runs whole (Vitest shards it itself): its files are all of them. A shard
  // is taken of every file a Vitest config runs, the second configs' included.
  const inShard =
    shard === undefined || affected.widened.length > 0
      ? undefined
      : (chosen ?? new Set(shardFiles([...byVitest, ...configOf.keys()], shard)));
  const files = inShard === undefined ? byVitest : byVitest.filter((file) => inShard.has(file));
  let filters: string[];
  if (affected.widened.length > 0 && (scoped || importedRunner.size > 0 || nested.size > 0)) {
    // The folder holds other projects' tests (a root tsconfig.json including the packages'),
    // tests Vitest's defaults take but cannot run, or folders with configs of their own: its own
    // files by name, so the folder's whole suite does not run theirs (a second time, or wrongly).
    filters = byVitest.map((file) => (prefix === "" ? file.file : `${prefix}/${file.file}`));
    if (shard !== undefined && filters.length > 0)
      filters.push(`--shard=${shard.index}/${shard.count}`);
  } else if (
    affected.widened.length > 0 &&
    (noSuite !== undefined || (byVitest.length === 0 && configOf.size > 0))
  ) {
    // No suite at all, or every test belongs to another config (run whole with its --config):
    // Vitest's defaults run nothing of the project's.
    filters = [];
  } else if (affected.widened.length > 0) {
    // Widened: the whole suite, which Vitest itself shards (it knows files agentix may not).
    filters = [prefix === "" ? "." : prefix];
    if (shard !== undefined) filters.push(`--shard=${shard.index}/${shard.count}`);
    // A project without tests Vitest runs (a build config, a config-only tsconfig, another
    // runner's tests only): Vitest finding none too is not a failure (it exits 1 on "No test
    // files found").
    if (affected.tests.total.files === 0 || byVitest.length === 0) filters.push(NO_TESTS_PASS);
  } else {
    filters = vitestFilters(
      { ...affected, tests: { ...affected.tests, files } },
      prefix === "" ? "" : `${prefix}/`,
    );
  }
  return {
    cwd,
    filters: withRunOptions(filters, options),
    files,
    otherRunner,
    otherConfigs: secondConfigRuns(configOf, { root, cwd, affected, shard, inShard, nested }),
    importedRunner,
    ...(affected.widened.length > 0 && noSuite !== undefined ? { noSuite } : {}),
    ...(affected.widened.length > 0 && suiteUnseen !== undefined ? { suiteUnseen } : {}),
  };
}

const testsElsewhere = (analysis: VitestSource): boolean =>
  (analysis.loaded.problems ?? []).some((problem) => problem.code === "test-not-analysed");

/**
 * Without a Vitest config of its own, a folder set up for another runner (or one where nothing
 * names Vitest and agentix found no test) gets no Vitest run of its whole suite: why; and when
 * that runner's tests are none agentix found, why the widened change is not verified.
 */
function missingSuite(
  analysis: VitestSource,
  cwd: string,
  runner: ReturnType<typeof projectRunnerSetup>,
  affected: AffectedResult,
): { noSuite?: string; suiteUnseen?: string } {
  const root = analysis.loaded.root;
  const atRoot = cwd === root;
  const testFiles = affected.tests.total.files;
  // Tests of the folder another of its tsconfigs owns (Nx's tsconfig.spec.json) are seen there.
  const elsewhere = testsElsewhere(analysis);
  if (atRoot && runner !== undefined) {
    const runs = `the project runs ${describeSetup(runner)}`;
    return {
      noSuite: `${runs}, not Vitest`,
      ...(testFiles === 0 && !elsewhere
        ? {
            suiteUnseen: `${runs}, but agentix found none of its test files (named otherwise than by their runner's usual names or a literal config): the widened change reaches every test, and none was run; run the project's own test command`,
          }
        : {}),
    };
  }
  if (atRoot && testFiles === 0 && !declaresVitest(root))
    return { noSuite: "the project has no tests and nothing here names Vitest" };
  return {};
}

/**
 * The selected tests under a folder with a Vitest config of its own (nested-vitest.ts), the ones
 * the project's Vitest decides about, and of the first the ones that folder's Vitest runs (a
 * spec importing another runner is claimed for it in `importedRunner`).
 */
function splitNested(
  root: string,
  cwd: string,
  affected: AffectedResult,
  importedRunner: Map<AffectedTestFile, string>,
) {
  const nested = nestedVitestFolders(root, cwd, affected.tests.files);
  const tests = affected.tests.files.filter((file) => !nested.has(file));
  const byFolder = [...nested].filter(([file]) => {
    const why = otherRunnerOf(path.join(root, file.file), undefined)?.why;
    if (why !== undefined) importedRunner.set(file, why);
    return why === undefined;
  });
  return { nested, tests, byFolder };
}

/**
 * NestJS's vitest.e2e.config.ts: of the selected tests the main config leaves out (and no other
 * runner's import claims), the ones a second config runs, each with the first such config.
 */
function secondConfigs(
  analysis: VitestSource,
  leftOut: readonly AffectedTestFile[],
  importedRunner: ReadonlyMap<AffectedTestFile, string>,
): Map<AffectedTestFile, string> {
  const configs = (analysis.loaded.vitest.others ?? []).filter(
    (other): other is ConfigRuns & { file: string } => other.file !== null,
  );
  const configOf = new Map<AffectedTestFile, string>();
  if (configs.length === 0) return configOf;
  for (const file of leftOut) {
    if (importedRunner.has(file)) continue;
    const config = configs.find((other) => other.runs(file.file) === true)?.file;
    if (config !== undefined) configOf.set(file, config);
  }
  return configOf;
}

/**
 * A run per second config: `--config <file>` and its selected tests of this shard, or its whole
 * suite when the answer widened (as the main config's).
 */
function secondConfigRuns(
  configOf: ReadonlyMap<AffectedTestFile, string>,
  where: {
    readonly root: string;
    readonly cwd: string;
    readonly affected: AffectedResult;
    readonly shard: Shard | undefined;
    readonly inShard: ReadonlySet<AffectedTestFile> | undefined;
    readonly nested: ReadonlyMap<AffectedTestFile, NestedVitest>;
  },
): OtherConfigRun[] {
  const { root, affected, shard, inShard, nested } = where;
  return [...new Set(configOf.values())].flatMap((config): OtherConfigRun[] => {
    const mine = [...configOf].filter(([, other]) => other === config).map(([file]) => file);
    const folder = nested.get(mine[0] as AffectedTestFile);
    // A nested folder's config is the one Vitest takes there; a second config is named.
    const cwd = folder?.dir ?? where.cwd;
    const prefix = folder ? "" : toPosix(path.relative(cwd, root));
    const configArgs = folder
      ? []
      : ["--config", toPosix(path.relative(cwd, path.join(root, config)))];
    const base = { config, kind: folder ? ("nested" as const) : ("second" as const), cwd };
    if (affected.widened.length > 0) {
      const whole = [...configArgs, prefix === "" ? "." : prefix];
      if (shard !== undefined) whole.push(`--shard=${shard.index}/${shard.count}`);
      return [{ ...base, filters: withoutCoverage(whole, root, config), files: mine }];
    }
    const chosen = inShard === undefined ? mine : mine.filter((file) => inShard.has(file));
    if (chosen.length === 0) return [];
    const inFolder = folder
      ? chosen.map((file) => ({ ...file, file: pathInFolder(root, folder, file) }))
      : chosen;
    const selected = vitestFilters(
      { ...affected, tests: { ...affected.tests, files: inFolder } },
      prefix === "" ? "" : `${prefix}/`,
    );
    const filters = withoutCoverage([...configArgs, ...selected], root, config);
    return [{ ...base, filters, files: chosen }];
  });
}

/** The plan the text answer of `affected` shows (affectedText): the whole selection, unsharded. */
export function planForText(analysis: VitestSource, affected: AffectedResult): TextPlan {
  const root = analysis.loaded.root;
  const plan = vitestPlan(analysis, affected, undefined);
  // The runs verify would make of another runner's tests (the ones it cannot start are named).
  const owners = ownersOf(root, plan.otherRunner, analysis.loaded.vitest.file === null);
  const { runs } = runnerRuns(root, groupByRunner(owners, [...owners.keys()]));
  return { ...plan, root, runners: runs };
}

/**
 * One split over the test files of several projects (a workspace's packages), so the parts are
 * balanced across the whole run; ties go by the path with the project's folder in front.
 */
export function shardAcross(
  projects: readonly { readonly folder: string; readonly result: AffectedResult }[],
  shard: Shard,
): Set<AffectedTestFile> {
  const items = projects.flatMap(({ folder, result }) =>
    result.widened.length > 0
      ? []
      : result.tests.files.map((test) => ({
          file: `${folder}/${test.file}`,
          selected: test.selected,
          test,
        })),
  );
  return new Set(shardFiles(items, shard).map((item) => item.test));
}
