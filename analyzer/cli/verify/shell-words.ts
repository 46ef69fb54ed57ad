// A command line read as a POSIX shell reads it, without running anything: its simple commands
// (split at unquoted `&&`, `||`, `|`, `;`, `&`, parentheses and newlines), each as its words
// (quotes and backslashes removed, an unquoted `#` at a word's start beginning a comment, and
// redirections with their targets left out).

/** The simple commands of `text`, each as its words, in order. */
export function shellCommands(text: string): string[][] {
  const commands: string[][] = [];
  let words: string[] = [];
  let word = "";
  let started = false;
  /** The next word is a redirection's target (`> out.txt`), not an argument. */
  let redirect = false;
  const endWord = (): void => {
    if (started) {
      if (redirect) redirect = false;
      else words.push(word);
    }
    word = "";
    started = false;
  };
  const endCommand = (): void => {
    endWord();
    redirect = false;
    if (words.length > 0) commands.push(words);
    words = [];
  };
  let index = 0;
  while (index < text.length) {
    const char = text[index] as string;
    const next = text[index + 1];
    if (char === "'") {
      const close = text.indexOf("'", index + 1);
      const stop = close === -1 ? text.length : close;
      word += text.slice(index + 1, stop);
      started = true;
      index = stop + 1;
    } else if (char === '"') {
      started = true;
      index++;
      while (index < text.length && text[index] !== '"') {
        const inner = text[index] as string;
        const escaped = text[index + 1];
        // Inside double quotes a backslash escapes these alone; before a newline it joins lines.
        if (inner === "\\" && escaped !== undefined && '$`"\\\n'.includes(escaped)) {
          if (escaped !== "\n") word += escaped;
          index += 2;
        } else {
          word += inner;
          index++;
        }
      }
      index++;
    } else if (char === "\\") {
      if (next !== undefined && next !== "\n") {
        word += next;
        started = true;
      }
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
    } else if (char === "#" && !started) {
      while (index < text.length && text[index] !== "\n") index++;
    } else {
      word += char;
      started = true;
      index++;
    }
  }
  endCommand();
  return commands;
}
