// Which tests can observe what propagation found: whole files whose module is affected (or that
// start other processes, or drive the application from outside), else single cases, plus the
// cases that share state with them.
import type { AffectedFacts, FactFile } from "./facts.js";
import type { FileUnits, TestCaseInfo } from "./units.js";
import { namesProjectRoot, unseenObservers } from "./import-graph.js";
import { isTypeTest } from "../project/type-test-name.js";
import type { AnalysedFile, Propagation, Cause } from "./propagate.js";
import type { ReferenceGraph } from "./reference-graph.js";

export interface SelectedCase {
  readonly line: number;
  readonly name: string;
  readonly reason: string;
}

export interface SelectedTestFile {
  readonly file: string;
  /** Every case of the file (its module is affected, or its cases cannot be told apart). */
  readonly whole: boolean;
  readonly reason: string;
  readonly cases: readonly SelectedCase[];
  /** The cases Vitest runs in the file (`it.each` rows and `describe.each` counted; 1 per table that is not static). */
  readonly totalCases: number;
  /** The cases of the file selected, counted the same way. */
  readonly selectedCases: number;
}

export interface TestSelection {
  readonly tests: readonly SelectedTestFile[];
  readonly totalTestFiles: number;
  readonly totalCases: number;
  /** The type tests selected for their imports' types alone, each with the changed file it reaches. */
  readonly typeTests: ReadonlyMap<string, string>;
}

/**
 * What another analysis saw change: code that runs, and code outside tests. Of the same root (the
 * project's, for a tsconfig inside it that owns tests it leaves out: both), or of another package
 * of the workspace (application code alone: its drivers run, not its spawners). A test here that
 * observes such code unseen (another process, a browser) runs although this analysis compiles
 * none of it.
 */
export interface ChangedElsewhere {
  readonly runtime: boolean;
  readonly application: boolean;
}

const NOTHING_ELSEWHERE: ChangedElsewhere = { runtime: false, application: false };

export function selectTests(
  facts: AffectedFacts,
  files: ReadonlyMap<string, AnalysedFile>,
  graph: ReferenceGraph,
  propagation: Propagation,
  widened: boolean,
  countsTest: (path: string) => boolean = () => true,
  /** Type tests a change reaches through imports, type-only ones included: the changed file. */
  typeTests: ReadonlyMap<string, string> = new Map(),
  elsewhere: ChangedElsewhere = NOTHING_ELSEWHERE,
  /** Test files that run affected cases of test code they load (borrowed-cases.ts): that code. */
  borrowers: ReadonlyMap<string, string> = new Map(),
): TestSelection {
  const testFiles = facts.files.filter(
    (file) => file.test && !file.helper && !file.declaration && countsTest(file.path),
  );
  const context: SelectionContext = {
    facts,
    graph,
    propagation,
    // Another process can run any of the project's code: whenever some of it changed.
    runtimeChanged: elsewhere.runtime || propagation.units.size + propagation.modules.size > 0,
    applicationChanged: elsewhere.application || applicationChanged(facts, files, propagation),
  };
  let totalCases = 0;
  const tests: SelectedTestFile[] = [];
  const typeSelected = new Map<string, string>();
  for (const file of testFiles) {
    const entry = files.get(file.path);
    const count = testFileCases(entry?.units ?? facts.units(file.path));
    totalCases += count;
    const selected = widened
      ? {
          file: file.path,
          whole: true,
          reason: "widened",
          cases: [],
          totalCases: count,
          selectedCases: count,
        }
      : withBorrowedCases(selectInFile(context, file, entry, count), file, count, borrowers);
    const chosen = selected ?? typeTestOf(file, typeTests, count);
    if (chosen === undefined) continue;
    if (selected === undefined) typeSelected.set(file.path, typeTests.get(file.path) as string);
    tests.push(chosen);
  }
  return {
    tests: tests.sort((a, b) => (a.file < b.file ? -1 : 1)),
    totalTestFiles: testFiles.length,
    totalCases,
    typeTests: typeSelected,
  };
}

/** A test file that runs affected cases written in test code it loads: all of it. */
function withBorrowedCases(
  selected: SelectedTestFile | undefined,
  file: FactFile,
  count: number,
  borrowers: ReadonlyMap<string, string>,
): SelectedTestFile | undefined {
  const lender = borrowers.get(file.path);
  if (lender === undefined || selected?.whole === true) return selected;
  return {
    file: file.path,
    whole: true,
    reason: `it loads ${lender}, whose affected cases run in it`,
    cases: [],
    totalCases: count,
    selectedCases: count,
  };
}

