// The TypeScript types the s.* builders give a schema, printed as the checker prints them.
/** A printed type and how it binds, to parenthesize it inside arrays, unions and intersections. */
export interface TypeText {
  readonly text: string;
  readonly precedence: "atom" | "intersection" | "union";
}

export const atom = (text: string): TypeText => ({ text, precedence: "atom" });

export function inArray(type: TypeText): string {
  return type.precedence === "atom" ? type.text : `(${type.text})`;
}

export function inIntersection(type: TypeText): string {
  return type.precedence === "union" ? `(${type.text})` : type.text;
}

function inUnion(type: TypeText): string {
  return type.precedence === "intersection" ? `(${type.text})` : type.text;
}

export function union(types: readonly TypeText[]): TypeText {
  const parts = [...new Set(types.map(inUnion))];
  if (parts.length === 0) return atom("never");
  return parts.length === 1 ? types[0]! : { text: parts.join(" | "), precedence: "union" };
}

export function literalText(value: unknown): string {
  return typeof value === "string" ? JSON.stringify(value) : String(value);
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/u;

function keyText(key: string): string {
  return IDENTIFIER.test(key) || /^(0|[1-9]\d*)$/u.test(key) ? key : JSON.stringify(key);
}

/** A projected property, as its object type prints it. */
interface PropertyTypes {
  readonly optional: boolean;
  readonly output: TypeText;
  readonly input: TypeText;
}

export function objectType(
  entries: readonly (readonly [string, PropertyTypes])[],
  side: "output" | "input",
): TypeText {
  if (entries.length === 0) return atom("{}");
  const members = entries.map(([key, value]) => {
    const type = value[side];
    // An optional property never holds undefined itself (Exclude<..., undefined> in the builders).
    const text =
      value.optional && type.text.endsWith(" | undefined")
        ? type.text.slice(0, -" | undefined".length)
        : type.text;
    return `${side === "input" ? "readonly " : ""}${keyText(key)}${value.optional ? "?" : ""}: ${text};`;
  });
  return atom(`{ ${members.join(" ")} }`);
}
