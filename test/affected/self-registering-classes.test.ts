// A class that hands itself to other code while its module loads (a `static {}` block or a static
// field calling `register(...)`, a class, member or parameter decorator) can be run by anyone who
// loads the module, though no code names it: a change to any of its members reaches the tests
// that load it, through side-effect imports too. Before, a change inside a method reached only
// the class's users, none here: 0 of the cases that dispatch to it were selected, and all failed
// (repro-2). A class whose static fields are plain values reaches its users alone, as before.
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

const tsconfig = JSON.stringify({
  compilerOptions: {
    target: "ES2022",
    module: "ESNext",
    moduleResolution: "Bundler",
    strict: true,
    experimentalDecorators: true,
  },
  include: ["src", "test"],
});

/** A handler module: `head` (imports, a decorator), the class, its load-time line, `handle()`. */
const handler = (head: string, name: string, loadTime: string, decorator = "") =>
  [
    head,
    "",
    `${decorator}export class ${name} {`,
    `  ${loadTime}`,
    `  handle(): string {`,
    `    return "${name}";`,
    "  }",
    "}",
    "",
  ].join("\n");

const IMPORTS = 'import { register, type Handler } from "../registry.js";';

const root = writtenProject(
  {
    "tsconfig.json": tsconfig,
    "src/registry.ts": [
      "export interface Handler {",
      "  handle(): string;",
      "}",
      "const handlers = new Map<string, () => Handler>();",
      "export function register(name: string, make: () => Handler): void {",
      "  handlers.set(name, make);",
      "}",
      "export function dispatch(name: string): string {",
      "  const make = handlers.get(name);",
      '  if (!make) throw new Error("no handler " + name);',
      "  return make().handle();",
      "}",
      "export function route(name: string) {",
      "  return (target: new () => Handler): void => register(name, () => new target());",
      "}",
      "export function on(name: string) {",
      "  return (prototype: Handler, _key: string): void => register(name, () => prototype);",
      "}",
      "",
    ].join("\n"),
    "src/handlers/a.ts": handler(IMPORTS, "A", 'static { register("a", () => new A()); }'),
    "src/handlers/b.ts": handler(IMPORTS, "B", 'static registered = register("b", () => new B());'),
    "src/handlers/c.ts": handler(
      'import { route } from "../registry.js";',
      "C",
      "static readonly kind = 1;",
      '@route("c") ',
    ),
    "src/handlers/d.ts": handler(
      'import { on } from "../registry.js";',
      "D",
      '@on("d") handleD(): string { return "unused"; }',
    ),
    "src/handlers/e.ts": handler(IMPORTS, "E", 'static { register("e", () => new this()); }'),
    "src/handlers/index.ts": ["a", "b", "c", "d", "e"].map((h) => `import "./${h}.js";\n`).join(""),
    "test/dispatch.test.ts": [
      'import { expect, it } from "vitest";',
      'import "../src/handlers/index.js";',
      'import { dispatch } from "../src/registry.js";',
      "",
      'it("dispatches", () => {',
      '  expect(["a", "b", "c", "d", "e"].map(dispatch)).toEqual(["A", "B", "C", "D", "E"]);',
      "});",
      "",
    ].join("\n"),
    // Static fields holding plain values hand nothing to other code.
    "src/plain.ts": [
      "export class Plain {",
      "  static count = 0;",
      '  static names = ["p"];',
      "  static readonly total = Plain.count + 1;",
      "  value(): number {",
      "    return 1;",
      "  }",
      "}",
      "export const other = 2;",
      "",
    ].join("\n"),
    "test/plain.test.ts": [
      'import { expect, it } from "vitest";',
      'import { Plain, other } from "../src/plain.js";',
      "",
      'it("values", () => {',
      "  expect(new Plain().value()).toBe(1);",
      "});",
      "",
      'it("others", () => {',
      "  expect(other).toBe(2);",
      "});",
      "",
    ].join("\n"),
  },
  "self-registering-classes",
);
const analysis = analyze({ root });

/** The tests selected when `file` changes at `line`. */
function selectedBy(file: string, line: number): string[] {
  const result = affectedFor(analysis, { path: file, status: "modified", lines: [[line, line]] });
  expect(result.widened).toEqual([]);
  return selectionOf(result);
}

describe("a class handing itself to other code while its module loads", () => {
  it.each([
    ["a static block", "a"],
    ["a static field's initializer", "b"],
    ["a class decorator", "c"],
    ["a method decorator", "d"],
    ["`this` in a static block", "e"],
  ])("%s: a change inside a method reaches the tests that load its module", (_, name) => {
    expect(selectedBy(`src/handlers/${name}.ts`, 6)).toEqual(["test/dispatch.test.ts"]);
  });

  it("says how: the module runs the class's code while it loads", () => {
    const result = affectedFor(analysis, {
      path: "src/handlers/a.ts",
      status: "modified",
      lines: [[6, 6]],
    });
    expect(result.tests.files[0]?.reason).toContain(
      "called while src/handlers/a.ts loads (line 4) <- src/handlers/a.ts#A",
    );
  });
});

describe("a class whose static fields are plain values", () => {
  it("a change inside a method reaches the cases that use the class alone", () => {
    expect(selectedBy("src/plain.ts", 6)).toEqual(["test/plain.test.ts:4"]);
  });
});
