// The top level of a small YAML configuration file (a .mocharc.yml): keys whose values are a
// scalar, a flow list (`[a, "b"]`) or a block list of scalars (`- a`), read as text. A value in
// any other form (a nested mapping, a multi-line string, an anchor, an alias or a tag) is
// UNREADABLE, never guessed: the reader of that key decides what not knowing it means. No YAML
// library is a dependency of the package for this (a parser is ten times the size of the
// analyzer's other dependencies); anything past this subset is said to be unreadable.

export const UNREADABLE: unique symbol = Symbol("unreadable YAML value");

export type YamlScalar = string | number | boolean | null;
export type YamlValue = YamlScalar | readonly YamlScalar[] | typeof UNREADABLE;

export interface YamlEntry {
  readonly value: YamlValue;
  /** 1-based line of its key. */
  readonly line: number;
}

/** The top-level entries, or undefined when the text is no mapping this reader knows. */
export function readSimpleYaml(text: string): Map<string, YamlEntry> | undefined {
  const entries = new Map<string, YamlEntry>();
  const lines = text.replace(/^\uFEFF/u, "").split(/\r?\n/u);
  let index = 0;
  while (index < lines.length) {
    const raw = lines[index] as string;
    const line = withoutComment(raw);
    index++;
    if (line.trim() === "" || line === "---") continue;
    if (/^\s/u.test(line)) return undefined; // indented text where a key belongs
    const key = keyOf(line);
    if (key === undefined) return undefined;
    const { name, inline } = key;
    const at = index;
    // The lines below the key that belong to its value: indented ones and block list items.
    const below: string[] = [];
    while (index < lines.length) {
      const next = withoutComment(lines[index] as string);
      if (next.trim() !== "" && !/^\s|^-(?:\s|$)/u.test(next)) break;
      index++;
      if (next.trim() !== "") below.push(next);
    }
    entries.set(name, { value: valueOf(inline, below), line: at });
  }
  return entries;
}

/**
 * A top-level line's key and the text after its colon: a quoted key, or a plain one up to the
 * first colon that a space or the line's end follows. Scanned once, never backtracked: a hostile
 * config's one long line costs its length.
 */
