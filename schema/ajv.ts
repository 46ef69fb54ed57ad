import { Ajv2020 } from "ajv/dist/2020.js";
import type { ErrorObject } from "ajv";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS with `exports.default`; depending on the loader the default import is
// the function or the module object, so accept both.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as typeof addFormatsModule.default;

/**
 * A new Ajv for the project's own JSON Schemas (2020-12): strict, every error collected,
 * `format` enforced. `strictTuples` is off so open `prefixItems` tuples are accepted.
 */
export function createAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, strictTuples: false });
  addFormats(ajv);
  return ajv;
}

/**
 * Turns Ajv errors into short lines `"<json pointer> <problem>"`, most specific first: errors
 * of combinators (`anyOf`, `oneOf`) are dropped when a deeper error explains them, and the
 * alternatives failing at one path are joined with "or".
 */
export function describeAjvErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  if (!errors || errors.length === 0) return [];
  const meaningful = errors.filter((e) => e.keyword !== "anyOf" && e.keyword !== "oneOf" && e.keyword !== "if");
  const candidates = meaningful.length > 0 ? meaningful : [...errors];
  const paths = candidates.map((e) => e.instancePath);
  const deepest = candidates.filter(
    (e) => !paths.some((p) => p !== e.instancePath && p.startsWith(`${e.instancePath}/`)),
  );
  const byPath = new Map<string, string[]>();
  for (const error of deepest) {
    const list = byPath.get(error.instancePath) ?? [];
    const problem = describeOne(error);
    if (!list.includes(problem)) list.push(problem);
    byPath.set(error.instancePath, list);
  }
  const lines: string[] = [];
  for (const [path, problems] of byPath) {
    // "must be \"off\" or object", "must be \"off\" or have the property \"allow\""
    const joined = problems
      .map((problem, index) => (index === 0 ? problem : problem.replace(problems[0]?.startsWith("must be ") && problem.startsWith("must be ") ? /^must be / : /^must /u, "")))
      .join(" or ");
    lines.push(`${path === "" ? "/" : path} ${joined}`);
  }
  return lines;
}

function describeOne(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
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
