// A generated file whose expression nests thousands of levels deep (tsc accepts it) overflowed
// the analysis' recursion: every analysing verb exited 3, "internal error: Maximum call stack
// size exceeded", naming no file (helper-27 repro-19). It is the input's limit: exit 2, named.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";
import { answer } from "../support/in-process-cli.js";

afterAll(removeCopies);

it(
  "a file nesting too deep: exit 2 naming it, for check and index",
  { timeout: 120_000 },
  async () => {
    const project = copyFixture("shop");
    const terms = Array.from({ length: 6_000 }, (_, i) => `"s${i}"`).join(" + ");
    writeFileSync(path.join(project, "src/chain.ts"), `export const chain = ${terms};\n`);
    for (const verb of ["check", "index"]) {
      const result = await answer([verb], project);
      expect({ verb, code: result.code }).toEqual({ verb, code: 2 });
      expect(result.stderr).toMatch(
        new RegExp(
          `^agentix ${verb}: (src/chain\\.ts|a file) nests its syntax deeper than agentix can follow`,
          "u",
        ),
      );
    }
  },
);

// tsc's own parser overflows on a literal nested deep enough (so does tsc): the file is named,
// from the working directory, where before the message said "a file". 1,500 levels overflowed a
// fresh process but not always a test worker whose parser had been optimized by the files before
// (smaller frames): 20,000 overflow either.
it(
  "a file the TypeScript parser cannot nest into: exit 2 naming it",
  { timeout: 120_000 },
  async () => {
    const project = copyFixture("shop");
    const depth = 20_000;
    writeFileSync(
      path.join(project, "src/deep.ts"),
      `export const deep = ${"[".repeat(depth)}1${"]".repeat(depth)};\n`,
    );
    for (const verb of ["check", "index"]) {
      const result = await answer([verb], project);
      expect({ verb, code: result.code, stderr: result.stderr }).toEqual({
        verb,
        code: 2,
        stderr: `agentix ${verb}: src/deep.ts nests its syntax deeper than agentix can follow (thousands of levels, such as a generated chain of \`+\`): split the expression, or leave the file out of the tsconfig\n`,
      });
    }
  },
);