function keyOf(line: string): { name: string; inline: string } | undefined {
  let name: string;
  let rest: string;
  const quote = line[0];
  if (quote === '"' || quote === "'") {
    const close = line.indexOf(quote, 1);
    if (close < 0) return undefined;
    name = line.slice(1, close);
    rest = line.slice(close + 1).trimStart();
    if (!rest.startsWith(":")) return undefined;
  } else {
    if (/^[\s:'"]/u.test(line)) return undefined;
    let colon = line.indexOf(":");
    while (colon >= 0 && colon + 1 < line.length && !/\s/u.test(line[colon + 1] as string))
      colon = line.indexOf(":", colon + 1);
    if (colon < 0) return undefined;
    name = line.slice(0, colon).trimEnd();
    rest = line.slice(colon);
  }
  const after = rest.slice(1);
  if (after !== "" && !/^\s/u.test(after)) return undefined;
  return { name, inline: after.trim() };
}

/** A key's value from the text after its colon and the lines below it. */
function valueOf(inline: string, below: readonly string[]): YamlValue {
  // A value on the key's line continued below it: a block scalar or a multi-line string.
  if (inline !== "") return below.length > 0 ? UNREADABLE : inlineValue(inline);
  if (below.length === 0) return null;
  const items: YamlScalar[] = [];
  for (const line of below) {
    const item = /^\s*-\s+(.*)$/u.exec(line);
    const value = item === null ? UNREADABLE : scalar((item[1] as string).trim());
    if (value === UNREADABLE) return UNREADABLE; // a nested mapping, a nested list
    items.push(value);
  }
  return items;
}

function inlineValue(text: string): YamlValue {
  const flow = /^\[(.*)\]$/u.exec(text);
  if (flow === null) return scalar(text);
  const body = (flow[1] as string).trim();
  if (body === "") return [];
  const items: YamlScalar[] = [];
  for (const part of splitFlow(body)) {
    const value = scalar(part.trim());
    if (value === UNREADABLE) return UNREADABLE;
    items.push(value);
  }
  return items;
}

/** A flow list's items, split at commas outside quotes. */
function splitFlow(body: string): string[] {
  return [...body.matchAll(/(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^,])+/gu)].map((m) => m[0]);
}

function scalar(text: string): YamlScalar | typeof UNREADABLE {
  if (text.startsWith('"')) {
    const quoted = /^"((?:[^"\\]|\\.)*)"$/u.exec(text);
    if (quoted === null) return UNREADABLE;
    try {
      return JSON.parse(`"${quoted[1] as string}"`) as string;
    } catch {
      return UNREADABLE; // a YAML escape JSON does not know
    }
  }
  if (text.startsWith("'")) {
    const quoted = /^'((?:[^']|'')*)'$/u.exec(text);
    return quoted === null ? UNREADABLE : (quoted[1] as string).replaceAll("''", "'");
  }
  // Forms this reader does not follow: mappings, anchors, aliases, tags, block scalars.
  if (/^[[{&*!|>%@`]/u.test(text) || /:\s|\s#/u.test(text)) return UNREADABLE;
  if (/^(?:true|True|TRUE)$/u.test(text)) return true;
  if (/^(?:false|False|FALSE)$/u.test(text)) return false;
  if (/^(?:null|Null|NULL|~)$/u.test(text)) return null;
  if (/^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?$/u.test(text)) return Number(text);
  return text;
}

/** The line without a comment (a # at its start or after a space, outside quotes). */
function withoutComment(line: string): string {
  let quote: string | undefined;
  for (let at = 0; at < line.length; at++) {
    const char = line[at] as string;
    if (quote !== undefined) {
      if (char === "\\" && quote === '"') at++;
      else if (char === quote) quote = undefined;
    } else if (char === '"' || char === "'") quote = char;
    else if (char === "#" && (at === 0 || /\s/u.test(line[at - 1] as string)))
      return line.slice(0, at).trimEnd();
  }
  return line.trimEnd();
}

/**
 * The scalar at `keys` through nested block mappings (`catalogs:` / `  react18:` /
 * `    typescript: 5.9.3`): undefined when a key on the way is missing; UNREADABLE when the way
 * or the value takes a form this reader does not follow (a flow mapping, a list where a mapping
 * belongs, a value continued on the lines below it).
 */
export function scalarAt(
  text: string,
  keys: readonly string[],
): YamlScalar | typeof UNREADABLE | undefined {
  const lines = text
    .replace(/^\uFEFF/u, "")
    .split(/\r?\n/u)
    .map((line) => withoutComment(line));
  let from = 0;
  let to = lines.length;
  for (const [depth, wanted] of keys.entries()) {
    const found = childEntry(lines, from, to, wanted);
    if (found === undefined || found === UNREADABLE) return found;
    const below = lines.slice(found.line + 1, found.end).some((line) => line.trim() !== "");
    if (depth === keys.length - 1) {
      if (found.inline === "") return below ? UNREADABLE : null;
      return below ? UNREADABLE : scalar(found.inline);
    }
    if (found.inline !== "") return UNREADABLE; // a flow mapping or a scalar where a mapping belongs
    from = found.line + 1;
    to = found.end;
  }
  return undefined;
}

/**
 * The entry `name` among the children of the block lines[from, to) (those indented as its
 * first line is): its line, the text after its colon, and where its own block ends.
 */
function childEntry(
  lines: readonly string[],
  from: number,
  to: number,
  name: string,
): { line: number; inline: string; end: number } | typeof UNREADABLE | undefined {
  let indent: number | undefined;
  let found: { line: number; inline: string } | undefined;
  for (let at = from; at < to; at++) {
    const line = lines[at] as string;
    if (line.trim() === "" || line === "---") continue;
    const own = line.length - line.trimStart().length;
    // Deeper lines, and block list items at a key's own indentation, belong to the key above.
    if (
      indent !== undefined &&
      (own > indent || (own === indent && /^-(?:\s|$)/u.test(line.trimStart())))
    )
      continue;
    indent ??= own;
    if (own < indent) return UNREADABLE;
    if (found !== undefined) return { ...found, end: at };
    const key = keyOf(line.trimStart());
    if (key === undefined) return UNREADABLE;
    if (key.name === name) found = { line: at, inline: key.inline };
  }
  return found === undefined ? undefined : { ...found, end: to };
}
