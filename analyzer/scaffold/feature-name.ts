// What `agentix scaffold feature <name>` accepts: a kebab-case id that is safe as a folder name
// on every platform and turns into valid TypeScript identifiers.

export interface FeatureNames {
  /** The feature id and folder name: `shipping-quotes`. */
  readonly id: string;
  /** For values: `shippingQuotes`. */
  readonly camel: string;
  /** For schemas and ports: `ShippingQuotes`. */
  readonly pascal: string;
}

const MAX_LENGTH = 40;
const shape = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

// ECMAScript reserved words (strict mode included) and literals, plus TypeScript's own.
const reserved = new Set(
  (
    "await break case catch class const continue debugger default delete do else enum export extends false finally for " +
    "function if implements import in instanceof interface let new null package private protected public return static " +
    "super switch this throw true try typeof var void while with yield arguments eval undefined NaN Infinity " +
    "any boolean constructor declare get module namespace never readonly require number object set string symbol type unknown " +
    "prototype __proto__"
  ).split(" "),
);
// What the scaffolded files import: a feature named after one (`define-feature`) would declare
// `export const defineFeature = defineFeature(...)`, which does not compile.
const imported = new Set(
  (
    "defineContract definePort portOperation s Infer defineCommand defineQuery Ids defineFeature " +
    "assertEffects memoryPort sequentialIds testCommand testQuery describe expect it"
  ).split(" "),
);
// Device names Windows refuses as folder names, whatever the extension.
const windowsDevices = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/;

export type FeatureNameResult =
  | { readonly ok: true; readonly names: FeatureNames }
  | { readonly ok: false; readonly problem: string };

export function parseFeatureName(raw: string): FeatureNameResult {
  const name = raw;
  if (name.length === 0) return { ok: false, problem: "the feature name is empty" };
  if (name.includes("/") || name.includes("\\"))
    return { ok: false, problem: `"${name}" contains a path separator; give a name, not a path` };
  if (name.includes("..")) return { ok: false, problem: `"${name}" contains ".."` };
  if (name.length > MAX_LENGTH)
    return { ok: false, problem: `"${name}" is longer than ${MAX_LENGTH} characters` };
  if (!shape.test(name)) {
    return {
      ok: false,
      problem: `"${name}" is not a kebab-case name: use lower-case letters, digits and single hyphens, starting with a letter (e.g. shipping-quotes)`,
    };
  }
  const camel = name.replace(/-([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
  const pascal = camel.charAt(0).toUpperCase() + camel.slice(1);
  if (reserved.has(name) || reserved.has(camel))
    return { ok: false, problem: `"${name}" is a reserved word in JavaScript or TypeScript` };
  if (imported.has(camel))
    return {
      ok: false,
      problem: `"${name}" would name the feature ${camel}, which the scaffolded files import from agentix or vitest; choose another name`,
    };
  if (windowsDevices.test(name))
    return { ok: false, problem: `"${name}" is a reserved device name on Windows` };
  return { ok: true, names: { id: name, camel, pascal } };
}
