// Expected vs actual JSON, as a list of differences at JSON-pointer paths. Expectations are
// plain JSON with two matchers, for what the contract deliberately leaves open:
//   { "$any": "string" }     any non-empty string (e.g. a validation issue's human message)
//   { "$unordered": [...] }  an array holding exactly these items, in any order

export interface Difference {
  readonly path: string;
  /** `undefined` when the actual value has something the expectation does not. */
  readonly expected: unknown;
  /** `undefined` when the actual value lacks something the expectation has. */
  readonly actual: unknown;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function matcher(value: unknown): { readonly any: "string" } | { readonly unordered: readonly unknown[] } | undefined {
  if (!isObject(value)) return undefined;
  const keys = Object.keys(value);
  if (keys.length !== 1) return undefined;
  if (keys[0] === "$any" && value["$any"] === "string") return { any: "string" };
  if (keys[0] === "$unordered" && Array.isArray(value["$unordered"])) return { unordered: value["$unordered"] };
  return undefined;
}

function escape(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

export function differences(expected: unknown, actual: unknown, path = ""): Difference[] {
  const match = matcher(expected);
  if (match !== undefined) {
    if ("any" in match) return typeof actual === "string" && actual.length > 0 ? [] : [{ path, expected, actual }];
    return unorderedDifferences(match.unordered, actual, path);
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [{ path, expected, actual }];
    const found: Difference[] = [];
    for (let index = 0; index < Math.max(expected.length, actual.length); index++) {
      found.push(...differences(expected[index], actual[index], `${path}/${String(index)}`));
    }
    return found;
  }
  if (isObject(expected)) {
    if (!isObject(actual)) return [{ path, expected, actual }];
    const found: Difference[] = [];
    for (const key of Object.keys(expected)) found.push(...differences(expected[key], actual[key], `${path}/${escape(key)}`));
    for (const key of Object.keys(actual)) if (!Object.hasOwn(expected, key)) found.push({ path: `${path}/${escape(key)}`, expected: undefined, actual: actual[key] });
    return found;
  }
  return Object.is(expected, actual) ? [] : [{ path, expected, actual }];
}

/** Pairs each expected item with an equal actual one; what stays unpaired on either side differs. */
function unorderedDifferences(expected: readonly unknown[], actual: unknown, path: string): Difference[] {
  if (!Array.isArray(actual)) return [{ path, expected, actual }];
  const unpaired = [...actual];
  const missing: unknown[] = [];
  for (const item of expected) {
    const index = unpaired.findIndex((candidate) => differences(item, candidate).length === 0);
    if (index === -1) missing.push(item);
    else unpaired.splice(index, 1);
  }
  return [
    ...missing.map((item) => ({ path: `${path}/(any)`, expected: item, actual: undefined })),
    ...unpaired.map((item) => ({ path: `${path}/(any)`, expected: undefined, actual: item })),
  ];
}

/** `  /body/error/code: expected "OUT_OF_STOCK", got "CONFLICT"`, one line per difference. */
export function formatDifferences(found: readonly Difference[], indent = "  "): string[] {
  return found.map(({ path, expected, actual }) => {
    const where = path === "" ? "(whole value)" : path;
    if (expected === undefined) return `${indent}${where}: unexpected ${show(actual)}`;
    if (actual === undefined) return `${indent}${where}: missing, expected ${show(expected)}`;
    return `${indent}${where}: expected ${show(expected)}, got ${show(actual)}`;
  });
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 160 ? `${text.slice(0, 157)}...` : text;
}
