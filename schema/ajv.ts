import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { Ajv2020 } from "ajv/dist/2020.js";
import type { ErrorObject, Options, ValidateFunction } from "ajv";
import { closeNames } from "./close-names.js";

// Ajv and ajv-formats are CommonJS, loaded on first use: a run that finds its validators
// precompiled (see `precompiledValidator`) never loads the compiler at all.
const require = createRequire(import.meta.url);

/** The options of every Ajv the project's own schemas are compiled with. */
const AJV_OPTIONS: Options = { strict: true, allErrors: true, strictTuples: false };

/**
 * A new Ajv for the project's own JSON Schemas (2020-12): strict, every error collected,
 * `format` enforced. `strictTuples` is off so open `prefixItems` tuples are accepted.
 * `extra` adds options (the build passes `code: { source: true }` for standalone code).
 */
export function createAjv(extra: Options = {}): Ajv2020 {
  const { Ajv2020: Ajv } = require("ajv/dist/2020.js") as typeof import("ajv/dist/2020.js");
  // ajv-formats is CommonJS with `exports.default`.
  const formats = require("ajv-formats") as { default: (ajv: Ajv2020) => Ajv2020 };
  const ajv = new Ajv({ ...AJV_OPTIONS, ...extra });
  formats.default(ajv);
  return ajv;
}

/** The digest a precompiled validator records of the schema it was generated from. */
export function schemaDigest(schema: object): string {
  return `sha256:${createHash("sha256").update(JSON.stringify(schema)).digest("hex")}`;
}

/** The schemas the build precompiles (scripts/build-validators.mjs), by file name without `.schema.json`. */
export type PrecompiledSchema = "index.v2" | "config.v1";

type Standalone = ValidateFunction & { schemaDigest?: string };

/** Each precompiled validator's module, named literally (a computed require hides what it loads). */
const STANDALONE: Record<PrecompiledSchema, () => Standalone> = {
  "index.v2": () => require("./index.v2.validate.cjs") as Standalone,
  "config.v1": () => require("./config.v1.validate.cjs") as Standalone,
};

/** File name of the standalone validator the build generates for a schema (`index.v2.validate.cjs`). */
export function standaloneFileName(name: PrecompiledSchema): string {
  return `${name}.validate.cjs`;
}

/**
 * The validator of one of the project's schemas: the standalone code `npm run build` generated
 * next to this module (scripts/build-validators.mjs, Ajv's own standalone output), used only
 * when it was generated from exactly this schema; otherwise the schema is compiled here. Both
 * are the same Ajv code with the same options, so they accept and report alike; the standalone
 * one saves loading Ajv and compiling the schema (a few hundred milliseconds per run).
 */
export function precompiledValidator(name: PrecompiledSchema, schema: object): ValidateFunction {
  let standalone: Standalone | undefined;
  try {
    standalone = STANDALONE[name]();
  } catch (error) {
    // Not built (running from the TypeScript sources): compile below.
    if ((error as { code?: string }).code !== "MODULE_NOT_FOUND") throw error;
  }
  if (standalone !== undefined && standalone.schemaDigest === schemaDigest(schema))
    return standalone;
  return createAjv().compile(schema);
}

/** One problem Ajv found, said for a person (see describeAjvProblems). */
export interface AjvProblem {
  /** JSON pointer (RFC 6901) of the value the problem is about; "/" for the document. */
  readonly pointer: string;
  /** What is wrong with it: "must be string". */
  readonly text: string;
  /**
   * Where the problem shows in the document: `pointer`, or for one unknown property the
   * property itself, its key being what to point at (`key: true`).
   */
  readonly at: { readonly pointer: string; readonly key: boolean };
}

/** describeAjvProblems as short lines `"<json pointer> <problem>"`, then how many were left out. */
export function describeAjvErrors(
  errors: readonly ErrorObject[] | null | undefined,
  schema?: unknown,
): string[] {
  const { found, omitted } = describeAjvProblems(errors, schema);
  const lines = found.map((problem) => `${problem.pointer} ${problem.text}`);
  return omitted > 0 ? [...lines, `and ${omitted} more problems`] : lines;
}

/**
 * Turns Ajv errors into short problems, most specific first (with how many paths were left
 * out): errors
 * of combinators (`anyOf`, `oneOf`) are dropped when a deeper error explains them, and the
 * alternatives failing at one path are joined with "or". With the schema, a value that fits
 * none of a combinator's alternatives, each named by a `title` or `description`, is one
 * sentence naming the shapes accepted (see `describeShapes`). At most 20 paths with five
 * problems each are described; a count says how many more there are.
 */
