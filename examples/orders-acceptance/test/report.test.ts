import { describe, expect, test } from "vitest";
import { formatReport } from "../src/report.js";
import type { ContractRun } from "../src/run-contract.js";
import type { Scenario } from "../src/scenario.js";

const scenario = (id: string): Scenario => ({
  id,
  environment: { clockStart: "2026-03-01T09:00:00.000Z", idSeed: 1, paymentAnswers: [] },
  variables: {},
  steps: [],
  state: { customers: [], products: [], orders: [], payments: [], outbox: [] },
});
const apps = [
  { name: "agentix app", main: "a.js" },
  { name: "plain app", main: "p.js" },
];

describe("formatReport", () => {
  test("a table with one row per scenario and one column per app, then each failure in detail", () => {
    const run: ContractRun = {
      apps,
      scenarios: [scenario("orders › one"), scenario("payments › a longer name")],
      runs: [
        [
          { scenario: "orders › one", app: "agentix app", problems: [], durationMs: 1 },
          { scenario: "orders › one", app: "plain app", problems: [], durationMs: 1 },
        ],
        [
          { scenario: "payments › a longer name", app: "agentix app", problems: [], durationMs: 1 },
          {
            scenario: "payments › a longer name",
            app: "plain app",
            problems: [
              { where: "step 5: POST /orders/ord_4/payment (as clerk)", lines: ["    /status: expected 402, got 409"] },
              { where: "state: payments", lines: ['    /0: unexpected {"id":"pay_5"}'] },
            ],
            durationMs: 1,
          },
        ],
      ],
      passed: false,
    };
    expect(formatReport(run).split("\n")).toEqual([
      "scenario                 | agentix app | plain app",
      "-------------------------|-------------|----------",
      "orders › one             | pass        | pass",
      "payments › a longer name | pass        | FAIL (2)",
      "",
      "plain app FAILED payments › a longer name",
      "  step 5: POST /orders/ord_4/payment (as clerk)",
      "    /status: expected 402, got 409",
      "  state: payments",
      '    /0: unexpected {"id":"pay_5"}',
      "",
      "acceptance: 1 of 4 scenario runs failed",
    ]);
  });

  test("all passed", () => {
    const run: ContractRun = { apps, scenarios: [scenario("x")], runs: [apps.map((app) => ({ scenario: "x", app: app.name, problems: [], durationMs: 1 }))], passed: true };
    expect(formatReport(run).split("\n").slice(-1)).toEqual(["acceptance: all 1 scenarios passed against agentix app and plain app"]);
  });
});
