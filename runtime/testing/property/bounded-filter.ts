import type { Arbitrary, Random, Stream, Value } from "fast-check";
import { fc } from "./fast-check.js";

/** How many candidates a bounded filter draws before it gives up. */
export const boundedFilterAttempts = 1_000;

/**
 * `arbitrary.filter(predicate)` that gives up with a clear error instead of looping forever when
 * the predicate (a schema's keywords that contradict each other, say) rejects every candidate.
 */
export function boundedFilter<T>(arbitrary: Arbitrary<T>, predicate: (value: T) => boolean, describe: () => string): Arbitrary<T> {
  return new BoundedFilter(arbitrary, predicate, describe);
}

class BoundedFilter<T> extends fc.Arbitrary<T> {
  constructor(
    private readonly source: Arbitrary<T>,
    private readonly predicate: (value: T) => boolean,
    private readonly describe: () => string,
  ) {
    super();
  }

  generate(random: Random, biasFactor: number | undefined): Value<T> {
    for (let attempt = 0; attempt < boundedFilterAttempts; attempt++) {
      const candidate = this.source.generate(random, biasFactor);
      if (this.predicate(candidate.value_)) return candidate;
    }
    throw new Error(`arbitrary: no value found for ${this.describe()} in ${boundedFilterAttempts} attempts; give an arbitrary yourself`);
  }

  canShrinkWithoutContext(value: unknown): value is T {
    return this.source.canShrinkWithoutContext(value) && this.predicate(value);
  }

  shrink(value: T, context: unknown): Stream<Value<T>> {
    return this.source.shrink(value, context).filter((candidate) => this.predicate(candidate.value_));
  }
}
