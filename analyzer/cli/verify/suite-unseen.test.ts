// A project set up for Jest whose tests agentix cannot name (a computed testMatch): a change
// widened to every test ran none, and verify passed (helper-26 finding 11). It fails instead.
import { afterAll, expect, it } from "vitest";
import {
  removeCopies,
  recordingIO,
  writtenProject,
} from "../../../test/support/analyzer-fixtures.js";
import { run } from "../main.js";

afterAll(removeCopies);

it("fails the tests step of a widened change when the project's runner has tests agentix cannot see", async () => {
  const root = writtenProject(
    {
      "package.json": JSON.stringify({ name: "p", scripts: { test: "jest" } }),
      "jest.config.js":
        'const kind = "check";\nmodule.exports = { testMatch: [`**/*.${kind}.ts`] };\n',
      "tsconfig.json":
        '{ "compilerOptions": { "strict": true, "types": [] }, "include": ["src", "checks"] }\n',
      "src/sum.ts": "export const sum = (a: number, b: number) => a + b;\n",
      "checks/sum.check.ts": 'import { sum } from "../src/sum";\nexport const three = sum(1, 2);\n',
    },
    "suite-unseen",
  );
  const { io, stdout } = recordingIO(root);
  expect(await run(["verify", "package.json", "--dry-run", "--json"], io)).toBe(1);
  const result = JSON.parse(stdout()) as { steps: { step: string; status: string; why: string }[] };
  expect(result.steps.find((step) => step.step === "tests")).toMatchObject({
    status: "failed",
    why: expect.stringMatching(
      /^the project runs Jest .*, but agentix found none of its test files/u,
    ),
  });
});
