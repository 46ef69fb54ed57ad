import { createRequire } from "node:module";

/**
 * Whether two JSON values are equal: the same primitive, or arrays of equal items, or objects
 * with the same prototype and the same own keys holding equal values. Ajv compares `const`,
 * `enum` and `uniqueItems` with fast-deep-equal, which calls an object's own `valueOf` or
 * `toString` when it is not Object.prototype's (a body `{"valueOf": {}}` made validation throw
 * "a.valueOf is not a function") and compares own `constructor` keys by identity (two
 * `{"constructor": {}}` were never equal): both are ordinary keys of JSON data.
 */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null)
    return Number.isNaN(a) && Number.isNaN(b);
  const prototype: unknown = Object.getPrototypeOf(a);
  if (prototype !== Object.getPrototypeOf(b)) return false;
  // Not JSON data (a Date, a RegExp, a Map): compared as Ajv always did.
  if (prototype !== Object.prototype && prototype !== null && !Array.isArray(a))
    return ajvEqual()(a, b);
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let at = 0; at < a.length; at += 1) if (!jsonEqual(a[at], other[at])) return false;
    return true;
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys)
    if (
      !Object.hasOwn(b, key) ||
      !jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key])
    )
      return false;
  return true;
}

/**
 * Makes Ajv compile `const`, `enum` and `uniqueItems` with jsonEqual: its vocabularies read the
 * comparison from `ajv/dist/runtime/equal` as each schema is compiled (Ajv has no option for
 * it). Run before the first compile. Every Ajv of the process then compares so; on values that
 * are not JSON data, as before.
 */
export function useJsonEqualInAjv(): void {
  const module = ajvEqualModule();
  if (module.default === jsonEqual) return;
  original ??= module.default;
  // `code` is how standalone code would import it; agentix compiles in process only.
  module.default = Object.assign(jsonEqual, { code: original.code });
}

type Equal = ((a: unknown, b: unknown) => boolean) & { code: string };

/** Ajv's own comparison (fast-deep-equal), kept for values that are not JSON data. */
let original: Equal | undefined;

function ajvEqualModule(): { default: Equal } {
  return createRequire(import.meta.url)("ajv/dist/runtime/equal") as { default: Equal };
}

function ajvEqual(): Equal {
  return (original ??= ajvEqualModule().default);
}
