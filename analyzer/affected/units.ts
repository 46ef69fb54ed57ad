// The code of one file cut into units that run at different times. Module evaluation runs the
// eager code (top-level statements and initializers) for anyone who loads the file; a deferred
// body (a function, an operation's execute, an adapter handler, a test case) runs only when
// something calls it. A change confined to deferred code can only affect what calls it; a change
// to eager code affects everyone who loads the file.
import type { ts } from "../project/ts-morph.js";

export type UnitKind = "module" | "declaration" | "test-case" | "test-hook";

export interface CodeUnit {
  /** Stable id: `<file>` for the module, `<file>#<name>` for declarations, `<file>:<line>` for tests. */
  readonly id: string;
  readonly kind: UnitKind;
  readonly file: string;
  /** The declared name, the test's literal name, or the hook's name. */
  readonly name: string;
  readonly line: number;
  /** Where its node starts (after leading trivia) and ends, in its file's text. */
  readonly start: number;
  readonly end: number;
  /** A declaration whose value is an agentix descriptor (plain frozen data). */
  readonly descriptor: string | undefined;
  /**
   * A declaration (of a module, or of a test file's describe block) holding state test cases may
   * share: a `let`, or a value code may change after load (shared-state.ts).
   */
  readonly sharedState: boolean;
  /**
   * Its code reads or writes `process.env`: state every case that reaches such code shares (one
   * case sets a variable through a function, a later one reads it).
   */
  readonly touchesEnv: boolean;
}

/** A stretch of source text and who runs it. */
export interface Region {
  readonly start: number;
  readonly end: number;
  readonly unit: CodeUnit;
  /** Runs while the module loads (or the test file is collected). */
  readonly eager: boolean;
  /** Types only: erased, it never runs. */
  readonly typeOnly: boolean;
}

export interface TestCaseInfo {
  readonly unit: CodeUnit;
  /** Hooks of the file and of enclosing describe blocks. */
  readonly hooks: readonly CodeUnit[];
  /** beforeAll/afterAll hooks in scope: the cases under one share what they set up. */
  readonly sharedHooks: readonly CodeUnit[];
  /** Line of the test call: what Vitest's `file:line` filter matches. */
  readonly line: number;
  readonly parameterised: boolean;
  /** How many cases Vitest runs for it: its `.each` rows times those of enclosing `describe.each` (1 per table it cannot count). */
  readonly runs: number;
}

/** A file's units as the affected answer uses them: plain data (fresh-index/ keeps them on disk). */
export interface FileUnits {
  readonly file: string;
  readonly module: CodeUnit;
  readonly units: readonly CodeUnit[];
  readonly regions: readonly Region[];
  readonly testCases: readonly TestCaseInfo[];
  readonly isTest: boolean;
}

/** A file just cut, with the syntax nodes that name its units (for resolving references). */
export interface CutFileUnits extends FileUnits {
  /** Declaration node (VariableDeclaration, FunctionDeclaration, ClassDeclaration, binding name, ExportAssignment) -> unit. */
  readonly declarations: ReadonlyMap<ts.Node, CodeUnit>;
}

/** The innermost region containing a position. */
export function regionAt(units: FileUnits, position: number): Region {
  return innermostRegion(units.regions, position);
}

/** The innermost of `regions` containing a position (the first, the module's, when none does). */
export function innermostRegion(regions: readonly Region[], position: number): Region {
  let best: Region | undefined;
  for (const candidate of regions) {
    if (position < candidate.start || position >= candidate.end) continue;
    if (best === undefined || candidate.end - candidate.start <= best.end - best.start)
      best = candidate;
  }
  return best ?? (regions[0] as Region);
}