export function describeAjvProblems(
  errors: readonly ErrorObject[] | null | undefined,
  schema?: unknown,
): { readonly found: readonly AjvProblem[]; readonly omitted: number } {
  if (!errors || errors.length === 0) return { found: [], omitted: 0 };
  const meaningful = errors.filter((e) => !COMBINATORS.has(e.keyword));
  const candidates = meaningful.length > 0 ? meaningful : [...errors];
  // A path with an error deeper below it is explained by that one. Every ancestor of every
  // path is collected once (linear: comparing each path with every other took a minute for a
  // file of 68,000 unknown keys).
  const ancestors = new Set<string>();
  for (const path of new Set(candidates.map((e) => e.instancePath)))
    for (let slash = path.lastIndexOf("/"); slash >= 0; slash = path.lastIndexOf("/", slash - 1)) {
      ancestors.add(path.slice(0, slash));
      if (slash === 0) break;
    }
  const byPath = new Map<string, ErrorObject[]>();
  for (const error of candidates) {
    if (ancestors.has(error.instancePath)) continue;
    const atPath = byPath.get(error.instancePath);
    if (atPath) atPath.push(error);
    else byPath.set(error.instancePath, [error]);
  }
  const found: AjvProblem[] = [];
  for (const [path, atPath] of byPath) {
    if (found.length === MAX_PATHS) break;
    const pointer = path === "" ? "/" : path;
    const combinator = errors.find(
      (e) => e.instancePath === path && (e.keyword === "anyOf" || e.keyword === "oneOf"),
    );
    const shapes = combinator && describeShapes(schema, combinator, atPath);
    if (shapes !== undefined) {
      found.push({ pointer, text: shapes, at: { pointer, key: false } });
      continue;
    }
    const all = [...new Set(atPath.map((error) => describeOne(error, schema)))];
    const problems = all.slice(0, MAX_PROBLEMS_PER_PATH);
    const more = all.length > problems.length ? ` (and ${all.length - problems.length} more)` : "";
    // "must be \"off\" or object", "must be \"off\" or have the property \"allow\""
    const joined = problems
      .map((problem, index) =>
        index === 0
          ? problem
          : problem.replace(
              problems[0]?.startsWith("must be ") && problem.startsWith("must be ")
                ? /^must be /
                : /^must /u,
              "",
            ),
      )
      .join(" or ");
    found.push({
      pointer,
      text: `${joined}${more}`,
      at: unknownPropertyAt(path, atPath) ?? { pointer, key: false },
    });
  }
  return { found, omitted: byPath.size - found.length };
}

/** The one unknown property errors at `path` are all about, as the place to point at. */
function unknownPropertyAt(
  path: string,
  atPath: readonly ErrorObject[],
): AjvProblem["at"] | undefined {
  const keys = new Set(
    atPath.map((error) =>
      error.keyword === "additionalProperties"
        ? (error.params as { additionalProperty?: unknown }).additionalProperty
        : undefined,
    ),
  );
  const [key] = keys;
  if (keys.size !== 1 || typeof key !== "string") return undefined;
  return { pointer: `${path}/${key.replace(/~/gu, "~0").replace(/\//gu, "~1")}`, key: true };
}

const COMBINATORS: ReadonlySet<string> = new Set(["anyOf", "oneOf", "if", "propertyNames"]);

/** Bounds of a description: hostile input must not turn one error into megabytes of text. */
const MAX_PATHS = 20;
const MAX_PROBLEMS_PER_PATH = 5;

/** Keywords that say a value has another shape than an alternative's (its shape names them). */
const SHAPE_KEYWORDS: ReadonlySet<string> = new Set(["type", "const", "enum", "pattern"]);

/** What a keyword constrains, to name the value given in a problem with its contents. */
const CONSTRAINED: Readonly<Record<string, string>> = {
  minItems: "list",
  maxItems: "list",
  uniqueItems: "list",
  required: "object",
  additionalProperties: "object",
  minLength: "text",
  maxLength: "text",
};

/**
 * A combinator's failure as one sentence: "must be <shape> or <shape>", the shapes being its
 * alternatives' titles (else descriptions, following a `$ref`); then what is wrong with the
 * value given when it has an accepted shape but not its contents ("; the list given must not be
 * empty"). Undefined when an alternative has no name to give.
 */
function describeShapes(
  schema: unknown,
  combinator: ErrorObject,
  atPath: readonly ErrorObject[],
): string | undefined {
  const alternatives = (subschemaFor(schema, combinator.instancePath) as Record<string, unknown>)?.[
    combinator.keyword
  ];
  if (!Array.isArray(alternatives)) return undefined;
  const shapes: string[] = [];
  for (const alternative of alternatives) {
    const shape = shapeName(schema, alternative);
    if (shape === undefined) return undefined;
    shapes.push(shape);
  }
  const separator = shapes.some((shape) => shape.includes(",")) ? ", or " : " or ";
  const reasons = [
    ...new Set(
      atPath
        .filter((error) => !SHAPE_KEYWORDS.has(error.keyword))
        .map(
          (error) =>
            `the ${CONSTRAINED[error.keyword] ?? "value"} given ${describeOne(error, schema)}`,
        ),
    ),
  ];
  return `must be ${shapes.join(separator)}${reasons.length > 0 ? `; ${reasons.join("; ")}` : ""}`;
}

