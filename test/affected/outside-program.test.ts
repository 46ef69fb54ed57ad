// A changed TypeScript file the tsconfig's program leaves out widens (nothing can prove what reads
// it), and the reason says how to bring it in: Next.js routes under `app/.well-known/` are skipped
// by TypeScript's include wildcards, which pass over folders whose names start with "." (formbricks).
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { affectedFor } from "../support/affected.js";
import { BUNDLER_TSCONFIG, removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

describe("a changed file outside the tsconfig's program", () => {
  const analysis = () =>
    analyze({
      root: writtenProject(
        {
          "tsconfig.json": BUNDLER_TSCONFIG,
          "src/.well-known/route.ts": "export const GET = (): string => 'ok';\n",
          "src/model.ts": "export const model = 1;\n",
          "scripts/seed.ts": "export const seed = 1;\n",
          "scripts/seed.js": "export const seed = 1;\n",
          "test/model.test.ts": 'import { model } from "../src/model.js";\nexport { model };\n',
        },
        "outside-program",
      ),
    });

  it("widens, naming the dot folder TypeScript skipped, or the include that leaves it out", () => {
    const project = analysis();
    const widened = (file: string) =>
      affectedFor(project, { path: file, status: "modified" }).widened.map((reason) => [
        reason.code,
        reason.message,
      ]);
    expect(widened("src/.well-known/route.ts")).toEqual([
      [
        "unknown-file",
        "src/.well-known/route.ts is outside the analysed tsconfig's program (TypeScript's include wildcards skip folders whose names start with \".\", such as .well-known: name it in include to analyse it); what reads it cannot be proven",
      ],
    ]);
    expect(widened("scripts/seed.ts")).toEqual([
      [
        "unknown-file",
        "scripts/seed.ts is outside the analysed tsconfig's program (its include and exclude leave it out); what reads it cannot be proven",
      ],
    ]);
    expect(widened("scripts/seed.js")).toEqual([
      [
        "unknown-file",
        "scripts/seed.js is not TypeScript the analyzer follows; what reads it cannot be proven",
      ],
    ]);
  });
});
