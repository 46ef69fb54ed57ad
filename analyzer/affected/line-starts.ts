// Where each line of a text starts, exactly as TypeScript's `computeLineStarts` counts lines
// (CR LF, LF, CR, U+2028 and U+2029 each end one), without loading TypeScript: the affected
// record leaves line starts out, since the file's text, proven unchanged, gives them back.
const CR = 0x0d;
const LF = 0x0a;
const LINE_SEPARATOR = 0x2028;
const PARAGRAPH_SEPARATOR = 0x2029;

export function lineStartsOf(text: string): number[] {
  const starts = [0];
  for (let at = 0; at < text.length;) {
    const ch = text.charCodeAt(at++);
    if (ch === CR && text.charCodeAt(at) === LF) at++;
    if (ch === CR || ch === LF || ch === LINE_SEPARATOR || ch === PARAGRAPH_SEPARATOR)
      starts.push(at);
  }
  return starts;
}
