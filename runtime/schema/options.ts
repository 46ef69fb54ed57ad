// The JSON Schema keywords each `s.*` builder takes as options, and what each value must be for
// the runtime's Ajv to compile the schema: the 2020-12 meta-schema's rule for the keyword as Ajv
// applies it (strict numbers: finite only), a pattern that compiles with the "u" flag Ajv uses,
// and a format the runtime registers. Checked when the schema is built, so a schema Ajv would
// refuse at its first parse (every dispatch then a DEFECT) is refused where it is written.
// Compiling each schema with Ajv instead costs about a millisecond a schema at module load;
// these checks cost well under a microsecond an option (bench/schema-build.bench.mjs), and a
// test holds them to Ajv's own verdict (options.test.ts).
import { quoted, showValue } from "../descriptors/descriptor-kind.js";
import { unknownName } from "../descriptors/known-keys.js";
import { NUMBER_FORMATS, STRING_FORMATS, validatorFor } from "./ajv.js";

/** The problem with one option's value, or undefined when Ajv accepts it. */
type Rule = (value: unknown, key: string) => string | undefined;
type Vocabulary = ReadonlyMap<string, Rule>;

const text: Rule = (value, key) => (typeof value === "string" ? undefined : `${key} must be a string, got ${showValue(value)}`);
const count: Rule = (value, key) =>
  Number.isInteger(value) && (value as number) >= 0 ? undefined : `${key} must be a non-negative integer, got ${showValue(value)}`;
const finite: Rule = (value, key) => (Number.isFinite(value) ? undefined : `${key} must be a finite number, got ${showValue(value)}`);
const positive: Rule = (value, key) =>
  Number.isFinite(value) && (value as number) > 0 ? undefined : `${key} must be a number greater than 0, got ${showValue(value)}`;
const flag: Rule = (value, key) => (typeof value === "boolean" ? undefined : `${key} must be a boolean, got ${showValue(value)}`);

/** Patterns at least this long are compiled for matching when built (see `pattern`). */
const MATCH_COMPILED_FROM = 1_000;

const pattern: Rule = (value, key) => {
  if (typeof value !== "string") return text(value, key);
  try {
    const regExp = new RegExp(value, "u");
    // V8 compiles a pattern at its first match, and refuses one too large only then. Compiling
    // it here costs about 5 µs a pattern, not saved at the parse, so only long patterns are
    // compiled here (the shortest found too large had some 20,000 characters).
    if (value.length >= MATCH_COMPILED_FROM) regExp.test("");
    return undefined;
  } catch (error) {
    return `${key} ${quoted(value)} is not a valid regular expression${acceptedWithoutUnicode(value) ? " in the unicode mode Ajv uses" : ""} (${regExpProblem(error)})`;
  }
};

function acceptedWithoutUnicode(source: string): boolean {
  try {
    new RegExp(source).test("");
    return true;
  } catch {
    return false;
  }
}

/** V8 says `Invalid regular expression: /<the whole pattern>/u: <problem>`; keep the problem. */
function regExpProblem(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const end = message.lastIndexOf("/u: ");
  return end === -1 ? message.slice(0, 200) : message.slice(end + 4);
}

const format: Rule = (value, key) => {
  if (typeof value !== "string") return text(value, key);
  if (STRING_FORMATS.has(value)) return undefined;
  if (NUMBER_FORMATS.has(value)) return `${key} ${quoted(value)} checks numbers, not strings (the string formats are ${[...STRING_FORMATS].join(", ")})`;
  return unknownName(value, STRING_FORMATS, key);
};

const annotations: [string, Rule][] = [
  ["title", text],
  ["description", text],
];

export const ANNOTATION_OPTIONS: Vocabulary = new Map(annotations);
export const STRING_OPTIONS: Vocabulary = new Map([...annotations, ["minLength", count], ["maxLength", count], ["pattern", pattern], ["format", format]]);
export const NUMBER_OPTIONS: Vocabulary = new Map([
  ...annotations,
  ["minimum", finite],
  ["maximum", finite],
  ["exclusiveMinimum", finite],
  ["exclusiveMaximum", finite],
  ["multipleOf", positive],
]);
export const ARRAY_OPTIONS: Vocabulary = new Map([...annotations, ["minItems", count], ["maxItems", count], ["uniqueItems", flag]]);
export const RECORD_OPTIONS: Vocabulary = new Map([...annotations, ["minProperties", count], ["maxProperties", count]]);

/**
 * A builder's JSON Schema: the keywords it writes itself (`owned`, then `tail`) around the options
 * it was given, checked. Typed options (`vocabulary`) are checked here, cheaply; an option a
 * JavaScript caller passes beyond them (`contains`, a number's `format`) is left to Ajv, which
 * compiles the schema now rather than at its first parse. A key the builder writes itself, or one
 * Ajv does not know, is refused. Every refusal is a TypeError naming the builder (`s.string`).
 */
export function withOptions(
  builder: string,
  vocabulary: Vocabulary,
  options: unknown,
  owned: Record<string, unknown>,
  tail: Record<string, unknown> = {},
): Record<string, unknown> {
  // Object.assign, not spread: V8 gives a spread copy a shape that makes the freezing and the
  // hidden properties createSchema adds about three times slower.
  if (options === undefined) return Object.assign({}, owned, tail);
  if (options === null || typeof options !== "object" || Array.isArray(options)) {
    throw new TypeError(`${builder}: options must be an object, got ${showValue(options)}`);
  }
  const given: Record<string, unknown> = {};
  const untyped: string[] = [];
  for (const key of Object.keys(options)) {
    const value: unknown = (options as Record<string, unknown>)[key];
    if (Object.hasOwn(owned, key) || Object.hasOwn(tail, key)) throw new TypeError(`${builder}: the option ${quoted(key)} is written by ${builder} itself`);
    const rule = vocabulary.get(key);
    if (rule === undefined && key === "__proto__") throw new TypeError(`${builder}: ${unknownName(key, vocabulary.keys(), "option")}`);
    if (rule === undefined) untyped.push(key);
    if (value === undefined) continue;
    const problem = rule?.(value, key);
    if (problem !== undefined) throw new TypeError(`${builder}: ${problem}`);
    given[key] = value;
  }
  const json = Object.assign({}, owned, given, tail);
  if (untyped.length > 0) compiledNow(builder, vocabulary, json, untyped);
  return json;
}

/** Ajv's verdict on a schema built with options beyond a builder's types; its validator is kept. */
function compiledNow(builder: string, vocabulary: Vocabulary, json: object, untyped: readonly string[]): void {
  try {
    validatorFor(json);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const unknownKeyword = /^strict mode: unknown keyword: "(.*)"$/s.exec(message)?.[1];
    if (unknownKeyword !== undefined && untyped.includes(unknownKeyword)) {
      throw new TypeError(`${builder}: ${unknownName(unknownKeyword, vocabulary.keys(), "option")}`);
    }
    const keys = untyped.map((key) => quoted(key)).join(", ");
    throw new TypeError(`${builder}: Ajv refuses the option${untyped.length > 1 ? "s" : ""} ${keys} (${message.slice(0, 300)})`);
  }
}
