import { describe, expect, it } from "vitest";
import { ts } from "../project/ts-morph.js";
import { requireContextOf } from "./require-context.js";

/** What the first call in `code` loads. */
function contextOf(code: string): ReturnType<typeof requireContextOf> {
  const file = ts.createSourceFile("x.ts", code, ts.ScriptTarget.ES2022, true);
  let found: ts.CallExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (found === undefined && ts.isCallExpression(node)) found = node;
    if (found === undefined) ts.forEachChild(node, visit);
  };
  visit(file);
  return found === undefined ? undefined : requireContextOf(found);
}

describe("requireContextOf (webpack's require.context)", () => {
  it.each([
    ['require.context("./locales", true, /\\.json$/)', "./locales/*"],
    ['require.context("../shared/", false)', "../shared/*"],
    ['require.context(".")', "./*"],
    ["require.context(`./stories`, true, /\\.stories\\.tsx?$/)", "./stories/*"],
    ['require.context("@/components", true)', "@/components/*"],
    ['require.context(("./icons" as string))', "./icons/*"],
    ['(require as any).context("./casts", true)', "./casts/*"],
    ['require!["context"]("./computed")', "./computed/*"],
  ])("%s loads %s: every file below the folder, whatever the expression", (code, pattern) => {
    expect(contextOf(code)).toEqual({ pattern });
  });

  it.each([
    ["require.context(dir)", "require.context() of a folder that is no literal"],
    ["require.context()", "require.context() of a folder that is no literal"],
    ['require.context("/srv/app/locales")', "require.context() of an absolute or empty folder"],
    ['require.context("")', "require.context() of an absolute or empty folder"],
  ])("%s loads what cannot be known", (code, unknown) => {
    expect(contextOf(code)).toEqual({ unknown });
  });

  it.each([
    'require("./x")',
    'require.resolve("./x")',
    'webpack.context("./x")',
    'require[name]("./x")',
    'other.require.context("./x")',
  ])("%s is not read as require.context", (code) => {
    expect(contextOf(code)).toBeUndefined();
  });
});
