// Capabilities are followed across imports: a domain file importing shared code that reaches an
// ambient capability is reported at the import, with the chain (`agentix check` only: ESLint
// sees one file at a time).
import { describe, expect, it } from "vitest";
import { run } from "../../analyzer/cli/main.js";
import type { CheckResult } from "../../analyzer/cli/commands/check.js";
import { fixtureDir, recordingIO } from "../support/analyzer-fixtures.js";

const HINT =
  "; a domain file may not reach ambient capabilities through shared code or an adapter either: declare an effect instead, or allow the capability for that file in agentix.config.json";

describe("transitive capabilities", { timeout: 60_000 }, () => {
  it("reports the import in the domain file with the chain, and nothing for types or allowed code", async () => {
    const io = recordingIO(fixtureDir("transitive"));
    const exit = await run(["check", "--json", "--root", fixtureDir("transitive")], io.io);
    const result = JSON.parse(io.stdout()) as CheckResult;
    expect(
      result.problems
        .filter((p) => p.source === "violation")
        .map((p) => [p.file, p.line, p.column, p.endColumn, p.rule, p.message]),
    ).toEqual([
      // The browser's storage, reached in shared code (the document's title beside it is fine).
      [
        "src/features/loans/drafts.ts",
        1,
        27,
        48,
        "agentix/no-ambient-capabilities",
        `imports src/lib/drafts.ts, which reaches the browser's storage with localStorage at line 4${HINT}`,
      ],
      // A member of the global object by a name no one can tell (the symbol-keyed singleton
      // beside it is fine); src/lib/registry.ts hands the global object on, but every category
      // is allowed there.
      [
        "src/features/loans/globals.ts",
        1,
        28,
        50,
        "agentix/no-ambient-capabilities",
        `imports src/lib/globals.ts, which reads g[name], a member agentix cannot name, at line 6${HINT}`,
      ],
      [
        "src/features/loans/model.ts",
        3,
        23,
        45,
        "agentix/no-ambient-capabilities",
        `imports src/lib/ambient.ts, which reads the clock with Date.now() at line 3${HINT}`,
      ],
      [
        "src/features/loans/model.ts",
        4,
        24,
        45,
        "agentix/no-ambient-capabilities",
        `imports src/lib/config.ts, which imports src/lib/env.ts at line 1, which reads process.env at line 1${HINT}`,
      ],
      // An adapter called directly from a domain file (helper-27 repro-1: an operation with no
      // declared effects wrote files and read the clock through one).
      // A timer in shared code (a debounce): it schedules work, it reads no time.
      [
        "src/features/loans/search.ts",
        1,
        26,
        49,
        "agentix/no-ambient-capabilities",
        `imports src/lib/debounce.ts, which schedules work on the clock with setTimeout() at line 7${HINT}`,
      ],
      [
        "src/features/loans/uses-adapter.ts",
        3,
        27,
        52,
        "agentix/no-ambient-capabilities",
        `imports src/adapters/clock.ts, which reads the clock with Date.now() at line 1${HINT}`,
      ],
    ]);
    expect(exit).toBe(1);
  });
});
