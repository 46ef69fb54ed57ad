// How a setup list is read from a Vitest config's text: every way the real configs we tried
// write one, and what is not read (a package, a missing file, a call of the user's own).
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ts } from "./ts-morph.js";
import { readSetup, scanSetup, type SetupContext } from "./vitest-setup.js";

const root = path.resolve("/repo");
const present = new Set(
  [
    "test/setup.ts",
    "test/global.mts",
    "config/test/env.ts",
    "test/helpers/index.ts",
    "web/setup.ts",
  ].map((file) => path.join(root, file)),
);
const context: SetupContext = {
  root,
  configDir: root,
  exists: (file) => present.has(file),
};

/** The setup of the config's `test: { ... }` object (after `before`), files repository-relative. */
function setupOf(test: string, before = "") {
  const source = ts.createSourceFile(
    path.join(root, "vitest.config.ts"),
    `${before}export default defineConfig({ test: ${test} });`,
    ts.ScriptTarget.Latest,
    true,
  );
  let object: ts.ObjectLiteralExpression | undefined;
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAssignment(node) &&
      node.name.getText() === "test" &&
      ts.isObjectLiteralExpression(node.initializer)
    )
      object = node.initializer;
    else ts.forEachChild(node, visit);
  };
  visit(source);
  const read = readSetup(object!, context);
  return {
    files: read.files.map((file) => path.relative(root, file)),
    problems: read.problems.map(
      ({ code, line, column, message }) => `${code} ${line}:${column} ${message}`,
    ),
  };
}

describe("a setup list", () => {
  it("is read from a string, an array and spreads, extensions and folder indexes tried", () => {
    expect(
      setupOf(`{ setupFiles: ["./test/setup", ...["test/helpers"]], globalSetup: "test/global" }`),
    ).toEqual({
      files: ["test/setup.ts", "test/helpers/index.ts", "test/global.mts"],
      problems: [],
    });
  });

  it("is read from paths built from literals and the config's folder", () => {
    expect(
      setupOf(`{ setupFiles: [
        path.resolve(__dirname, "test/setup.ts"),
        join(import.meta.dirname, "config", "test", "env.ts"),
        fileURLToPath(new URL("./web/setup.ts", import.meta.url)),
        new URL("test/global.mts", import.meta.url).pathname,
      ] }`),
    ).toEqual({
      files: ["test/setup.ts", "config/test/env.ts", "web/setup.ts", "test/global.mts"],
      problems: [],
    });
  });

  it("is read from concatenations, templates and the module's constants (tRPC's root config)", () => {
    const constants = `const here = __dirname;\nconst setup = path.resolve(here, "config/test/env.ts");\n`;
    expect(
      setupOf(
        `{ setupFiles: [__dirname + "/test/setup.ts", \`\${import.meta.dirname}/web/\${"setup"}.ts\`, setup] }`,
        constants,
      ),
    ).toEqual({ files: ["test/setup.ts", "web/setup.ts", "config/test/env.ts"], problems: [] });
  });

  it.each([
    ["a constant loop", "const a = b;\nconst b = a;\n", "a"],
    ["a let", 'let a = "./test/setup.ts";\n', "a"],
    ["a constant it cannot read", "const a = setups();\n", "setups()"],
    ["an import", 'import { a } from "./paths";\n', "a"],
  ])("does not follow %s", (_, declared, shown) => {
    const { files, problems } = setupOf(`{ setupFiles: [a] }`, declared);
    expect(files).toEqual([]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`cannot be read statically (${shown} is not a literal)`);
  });

  it("leaves out a package's setup module and a file that is not there", () => {
    expect(
      setupOf(`{ setupFiles: ["@testing-library/jest-dom/vitest", "./test/missing.ts"] }`),
    ).toEqual({ files: [], problems: [] });
  });

  it("is resolved against the test object's root", () => {
    expect(setupOf(`{ root: "./web", setupFiles: ["./setup.ts"] }`)).toEqual({
      files: ["web/setup.ts"],
      problems: [],
    });
  });

  it("that is not a literal is a problem at its position, naming the option", () => {
    expect(setupOf(`{ setupFiles: [setups(), "./test/setup.ts"], globalSetup }`)).toEqual({
      files: [],
      problems: [
        "vitest-config-not-literal 1:52 the setupFiles Vitest runs before the tests cannot be read statically (setups() is not a literal): it may load any file, so affected selects every test whenever code changes",
        "vitest-config-not-literal 1:82 the globalSetup Vitest runs before the tests cannot be read statically (globalSetup is not a literal): it may load any file, so affected selects every test whenever code changes",
      ],
    });
    expect(setupOf(`{ root: here, setupFiles: ["./test/setup.ts"] }`).problems).toEqual([
      "vitest-config-not-literal 1:45 the test root Vitest resolves setup files against cannot be read statically (here is not a literal): it may load any file, so affected selects every test whenever code changes",
    ]);
  });

  it("is found anywhere in a config when its projects cannot be told apart", () => {
    const source = ts.createSourceFile(
      path.join(root, "vitest.config.ts"),
      `const shared = { setupFiles: ["./test/setup.ts"] };
export default defineConfig({ test: { include: patterns, projects: [{ test: { globalSetup: "test/global" } }] } });`,
      ts.ScriptTarget.Latest,
      true,
    );
    const read = scanSetup(source, context);
    expect(read.files.map((file) => path.relative(root, file))).toEqual([
      "test/setup.ts",
      "test/global.mts",
    ]);
    expect(read.problems).toEqual([]);
  });
});

describe("a hostile setup list", () => {
  it("of null, a number or an object is a problem, never a crash", () => {
    for (const value of [
      "null",
      "42",
      "{ file: './test/setup.ts' }",
      "[null]",
      "[['./test/setup.ts']]",
    ])
      expect(setupOf(`{ setupFiles: ${value} }`).problems).toEqual([
        expect.stringMatching(
          /^vitest-config-not-literal 1:5[12] the setupFiles Vitest runs before the tests cannot be read statically/u,
        ),
      ]);
  });

  it("of thousands of entries names each file once", () => {
    const entries = Array.from({ length: 5_000 }, () => '"./test/setup"').join(", ");
    expect(setupOf(`{ setupFiles: [${entries}] }`)).toEqual({
      files: ["test/setup.ts"],
      problems: [],
    });
  });

  it("naming the root, a folder without an index or an empty path names no file", () => {
    expect(setupOf(`{ setupFiles: ["", ".", "./test", "/"] }`)).toEqual({
      files: [],
      problems: [],
    });
  });
});
