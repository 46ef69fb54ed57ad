// Every comment of a parsed file, found through its tree (so a `//` inside a string or a
// template is no comment). The TypeScript module is passed in: the analyzer's (ts-morph's) or
// one loaded lazily (affected/comment-lines.ts, which must not load it for a fresh answer).

interface CommentRange {
  readonly pos: number;
  readonly end: number;
}

/** What of TypeScript the walk needs, whichever copy provides it. */
export interface CommentScanner<Node extends { readonly pos: number; readonly end: number }> {
  getLeadingCommentRanges(text: string, pos: number): CommentRange[] | undefined;
  getTrailingCommentRanges(text: string, pos: number): CommentRange[] | undefined;
  forEachChild(node: Node, visit: (node: Node) => void): unknown;
}

/** The comments of `sourceFile` (its text, its end-of-file token), in source order, once each. */
export function commentRangesOf<Node extends { readonly pos: number; readonly end: number }>(
  scanner: CommentScanner<Node>,
  sourceFile: Node & { readonly text: string; readonly endOfFileToken: Node },
): CommentRange[] {
  const text = sourceFile.text;
  const seen = new Map<number, CommentRange>();
  const add = (ranges: CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) seen.set(range.pos, range);
  };
  const visit = (node: Node): void => {
    add(scanner.getLeadingCommentRanges(text, node.pos));
    add(scanner.getTrailingCommentRanges(text, node.end));
    scanner.forEachChild(node, visit);
  };
  visit(sourceFile);
  add(scanner.getLeadingCommentRanges(text, sourceFile.endOfFileToken.pos));
  return [...seen.values()].sort((a, b) => a.pos - b.pos);
}
