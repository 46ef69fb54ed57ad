// bareSpecifierReach lets a bare specifier skip TypeScript's resolution when baseUrl/<name>
// cannot exist. Each `true` below is a name TypeScript may find the candidate as; each `false`
// one it never looks at (a project with baseUrl "." and vitest.config.ts sent every
// `import "vitest"` through TypeScript from every folder: formbricks, 234 folders).
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { bareSpecifierReach } from "./bare-specifier.js";

const root = path.resolve("/work/app");

function reach(specifier: string, entries: readonly string[], options: ts.CompilerOptions = {}) {
  const may = bareSpecifierReach(
    { moduleResolution: ts.ModuleResolutionKind.Bundler, baseUrl: root, ...options },
    // baseUrl holds `lib` too, for names one folder deeper.
    {
      namesIn: (dir) => new Set(dir === root ? [...entries, "lib"] : entries),
      packageName: () => undefined,
    },
  );
  return may(specifier, path.join(root, "src"));
}

describe("bareSpecifierReach with baseUrl", () => {
  it.each([
    ["vitest", ["vitest.config.ts", "vitestSetup.ts", "vitest.workspace.mjs"], false],
    ["next", ["next.config.mjs", "next-env.d.ts"], false],
    ["vitest", ["vitest.ts"], true],
    ["vitest", ["vitest.mts"], true],
    ["vitest", ["vitest.d.ts"], true],
    ["vitest", ["vitest.json"], true],
    ["vitest", ["vitest.js"], true],
    ["vitest", ["vitest"], true],
    ["dotted.js", ["dotted.ts"], true],
    ["dotted.js", ["dotted.tsx"], true],
    ["dotted.js", ["dotted.config.ts"], false],
    ["styles.css", ["styles.d.css.ts"], true],
    ["styles.css", ["styles.css"], true],
    ["lodash.debounce", ["lodash.debounce.ts"], true],
    ["lodash.debounce", ["lodash.ts"], false],
    ["shadowy", ["shadow.ts"], false],
    ["lib/money", ["money.ts"], true],
  ] as const)("%s with %j in its folder: %s", (specifier, entries, expected) => {
    expect(reach(specifier, entries)).toBe(expected);
  });

  it("lists the folder of a deeper name only when baseUrl holds its first segment", () => {
    const listed: string[] = [];
    const may = bareSpecifierReach(
      { moduleResolution: ts.ModuleResolutionKind.Bundler, baseUrl: root },
      {
        namesIn: (dir) => {
          listed.push(path.relative(root, dir));
          return new Set(dir === root ? ["src", "lib"] : ["utils.ts"]);
        },
        packageName: () => undefined,
      },
    );
    expect(may("@acme/lib/utils", root)).toBe(false);
    expect(may("next/navigation", root)).toBe(false);
    expect(may("lib/utils", root)).toBe(true);
    expect(listed).toEqual(["", "", "", "lib"]);
    // A ".." segment may lead out of baseUrl: its folder is listed whatever the first segment.
    listed.length = 0;
    expect(may("nope/../lib/utils", root)).toBe(true);
    expect(listed).toEqual(["lib"]);
  });

  it("takes any entry that starts like the name under moduleSuffixes", () => {
    expect(reach("vitest", ["vitest.ios.ts"], { moduleSuffixes: [".ios", ""] })).toBe(true);
    expect(reach("vitest", ["vitest.ios.ts"])).toBe(false);
  });
});
