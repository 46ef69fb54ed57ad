// A word of a command line agentix shows, written so that a POSIX shell reads it back as exactly
// that word: pasted into bash, a test name holding `$(...)`, backticks, quotes or spaces is an
// argument, never code.

/** Characters a shell reads literally outside quotes. */
const PLAIN = /^[\w@%+=:,./-]+$/u;

/** `word` as a shell word: as it is when plain, else in single quotes (`'` as `'\''`). */
export function shellQuote(word: string): string {
  return PLAIN.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}

/** `NAME=value` as a shell reads it: the value quoted as a word. */
export function shellAssignment(name: string, value: string): string {
  return `${name}=${shellQuote(value)}`;
}
