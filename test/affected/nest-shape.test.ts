// The NestJS shape (issue 12, item 7): features in src/features/*/ with <id>.module.ts and
// injected services, unit specs beside them (`*.spec.ts`, run by vitest.config.ts) and
// end-to-end tests under test/ run by a second config, vitest.e2e.config.ts: one found only
// through that config's include.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { answerAffected } from "../../analyzer/cli/answer-affected.js";
import { affectedFor } from "../support/affected.js";
import {
  copyFixture,
  fixtureDir,
  recordingIO,
  removeCopies,
} from "../support/analyzer-fixtures.js";
import { answer } from "../support/in-process-cli.js";

let analysis: Analysis;

beforeAll(() => {
  analysis = analyze({ root: fixtureDir("nest-shape") });
});

afterAll(removeCopies);

const affected = (change: FileChange) => affectedFor(analysis, change);

describe("a NestJS-shaped project", () => {
  it("finds the tests of both Vitest configs, the e2e one's by its include alone", () => {
    expect(analysis.loaded.vitest.file).toBe("vitest.config.ts");
    expect(analysis.loaded.vitest.others.map((config) => config.file)).toEqual([
      "vitest.e2e.config.ts",
    ]);
    expect(
      analysis.loaded.files.filter((file) => analysis.roles.isTest(file)).map((file) => file.path),
    ).toEqual([
      "src/features/orders/orders.service.spec.ts",
      "src/features/users/users.service.spec.ts",
      "test/e2e/checkout.e2e.ts",
      "test/orders.e2e-spec.ts",
    ]);
  });

  it("selects the specs and the e2e tests (of both configs) that reach an injected service", () => {
    const result = affected({
      path: "src/features/orders/orders.service.ts",
      status: "modified",
      lines: [[17, 17]],
    });
    expect(result.widened).toEqual([]);
    expect(
      result.tests.files.map((file) => [file.file, file.whole, file.selected, file.total]),
    ).toEqual([
      // Both cases build the service: a class is one unit, so each reaches the changed method.
      ["src/features/orders/orders.service.spec.ts", true, 2, 2],
      ["test/e2e/checkout.e2e.ts", true, 1, 1],
      ["test/orders.e2e-spec.ts", true, 1, 1],
    ]);
    expect(result.tests.total).toEqual({ files: 4, cases: 5 });
  });

  it("a change to a second Vitest config widens, as a change to the first does", () => {
    const result = affected({ path: "vitest.e2e.config.ts", status: "modified" });
    expect(result.widened.map((reason) => reason.code)).toEqual(["config-file"]);
  });

  // They were "not run by vitest" in affected's text, left out of --format vitest-invocations
  // (a CI matrix never ran them) and named by verify as another runner's.
  describe("the e2e config's tests are run with that config", () => {
    const service = "src/features/orders/orders.service.ts";
    const e2eRun = [
      "run",
      "--config",
      "vitest.e2e.config.ts",
      "test/e2e/checkout.e2e.ts",
      "test/orders.e2e-spec.ts",
    ];

    it("by affected's run lines and its invocations", async () => {
      const root = fixtureDir("nest-shape");
      const text = await answer(["affected", service], root);
      expect(text.stdout.split("\n").slice(-3)).toEqual([
        "run: vitest run src/features/orders/orders.service.spec.ts",
        `run: vitest ${e2eRun.join(" ")}`,
        "",
      ]);
      const invocations = await answer(
        ["affected", service, "--format", "vitest-invocations", "--compact"],
        root,
      );
      expect(
        (
          JSON.parse(invocations.stdout) as {
            invocations: { args: string[]; files: number; cases: number }[];
          }
        ).invocations.map(({ args, files, cases }) => [args, files, cases]),
      ).toEqual([
        [["run", "src/features/orders/orders.service.spec.ts"], 1, 2],
        [e2eRun, 2, 2],
      ]);
      const widened = await answer(
        ["affected", "tsconfig.json", "--format", "vitest-invocations", "--compact"],
        root,
      );
      expect(
        (JSON.parse(widened.stdout) as { invocations: { args: string[] }[] }).invocations.map(
          (invocation) => invocation.args,
        ),
      ).toEqual([
        ["run", "."],
        ["run", "--config", "vitest.e2e.config.ts", "."],
      ]);
    });

    it("by verify, as a second tests step", async () => {
      const verified = await answer(
        ["verify", service, "--dry-run", "--json"],
        fixtureDir("nest-shape"),
      );
      expect(verified.code).toBe(0);
      const steps = (
        JSON.parse(verified.stdout) as {
          steps: { step: string; command: string; why: string; status: string }[];
        }
      ).steps.filter((step) => step.step === "tests");
      expect(steps).toEqual([
        {
          step: "tests",
          command: "vitest run src/features/orders/orders.service.spec.ts",
          why: "4 of 5 cases: the ones the change can reach (see agentix affected); 2 of them vitest.e2e.config.ts's (run next)",
          status: "planned",
          cwd: ".",
          durationMs: null,
          details: [],
        },
        {
          step: "tests",
          command: `vitest ${e2eRun.join(" ")}`,
          why: "2 of the 4 cases the change can reach, the ones vitest.e2e.config.ts runs and vitest.config.ts leaves out",
          status: "planned",
          cwd: ".",
          durationMs: null,
          details: [],
        },
      ]);
      const text = await answer(["verify", service, "--dry-run"], fixtureDir("nest-shape"));
      expect(text.stdout).not.toContain("not run by vitest");
      expect(text.stdout).not.toContain("files that import vitest");
    });

    it("from the affected record as from an analysis", async () => {
      const root = copyFixture("nest-shape");
      expect((await answer(["index"], root)).code).toBe(0);
      const { io } = recordingIO(root);
      const fromRecord = await answerAffected("affected", {}, [service], io, { fromIndex: true });
      expect(fromRecord.analysis).toBeUndefined();
      for (const argv of [
        ["affected", service],
        ["affected", "orders", "--format", "vitest-invocations", "--shard", "2/2"],
      ])
        expect(await answer(argv, root)).toEqual(await answer([...argv, "--fresh"], root));
    });
  });
});