/** An alternative's `title`, else its `description`, looking through a local `$ref`. */
function shapeName(schema: unknown, alternative: unknown): string | undefined {
  if (typeof alternative !== "object" || alternative === null) return undefined;
  const { title, description, $ref } = alternative as Record<string, unknown>;
  if (typeof title === "string") return title;
  if (typeof description === "string") return description;
  return typeof $ref === "string" && $ref.startsWith("#/")
    ? shapeName(schema, schemaAt(schema, $ref))
    : undefined;
}

/**
 * The subschema that validates the value at `instancePath`, following `properties`, `items`
 * and local `$ref`s (an error's own `schemaPath` is relative to a `$ref`'d definition that Ajv
 * compiled apart, so it cannot name it).
 */
function subschemaFor(schema: unknown, instancePath: string): unknown {
  const resolve = (node: unknown): unknown => {
    const ref = (node as { $ref?: unknown } | undefined)?.$ref;
    return typeof ref === "string" && ref.startsWith("#/") ? resolve(schemaAt(schema, ref)) : node;
  };
  let node = resolve(schema);
  for (const part of instancePath.split("/").slice(1)) {
    if (typeof node !== "object" || node === null) return undefined;
    const { properties, items } = node as { properties?: Record<string, unknown>; items?: unknown };
    const key = part.replace(/~1/gu, "/").replace(/~0/gu, "~");
    node = resolve(properties && Object.hasOwn(properties, key) ? properties[key] : items);
  }
  return node;
}

/** The part of `schema` a JSON pointer fragment (`#/$defs/relativeFile`) names. */
function schemaAt(schema: unknown, pointer: string): unknown {
  let node: unknown = schema;
  for (const part of pointer.replace(/^#\/?/u, "").split("/")) {
    if (part === "") continue;
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part.replace(/~1/gu, "/").replace(/~0/gu, "~")];
  }
  return node;
}

/** The `description` of the subschema holding a failed keyword (`#/$defs/relativeFile/pattern`). */
function subschemaDescription(schema: unknown, schemaPath: string): string | undefined {
  const holder = schemaAt(schema, schemaPath.slice(0, schemaPath.lastIndexOf("/")));
  const description = (holder as { description?: unknown } | undefined)?.description;
  return typeof description === "string" ? description : undefined;
}

function describeOne(error: ErrorObject, schema: unknown): string {
  // A key's own problem (`propertyNames`): ajv names the key beside the error.
  const { propertyName } = error as ErrorObject & { propertyName?: string };
  const problem = describeKeyword(error, schema);
  return propertyName === undefined
    ? problem
    : `has the key ${JSON.stringify(propertyName)}, which ${problem}`;
}

function describeKeyword(error: ErrorObject, schema: unknown): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "pattern": {
      // A regular expression means nothing to most people: say what the schema says it is.
      const description = subschemaDescription(schema, error.schemaPath);
      return description
        ? `must be ${description}`
        : `must match the pattern ${JSON.stringify(params["pattern"])}`;
    }
    case "minItems":
    case "minLength": {
      const limit = Number(params["limit"]);
      const unit = error.keyword === "minItems" ? "items" : "characters";
      return limit === 1 ? "must not be empty" : `must have at least ${limit} ${unit}`;
    }
    case "uniqueItems":
      return `must not list the same value twice (items ${String(params["j"])} and ${String(params["i"])})`;
    case "additionalProperties": {
      const unknown = String(params["additionalProperty"]);
      const known = (
        subschemaFor(schema, error.instancePath) as { properties?: object } | undefined
      )?.properties;
      // A property name is short: a third of it may be mistyped (`directory` for `directories`).
      const close = known ? closeNames(unknown, Object.keys(known), 3) : [];
      return `must NOT have the unknown property ${JSON.stringify(unknown)}${
        close.length > 0
          ? ` (did you mean ${close.map((name) => JSON.stringify(name)).join(" or ")}?)`
          : ""
      }`;
    }
    case "const":
      return `must be ${JSON.stringify(params["allowedValue"])}`;
    case "enum":
      return `must be one of ${(params["allowedValues"] as unknown[]).map((v) => JSON.stringify(v)).join(", ")}`;
    case "type":
      return `must be ${String(params["type"])}`;
    case "required":
      return `must have the property ${JSON.stringify(params["missingProperty"])}`;
    default:
      return error.message ?? `fails ${error.keyword}`;
  }
}
