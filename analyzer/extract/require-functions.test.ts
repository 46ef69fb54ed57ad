import { describe, expect, it } from "vitest";
import { ts } from "../project/ts-morph.js";
import { createdRequireStaysHere, useMayLoad } from "./require-functions.js";

/** The file `code` parses to. */
const parse = (code: string): ts.SourceFile =>
  ts.createSourceFile("x.ts", code, ts.ScriptTarget.ES2022, true);

/** The nodes of `file` that `pick` finds, in source order. */
function nodesOf<T extends ts.Node>(file: ts.SourceFile, pick: (node: ts.Node) => node is T): T[] {
  const found: T[] = [];
  const visit = (node: ts.Node): void => {
    if (pick(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** useMayLoad of each `load` in `code` after its declaration. */
function usesOf(code: string): boolean[] {
  const names = nodesOf(
    parse(`declare const load: NodeRequire;\n${code}`),
    (node): node is ts.Identifier => ts.isIdentifier(node) && node.text === "load",
  );
  return names.slice(1).map(useMayLoad);
}

describe("useMayLoad (a require function named other than as a call's callee)", () => {
  it.each([
    ["const r = load;", [true]],
    ["f(load);", [true]],
    ["export { load };", [true]],
    ["export { load as other };", [true]],
    ["const o = { load };", [true]],
    ["const o = { key: load };", [true]],
    ["load.call(null, x);", [true]],
    ['load["apply"](null, [x]);', [true]],
    ["(load as Function).bind(null);", [true]],
    ["load[key](x);", [true]],
  ])("%s may load what cannot be known", (code, uses) => {
    expect(usesOf(code)).toEqual(uses);
  });

  it.each([
    ['load.resolve("./x");', [false]],
    ["load.main === module;", [false]],
    ['load["cache"];', [false]],
    ['(load as any).context("./x");', [false]],
    ["typeof load;", [false]],
    ["type T = typeof load;", [false]],
    ["x.load;", [false]],
    ["const o = { load: 1 };", [false]],
    ["const { load: x } = o;", [false]],
    ["function f(load: unknown) {}", [false]],
    ["class C { load = 1; }", [false]],
  ])("%s loads nothing", (code, uses) => {
    expect(usesOf(code)).toEqual(uses);
  });
});

describe("createdRequireStaysHere (a createRequire call)", () => {
  const staysHere = (code: string): boolean[] =>
    nodesOf(parse(code), ts.isCallExpression)
      .filter(
        (call) => ts.isIdentifier(call.expression) && call.expression.text === "createRequire",
      )
      .map(createdRequireStaysHere);

  it("kept in an unexported const, called at once or taken apart: its calls are read here", () => {
    expect(
      staysHere(
        [
          "const load = createRequire(url);",
          "const cast = (createRequire(url) as NodeRequire);",
          'createRequire(url)("./x");',
          "const { resolve } = createRequire(url);",
        ].join("\n"),
      ),
    ).toEqual([true, true, true, true]);
  });

  it("exported, in a `let`, handed on or returned: it leaves the module", () => {
    expect(
      staysHere(
        [
          "export const load = createRequire(url);",
          "let later = createRequire(url);",
          "f(createRequire(url));",
          "const make = () => createRequire(url);",
        ].join("\n"),
      ),
    ).toEqual([false, false, false, false]);
  });
});
