// The driver against real processes: the plain app (built by `npm run build`) with a
// deliberately wrong expectation, and a fake app that misbehaves in the ways an app under test
// can. Each case starts one process, so the whole file takes a few seconds.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, test } from "vitest";
import { formatReport } from "../src/report.js";
import { runContract } from "../src/run-contract.js";
import { runScenario } from "../src/run-scenario.js";
import { loadScenarios, type Request, type Scenario } from "../src/scenario.js";

const plainApp = { name: "plain app", main: fileURLToPath(new URL("../../orders-plain/dist/main.js", import.meta.url)) };
const fakeApp = { name: "fake app", main: fileURLToPath(new URL("./fixtures/fake-app.mjs", import.meta.url)) };
const scenarios = loadScenarios(fileURLToPath(new URL("../scenarios/", import.meta.url)));

function scenarioNamed(id: string): Scenario {
  const found = scenarios.find((scenario) => scenario.id === id);
  if (found === undefined) throw new Error(`no scenario ${id}`);
  return found;
}

beforeAll(() => {
  if (!existsSync(plainApp.main)) throw new Error(`${plainApp.main} is missing: run \`npm run build\` first`);
});

describe("a behaviour difference", () => {
  test("fails the scenario with a readable diff of each step and table that differs", async () => {
    const original = scenarioNamed("payments › a declined card changes nothing; the next card pays");
    // The expectation of another app: the first decline answered 409 CARD_DECLINED, and it used a unit of stock.
    const steps = original.steps.map((step, index) => {
      if (index !== 4) return step;
      const request = step as Request;
      const body = request.expect.body as { error: Record<string, unknown> };
      return { ...request, expect: { ...request.expect, status: 409, body: { error: { ...body.error, code: "CARD_DECLINED" } } } };
    });
    const products = [original.state.products[0], { id: "prd_3", name: "Mug", priceCents: 1200, stock: 7 }];
    const tampered: Scenario = { ...original, steps, state: { ...original.state, products } };

    const run = await runScenario(plainApp, tampered);
    expect(run.problems).toEqual([
      { where: "step 5: POST /orders/ord_4/payment (as clerk)", lines: ["    /status: expected 409, got 402", '    /body/error/code: expected "CARD_DECLINED", got "PAYMENT_DECLINED"'] },
      { where: "state: products", lines: ["    /1/stock: expected 7, got 8"] },
    ]);
    const report = formatReport({ apps: [plainApp], scenarios: [tampered], runs: [[run]], passed: false });
    expect(report.split("\n").slice(2)).toEqual([
      "payments › a declined card changes nothing; the next card pays | FAIL (2)",
      "",
      "plain app FAILED payments › a declined card changes nothing; the next card pays",
      "  step 5: POST /orders/ord_4/payment (as clerk)",
      "    /status: expected 409, got 402",
      '    /body/error/code: expected "CARD_DECLINED", got "PAYMENT_DECLINED"',
      "  state: products",
      "    /1/stock: expected 7, got 8",
      "",
      "acceptance: 1 of 1 scenario runs failed",
    ]);
  });

  test("concurrent replies are paired with expectations in any order, and reported against the closest pairing", async () => {
    const original = scenarioNamed("concurrency › two orders for the last units at once: one wins, the other is 409 OUT_OF_STOCK");
    expect((await runScenario(plainApp, original)).problems).toEqual([]);
    const race = original.steps[3] as { concurrently: readonly Request[] };
    const loser = race.concurrently[1] as Request;
    const bothLose: Scenario = { ...original, steps: [...original.steps.slice(0, 3), { concurrently: [loser, loser] }], state: { ...original.state, orders: [] } };
    const run = await runScenario(plainApp, bothLose);
    expect(run.problems.map((problem) => problem.where)).toEqual([
      "step 4 (concurrently, in any order): POST /orders (as clerk) | POST /orders (as clerk)",
      "state: orders",
    ]);
    expect(run.problems[0]?.lines.slice(0, 2)).toEqual(["    /0/status: expected 409, got 201", '    /0/body/error: missing, expected {"code":"OUT_OF_STOCK","message":"Product prd_2 has 0 in stock; the order asks for 3.","details":{"productId":"prd_2","requested":3,"available":0}}']);
  });
});

