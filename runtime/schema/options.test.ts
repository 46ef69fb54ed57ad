// The s.* builders refuse, when a schema is built, what Ajv would refuse at its first parse (and
// every dispatch would then answer DEFECT): each refusal a TypeError naming the builder and the
// option. The typed options are checked by hand, so a test holds those checks to Ajv's verdict.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { describe, expect, it } from "vitest";
import { refusal, untyped } from "../test-support/refusal.js";
import { s } from "../index.js";
import { NUMBER_FORMATS, STRING_FORMATS, runtimeAjv } from "./ajv.js";

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as unknown as typeof addFormatsModule.default;

const formatList = [...STRING_FORMATS].join(", ");

describe("s.* builders refuse what Ajv would refuse at the first parse", () => {
  it("refuses the schemas of the report, naming the builder and the option", () => {
    expect(refusal(() => s.string({ pattern: "^(97[89]" }))).toBe('s.string: pattern "^(97[89]" is not a valid regular expression (Unterminated group)');
    expect(refusal(() => s.string({ format: "isbn" }))).toBe(`s.string: unknown format "isbn" (the formats are ${formatList})`);
    expect(refusal(() => untyped(s.union)([]))).toBe("s.union: members must be a non-empty array of s.* schemas, got an empty array");
    expect(refusal(() => untyped(s.enum)("abc"))).toBe('s.enum: values must be a non-empty array of strings or numbers, got the string "abc"');
  });

  it("compiles patterns as Ajv does, with the u flag", () => {
    // Both are valid without the u flag (Annex B), so `new RegExp(pattern)` alone would accept them.
    expect(refusal(() => s.string({ pattern: "a{" }))).toBe('s.string: pattern "a{" is not a valid regular expression in the unicode mode Ajv uses (Incomplete quantifier)');
    expect(refusal(() => s.string({ pattern: "\\-" }))).toBe('s.string: pattern "\\\\-" is not a valid regular expression in the unicode mode Ajv uses (Invalid escape)');
    expect(s.string({ pattern: "^\\p{Lu}" }).safeParse("Ä").ok).toBe(true);
  });

  it("keeps a message short for a 1 MB pattern, and refuses one too large to match with", () => {
    const long = "a".repeat(1024 * 1024);
    expect(refusal(() => s.string({ pattern: `(${long}` }))).toBe(
      `s.string: pattern "(${"a".repeat(59)}…" (1048577 characters) is not a valid regular expression (Unterminated group)`,
    );
    // Valid syntax, but V8 refuses to compile it, and only at the first match: at the first parse.
    expect(refusal(() => s.string({ pattern: long }))).toBe(
      `s.string: pattern "${"a".repeat(60)}…" (1048576 characters) is not a valid regular expression (Regular expression too large)`,
    );
    const large = "a".repeat(10_000);
    expect(s.string({ pattern: large }).safeParse(large).ok).toBe(true);
  });

  it("knows the runtime's formats, suggests the one meant and refuses number formats on strings", () => {
    expect(STRING_FORMATS).toEqual(new Set(Object.keys(runtimeAjv().formats).filter((name) => !NUMBER_FORMATS.has(name))));
    expect(NUMBER_FORMATS).toEqual(new Set(["int32", "int64", "float", "double"]));
    expect(refusal(() => s.string({ format: "datetime" }))).toBe('s.string: unknown format "datetime" (did you mean "date-time"?)');
    expect(refusal(() => s.string({ format: "int32" }))).toBe(`s.string: format "int32" checks numbers, not strings (the string formats are ${formatList})`);
    expect(refusal(() => s.string({ format: 3 as never }))).toBe("s.string: format must be a string, got 3");
  });

  it("refuses option values of the wrong type or range, showing the value", () => {
    expect(refusal(() => s.string({ minLength: -1 }))).toBe("s.string: minLength must be a non-negative integer, got -1");
    expect(refusal(() => s.string({ maxLength: "3" as never }))).toBe('s.string: maxLength must be a non-negative integer, got the string "3"');
    expect(refusal(() => s.integer({ minimum: Number.NaN }))).toBe("s.integer: minimum must be a finite number, got NaN");
    expect(refusal(() => s.number({ exclusiveMaximum: Infinity }))).toBe("s.number: exclusiveMaximum must be a finite number, got Infinity");
    expect(refusal(() => s.number({ multipleOf: 0 }))).toBe("s.number: multipleOf must be a number greater than 0, got 0");
    expect(refusal(() => s.array(s.string(), { uniqueItems: "yes" as never }))).toBe('s.array: uniqueItems must be a boolean, got the string "yes"');
    expect(refusal(() => s.record(s.string(), { maxProperties: 1.5 }))).toBe("s.record: maxProperties must be a non-negative integer, got 1.5");
    expect(refusal(() => s.object({}, { title: 3 as never }))).toBe("s.object: title must be a string, got 3");
  });

  it("refuses options that are not an object, misspelt options and the keywords a builder writes itself", () => {
    expect(refusal(() => untyped(s.string)(null))).toBe("s.string: options must be an object, got null");
    expect(refusal(() => untyped(s.number)("min"))).toBe('s.number: options must be an object, got the string "min"');
    expect(refusal(() => untyped(s.boolean)([]))).toBe("s.boolean: options must be an object, got an empty array");
    expect(refusal(() => untyped(s.string)({ minLenght: 2 }))).toBe('s.string: unknown option "minLenght" (did you mean "minLength"?)');
    expect(refusal(() => untyped(s.number)({ colour: "red" }))).toBe(
      's.number: unknown option "colour" (the options are title, description, minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf)',
    );
    expect(refusal(() => untyped(s.string)({ type: "number" }))).toBe('s.string: the option "type" is written by s.string itself');
    expect(refusal(() => untyped(s.object)({}, { additionalProperties: true }))).toBe('s.object: the option "additionalProperties" is written by s.object itself');
  });

  it("leaves options beyond the types to Ajv, which compiles the schema at once", () => {
    const int32 = untyped(s.number)({ format: "int32" }) as ReturnType<typeof s.number>;
    expect(int32.safeParse(2 ** 31).ok).toBe(false);
    expect(untyped(s.array)(s.string(), { contains: s.literal("a") })).toBeDefined();
    expect(refusal(() => untyped(s.number)({ format: "iri" }))).toBe('s.number: Ajv refuses the option "format" (unknown format "iri" ignored in schema at path "#")');
  });

  it("refuses literals, enums, shapes, unions and brand names JSON Schema cannot hold", () => {
    expect(refusal(() => untyped(s.literal)(undefined))).toBe("s.literal: value must be a string, a finite number, a boolean or null, got undefined");
    expect(refusal(() => untyped(s.literal)(Number.NaN))).toBe("s.literal: value must be a string, a finite number, a boolean or null, got NaN");
    expect(refusal(() => untyped(s.literal)({}))).toBe("s.literal: value must be a string, a finite number, a boolean or null, got an object");
    expect(refusal(() => untyped(s.enum)([]))).toBe("s.enum: values must be a non-empty array of strings or numbers, got an empty array");
    expect(refusal(() => untyped(s.enum)(["a", null]))).toBe("s.enum: values[1] must be a string or a finite number, got null");
    expect(refusal(() => untyped(s.enum)(["a", , "b"]))).toBe("s.enum: values[1] must be a string or a finite number, got undefined");
    expect(refusal(() => untyped(s.object)(null))).toBe("s.object: shape must be an object of s.* schemas, got null");
    expect(refusal(() => untyped(s.object)([s.string()]))).toBe("s.object: shape must be an object of s.* schemas, got an array");
    expect(refusal(() => untyped(s.union)("a|b"))).toBe('s.union: members must be a non-empty array of s.* schemas, got the string "a|b"');
    expect(refusal(() => untyped(s.brand)("", s.string()))).toBe('s.brand: name must be a non-empty string, got the string ""');
  });
});

