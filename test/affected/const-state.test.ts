// State a `const` holds is shared between test cases when code changes it after its module has
// loaded: an array a function pushes to, an object a case or an importer writes, a function
// object or a class whose properties its calls change. Before, only a `let` or a value built by a
// call counted, so the case reading such state was not selected with the case whose change alters
// it, and failed unselected (repro-1). State that is only read, or only written while its module
// loads, is shared by no one: cases that merely read it are not run together.
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import { BUNDLER_TSCONFIG, removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

const root = writtenProject(
  {
    "tsconfig.json": BUNDLER_TSCONFIG,
    // Module state: an array only this file names.
    "src/store.ts": [
      "const items: string[] = [];",
      "",
      "export function addItem(x: string): void {",
      "  items.push(x);",
      "}",
      "",
      "export function count(): number {",
      "  return items.length;",
      "}",
      'export const kind = "store";',
      "",
    ].join("\n"),
    "test/store.test.ts": [
      'import { expect, it } from "vitest";',
      'import { addItem, count, kind } from "../src/store.js";',
      "",
      'it("adds", () => {',
      '  addItem("a");',
      "});",
      "",
      'it("counts", () => {',
      "  expect(count()).toBe(1);",
      "});",
      "",
      'it("names its kind", () => {',
      '  expect(kind).toBe("store");',
      "});",
      "",
    ].join("\n"),
    // A describe block's array and object, written by one case, read by the others.
    "src/label.ts": 'export function label(): string {\n  return "x";\n}\n',
    "test/collect.test.ts": [
      'import { describe, expect, it } from "vitest";',
      'import { label } from "../src/label.js";',
      "",
      'describe("collects", () => {',
      "  const seen: string[] = [];",
      '  const ctx = { last: "" };',
      "",
      '  it("one", () => {',
      "    seen.push(label());",
      "    ctx.last = label();",
      "  });",
      "",
      '  it("two", () => {',
      '    expect(seen).toEqual(["x"]);',
      "  });",
      "",
      '  it("three", () => {',
      '    expect(ctx.last).toBe("x");',
      "  });",
      "});",
      "",
      'it("stands apart", () => {',
      "  expect(1).toBe(1);",
      "});",
      "",
    ].join("\n"),
    // A function object counting its calls, called through another module.
    "src/counter.ts": [
      "export function counted(): void {",
      "  counted.calls += 1;",
      "}",
      "counted.calls = 0;",
      "",
      "export function callsSoFar(): number {",
      "  return counted.calls;",
      "}",
      "",
    ].join("\n"),
    "src/twice.ts": [
      'import { counted } from "./counter.js";',
      "",
      "export function twice(): void {",
      "  counted();",
      "  counted();",
      "}",
      "",
    ].join("\n"),
    "test/counter.test.ts": [
      'import { expect, it } from "vitest";',
      'import { callsSoFar } from "../src/counter.js";',
      'import { twice } from "../src/twice.js";',
      "",
      'it("counts twice", () => {',
      "  twice();",
      "});",
      "",
      'it("reads", () => {',
      "  expect(callsSoFar()).toBe(2);",
      "});",
      "",
      'it("stands apart", () => {',
      "  expect(1).toBe(1);",
      "});",
      "",
    ].join("\n"),
    // An exported object another module writes; a class's static field its method changes.
    "src/settings.ts": "export const settings = { verbose: false };\n",
    "src/toggle.ts": [
      'import { settings } from "./settings.js";',
      "",
      "export function enable(): void {",
      "  settings.verbose = true;",
      "}",
      "",
    ].join("\n"),
    "src/verbose.ts": [
      'import { settings } from "./settings.js";',
      "",
      "export function isVerbose(): boolean {",
      "  return settings.verbose;",
      "}",
      "",
    ].join("\n"),
    "src/tally.ts": [
      "export class Tally {",
      "  static total = 0;",
      "  static add(n: number): void {",
      "    this.total += n;",
      "  }",
      "}",
      "",
    ].join("\n"),
    "src/add-two.ts": [
      'import { Tally } from "./tally.js";',
      "",
      "export function addTwo(): void {",
      "  Tally.add(2);",
      "}",
      "",
    ].join("\n"),
    "test/elsewhere.test.ts": [
      'import { expect, it } from "vitest";',
      'import { enable } from "../src/toggle.js";',
      'import { isVerbose } from "../src/verbose.js";',
      'import { addTwo } from "../src/add-two.js";',
      'import { Tally } from "../src/tally.js";',
      "",
      'it("enables", () => {',
      "  enable();",
      "});",
      "",
      'it("reads the setting", () => {',
      "  expect(isVerbose()).toBe(true);",
      "});",
      "",
      'it("adds two", () => {',
      "  addTwo();",
      "});",
      "",
      'it("reads the total", () => {',
      "  expect(Tally.total).toBe(2);",
      "});",
      "",
    ].join("\n"),
    // Read-only consts, one filled while its module loads: no one shares them.
    "src/read-only.ts": [
      'const LABELS = ["a", "b"];',
      'const defaults = { prefix: ">" };',
      "const seen = new Map<number, string>();",
      'seen.set(0, "a");',
      "",
      "export function labelAt(i: number): string {",
      "  return defaults.prefix + LABELS[i];",
      "}",
      "",
      "export function first(): string {",
      '  return (seen.get(0) ?? "") + LABELS.includes("a") + defaults.prefix.length;',
      "}",
      "",
    ].join("\n"),
    "test/read-only.test.ts": [
      'import { describe, expect, it } from "vitest";',
      'import { first, labelAt } from "../src/read-only.js";',
      "",
      'describe("reads", () => {',
      '  const expected = [">b", "atrue1"];',
      "",
      '  it("labels", () => {',
      "    expect(labelAt(1)).toBe(expected[0]);",
      "  });",
      "",
      '  it("firsts", () => {',
      "    expect([first()]).toEqual(expected.slice(1));",
      "  });",
      "});",
      "",
    ].join("\n"),
  },
  "const-state",
);
const analysis = analyze({ root });

/** The tests selected when `file` changes at `line`, and each selected case's reason. */
function selectedBy(file: string, line: number) {
  const result = affectedFor(analysis, { path: file, status: "modified", lines: [[line, line]] });
  expect(result.widened).toEqual([]);
  return {
    tests: selectionOf(result),
    reasons: result.tests.files.flatMap((test) => test.cases.map((c) => c.reason)),
  };
}

describe("state a const holds, changed after its module loaded", () => {
  it("module state: an array a function pushes to runs the case that reads it", () => {
    const { tests, reasons } = selectedBy("src/store.ts", 4);
    expect(tests).toEqual(["test/store.test.ts:4", "test/store.test.ts:8"]);
    expect(reasons[1]).toBe("shares state items with the case at line 4");
  });

  it("a describe block's array and object that a case writes: every case reading them", () => {
    const { tests, reasons } = selectedBy("src/label.ts", 2);
    expect(tests).toEqual([
      "test/collect.test.ts:8",
      "test/collect.test.ts:13",
      "test/collect.test.ts:17",
    ]);
    expect(reasons.slice(1)).toEqual([
      "shares state seen with the case at line 8",
      "shares state ctx with the case at line 8",
    ]);
  });

  it("a function object whose calls change its property: the case that reads it", () => {
    const { tests, reasons } = selectedBy("src/twice.ts", 5);
    expect(tests).toEqual(["test/counter.test.ts:5", "test/counter.test.ts:9"]);
    expect(reasons[1]).toBe("shares state counted with the case at line 5");
  });

  it("an exported object another module writes: the case reading it", () => {
    expect(selectedBy("src/toggle.ts", 4).tests).toEqual([
      "test/elsewhere.test.ts:7",
      "test/elsewhere.test.ts:11",
    ]);
  });

  it("a class whose static method changes its static field: the case reading the field", () => {
    expect(selectedBy("src/add-two.ts", 4).tests).toEqual([
      "test/elsewhere.test.ts:15",
      "test/elsewhere.test.ts:19",
    ]);
  });
});

describe("state no case can change", () => {
  it("consts only read, or filled while the module loads, run no other case", () => {
    expect(selectedBy("src/read-only.ts", 7).tests).toEqual(["test/read-only.test.ts:7"]);
  });
});