/** A type test whose imports reach the change: all of it (its cases are what tsc reports). */
function typeTestOf(
  file: FactFile,
  typeTests: ReadonlyMap<string, string>,
  count: number,
): SelectedTestFile | undefined {
  const changed = typeTests.get(file.path);
  if (changed === undefined) return undefined;
  return {
    file: file.path,
    whole: true,
    reason: `${isTypeTest(file.path) ? "a type test" : "type-checked by ts-jest"}: ${
      changed === file.path ? "changed" : `its imports (type-only ones included) reach ${changed}`
    }`,
    cases: [],
    totalCases: count,
    selectedCases: count,
  };
}

interface SelectionContext {
  readonly facts: AffectedFacts;
  readonly graph: ReferenceGraph;
  readonly propagation: Propagation;
  readonly runtimeChanged: boolean;
  /** Whether code outside tests (what serves a page or a request) changed. */
  readonly applicationChanged: boolean;
}

/** Whether a file is code outside tests, their helpers and declarations: what serves the app. */
export function isApplicationFile(facts: AffectedFacts, path: string): boolean {
  const file = facts.file(path);
  return file !== undefined && !file.test && !file.helper && !file.declaration;
}

/** Whether propagation reached code outside tests and their helpers. */
function applicationChanged(
  facts: AffectedFacts,
  files: ReadonlyMap<string, AnalysedFile>,
  propagation: Propagation,
): boolean {
  const isApplication = (path: string): boolean => isApplicationFile(facts, path);
  for (const path of propagation.modules.keys()) if (isApplication(path)) return true;
  for (const [path, entry] of files)
    if (isApplication(path) && entry.units.units.some((unit) => propagation.units.has(unit.id)))
      return true;
  return false;
}

/**
 * Why a test observes what no import names, when the change can show there: it starts other
 * processes (they may run any of the project's code), drives the application from outside (a
 * browser, HTTP: whenever application code changed) or names the project root.
 */
function observedUnseen(context: SelectionContext, file: FactFile): string | undefined {
  const { facts } = context;
  // Another package's application change (workspace/affected.ts) reaches its drivers alone.
  if (!context.runtimeChanged && !context.applicationChanged) return undefined;
  const { spawner, driver } = unseenObservers(file.path, facts);
  if (spawner !== undefined && context.runtimeChanged)
    return `starts other processes (${spawner}): what they run cannot be followed`;
  if (driver !== undefined && context.applicationChanged)
    return `drives the application from outside (${driver}): what serves it cannot be followed`;
  if (context.runtimeChanged && namesProjectRoot(file.path, facts))
    return "names the project root: what it reads there (files, the built package) cannot be followed";
  return undefined;
}

/**
 * What of one test file can observe the change: all of it, some cases, or nothing. One that
 * observes it unseen (another process, a browser) runs whole; when its imports reach the change
 * for all of it anyway, their chain is the reason given, being the more exact one.
 */
function selectInFile(
  context: SelectionContext,
  file: FactFile,
  entry: AnalysedFile | undefined,
  count: number,
): SelectedTestFile | undefined {
  const seen = entry === undefined ? undefined : selectedByImports(context, file, entry, count);
  if (seen?.whole === true) return seen;
  const unseen = observedUnseen(context, file);
  if (unseen === undefined) return seen;
  return {
    file: file.path,
    whole: true,
    reason: unseen,
    cases: [],
    totalCases: count,
    selectedCases: count,
  };
}

