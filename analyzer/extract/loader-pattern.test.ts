import { describe, expect, it } from "vitest";
import { patternMatcher, projectPattern } from "../affected/loader-glob.js";
import { ts } from "../project/ts-morph.js";
import { specifierPattern } from "./loader-pattern.js";

/** The pattern of the first argument of the one call in `code`. */
function patternOf(code: string): string | undefined {
  const file = ts.createSourceFile("x.ts", code, ts.ScriptTarget.ES2023, true);
  let argument: ts.Expression | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && argument === undefined) argument = node.arguments[0];
    ts.forEachChild(node, visit);
  };
  visit(file);
  return specifierPattern(argument!);
}

describe("specifierPattern", () => {
  it.each([
    ["import(`./locales/${code}.json`)", "./locales/*.json"],
    ['import("./formats/" + name + ".js")', "./formats/*.js"],
    ['require(("../a/" + (b + "/index")) as string)', "../a/*/index"],
    ["import(`./${a}${b}/x.ts`)", "./*/x.ts"],
    ["import(`./plain`)", undefined], // a literal: resolved as one, not a pattern
    ["import(`${base}/x.js`)", undefined],
    // An alias or a package: `affected` maps the first by `paths` (loader-imports.ts).
    ['import("@app/" + name)', "@app/*"],
    ["require(`@/locales/${locale}.json`)", "@/locales/*.json"],
    ["import(`~/pages/${a}/${b}.vue`)", "~/pages/*/*.vue"],
    ["import(`@scope/pkg/${name}`)", "@scope/pkg/*"],
    ["import(`lodash/${name}`)", "lodash/*"],
    ["import(`@${scope}/x`)", undefined],
    ["import(`https://cdn.example/${name}.js`)", undefined],
    ["import(`.hidden/${name}`)", undefined],
    ["import(`${name}`)", undefined],
    ['import("node:" + name)', undefined],
    ['import(name + "./x.js")', undefined],
    ["import(`/abs/${name}.js`)", undefined],
    ["import(name)", undefined],
    ['import(["fs"].join())', undefined],
  ])("%s -> %s", (code, pattern) => {
    expect(patternOf(code)).toBe(pattern);
  });
});

describe("patternMatcher", () => {
  const loads = (importer: string, pattern: string, files: string[]) =>
    files.filter(patternMatcher(projectPattern(importer, pattern)));

  it("matches what the pattern names from the importer's folder, any depth for `*`", () => {
    expect(
      loads("src/i18n/i18n.ts", "./locales/*.json", [
        "src/i18n/locales/en.json",
        "src/i18n/locales/pt/br.json",
        "src/i18n/locales/en.ts",
        "src/i18n/en.json",
        "src/locales/en.json",
      ]),
    ).toEqual(["src/i18n/locales/en.json", "src/i18n/locales/pt/br.json"]);
  });

  it("matches a source by the names an import resolves it by", () => {
    expect(
      loads("src/a/loader.ts", "../plugins/*.js", [
        "src/plugins/md.ts",
        "src/plugins/md.tsx",
        "src/plugins/md.mts",
        "src/plugins/md.d.ts",
        "src/plugins/md.js",
        "src/other/md.ts",
      ]),
    ).toEqual(["src/plugins/md.ts", "src/plugins/md.tsx", "src/plugins/md.js"]);
    expect(
      loads("src/loader.ts", "./plugins/*", ["src/plugins/md/index.ts", "src/plugins.ts"]),
    ).toEqual(["src/plugins/md/index.ts"]);
    expect(
      loads("src/loader.ts", "./plugins/*/index.js", [
        "src/plugins/md/index.ts",
        "src/plugins/md/other.ts",
      ]),
    ).toEqual(["src/plugins/md/index.ts"]);
  });

  it("takes the pattern's other characters literally", () => {
    expect(
      loads("src/x.ts", "./a.(b)+/*.json", ["src/a.(b)+/c.json", "src/aX(b)+/c.json"]),
    ).toEqual(["src/a.(b)+/c.json"]);
  });
});

describe("patternMatcher on hostile patterns", () => {
  it("answers a pattern of many unknown parts against a long path in one scan", () => {
    const glob = projectPattern("src/x.ts", `./${"*x".repeat(30)}*.json`);
    const long = `src/${"x".repeat(200)}.ts`;
    expect(patternMatcher(glob)(long)).toBe(false);
    expect(patternMatcher(glob)(`src/${"x".repeat(200)}.json`)).toBe(true);
    expect(patternMatcher(glob)(`src/${"x".repeat(29)}.json`)).toBe(false);
  });

  it("does not let the first and last parts overlap", () => {
    expect(patternMatcher("a/b*b/c")("a/b/c")).toBe(false);
    expect(patternMatcher("a/b*b/c")("a/bb/c")).toBe(true);
    expect(patternMatcher("ab*ba*ab")("abab")).toBe(false);
    expect(patternMatcher("ab*ba*ab")("abbaab")).toBe(true);
  });
});
