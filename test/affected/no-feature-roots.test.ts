// A project without features or operations (a library, a CLI): the layout's default
// composition-root and adapter globs (`**/src/main.ts`, `**/adapters/**`) still named some of its
// files, and shared code reaching one widened every answer to the whole suite (oclif/core: all
// 53 test files for any change in src/). Without features such a file is ordinary code and the
// import graph is the whole story; with features the widening stands.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

const TEST = (name: string, subject: string) =>
  `import { expect, test } from "vitest";\nimport { ${name} } from "${subject}";\n\ntest("${name}", () => {\n  expect(${name}("a")).toBeTruthy();\n});\n`;

const LIBRARY = {
  "package.json": '{ "name": "cli-lib", "private": true, "type": "module" }\n',
  "tsconfig.json":
    '{ "compilerOptions": { "strict": true, "module": "NodeNext", "types": [], "noEmit": true }, "include": ["src", "test"] }\n',
  "src/format.ts": "export function format(text: string): string {\n  return `[${text}]`;\n}\n",
  "src/parse.ts": 'export function parse(text: string): string[] {\n  return text.split(",");\n}\n',
  "src/adapters/stdout.ts":
    'import { format } from "../format.js";\n\nexport const print = (text: string): string => format(text);\n',
  "src/main.ts":
    'import { format } from "./format.js";\nimport { parse } from "./parse.js";\nimport { print } from "./adapters/stdout.js";\n\nexport const run = (argv: string): string => print(format(parse(argv).join(" ")));\n',
  "test/format.test.ts": TEST("format", "../src/format.js"),
  "test/parse.test.ts": TEST("parse", "../src/parse.js"),
};

describe("shared code reaching src/main.ts or an adapters/ file", () => {
  it("selects by imports in a project without features", () => {
    const analysis = analyze({ root: writtenProject(LIBRARY, "no-feature-roots") });
    const result = affectedFor(analysis, {
      path: "src/format.ts",
      status: "modified",
      lines: [[2, 2]],
    });
    expect(result.widened).toEqual([]);
    expect(selectionOf(result)).toEqual(["test/format.test.ts"]);
  });

  it("widens as before once the project has a feature", () => {
    const root = writtenProject(LIBRARY, "no-feature-roots");
    mkdirSync(path.join(root, "src/features/orders"), { recursive: true });
    writeFileSync(
      path.join(root, "src/features/orders/model.ts"),
      'import { format } from "../../format.js";\n\nexport const label = (id: string): string => format(id);\n',
    );
    const result = affectedFor(analyze({ root }), {
      path: "src/format.ts",
      status: "modified",
      lines: [[2, 2]],
    });
    expect(result.widened.map((reason) => reason.message)).toEqual([
      "shared code outside every feature changed: src/format.ts",
    ]);
  });
});
