// A command line read as a POSIX shell reads it, without running anything: its simple commands
// (split at unquoted `&&`, `||`, `|`, `;`, `&`, parentheses and newlines), each as its words
// (quotes and backslashes removed, an unquoted `#` at a word's start beginning a comment, and
// redirections with their targets left out), with `$NAME` and `${NAME}` expanded from the given
// environment (unset is empty; unquoted, the value is split into words at blanks).

/** Variables `$NAME` reads. */
export type ShellEnv = Readonly<Record<string, string | undefined>>;

const NAME = /^[A-Za-z_]\w*/u;
/** `${NAME}`, `${NAME-word}`, `${NAME:-word}`. */
const BRACED = /^\{([A-Za-z_]\w*)(?:(:?-)([^}]*))?\}/u;
/** Special parameters (`$1`, `$@`, `$?`...): none is set where the script is read. */
const SPECIAL = /^[\d@*#?$!-]/u;

/**
 * The value of the expansion at the start of `text` (just after a `$`) and its length, or
 * undefined when the `$` is a character of the word (`$(`, `$` at the end).
 */
function expansion(text: string, env: ShellEnv): { value: string; length: number } | undefined {
  const braced = BRACED.exec(text);
  if (braced !== null) {
    const [whole, name = "", operator, fallback = ""] = braced;
    const value = env[name];
    const unset = value === undefined || (operator === ":-" && value === "");
    return {
      value: operator !== undefined && unset ? fallback : (value ?? ""),
      length: whole.length,
    };
  }
  const name = NAME.exec(text)?.[0];
  if (name !== undefined) return { value: env[name] ?? "", length: name.length };
  if (SPECIAL.test(text)) return { value: "", length: 1 };
  return undefined;
}

/** The text of the double-quoted string from `start` (after its `"`), and where it ends. */
function doubleQuoted(text: string, start: number, env: ShellEnv): { value: string; end: number } {
  let value = "";
  let index = start;
  while (index < text.length && text[index] !== '"') {
    const char = text[index] as string;
    const escaped = text[index + 1];
    const expanded = char === "$" ? expansion(text.slice(index + 1), env) : undefined;
    // Inside double quotes a backslash escapes these alone; before a newline it joins lines.
    if (char === "\\" && escaped !== undefined && '$`"\\\n'.includes(escaped)) {
      if (escaped !== "\n") value += escaped;
      index += 2;
    } else if (expanded !== undefined) {
      value += expanded.value;
      index += 1 + expanded.length;
    } else {
      value += char;
      index++;
    }
  }
  return { value, end: index + 1 };
}

/** A variable assignment word: `NAME=value`. */
const ASSIGNMENT = /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/u;

/**
 * What a command's expansions read: its leading assignments (`A=1 B=$A jest`) are made left to
 * right, each seeing those before it; its other words see the variables as they were.
 */
class AssignmentScope {
  env: ShellEnv;
  private assigning = true;

  constructor(private readonly outer: ShellEnv) {
    this.env = outer;
  }

  /** A word of the command ended. */
  word(word: string): void {
    if (!this.assigning) return;
    const assignment = ASSIGNMENT.exec(word);
    if (assignment) this.env = { ...this.env, [assignment[1] as string]: assignment[2] as string };
    else {
      this.assigning = false;
      this.env = this.outer;
    }
  }

  /** The command ended: the next starts with the variables as they were. */
  command(): void {
    this.env = this.outer;
    this.assigning = true;
  }
}

/** The simple commands of `text`, each as its words, in order. */
export function shellCommands(text: string, env: ShellEnv = {}): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = "";
  let started = false;
  /** The next word is a redirection's target (`> out.txt`), not an argument. */
  let redirect = false;
  const scope = new AssignmentScope(env);
  const append = (value: string): void => {
    word += value;
    started = true;
  };
  const endWord = (): void => {
    if (started) {
      if (redirect) redirect = false;
      else {
        words.push(word);
        scope.word(word);
      }
    }
    word = "";
    started = false;
  };
  const endCommand = (): void => {
    endWord();
    redirect = false;
    if (words.length > 0) commands.push(words);
    words = [];
    scope.command();
  };
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    const next = text[index + 1];
    const expanded = char === "$" ? expansion(text.slice(index + 1), scope.env) : undefined;
    if (char === "'" || char === '"') {
      const quoted =
        char === "'" ? singleQuoted(text, index + 1) : doubleQuoted(text, index + 1, scope.env);
      append(quoted.value);
      index = quoted.end;
    } else if (char === "\\") {
      if (next !== undefined && next !== "\n") append(next);
      index += 2;
    } else if (char === " " || char === "\t") {
      endWord();
      index++;
    } else if (char === "\n" || ";&|()".includes(char)) {
      endCommand();
      index += (char === "&" || char === "|") && next === char ? 2 : 1;
    } else if (char === "<" || char === ">") {
      // `2>&1`: the digits before the operator name a file descriptor, not an argument.
      if (started && /^\d+$/u.test(word)) {
        word = "";
        started = false;
      } else endWord();
      redirect = true;
      index++;
      while (index < text.length && ">&|".includes(text[index] as string)) index++;
    } else if (expanded !== undefined) {
      const { value, length } = expanded;
      // Unquoted, the value is split at blanks: `$FLAGS` may be several words, or none.
      value.split(/[ \t\n]+/u).forEach((field, at) => {
        if (at > 0) endWord();
        if (field !== "") append(field);
      });
      index += 1 + length;
    } else if (char === "#" && !started) {
      while (index < text.length && text[index] !== "\n") index++;
    } else {
      append(char);
      index++;
    }
  }
  endCommand();
  return commands;
}

/** A single-quoted string's text from `start` (just after the quote) and where it ends. */
function singleQuoted(text: string, start: number): { value: string; end: number } {
  const close = text.indexOf("'", start);
  const stop = close === -1 ? text.length : close;
  return { value: text.slice(start, stop), end: stop + 1 };
}