/** What of one test file its imports and calls lead the change to. */
function selectedByImports(
  context: SelectionContext,
  file: FactFile,
  entry: AnalysedFile,
  count: number,
): SelectedTestFile | undefined {
  const { graph, propagation } = context;
  const describe = (cause: Cause) => causeChain(cause, propagation, graph);
  const moduleCause = propagation.modules.get(file.path);
  if (moduleCause !== undefined || entry.units.testCases.length === 0) {
    // Its cases cannot be told apart (or it has none the analyzer recognises): all of it.
    const anyUnit =
      moduleCause ??
      entry.units.units
        .map((unit) => propagation.units.get(unit.id))
        .find((cause) => cause !== undefined);
    return anyUnit === undefined
      ? undefined
      : {
          file: file.path,
          whole: true,
          reason: describe(anyUnit),
          cases: [],
          totalCases: count,
          selectedCases: count,
        };
  }
  const selected = new Map<TestCaseInfo, string>();
  for (const testCase of entry.units.testCases) {
    const cause =
      propagation.units.get(testCase.unit.id) ??
      testCase.hooks
        .map((hook) => propagation.units.get(hook.id))
        .find((found) => found !== undefined);
    if (cause !== undefined) selected.set(testCase, describe(cause));
  }
  if (selected.size === 0) return undefined;
  coupleSharedState(entry.units, graph, selected);
  const every = selected.size === entry.units.testCases.length;
  return {
    file: file.path,
    whole: every,
    reason: every ? "every case is affected" : "some cases are affected",
    cases: [...selected]
      .map(([testCase, reason]) => ({ line: testCase.line, name: testCase.unit.name, reason }))
      .sort((a, b) => a.line - b.line),
    totalCases: count,
    selectedCases: every ? count : runsOf([...selected.keys()]),
  };
}

/** The cases Vitest runs for these test calls. */
/** The cases Vitest runs in a test file, counted as its total (1 for a file with none found). */
export function testFileCases(units: FileUnits): number {
  return Math.max(runsOf(units.testCases), 1);
}

function runsOf(testCases: readonly TestCaseInfo[]): number {
  return testCases.reduce((sum, testCase) => sum + testCase.runs, 0);
}

/** `reason <- what; reason <- what; ...` back to the change. */
function causeChain(cause: Cause, propagation: Propagation, graph: ReferenceGraph): string {
  const label = (id: string) => {
    const unit = graph.unitById.get(id);
    if (unit === undefined || unit.kind === "module") return id;
    return unit.kind === "declaration" ? `${unit.file}#${unit.name}` : `${unit.file}:${unit.line}`;
  };
  const chain: string[] = [];
  const seen = new Set<string>();
  for (let current: Cause | undefined = cause; current !== undefined && chain.length < 12;) {
    const from = current.from === null ? undefined : label(current.from);
    // `imports src/a.ts` names its module already: not `imports src/a.ts <- src/a.ts`.
    chain.push(
      from === undefined || current.reason.split(" ").includes(from)
        ? current.reason
        : `${current.reason} <- ${from}`,
    );
    if (current.from === null || seen.has(current.from)) break;
    seen.add(current.from);
    current = propagation.units.get(current.from) ?? propagation.modules.get(current.from);
  }
  return chain.join("; ");
}

/** The state every case shares whose code reaches `process.env`. */
const PROCESS_ENV = "process.env";

/**
 * Cases that share state with a selected case run with it: a variable of the file or of a
 * describe block, module state they both reach, `process.env`, or a beforeAll/afterAll over both. A failure
 * in one can leave that state different for the other.
 */
function coupleSharedState(
  units: FileUnits,
  graph: ReferenceGraph,
  selected: Map<TestCaseInfo, string>,
): void {
  const reach = new Map<TestCaseInfo, Set<string>>();
  const stateOf = (testCase: TestCaseInfo): Set<string> => {
    let state = reach.get(testCase);
    if (state !== undefined) return state;
    state = new Set<string>(testCase.sharedHooks.map((hook) => hook.id));
    const seen = new Set<string>();
    const queue = [testCase.unit.id, ...testCase.hooks.map((hook) => hook.id)];
    while (queue.length > 0) {
      const id = queue.pop() as string;
      if (seen.has(id)) continue;
      seen.add(id);
      const unit = graph.unitById.get(id);
      if (unit?.sharedState) state.add(id);
      if (unit?.touchesEnv) state.add(PROCESS_ENV);
      for (const next of graph.namedBy.get(id) ?? []) queue.push(next);
    }
    reach.set(testCase, state);
    return state;
  };
  for (let changed = true; changed;) {
    changed = false;
    for (const testCase of units.testCases) {
      if (selected.has(testCase)) continue;
      const mine = stateOf(testCase);
      for (const [other] of selected) {
        const shared = [...stateOf(other)].find((id) => mine.has(id));
        if (shared === undefined) continue;
        const unit = graph.unitById.get(shared);
        selected.set(
          testCase,
          `shares ${unit?.kind === "test-hook" ? `the ${unit.name} at line ${unit.line}` : `state ${unit?.name ?? shared}`} with the case at line ${other.line}`,
        );
        changed = true;
        break;
      }
    }
  }
}
