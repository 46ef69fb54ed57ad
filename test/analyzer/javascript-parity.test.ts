// With `allowJs`, `agentix check` analyses the project's JavaScript files, while the plugin's
// `recommended` config covers TypeScript files only (a JavaScript file may hold JSX its parser
// options would not allow). The README's config for JavaScript files gives ESLint the reports
// check makes there: the same rule, line, column and message.
import { ESLint } from "eslint";
import { afterAll, beforeAll, expect, it } from "vitest";
import agentix from "../../eslint-plugin/index.js";
import { removeCopies, writtenProject } from "../support/analyzer-fixtures.js";
import { answer } from "../support/in-process-cli.js";

let root: string;
beforeAll(() => {
  root = writtenProject(
    {
      "package.json": '{ "name": "js-parity", "private": true, "type": "module" }\n',
      "tsconfig.json":
        '{ "compilerOptions": { "strict": true, "allowJs": true, "module": "NodeNext", "types": [], "noEmit": true }, "include": ["src"] }\n',
      "src/features/orders/contract.ts": "export const a = 1;\n",
      "src/features/orders/internal.ts": "export const secret = 2;\n",
      "src/features/billing/contract.ts": "export const c = 3;\n",
      "src/features/billing/model.js":
        'import { secret } from "../orders/internal.js";\nexport const b = secret + Date.now();\n',
    },
    "js-parity",
  );
});
afterAll(removeCopies);

interface Report {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly rule: string;
  readonly message: string;
}

const MODEL = "src/features/billing/model.js";
const EXPECTED: Report[] = [
  {
    file: MODEL,
    line: 1,
    column: 24,
    rule: "agentix/no-private-imports",
    message:
      'src/features/orders/internal.ts is private to feature "orders"; feature "billing" may import only its public entry src/features/orders/contract.ts, so import from there instead',
  },
  {
    file: MODEL,
    line: 2,
    column: 27,
    rule: "agentix/no-ambient-capabilities",
    message:
      "Date.now() reads the clock ambiently in a domain file; declare the Clock.now effect and call effects.now() instead",
  },
];

it("check reports in a JavaScript file of an allowJs project", async () => {
  const run = await answer(["check", "--json", "--fresh"], root);
  const problems = (JSON.parse(run.stdout) as { problems: (Report & { source: string })[] })
    .problems;
  expect(
    problems
      .filter((problem) => problem.source === "violation")
      .map(({ file, line, column, rule, message }) => ({ file, line, column, rule, message })),
  ).toEqual(EXPECTED);
  expect(run.code).toBe(1);
});

it("ESLint reports the same with the README's config for JavaScript files, and nothing without it", async () => {
  const lint = async (configs: ESLint.Options["overrideConfig"]) => {
    const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: configs });
    const [result] = await eslint.lintFiles([MODEL]);
    return (result?.messages ?? []).map((message) => ({
      file: MODEL,
      line: message.line,
      column: message.column,
      rule: message.ruleId ?? "",
      message: message.message,
    }));
  };
  expect(
    await lint([
      agentix.configs.recommended,
      { ...agentix.configs.recommended, files: ["**/*.{js,mjs,cjs}"] },
    ]),
  ).toEqual(EXPECTED);
  // `recommended` alone does not lint JavaScript.
  expect(await lint([agentix.configs.recommended])).toEqual([]);
});
