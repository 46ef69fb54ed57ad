import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import type { Ajv2020 } from "ajv/dist/2020.js";
import type { ErrorObject, Options, ValidateFunction } from "ajv";

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

/**
 * Turns Ajv errors into short lines `"<json pointer> <problem>"`, most specific first: errors
 * of combinators (`anyOf`, `oneOf`) are dropped when a deeper error explains them, and the
 * alternatives failing at one path are joined with "or".
 */
export function describeAjvErrors(
  errors: readonly ErrorObject[] | null | undefined,
  schema?: unknown,
): string[] {
  if (!errors || errors.length === 0) return [];
  const meaningful = errors.filter(
    (e) => e.keyword !== "anyOf" && e.keyword !== "oneOf" && e.keyword !== "if",
  );
  const candidates = meaningful.length > 0 ? meaningful : [...errors];
  const paths = candidates.map((e) => e.instancePath);
  const deepest = candidates.filter(
    (e) => !paths.some((p) => p !== e.instancePath && p.startsWith(`${e.instancePath}/`)),
  );
  const byPath = new Map<string, string[]>();
  for (const error of deepest) {
    const list = byPath.get(error.instancePath) ?? [];
    const problem = describeOne(error, schema);
    if (!list.includes(problem)) list.push(problem);
    byPath.set(error.instancePath, list);
  }
  const lines: string[] = [];
  for (const [path, problems] of byPath) {
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
    lines.push(`${path === "" ? "/" : path} ${joined}`);
  }
  return lines;
}

/** The `description` of the subschema holding a failed keyword (`#/$defs/relativeFile/pattern`). */
function subschemaDescription(schema: unknown, schemaPath: string): string | undefined {
  let node: unknown = schema;
  for (const part of schemaPath.replace(/^#\//u, "").split("/").slice(0, -1)) {
    if (typeof node !== "object" || node === null) return undefined;
    node = (node as Record<string, unknown>)[part.replace(/~1/gu, "/").replace(/~0/gu, "~")];
  }
  const description = (node as { description?: unknown } | undefined)?.description;
  return typeof description === "string" ? description : undefined;
}

function describeOne(error: ErrorObject, schema: unknown): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "pattern": {
      // A regular expression means nothing to most people: say what the schema says it is.
      const description = subschemaDescription(schema, error.schemaPath);
      return description
        ? `must be ${description}`
        : `must match the pattern ${JSON.stringify(params["pattern"])}`;
    }
    case "uniqueItems":
      return `must not list the same value twice (items ${String(params["j"])} and ${String(params["i"])})`;
    case "additionalProperties":
      return `must NOT have the unknown property ${JSON.stringify(params["additionalProperty"])}`;
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
