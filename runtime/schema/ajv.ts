import { Ajv2020 } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import type { ValidateFunction } from "ajv";

// ajv-formats is CommonJS with an `exports.default`; under NodeNext the default import is the
// module object or the function itself depending on the loader, so accept both.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ??
  addFormatsModule) as unknown as typeof addFormatsModule.default;

let instance: Ajv2020 | undefined;

/** The runtime's one Ajv: JSON Schema 2020-12, strict, every error, formats enforced. */
export function runtimeAjv(): Ajv2020 {
  if (instance === undefined) {
    instance = new Ajv2020({ strict: true, allErrors: true, strictTuples: false });
    addFormats(instance);
  }
  return instance;
}

const compiled = new WeakMap<object, ValidateFunction>();

/** Compiles a schema on first use and keeps the validator for the schema's lifetime. */
export function validatorFor(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (validate === undefined) {
    validate = runtimeAjv().compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}