describe("an app that misbehaves", () => {
  const scenario = scenarioNamed("customers › a registered customer is read back exactly as stored");

  test("answering wrongly: every step, every table, and the missing outbox are reported", async () => {
    const run = await runScenario(fakeApp, scenario);
    expect(run.problems.map((problem) => problem.where)).toEqual([
      "step 1: POST /customers (as clerk)",
      "step 2: GET /customers/cus_1 (as auditor)",
      "step 3: GET /customers/cus_1/ (as auditor)",
      "step 4: GET /customers/cus_9 (as auditor)",
      "state: outbox",
      "state: customers",
      "state: products",
      "state: orders",
      "state: payments",
    ]);
    expect(run.problems[3]?.lines).toEqual([
      "    /status: expected 404, got 418",
      '    /body/error/code: expected "NOT_FOUND", got "TEAPOT"',
      '    /body/error/message: expected "There is no customer cus_9.", got "GET /customers/cus_9"',
      '    /body/error/details: missing, expected {"customerId":"cus_9"}',
    ]);
    expect(run.problems[4]?.lines[0]).toMatch(/^ {4}cannot read the outbox: /);
    expect(run.problems[6]?.lines[0]).toBe('    /0: unexpected {"status":418,"body":{"error":{"code":"TEAPOT","message":"GET /products/prd_1"}}}');
  });

  test("exiting before it listens, never saying it listens, or listening elsewhere: a startup problem", async () => {
    const variant = (mode: string): Scenario => ({ ...scenario, variables: { FAKE_APP: mode } });
    const [early, silent, elsewhere] = await Promise.all([
      runScenario(fakeApp, variant("exit-early")),
      runScenario(fakeApp, variant("silent"), { startTimeoutMs: 1_000 }),
      runScenario(fakeApp, variant("wrong-port")),
    ]);
    expect(early.problems).toEqual([{ where: "startup", lines: ["  exited with code 3 before listening", "  | fake-app: cannot start"] }]);
    expect(silent.problems).toEqual([{ where: "startup", lines: ['  did not print "listening on <url>" within 1000 ms'] }]);
    expect(elsewhere.problems).toHaveLength(1);
    expect(elsewhere.problems[0]?.lines[0]).toMatch(/^ {2}listened on http:\/\/127\.0\.0\.1:\d+, not on PORT \d+$/);
  });

  test("starting when it must refuse to, or refusing wrongly", async () => {
    const refusal = scenarioNamed("environment › an id seed that is not a whole number");
    const [started, refusedWrongly] = await Promise.all([runScenario(fakeApp, refusal), runScenario(fakeApp, { ...refusal, variables: { ...refusal.variables, FAKE_APP: "exit-early" } })]);
    expect(started.problems).toEqual([{ where: "startup", lines: ["  started, but it must refuse to (exit code 1)"] }]);
    expect(refusedWrongly.problems).toEqual([
      { where: "startup", lines: ["  exit code: expected 1, got 3", '  stderr: expected one line mentioning "ORDERS_ID_SEED", got "fake-app: cannot start\\n"'] },
    ]);
  });

  test("the contract run keeps scenario order and fails when any app fails anything", async () => {
    const result = await runContract([plainApp, fakeApp], [scenarioNamed("environment › a PORT that is not a port number")], { jobs: 2 });
    expect(result.passed).toBe(false);
    expect(result.runs.map((row) => row.map((run) => [run.app, run.problems.length]))).toEqual([
      [
        ["plain app", 0],
        ["fake app", 1],
      ],
    ]);
  });
});

describe("npm run acceptance", () => {
  const cli = fileURLToPath(new URL("../dist/cli.js", import.meta.url));
  const run = (args: readonly string[]) =>
    new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [cli, ...args], (error, stdout, stderr) => resolve({ code: error === null ? 0 : (error.code as number), stdout, stderr }));
    });

  test("prints the table and exits 1 when an app fails; 2 for an invocation it cannot run", async () => {
    const failed = await run(["--only", "a PORT that is not", "--app", `fake=${fakeApp.main}`]);
    expect([failed.code, failed.stdout.split("\n").slice(0, 3)]).toEqual([
      1,
      [`${"scenario".padEnd(46)} | fake`, `${"-".repeat(46)}-|-${"-".repeat(8)}`, "environment › a PORT that is not a port number | FAIL (1)"],
    ]);
    expect(await run(["--app", "fake"])).toEqual({ code: 2, stdout: "", stderr: 'acceptance: --app wants <name>=<path to main.js>, got "fake"\n' });
    expect(await run(["--only", "no such scenario"])).toEqual({ code: 2, stdout: "", stderr: 'acceptance: no scenario matches "no such scenario"\n' });
    expect((await run(["--jobs", "0"])).stderr).toBe('acceptance: --jobs wants a positive whole number, got "0"\n');
  });
});
