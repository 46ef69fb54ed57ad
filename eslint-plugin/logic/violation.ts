import type { RuleId } from "../rule-registry.js";

/** ESTree positions: `line` is 1-based, `column` is 0-based (ESLint shows column + 1). */
export interface Position {
  readonly line: number;
  readonly column: number;
}

export interface SourceLocation {
  readonly start: Position;
  readonly end: Position;
}

/** One replacement of source text; `range` is [start, end) in UTF-16 offsets of the file. */
export interface TextEdit {
  readonly range: readonly [number, number];
  readonly text: string;
}

export interface Suggestion {
  readonly messageId: string;
  readonly message: string;
  readonly data: Readonly<Record<string, string>>;
  readonly fix: TextEdit;
}

export type { RuleId };

/** A violation as both ESLint and the analyzer report it. */
export interface Violation {
  readonly ruleId: RuleId;
  readonly messageId: string;
  /** `messages[messageId]` with `data` interpolated, exactly as ESLint formats it. */
  readonly message: string;
  readonly data: Readonly<Record<string, string>>;
  readonly loc: SourceLocation;
  readonly suggestions?: readonly Suggestion[];
}

/** ESLint's message interpolation: `{{ key }}` replaced by `data[key]`, unknown keys left as is. */
export function interpolate(template: string, data: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{([^{}]+)\}\}/gu, (whole, key: string) => {
    const name = key.trim();
    return Object.prototype.hasOwnProperty.call(data, name) ? String(data[name]) : whole;
  });
}

/** Orders violations the way ESLint orders its messages: by line, then column. */
export function compareViolations(a: Violation, b: Violation): number {
  return a.loc.start.line - b.loc.start.line || a.loc.start.column - b.loc.start.column;
}

/** Builds violations for one rule from its message table, so message text never drifts. */
export class ViolationFactory<MessageId extends string> {
  constructor(
    readonly ruleId: RuleId,
    readonly messages: Readonly<Record<MessageId, string>>,
  ) {}

  create(
    messageId: MessageId,
    loc: SourceLocation,
    data: Readonly<Record<string, string>>,
    suggestions?: readonly Suggestion[],
  ): Violation {
    const violation: Violation = {
      ruleId: this.ruleId,
      messageId,
      message: interpolate(this.messages[messageId], data),
      data,
      loc: { start: { ...loc.start }, end: { ...loc.end } },
    };
    return suggestions && suggestions.length > 0 ? { ...violation, suggestions } : violation;
  }

  suggestion(
    messageId: MessageId,
    data: Readonly<Record<string, string>>,
    fix: TextEdit,
  ): Suggestion {
    return { messageId, message: interpolate(this.messages[messageId], data), data, fix };
  }
}
