import type { Issue } from "./types.js";

/** An issue list names at most this many issues; `omittedIssues` counts the others. */
export const MAX_LISTED_ISSUES = 50;
/** Longer paths and messages (a hostile key can be a megabyte) are cut to this many characters. */
export const MAX_ISSUE_TEXT = 200;
/**
 * Values with more nodes (object members and array items, counted from the root) than this are
 * validated up to their first error only, so a hostile body cannot make validation produce one
 * error per key.
 */
export const MAX_NODES_FOR_EVERY_ISSUE = 1_000;

export interface BoundedIssues {
  readonly issues: readonly Issue[];
  /** How many issues were found beyond the listed ones; absent when none were. */
  readonly omittedIssues?: number;
}

/** The first issues, with long texts cut, and a count of the rest (of `found`, when more were found than given). */
export function boundIssues(issues: readonly Issue[], found = issues.length): BoundedIssues {
  const listed = issues.slice(0, MAX_LISTED_ISSUES).map(boundIssue);
  const omitted = found - listed.length;
  return omitted > 0 ? { issues: listed, omittedIssues: omitted } : { issues: listed };
}

function boundIssue(issue: Issue): Issue {
  if (issue.path.length <= MAX_ISSUE_TEXT && issue.message.length <= MAX_ISSUE_TEXT) return issue;
  return { code: issue.code, path: cut(issue.path), message: cut(issue.message) };
}

function cut(text: string): string {
  if (text.length <= MAX_ISSUE_TEXT) return text;
  return `${text.slice(0, MAX_ISSUE_TEXT)}... (${text.length - MAX_ISSUE_TEXT} more characters)`;
}

/** Whether the value has at most `budget` nodes; stops counting as soon as it has more. */
export function hasAtMostNodes(value: unknown, budget: number): boolean {
  const pending: unknown[] = [value];
  let seen = 0;
  while (pending.length > 0) {
    const current = pending.pop();
    seen++;
    if (current === null || typeof current !== "object") continue;
    if (Array.isArray(current)) {
      if (seen + pending.length + current.length > budget) return false;
      for (const item of current) pending.push(item);
      continue;
    }
    for (const key in current) {
      if (!Object.hasOwn(current, key)) continue;
      pending.push((current as Record<string, unknown>)[key]);
      if (seen + pending.length > budget) return false;
    }
  }
  return seen <= budget;
}
