import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { defineInvariant, s } from "../../index.js";
import { checkInvariant, NoArbitrary } from "./index.js";
import { failureOf } from "./test-support/failure-of.js";

const Evidence = s.object({ quantity: s.integer({ minimum: 0, maximum: 1_000 }), note: s.optional(s.string()) });

function invariant(check: (evidence: { quantity: number }) => boolean) {
  return defineInvariant({ id: "stock.small-orders", dependsOn: [], evidence: Evidence, check });
}

describe("checkInvariant", () => {
  it("runs the check over as many generated pieces of evidence as asked, each valid", () => {
    const seen: unknown[] = [];
    checkInvariant(
      invariant((evidence) => {
        seen.push(evidence);
        return true;
      }),
      { runs: 37 },
    );
    expect(seen).toHaveLength(37);
    for (const evidence of seen) expect(Evidence.safeParse(evidence).ok).toBe(true);
  });

  it("reports the shrunk counterexample, why it failed and how to replay it", async () => {
    const small = invariant(({ quantity }) => quantity <= 10);
    const failure = await failureOf(() => checkInvariant(small, { seed: 7 }));
    expect(failure.counterexample).toEqual({ quantity: 11 });
    expect(failure.seed).toBe(7);
    expect(failure.message).toBe(
      [
        "checkInvariant(stock.small-orders): does not hold for this evidence (found after 2 runs, shrunk 9 times):",
        '{"quantity":11}',
        'InvariantViolation: invariant "stock.small-orders" does not hold',
        `Replay it with the options { seed: 7, path: ${JSON.stringify(failure.path)} }.`,
      ].join("\n"),
    );
    // The replay runs the shrunk counterexample first.
    const replayed = await failureOf(() => checkInvariant(small, { seed: failure.seed, path: failure.path as string }));
    expect([replayed.counterexample, replayed.message.split("\n")[0]]).toEqual([
      { quantity: 11 },
      "checkInvariant(stock.small-orders): does not hold for this evidence (found after 1 run, shrunk 0 times):",
    ]);
  });

  it("takes the evidence from a given arbitrary, and still validates it against the evidence schema", async () => {
    const small = invariant(({ quantity }) => quantity <= 10);
    expect(() => checkInvariant(small, { evidence: fc.record({ quantity: fc.integer({ min: 0, max: 10 }) }) })).not.toThrow();
    const failure = await failureOf(() => checkInvariant(small, { evidence: fc.record({ quantity: fc.integer({ min: 2_000, max: 3_000 }) }), seed: 1 }));
    expect(failure.counterexample).toEqual({ quantity: 2_000 });
    expect(failure.message.split("\n")[2]).toBe('InvariantViolation: invariant "stock.small-orders" got invalid evidence: /quantity must be <= 1000');
  });

  it("names the counterexample of a check that throws instead of returning false", async () => {
    const throwing = invariant(({ quantity }) => {
      if (quantity > 500) throw new RangeError("too many");
      return true;
    });
    const failure = await failureOf(() => checkInvariant(throwing, { seed: 3 }));
    expect([failure.counterexample, failure.message.split("\n")[2]]).toEqual([{ quantity: 501 }, "RangeError: too many"]);
  });

  it("asks for an arbitrary when the evidence schema is a foreign validator, and uses one when given", () => {
    const foreign = defineInvariant({ id: "stock.positive", dependsOn: [], evidence: z.object({ quantity: z.number() }), check: ({ quantity }) => quantity >= 0 });
    expect(() => checkInvariant(foreign)).toThrow(
      new NoArbitrary(
        "checkInvariant(stock.positive): the evidence schema: a zod schema is not an s.* schema, and agentix generates values only from s.* schemas; give an arbitrary yourself: checkInvariant(stock.positive, { evidence: <fast-check arbitrary> })",
      ),
    );
    expect(() => checkInvariant(foreign, { evidence: fc.record({ quantity: fc.nat() }) })).not.toThrow();
  });

  it("refuses what is not an invariant", () => {
    expect(() => checkInvariant(null as never)).toThrow(new TypeError("checkInvariant: expected an invariant from defineInvariant(...)"));
    expect(() => checkInvariant({ id: "x" } as never)).toThrow("checkInvariant: expected an invariant from defineInvariant(...)");
  });
});