describe("the builders' own checks agree with Ajv", () => {
  const hostile: unknown[] = [-1, 0, -0, 1, 1.5, 1e300, Number.NaN, Infinity, -Infinity, "1", "", true, null, [], {}, "^a", "(", "a{", "\\-", "date-time", "isbn", "email"];
  const builders: [string, (options: object) => unknown, string, string[]][] = [
    ["s.string", (options) => s.string(options), "string", ["title", "description", "minLength", "maxLength", "pattern", "format"]],
    ["s.number", (options) => s.number(options), "number", ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"]],
    ["s.array", (options) => s.array(s.string(), options), "array", ["minItems", "maxItems", "uniqueItems"]],
    ["s.record", (options) => s.record(s.string(), options), "object", ["minProperties", "maxProperties"]],
  ];

  it("refuses an option value exactly when a fresh strict Ajv refuses to compile it", () => {
    const ajv = new Ajv2020({ strict: true, strictTuples: false });
    addFormats(ajv);
    for (const [name, build, type, keys] of builders) {
      for (const key of keys) {
        for (const value of hostile) {
          let ajvRefuses = false;
          try {
            ajv.compile({ type, [key]: value });
          } catch {
            ajvRefuses = true;
          }
          let builderRefuses = false;
          try {
            build({ [key]: value });
          } catch {
            builderRefuses = true;
          }
          // One refusal on purpose beyond Ajv's: a number format on a string checks nothing.
          const deliberate = key === "format" && NUMBER_FORMATS.has(value as string);
          expect(builderRefuses, `${name}({ ${key}: ${JSON.stringify(value)} })`).toBe(ajvRefuses || deliberate);
        }
      }
    }
  });
});
