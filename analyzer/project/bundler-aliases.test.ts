import { describe, expect, it } from "vitest";
import { ts } from "./ts-morph.js";
import { aliasMatcher } from "./bundler-aliases.js";

const source = (text: string, name = "vitest.config.ts") =>
  ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);

/** Which of `specifiers` the config `text` names as aliases (undefined: it sets none). */
function matched(text: string, specifiers: readonly string[]): string[] | undefined {
  const matches = aliasMatcher([source(text)]);
  return matches === undefined ? undefined : specifiers.filter((specifier) => matches(specifier));
}

const SPECIFIERS = ["~", "~/lib/x", "~x", "@app/lib", "@apple/lib", "#env", "react", "@/ui"];

describe("aliasMatcher (Vite's resolve.alias, by name)", () => {
  it("an object's names: the name itself and what starts with it and a slash", () => {
    expect(
      matched(
        'export default defineConfig({ resolve: { alias: { "~": "/src", "@app": path.resolve(__dirname, "src"), ["#env"]: x } } });',
        SPECIFIERS,
      ),
    ).toEqual(["~", "~/lib/x", "@app/lib", "#env"]);
  });

  it("an array's `find`: a string as a name, a pattern by the literal start it anchors", () => {
    expect(
      matched(
        "export default { test: { alias: [{ find: '~', replacement: '/src' }, { find: /^@\\//, replacement: '/src/' }] } };",
        SPECIFIERS,
      ),
    ).toEqual(["~", "~/lib/x", "@/ui"]);
  });

  it("a list it cannot read names every specifier: a spread, a variable, a pattern with no literal start", () => {
    for (const alias of [
      "{ ...shared }",
      "aliases",
      "[{ find: /(~|@)\\//, replacement: 'x' }]",
      "[{ find: name, replacement: 'x' }]",
    ])
      expect(
        matched(`export default { resolve: { alias: ${alias} } };`, SPECIFIERS),
        alias,
      ).toEqual(SPECIFIERS);
    expect(matched("const alias = {}; export default { resolve: { alias } };", ["react"])).toEqual([
      "react",
    ]);
  });

  it("no alias option: undefined, whatever else the config sets", () => {
    expect(matched('export default { test: { include: ["src/**/*.test.ts"] } };', SPECIFIERS)).toBe(
      undefined,
    );
  });

  it("the aliases of every file given (a vite.config merged into the Vitest config)", () => {
    const matches = aliasMatcher([
      source("export default mergeConfig(viteConfig, { test: {} });"),
      source('export default { resolve: { alias: { "~": "/src" } } };', "vite.config.ts"),
    ]);
    expect(SPECIFIERS.filter((specifier) => matches?.(specifier))).toEqual(["~", "~/lib/x"]);
  });
});
