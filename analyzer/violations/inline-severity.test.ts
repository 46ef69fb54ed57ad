// An inline `/* eslint agentix/<rule>: ... */` comment sets the rule's severity in its file for
// ESLint; check ignored it, reporting an error ESLint had turned off (helper-28 C2, repro-17).
import { afterAll, expect, it } from "vitest";
import { recordingIO, removeCopies, writtenProject } from "../../test/support/analyzer-fixtures.js";
import { run } from "../cli/main.js";

afterAll(removeCopies);

it("check honours an inline severity: off drops the report, warn makes it a warning", async () => {
  const rule = "agentix/no-ambient-capabilities";
  const root = writtenProject(
    {
      "package.json": '{ "name": "p", "type": "module" }\n',
      "tsconfig.json":
        '{ "compilerOptions": { "strict": true, "types": [] }, "include": ["src"] }\n',
      "src/features/a/contract.ts": "export {};\n",
      "src/features/a/off.ts": `/* eslint ${rule}: "off" */\nexport const a = Date.now();\n`,
      "src/features/a/warn.ts": `/* eslint ${rule}: ["warn"] */\nexport const b = Date.now();\n`,
      "src/features/a/plain.ts": "export const c = Date.now();\n",
    },
    "inline-severity",
  );
  const { io, stdout } = recordingIO(root);
  await run(["check", "--json"], io);
  const { problems } = JSON.parse(stdout()) as {
    problems: { file: string; rule: string; severity: string }[];
  };
  expect(problems.filter((p) => p.rule === rule).map((p) => [p.file, p.severity])).toEqual([
    ["src/features/a/plain.ts", "error"],
    ["src/features/a/warn.ts", "warning"],
  ]);
});

// A misspelt agentix rule in a directive silences nothing; ESLint says "Definition for rule ...
// was not found", check said nothing (helper-28 E1).
it("check names a directive for a rule agentix does not have", async () => {
  const root = writtenProject(
    {
      "package.json": '{ "name": "p", "type": "module" }\n',
      "tsconfig.json":
        '{ "compilerOptions": { "strict": true, "types": [] }, "include": ["src"] }\n',
      "src/features/a/contract.ts": "export {};\n",
      "src/features/a/typo.ts":
        "// eslint-disable-next-line agentix/no-ambient-capability, other/rule\nexport const a = Date.now();\n",
    },
    "unknown-rule",
  );
  const { io, stdout } = recordingIO(root);
  await run(["check", "--json"], io);
  const { problems } = JSON.parse(stdout()) as {
    problems: { rule: string | null; message: string; line: number }[];
  };
  expect(problems.filter((p) => p.rule === "unused-disable-directive")).toEqual([
    expect.objectContaining({
      line: 1,
      message:
        "Unused eslint-disable directive (no agentix rule is named 'agentix/no-ambient-capability')",
    }),
  ]);
});
