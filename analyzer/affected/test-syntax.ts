// How tests are written: Vitest's (and Jest's and mocha's) it/test, describe/suite and hooks, with their
// modifiers (`.skip`, `.only`), conditions (`.skipIf(c)`) and parameterised forms (`.each(rows)`).
import { ts } from "../project/ts-morph.js";
import { isFunctionLike } from "./agentix-calls.js";

const TEST_CALLS = new Set(["it", "test"]);
const SUITE_CALLS = new Set(["describe", "suite"]);
// `before`/`after` are mocha's beforeAll/afterAll (typeorm's suites use them through globals).
const HOOK_CALLS = new Set(["beforeEach", "afterEach", "beforeAll", "afterAll", "before", "after"]);
export const SHARED_HOOKS = new Set(["beforeAll", "afterAll", "before", "after"]);
const PARAMETERISED = new Set(["each", "for"]);
// `ignore` is Deno's skip (`Deno.test.ignore(...)`).
const MODIFIERS = new Set([
  "only",
  "skip",
  "todo",
  "concurrent",
  "sequential",
  "fails",
  "shuffle",
  "ignore",
]);
const CONDITIONS = new Set(["skipIf", "runIf"]);

export interface TestCall {
  readonly kind: "test" | "suite" | "hook";
  readonly name: string;
  readonly parameterised: boolean;
  /** The rows of `.each(rows)` / `.for(rows)` or a tagged-template table: what it runs once per row. */
  readonly table: ts.Expression | ts.TemplateLiteral | undefined;
  readonly callback: ts.ArrowFunction | ts.FunctionExpression | undefined;
}

/** `it("x", fn)`, `it.skip(...)`, `it.each(rows)("x", fn)`, `it.each\`table\`("x", fn)`, `it.skipIf(c)("x", fn)`, `describe(...)`, `beforeEach(fn)`. */
export function testCall(call: ts.CallExpression): TestCall | undefined {
  let callee: ts.Expression = call.expression;
  let parameterised = false;
  let table: ts.Expression | ts.TemplateLiteral | undefined;
  for (;;) {
    if (ts.isCallExpression(callee) && ts.isPropertyAccessExpression(callee.expression)) {
      const name = callee.expression.name.text;
      if (PARAMETERISED.has(name)) {
        parameterised = true;
        table = callee.arguments[0];
      } else if (!CONDITIONS.has(name)) return undefined;
      callee = callee.expression.expression;
    } else if (
      ts.isTaggedTemplateExpression(callee) &&
      ts.isPropertyAccessExpression(callee.tag) &&
      PARAMETERISED.has(callee.tag.name.text)
    ) {
      // it.each`a | b ${1} | ${2}`("...", fn)
      parameterised = true;
      table = callee.template;
      callee = callee.tag.expression;
    } else if (ts.isPropertyAccessExpression(callee) && MODIFIERS.has(callee.name.text)) {
      callee = callee.expression;
    } else {
      break;
    }
  }
  if (isDenoTest(callee)) return denoTest(call);
  if (!ts.isIdentifier(callee)) return undefined;
  const base = callee.text;
  const kind = TEST_CALLS.has(base)
    ? "test"
    : SUITE_CALLS.has(base)
      ? "suite"
      : HOOK_CALLS.has(base)
        ? "hook"
        : undefined;
  if (kind === undefined) return undefined;
  const args = call.arguments;
  const candidates = kind === "hook" ? args.slice(0, 1) : args.slice(1);
  const callback = candidates.find(isFunctionLike);
  const first = args[0];
  const name =
    kind === "hook"
      ? base
      : first !== undefined &&
          (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))
        ? first.text
        : "";
  return { kind, name, parameterised, table, callback };
}

/** `Deno.test` (its modifiers already taken off). */
function isDenoTest(callee: ts.Expression): boolean {
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === "test" &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === "Deno"
  );
}

/**
 * Deno's test (oak's files): `Deno.test("name", fn)`, `Deno.test("name", options, fn)`,
 * `Deno.test(function name() {})` and `Deno.test({ name, fn })`; one case each.
 */
function denoTest(call: ts.CallExpression): TestCall {
  const args = call.arguments;
  const first = args[0];
  const options = args.find(ts.isObjectLiteralExpression);
  const option = (key: string) =>
    options?.properties.find(
      (p): p is ts.PropertyAssignment =>
        ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && p.name.text === key,
    )?.initializer;
  const fromOptions = option("fn");
  const callback =
    args.find(isFunctionLike) ??
    (fromOptions !== undefined && isFunctionLike(fromOptions) ? fromOptions : undefined);
  const named = option("name");
  const name =
    first !== undefined && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))
      ? first.text
      : named !== undefined && ts.isStringLiteral(named)
        ? named.text
        : callback !== undefined && ts.isFunctionExpression(callback) && callback.name
          ? callback.name.text
          : "";
  return { kind: "test", name, parameterised: false, table: undefined, callback };
}
