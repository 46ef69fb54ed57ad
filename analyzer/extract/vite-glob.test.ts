import { describe, expect, it } from "vitest";
import { ts } from "../project/ts-morph.js";
import { viteGlobBase, viteGlobPatterns } from "./vite-glob.js";

/** The patterns of the first call in `code`. */
function patternsOf(code: string): string[] | undefined {
  const file = ts.createSourceFile("x.ts", code, ts.ScriptTarget.ES2022, true);
  let found: string[] | undefined;
  const visit = (node: ts.Node): void => {
    if (found === undefined && ts.isCallExpression(node)) found = viteGlobPatterns(node);
    if (found === undefined) ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe("viteGlobPatterns", () => {
  it("reads relative and root-relative patterns, one or an array", () => {
    expect(patternsOf('import.meta.glob("./locales/*.ts")')).toEqual(["./locales/*.ts"]);
    expect(patternsOf('import.meta.globEager(["../a/*.ts", "/src/b/*.tsx"])')).toEqual([
      "../a/*.ts",
      "/src/b/*.tsx",
    ]);
  });

  it("widens **, braces, ? and classes to *, leaves out negations, keeps aliases as written", () => {
    expect(
      patternsOf(
        'import.meta.glob(["./pages/**/*.{ts,tsx}", "./x/?[ab].ts", "!./pages/**/_*.ts", "@/y/*.ts", ""])',
      ),
    ).toEqual(["./pages/*.*", "./x/*.ts", "@/y/*.ts"]);
  });

  it("is no glob call otherwise", () => {
    expect(patternsOf('meta.glob("./a/*.ts")')).toBeUndefined();
    expect(patternsOf('import.meta.url.glob("./a/*.ts")')).toBeUndefined();
    expect(patternsOf("import.meta.glob(pattern)")).toEqual([]);
  });

  it("moves relative patterns under a `base`, from the importer or from the root", () => {
    expect(patternsOf('import.meta.glob("./*.ts", { base: "./locales" })')).toEqual([
      "./locales/*.ts",
    ]);
    expect(patternsOf('import.meta.glob(["../x/*.ts", "/src/y/*.ts"], { base: "../up" })')).toEqual(
      ["../x/*.ts", "/src/y/*.ts"],
    );
    expect(
      patternsOf('import.meta.glob("./**/*.ts", { eager: true, base: "/src/pages" })'),
    ).toEqual(["/src/pages/*.ts"]);
  });

  it("reads a pattern that starts with ** from the root, as Vite does", () => {
    expect(patternsOf('import.meta.glob("**/*.page.ts")')).toEqual(["/*.page.ts"]);
  });

  it("leaves out relative patterns under a `base` that is no literal, and says so", () => {
    const file = ts.createSourceFile(
      "x.ts",
      'import.meta.glob(["./*.ts", "/src/a/*.ts", "@/b/*.ts"], { base: dir });',
      ts.ScriptTarget.ES2022,
      true,
    );
    const call = (file.statements[0] as ts.ExpressionStatement).expression as ts.CallExpression;
    expect(viteGlobPatterns(call)).toEqual(["/src/a/*.ts", "@/b/*.ts"]);
    expect(viteGlobBase(call)).toBeNull();
    const spread = ts.createSourceFile(
      "y.ts",
      'import.meta.glob("./*.ts", { ...options });',
      ts.ScriptTarget.ES2022,
      true,
    );
    expect(
      viteGlobBase(
        (spread.statements[0] as ts.ExpressionStatement).expression as ts.CallExpression,
      ),
    ).toBeNull();
  });
});
