import type { RunDetails } from "fast-check";
import { fc } from "./fast-check.js";

/** How many values to try and which run to replay; fast-check's global settings apply otherwise. */
export interface PropertyOptions {
  /** How many generated values to try (fast-check's `numRuns`). */
  readonly runs?: number;
  /** Replays a reported failure: the `seed` (and `path`) a PropertyCheckFailure names. */
  readonly seed?: number;
  readonly path?: string;
}

/** A property did not hold: the shrunk counterexample, and how to replay it. */
export class PropertyCheckFailure extends Error {
  override readonly name = "PropertyCheckFailure";
  constructor(
    message: string,
    /** The smallest generated value fast-check found that breaks the property. */
    readonly counterexample: unknown,
    readonly seed: number,
    readonly path: string | undefined,
    options: { readonly cause: unknown },
  ) {
    super(message, options);
  }
}

export function parametersOf(options: PropertyOptions): { numRuns?: number; seed?: number; path?: string } {
  return {
    ...(options.runs === undefined ? {} : { numRuns: options.runs }),
    ...(options.seed === undefined ? {} : { seed: options.seed }),
    ...(options.path === undefined ? {} : { path: options.path }),
  };
}

/**
 * Throws a PropertyCheckFailure when fast-check found a counterexample: `subject` names the helper
 * and what it checked, `verdict` says what the counterexample shows ("does not hold for this evidence").
 */
export function throwOnFailure<T>(details: RunDetails<[T]>, subject: string, verdict: string): void {
  if (!details.failed) return;
  const cause = details.errorInstance;
  if (details.counterexample === null) {
    // Too many skipped runs (fc.pre) or an interruption: nothing to shrink.
    throw new PropertyCheckFailure(`${subject}: stopped after ${details.numRuns} runs and ${details.numSkips} skipped ones without a verdict`, undefined, details.seed, undefined, { cause });
  }
  const [counterexample] = details.counterexample;
  const reason = cause instanceof Error ? `${cause.name}: ${cause.message}` : `${fc.stringify(cause)}`;
  throw new PropertyCheckFailure(
    [
      `${subject}: ${verdict} (found after ${details.numRuns} ${details.numRuns === 1 ? "run" : "runs"}, shrunk ${details.numShrinks} ${details.numShrinks === 1 ? "time" : "times"}):`,
      fc.stringify(counterexample),
      reason,
      `Replay it with the options { seed: ${details.seed}, path: ${JSON.stringify(details.counterexamplePath)} }.`,
    ].join("\n"),
    counterexample,
    details.seed,
    details.counterexamplePath,
    { cause },
  );
}
