// Every comment of a parsed file, found through its tree (so a `//` inside a string, a template
// or a regular expression is no comment). The TypeScript module is passed in: the analyzer's
// (ts-morph's) or one loaded lazily (affected/comment-lines.ts, which must not load it for a
// fresh answer).

interface CommentRange {
  readonly pos: number;
  readonly end: number;
}

/** A scanner over part of a text, as TypeScript's createScanner makes one. */
interface TokenScanner {
  setText(text: string, start: number, length: number): void;
  scan(): number;
  getTokenStart(): number;
  getTokenEnd(): number;
}

/** What of TypeScript the walk needs, whichever copy provides it. */
export interface CommentScanner<Node extends ScannedNode> {
  getLeadingCommentRanges(text: string, pos: number): CommentRange[] | undefined;
  getTrailingCommentRanges(text: string, pos: number): CommentRange[] | undefined;
  forEachChild(node: Node, visit: (node: Node) => void): unknown;
  createScanner(
    languageVersion: number,
    skipTrivia: boolean,
    languageVariant: number,
  ): TokenScanner;
  readonly ScriptTarget: { readonly Latest: number };
  readonly SyntaxKind: {
    readonly SingleLineCommentTrivia: number;
    readonly MultiLineCommentTrivia: number;
    readonly EndOfFileToken: number;
    readonly RegularExpressionLiteral: number;
    readonly NoSubstitutionTemplateLiteral: number;
    readonly TemplateHead: number;
    readonly TemplateMiddle: number;
    readonly TemplateTail: number;
    readonly JsxText: number;
  };
}

interface ScannedNode {
  readonly kind: number;
  readonly pos: number;
  readonly end: number;
}

/**
 * The comments of `sourceFile` (its text, its end-of-file token), in source order, once each.
 * The trivia before each node is read from its start; the trivia between the tokens that are
 * no node (`,`, `{`, `=`, keywords) is found by scanning what lies between a node's children, as
 * TypeScript itself does to list a node's tokens: a comment after `id: x(),` or `{` on the same
 * line is neither leading nor trailing to any node.
 */
export function commentRangesOf<Node extends ScannedNode>(
  scanner: CommentScanner<Node>,
  sourceFile: Node & {
    readonly text: string;
    readonly endOfFileToken: Node;
    readonly languageVariant: number;
  },
): CommentRange[] {
  const text = sourceFile.text;
  const seen = new Map<number, CommentRange>();
  // The scans from a node's edges read on through JSX text beside it as trivia.
  const jsxTexts: Node[] = [];
  const tokens = scanner.createScanner(
    scanner.ScriptTarget.Latest,
    false,
    sourceFile.languageVariant,
  );
  const kinds = scanner.SyntaxKind;
  const { SingleLineCommentTrivia, MultiLineCommentTrivia, EndOfFileToken } = kinds;
  // Tokens a scanner without the parser's context may misread: a regular expression (`/[/*]/`
  // opens no comment), a template's piece (`}` and the text after it). Their trivia alone is read.
  const literalTokens = new Set([
    kinds.RegularExpressionLiteral,
    kinds.NoSubstitutionTemplateLiteral,
    kinds.TemplateHead,
    kinds.TemplateMiddle,
    kinds.TemplateTail,
  ]);
  const add = (ranges: CommentRange[] | undefined): void => {
    for (const range of ranges ?? []) seen.set(range.pos, range);
  };
  /** The comments among the tokens of [start, end), which holds no node. */
  const scanGap = (start: number, end: number): void => {
    if (end <= start) return;
    tokens.setText(text, start, end - start);
    for (let kind = tokens.scan(); kind !== EndOfFileToken; kind = tokens.scan())
      if (kind === SingleLineCommentTrivia || kind === MultiLineCommentTrivia) {
        const pos = tokens.getTokenStart();
        seen.set(pos, { pos, end: tokens.getTokenEnd() });
      }
  };
  const visit = (node: Node): void => {
    // JSX text: what looks like a comment in it (`<p>// x</p>`) is text.
    if (node.kind === kinds.JsxText) {
      jsxTexts.push(node);
      return;
    }
    if (literalTokens.has(node.kind)) {
      // Its trivia: comments on the line before it ("trailing"), then on later lines ("leading").
      add(scanner.getTrailingCommentRanges(text, node.pos));
      add(scanner.getLeadingCommentRanges(text, node.pos));
      return;
    }
    const children: Node[] = [];
    scanner.forEachChild(node, (child) => {
      children.push(child);
    });
    let cursor = node.pos;
    for (const child of children.sort((a, b) => a.pos - b.pos)) {
      scanGap(cursor, child.pos);
      visit(child);
      cursor = Math.max(cursor, child.end);
    }
    scanGap(cursor, node.end);
  };
  visit(sourceFile);
  add(scanner.getLeadingCommentRanges(text, sourceFile.endOfFileToken.pos));
  const inJsxText = (range: CommentRange): boolean =>
    jsxTexts.some((jsx) => range.pos >= jsx.pos && range.pos < jsx.end);
  return [...seen.values()]
    .filter((range) => jsxTexts.length === 0 || !inJsxText(range))
    .sort((a, b) => a.pos - b.pos);
}
