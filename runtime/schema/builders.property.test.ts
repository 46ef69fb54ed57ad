// Property tests: every value generated from a schema parses; adding an unknown key to any
// object in it makes parsing fail.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { s, type Schema } from "../index.js";

type Spec =
  | { t: "string"; minLength: number; maxLength: number }
  | { t: "pattern"; pattern: string }
  | { t: "integer"; min: number; max: number }
  | { t: "number"; min: number; max: number }
  | { t: "boolean" }
  | { t: "literal"; value: string | number | boolean | null }
  | { t: "enum"; values: [string, ...string[]] }
  | { t: "array"; items: Spec; maxItems: number }
  | { t: "object"; props: [string, Spec, boolean][] }
  | { t: "record"; values: Spec }
  | { t: "union"; members: [Spec, ...Spec[]] }
  | { t: "brand"; name: string; inner: Spec };

const key = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,7}$/);
const patterns = ["^[a-z]+$", "^cus_[0-9]{1,6}$", "^[A-Z]{3}$"];

const leaf: fc.Arbitrary<Spec> = fc.oneof(
  fc.tuple(fc.nat(4), fc.nat(8)).map(([minLength, extra]): Spec => ({ t: "string", minLength, maxLength: minLength + extra })),
  fc.constantFrom(...patterns).map((pattern): Spec => ({ t: "pattern", pattern })),
  fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.nat(1000)).map(([min, span]): Spec => ({ t: "integer", min, max: min + span })),
  fc.tuple(fc.integer({ min: -1000, max: 1000 }), fc.nat(1000)).map(([min, span]): Spec => ({ t: "number", min, max: min + span })),
  fc.constant<Spec>({ t: "boolean" }),
  fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.boolean(), fc.constant(null)).map((value): Spec => ({ t: "literal", value })),
  fc.uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }).map((values): Spec => ({ t: "enum", values: values as [string, ...string[]] })),
);

const { spec } = fc.letrec<{ spec: Spec }>((tie) => ({
  spec: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leaf,
    fc.tuple(tie("spec"), fc.nat(4)).map(([items, maxItems]): Spec => ({ t: "array", items, maxItems })),
    fc
      .uniqueArray(fc.tuple(key, tie("spec"), fc.boolean()), { maxLength: 4, selector: ([name]) => name })
      .map((props): Spec => ({ t: "object", props })),
    tie("spec").map((values): Spec => ({ t: "record", values })),
    fc.array(tie("spec"), { minLength: 1, maxLength: 3 }).map((members): Spec => ({ t: "union", members: members as [Spec, ...Spec[]] })),
    fc.tuple(fc.constantFrom("UserId", "OrderId"), tie("spec")).map(([name, inner]): Spec => ({ t: "brand", name, inner })),
  ),
}));

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyS = Schema<any, any>;

function build(spec: Spec): AnyS {
  switch (spec.t) {
    case "string":
      return s.string({ minLength: spec.minLength, maxLength: spec.maxLength });
    case "pattern":
      return s.string({ pattern: spec.pattern });
    case "integer":
      return s.integer({ minimum: spec.min, maximum: spec.max });
    case "number":
      return s.number({ minimum: spec.min, maximum: spec.max });
    case "boolean":
      return s.boolean();
    case "literal":
      return s.literal(spec.value);
    case "enum":
      return s.enum(spec.values);
    case "array":
      return s.array(build(spec.items), { maxItems: spec.maxItems });
    case "object":
      return s.object(Object.fromEntries(spec.props.map(([name, inner, optional]) => [name, optional ? s.optional(build(inner)) : build(inner)])));
    case "record":
      return s.record(build(spec.values));
    case "union":
      return s.union(spec.members.map(build) as [AnyS, ...AnyS[]]);
    case "brand":
      return s.brand(spec.name, build(spec.inner));
  }
}

function valueOf(spec: Spec): fc.Arbitrary<unknown> {
  switch (spec.t) {
    case "string":
      return fc.string({ minLength: spec.minLength, maxLength: spec.maxLength, unit: "grapheme-ascii" });
    case "pattern":
      return fc.stringMatching(new RegExp(spec.pattern));
    case "integer":
      return fc.integer({ min: spec.min, max: spec.max });
    case "number":
      return fc.double({ min: spec.min, max: spec.max, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "literal":
      return fc.constant(spec.value);
    case "enum":
      return fc.constantFrom(...spec.values);
    case "array":
      return fc.array(valueOf(spec.items), { maxLength: spec.maxItems });
    case "object":
      return fc.record(
        Object.fromEntries(spec.props.map(([name, inner]) => [name, valueOf(inner)])),
        { requiredKeys: spec.props.filter(([, , optional]) => !optional).map(([name]) => name) },
      );
    case "record":
      return fc.dictionary(key, valueOf(spec.values), { maxKeys: 3 });
    case "union":
      return fc.oneof(...spec.members.map(valueOf));
    case "brand":
      return valueOf(spec.inner);
  }
}

/** Adds an unknown key to the first object found in the value whose schema is closed. */
function withExtraKey(spec: Spec, value: unknown): { changed: boolean; value: unknown } {
  if (spec.t === "object") {
    const extra = "zzUnknownKey";
    return { changed: true, value: { ...(value as object), [extra]: 1 } };
  }
  if (spec.t === "brand") return withExtraKey(spec.inner, value);
  if (spec.t === "array" && Array.isArray(value) && value.length > 0) {
    const inner = withExtraKey(spec.items, value[0]);
    return { changed: inner.changed, value: [inner.value, ...value.slice(1)] };
  }
  return { changed: false, value };
}

const specAndValue = spec.chain((generated) => fc.tuple(fc.constant(generated), valueOf(generated)));

describe("s: properties", () => {
  it("parse accepts every value generated from a schema", () => {
    fc.assert(
      fc.property(specAndValue, ([generated, value]) => {
        const result = build(generated).safeParse(value);
        expect(result).toEqual({ ok: true, value });
      }),
      { numRuns: 400 },
    );
  });

  it("parse rejects a value with an extra key in a closed object, naming the key", () => {
    const objectSpecs = specAndValue.filter(([generated]) => generated.t === "object" || generated.t === "array" || generated.t === "brand");
    fc.assert(
      fc.property(objectSpecs, ([generated, value]) => {
        const mutated = withExtraKey(generated, value);
        fc.pre(mutated.changed);
        const result = build(generated).safeParse(mutated.value);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.issues.some((issue) => issue.code === "unknown_property" && issue.path.endsWith("/zzUnknownKey"))).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("JSON.stringify of every generated schema round-trips to the same JSON Schema", () => {
    fc.assert(
      fc.property(spec, (generated) => {
        const schema = build(generated);
        const json = JSON.stringify(schema);
        expect(JSON.stringify(JSON.parse(json))).toBe(json);
        expect(json).not.toContain("parse");
      }),
      { numRuns: 200 },
    );
  });
});
