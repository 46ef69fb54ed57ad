import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { formatNames, fullFormats } from "ajv-formats/dist/formats.js";
import type { ValidateFunction } from "ajv";
import { useJsonEqualInAjv } from "./json-equal.js";

// ajv-formats is CommonJS with an `exports.default`; under NodeNext the default import is the
// module object or the function itself depending on the loader, so accept both.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as typeof addFormatsModule.default;

function createAjv(allErrors: boolean): Ajv2020 {
  useJsonEqualInAjv();
  // ownProperties: a value's own properties are its data, as JSON.stringify and structuredClone
  // see it. Without it Ajv reads `data.toString` for a required "toString" and `{}` passes, an
  // `Object.create({ x: 1 })` passes for `{ x }`, and inherited enumerable keys count as unknown.
  const ajv = new Ajv2020({ strict: true, allErrors, strictTuples: false, ownProperties: true });
  addFormats(ajv);
  return ajv;
}

/** A format that ajv-formats defines for numbers (`int32`, `float`, ...): it never checks a string. */
function checksNumbers(name: (typeof formatNames)[number]): boolean {
  const format: unknown = fullFormats[name];
  return typeof format === "object" && format !== null && (format as { type?: unknown }).type === "number";
}

/**
 * The string formats `createAjv` registers (ajv-formats' default set, less its number formats),
 * known without creating an Ajv: builders check `format` against them when a schema is built.
 */
export const STRING_FORMATS: ReadonlySet<string> = new Set(formatNames.filter((name) => !checksNumbers(name)));
/** The number formats `createAjv` registers; no builder takes them. */
export const NUMBER_FORMATS: ReadonlySet<string> = new Set(formatNames.filter(checksNumbers));

let firstError: Ajv2020 | undefined;
let everyError: Ajv2020 | undefined;

/**
 * The runtime's Ajv for deciding validity: JSON Schema 2020-12, strict, formats enforced, and
 * stopping at the first error (Ajv's security guidance: `allErrors` lets a hostile value make
 * validation produce an error per key).
 */
export function runtimeAjv(): Ajv2020 {
  return (firstError ??= createAjv(false));
}

/** The same, reporting every error: only ever run on values known to be small. */
function collectingAjv(): Ajv2020 {
  return (everyError ??= createAjv(true));
}

const compiled = new WeakMap<object, ValidateFunction>();
const collecting = new WeakMap<object, ValidateFunction>();

function compiledOnce(cache: WeakMap<object, ValidateFunction>, ajv: () => Ajv2020, schema: object): ValidateFunction {
  let validate = cache.get(schema);
  if (validate === undefined) {
    validate = ajv().compile(schema);
    cache.set(schema, validate);
  }
  return validate;
}

/** Compiles a schema on first use and keeps the validator for the schema's lifetime. */
export function validatorFor(schema: object): ValidateFunction {
  return compiledOnce(compiled, runtimeAjv, schema);
}

/** The every-error validator of a schema, compiled the first time a small value fails it. */
export function collectingValidatorFor(schema: object): ValidateFunction {
  return compiledOnce(collecting, collectingAjv, schema);
}
