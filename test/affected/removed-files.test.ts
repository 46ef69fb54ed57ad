// A removed file that is not TypeScript: inside the project what read it cannot be proven, so
// the answer widens; outside it (redux-toolkit's examples/publish-ci/vite/.gitignore, seen from
// packages/toolkit) it is a note, as a modified one there is, unless an import names it.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { computeAffected } from "../../analyzer/affected/live-facts.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

const removed = (root: string, file: string) => {
  const computation = computeAffected(analyze({ root }), [{ path: file, status: "deleted" }]);
  return { widened: computation.widened, notes: computation.notes };
};

describe("a removed file that is not TypeScript", () => {
  it("inside the project widens: what read it cannot be proven", () => {
    const root = copyFixture("test-owners");
    expect(removed(root, "src/prices.csv")).toEqual({
      widened: [
        {
          code: "deleted-file",
          message: "src/prices.csv was removed; what read it cannot be proven",
          path: "src/prices.csv",
        },
      ],
      notes: [],
    });
  });

  it("outside the project is a note, as a modified one there is", () => {
    const root = copyFixture("test-owners");
    expect(removed(root, "../examples/vite/.gitignore")).toEqual({
      widened: [],
      notes: ["../examples/vite/.gitignore is outside the project and not part of its program"],
    });
  });

  it("outside the project widens when an import names a file of its name", () => {
    const root = copyFixture("test-owners");
    writeFileSync(
      path.join(root, "src/greet.ts"),
      'import words from "../../shared/words.json" with { type: "json" };\nexport function greet(name: string): string {\n  return `${words.hello}, ${name}`;\n}\n',
    );
    expect(removed(root, "../shared/words.json").widened).toEqual([
      {
        code: "deleted-file",
        message: "../shared/words.json was removed; what read it cannot be proven",
        path: "../shared/words.json",
      },
    ]);
  });
});
