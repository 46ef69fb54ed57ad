/**
 * Where a JSON text stops being valid JSON, for error messages that name a line and column
 * (JSON.parse does not report positions on every Node version). Call it only on text that
 * JSON.parse rejected.
 */
export interface JsonSyntaxProblem {
  /** 1-based line and column of the offending character. */
  readonly line: number;
  readonly column: number;
  readonly reason: string;
}

export function findJsonSyntaxProblem(text: string): JsonSyntaxProblem {
  let offset = 0;

  class Stop extends Error {
    constructor(readonly reason: string) {
      super(reason);
    }
  }

  const describe = (): string =>
    offset >= text.length
      ? "unexpected end of input"
      : `unexpected ${JSON.stringify(text[offset])}`;
  const fail = (reason = describe()): never => {
    throw new Stop(reason);
  };
  const skipSpace = (): void => {
    while (offset < text.length && " \t\r\n".includes(text[offset] ?? "")) offset += 1;
  };
  const expect = (char: string): void => {
    if (text[offset] !== char) fail(`${describe()}, expected ${JSON.stringify(char)}`);
    offset += 1;
  };
  const string = (): void => {
    expect('"');
    while (offset < text.length && text[offset] !== '"') {
      const char = text[offset] ?? "";
      if (char < " ") fail(`unescaped control character in a string`);
      if (char === "\\") {
        offset += 1;
        const escape = text[offset] ?? "";
        if (escape === "u") {
          if (!/^[0-9a-fA-F]{4}$/u.test(text.slice(offset + 1, offset + 5)))
            fail("invalid \\u escape");
          offset += 4;
        } else if (!'"\\/bfnrt'.includes(escape) || escape === "") fail("invalid escape");
      }
      offset += 1;
    }
    expect('"');
  };
  const number = (): void => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/u.exec(text.slice(offset));
    if (!match) fail();
    offset += match![0].length;
  };
  const value = (): void => {
    skipSpace();
    const char = text[offset];
    if (char === "{") {
      offset += 1;
      skipSpace();
      if (text[offset] === "}") {
        offset += 1;
        return;
      }
      for (;;) {
        skipSpace();
        if (text[offset] !== '"') fail(`${describe()}, expected a property name in double quotes`);
        string();
        skipSpace();
        expect(":");
        value();
        skipSpace();
        if (text[offset] === ",") {
          offset += 1;
          continue;
        }
        expect("}");
        return;
      }
    }
    if (char === "[") {
      offset += 1;
      skipSpace();
      if (text[offset] === "]") {
        offset += 1;
        return;
      }
      for (;;) {
        value();
        skipSpace();
        if (text[offset] === ",") {
          offset += 1;
          continue;
        }
        expect("]");
        return;
      }
    }
    if (char === '"') return string();
    for (const literal of ["true", "false", "null"]) {
      if (text.startsWith(literal, offset)) {
        offset += literal.length;
        return;
      }
    }
    if (char === "-" || (char !== undefined && char >= "0" && char <= "9")) return number();
    fail();
  };

  let reason = "invalid JSON";
  try {
    if (text.charCodeAt(0) === 0xfeff) offset = 1;
    value();
    skipSpace();
    if (offset < text.length) fail();
  } catch (error) {
    if (!(error instanceof Stop)) throw error;
    reason = error.reason;
  }
  const before = text.slice(0, offset);
  const line = before.split("\n").length;
  return { line, column: offset - (before.lastIndexOf("\n") + 1) + 1, reason };
}
