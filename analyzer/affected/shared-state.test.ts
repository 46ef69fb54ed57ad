// Which declarations hold state test cases share: every way code can change a const's value
// after its module loaded (or may, handed to code that could), and the uses that cannot, so that
// cases that only read a const are not run together. In-memory program, no fixture.
import { describe, expect, it } from "vitest";
import { projectCompilerHost } from "../project/compiler-host.js";
import { ts } from "../project/ts-morph.js";
import { fileUnits } from "./code-units.js";

const FILES: Record<string, string> = {
  "changes.test.ts": `
    declare function keep(value: unknown): void;
    const pushed: number[] = [];
    const spliced = [1, 2];
    const sorted = [2, 1];
    const indexed = [0];
    const assigned = { n: 0 };
    const incremented = { n: 0 };
    const deleted: { n?: number } = { n: 0 };
    const merged = { n: 0 };
    const passed = { n: 0 };
    const returned = { n: 0 };
    const nested = { list: [] as number[] };
    const elements = [{ n: 0 }];
    const mapped = new Map([["a", { n: 0 }]]);
    const iterated = [{ n: 0 }];
    const looped = [{ n: 0 }];
    const destructured = { list: [] as number[] };
    const counter = { n: 0, bump() { this.n++; } };
    function fn() {}
    const arrow = () => {};
    class Static { static n = 0; }
    class ThisStatic { static n = 0; static bump() { this.n++; } }
    it("changes them", () => {
      pushed.push(1);
      spliced.splice(0, 1);
      sorted.sort();
      indexed[0] = 1;
      assigned.n = 1;
      incremented.n++;
      delete deleted.n;
      Object.assign(merged, { n: 1 });
      keep(passed);
      keep(give());
      nested.list.push(1);
      elements[0]!.n++;
      mapped.get("a")!.n = 1;
      iterated.forEach((item) => { item.n = 1; });
      for (const item of looped) item.n = 1;
      const { list } = destructured;
      list.push(1);
      counter.bump();
      Object.defineProperty(fn, "calls", { value: 1 });
      (arrow as unknown as { x: number }).x = 1;
      Static.n++;
      ThisStatic.bump();
    });
    function give() { return returned; }
  `,
  "reads.test.ts": `
    declare function keep(value: unknown): void;
    const list = [1, 2];
    const config = { name: "a", size: 2, tags: ["x"] };
    const lookup = new Map([["a", 1]]);
    const helpers = { twice(n: number) { return n * 2; }, label: () => "x" };
    function helper() { return 1; }
    const arrow = () => 1;
    class Plain { static label = "p"; static make() { return new Plain(); } }
    const filled = new Map<string, number>();
    filled.set("a", 1);
    const built: { n?: number } = {};
    built.n = 1;
    describe("suite", () => {
      const inSuite: number[] = [];
      inSuite.push(1);
      it("reads them", () => {
        expect(list.includes(1) && list.map((n) => n * 2).length > 0).toBe(true);
        expect([...list]).toEqual([1, 2]);
        expect(config.name.toUpperCase() + config.size + config.tags.join()).toBe("A2x");
        keep(config.name);
        expect(lookup.get("a")).toBe(1);
        expect(helpers.twice(2) + helpers.label()).toBe("4x");
        keep(helper);
        [1].map(arrow);
        expect(helper() + arrow()).toBe(2);
        expect(Plain.make()).toBeInstanceOf(Plain);
        expect(Plain.label + filled.get("a") + built.n + inSuite.length).toBe("p111");
        expect(JSON.stringify(config)).toContain("a");
      });
    });
  `,
  "module.ts": `
    export const exportedData = { n: 0 };
    export const exportedPrimitive = 1;
    export function exportedFunction() { return 1; }
    export function tagged() {}
    tagged.label = "t";
    export class ExportedPlain { static readonly label = "p"; }
    export class ExportedState { static count = 0; }
    const local = { n: 0 };
    export { local };
    export default { n: 0 };
  `,
};

/** The names of the units holding shared state in one of FILES, all type-checked together. */
const shared = (() => {
  const options: ts.CompilerOptions = { strict: true, target: ts.ScriptTarget.ES2022 };
  const host = projectCompilerHost(options); // with TypeScript's lib files: Array, Map...
  const sources = new Map(
    Object.entries(FILES).map(([name, code]) => [
      `/virtual/${name}`,
      ts.createSourceFile(`/virtual/${name}`, code, ts.ScriptTarget.ES2022, true),
    ]),
  );
  const read = host.getSourceFile.bind(host);
  host.getSourceFile = (file, ...rest) => sources.get(file) ?? read(file, ...rest);
  const program = ts.createProgram({ rootNames: [...sources.keys()], options, host });
  return (name: string) =>
    fileUnits(
      program.getSourceFile(`/virtual/${name}`)!,
      name,
      name.endsWith(".test.ts"),
      program.getTypeChecker(),
    )
      .units.filter((unit) => unit.sharedState)
      .map((unit) => unit.name);
})();

describe("a const holds shared state", () => {
  it("when a case writes it, calls a method that may, or hands it (or a part) to code that may", () => {
    expect(shared("changes.test.ts")).toEqual([
      ...["pushed", "spliced", "sorted", "indexed", "assigned", "incremented", "deleted"],
      ...["merged", "passed", "returned", "nested", "elements", "mapped", "iterated", "looped"],
      ...["destructured", "counter", "fn", "arrow", "Static", "ThisStatic"],
    ]);
  });

  it("when it is exported data, or an exported function or class holding properties", () => {
    expect(shared("module.ts")).toEqual([
      "exportedData",
      "tagged",
      "ExportedState",
      "local",
      "default",
    ]);
  });
});

describe("a const holds no shared state", () => {
  it("when it is only read, called, handed on as a function, or filled while its file loads", () => {
    expect(shared("reads.test.ts")).toEqual([]);
  });
});
