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
  /** JSX text: what looks like a comment in it (`<p>// x</p>`) is text. */
  isJsxText(node: Node): boolean;
  /** `{...}` among JSX children: an empty one holds a comment alone (the way to write a directive in JSX). */
  isJsxExpression(node: Node): boolean;
}

/** The comments of `sourceFile` (its text, its end-of-file token), in source order, once each. */
export function commentRangesOf<Node extends { readonly pos: number; readonly end: number }>(
  scanner: CommentScanner<Node>,
  sourceFile: Node & { readonly text: string; readonly endOfFileToken: Node },
): CommentRange[] {
  const text = sourceFile.text;
  const seen = new Map<number, CommentRange>();
  // The scans from a node's edges read on through JSX text beside it as trivia.
  const jsxTexts: Node[] = [];
  const add = (ranges: CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) seen.set(range.pos, range);
  };
  const visit = (node: Node): void => {
    if (scanner.isJsxText(node)) {
      jsxTexts.push(node);
      return;
    }
    add(scanner.getLeadingCommentRanges(text, node.pos));
    add(scanner.getTrailingCommentRanges(text, node.end));
    if (scanner.isJsxExpression(node)) {
      // Comments on the brace's line are "trailing" ones, those on later lines "leading".
      const inside = text.indexOf("{", node.pos) + 1;
      add(scanner.getTrailingCommentRanges(text, inside));
      add(scanner.getLeadingCommentRanges(text, inside));
    }
    scanner.forEachChild(node, visit);
  };
  visit(sourceFile);
  add(scanner.getLeadingCommentRanges(text, sourceFile.endOfFileToken.pos));
  const inJsxText = (range: CommentRange): boolean =>
    jsxTexts.some((jsx) => range.pos >= jsx.pos && range.pos < jsx.end);
  return [...seen.values()]
    .filter((range) => jsxTexts.length === 0 || !inJsxText(range))
    .sort((a, b) => a.pos - b.pos);
}
