import { ConfigCommentParser } from "@eslint/plugin-kit";
import { describe, expect, it } from "vitest";
import { ts } from "../project/ts-morph.js";
import { Linter } from "eslint";
import {
  directivesOf,
  inlineSeveritiesOf,
  silencingDirective,
  unusedEnables,
} from "./directives.js";

const parse = (text: string, name = "x.tsx") =>
  ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
const kinds = (text: string) =>
  directivesOf(parse(text)).map(({ kind, rules, line }) => ({ kind, rules, line }));

describe("directivesOf", () => {
  // What looks like a comment in JSX text is text: ESLint reads no directive there (helper-28
  // B2: check silenced what ESLint reported).
  it("reads no directive in JSX text, and the comments around it", () => {
    const rule = "agentix/no-ambient-capabilities";
    expect(
      kinds(`export const a = <p>{Date.now()} /* eslint-disable-line ${rule} */</p>;\n`),
    ).toEqual([]);
    expect(
      kinds(
        `export const b = (\n  <div>\n    // eslint-disable-next-line ${rule}\n    {Math.random()}\n  </div>\n);\n`,
      ),
    ).toEqual([]);
    expect(
      kinds(
        `export const c = (\n  <div>\n    {/* eslint-disable-next-line ${rule} */}\n    {Math.random()}\n  </div>\n); // eslint-disable-line ${rule}\n`,
      ),
    ).toEqual([
      { kind: "disable-next-line", rules: [rule], line: 3 },
      { kind: "disable-line", rules: [rule], line: 6 },
    ]);
  });

  // ESLint's own reading (@eslint/plugin-kit, what ESLint 10 uses) against check's, form by form
  // (helper-28 C1: a `---` reason, a trailing `--`, a quoted name were read differently).
  it("reads each directive form as ESLint's ConfigCommentParser reads it", () => {
    const parser = new ConfigCommentParser();
    const rule = "agentix/no-ambient-capabilities";
    const comments = [
      `/* eslint-disable-line ${rule} */`,
      `/* eslint-disable-line ${rule} -- a reason */`,
      `/* eslint-disable-line ${rule} --- a reason */`,
      `/* eslint-disable-line ${rule} -- */`,
      `/* eslint-disable-line ${rule} --*/`,
      `/* eslint-disable-line ${rule}-- a reason */`,
      `/* eslint-disable-line "${rule}" */`,
      `/* eslint-disable-line '${rule}', "agentix/no-private-imports" */`,
      `/* eslint-disable-next-line ${rule},agentix/no-private-imports */`,
      `/*eslint-disable-next-line ${rule}*/`,
      `/* eslint-disable */`,
      `/* eslint-disable -- all of it */`,
      `/* eslint-enable ${rule} */`,
      `/* eslint-disable-lines ${rule} */`,
      `/* eslint-disable-line	${rule} */`,
      `/* eslint-disable-line , , ${rule} , */`,
    ];
    for (const comment of comments) {
      const eslint = parser.parseDirective(comment.slice(2, -2));
      // ESLint's SourceCode#getDisableDirectives keeps these four labels (source-code.js).
      const labels = [
        "eslint-disable",
        "eslint-enable",
        "eslint-disable-line",
        "eslint-disable-next-line",
      ];
      const expected =
        eslint === undefined || !labels.includes(eslint.label)
          ? []
          : [
              {
                kind: eslint.label.slice("eslint-".length),
                rules: Object.keys(parser.parseListConfig(eslint.value)),
                line: 1,
              },
            ];
      expect(kinds(`${comment}\nexport const x = 1;\n`), comment).toEqual(expected);
    }
  });

  it("takes no eslint-disable-line comment over several lines, as ESLint refuses it", () => {
    expect(
      kinds(`export const x = 1; /* eslint-disable-line\n agentix/no-ambient-capabilities */\n`),
    ).toEqual([]);
  });

  // Directives covering one problem: ESLint credits one and calls the others unused; check
  // credited the first in source order (helper-27 repro-12). Checked against ESLint 10.15.
  it("credits the directive ESLint credits when several cover the line", () => {
    const rule = "agentix/no-ambient-capabilities";
    const directives = directivesOf(
      parse(
        [
          `/* eslint-disable-next-line ${rule} */ export const e = 1;`,
          `export const f = Date.now(); /* eslint-disable-line ${rule} */`,
          `/* eslint-disable ${rule} */`,
          `export const g = Date.now(); // eslint-disable-line ${rule}`,
          `/* eslint-enable ${rule} */ export const h = Date.now(); // eslint-disable-line ${rule}`,
        ].join("\n"),
        "x.ts",
      ),
    );
    const credited = (line: number, column: number) =>
      silencingDirective(directives, rule, { line, column })?.line;
    // Two line directives cover line 2: the later in source order.
    expect(credited(2, 17)).toBe(2);
    // A block disable silences line 4 first: the line directive there is the unused one.
    expect(credited(4, 17)).toBe(3);
    // The block is enabled again before line 5's problem; its line directive silences it.
    expect(credited(5, 45)).toBe(5);
  });

  // An eslint-enable that enables nothing: ESLint's Linter, run on comments alone, against
  // unusedEnables on each arrangement.
  it("finds the eslint-enable comments ESLint calls unused", () => {
    const linter = new Linter();
    // ESLint judges directives of rules it knows: three of its own stand for any three.
    const RULES: Readonly<Record<string, string>> = {
      a: "no-console",
      b: "no-debugger",
      c: "eqeqeq",
    };
    const arrangements = [
      ["/* eslint-enable a */"],
      ["/* eslint-disable a */", "/* eslint-enable a */"],
      ["/* eslint-disable a */", "/* eslint-enable a, b */"],
      ["/* eslint-disable */", "/* eslint-enable a, b */"],
      ["/* eslint-disable a */", "/* eslint-enable */"],
      ["/* eslint-disable a */", "/* eslint-enable */", "/* eslint-enable a */"],
      ["/* eslint-disable a */", "/* eslint-enable a */", "/* eslint-enable a */"],
      ["/* eslint-enable */", "/* eslint-disable b */", "/* eslint-enable b, c */"],
      ["// eslint-disable-next-line a", "/* eslint-enable a */"],
    ].map((lines) => lines.map((line) => line.replace(/\b([abc])\b/gu, (name) => RULES[name]!)));
    for (const lines of arrangements) {
      const text = `${lines.join("\n")}\n`;
      const eslint = linter
        .verify(text, [{ linterOptions: { reportUnusedDisableDirectives: "error" } }])
        .filter((m) => m.message.startsWith("Unused eslint-enable"))
        .map((m) => `${m.line}: ${m.message}`);
      const check = [...unusedEnables(directivesOf(parse(text, "x.ts")))].map(
        ([directive, rules]) =>
          `${directive.line}: Unused eslint-enable directive (no matching eslint-disable directives were found${
            rules[0] === "" ? "" : ` for ${rules.map((rule) => `'${rule}'`).join(" or ")}`
          }).`,
      );
      expect({ text, unused: check }).toEqual({ text, unused: eslint });
    }
  });

  // `/* eslint agentix/<rule>: "off" */` turns the rule off in the file for ESLint; check
  // reported an error (helper-28 C2). Compared with ESLint's own reading of each form.
  it("reads inline rule severities as ESLint's ConfigCommentParser does", () => {
    const parser = new ConfigCommentParser();
    const rule = "agentix/no-ambient-capabilities";
    const forms = [
      `${rule}: "off"`,
      `${rule}: off`,
      `${rule}: 0`,
      `${rule}: "warn"`,
      `${rule}: 1`,
      `${rule}: ["error"]`,
      `"${rule}": ["warn", { "x": 1 }]`,
      `${rule}: 2, agentix/no-private-imports: off`,
    ];
    const names = ["off", "warn", "error"];
    for (const form of forms) {
      const eslint = parser.parseJSONLikeConfig(form);
      expect(eslint.ok, form).toBe(true);
      const expected = Object.entries(eslint.ok ? eslint.config : {}).map(([name, value]) => {
        const level = Array.isArray(value) ? value[0] : value;
        return [name, typeof level === "number" ? names[level] : level];
      });
      const read = inlineSeveritiesOf(parse(`/* eslint ${form} */\nexport const x = 1;\n`, "x.ts"));
      expect([...read], form).toEqual(expected);
    }
    // Only block comments configure, and a later one wins.
    const last = inlineSeveritiesOf(
      parse(
        `// eslint ${rule}: off\n/* eslint ${rule}: off */\n/* eslint ${rule}: warn */\n`,
        "x.ts",
      ),
    );
    expect([...last]).toEqual([[rule, "warn"]]);
  });
});
