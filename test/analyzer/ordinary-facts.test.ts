// Facts the analyzer must read from ordinary code (issue 12, item 4), on one hand-written
// fixture (test/fixtures/ordinary): handlers written as methods, adapter lists built by
// spreads and factories (one with a default parameter), adapter names in inspect, `.each`
// cases counted as Vitest counts them, invariants linked through `.check` and
// `assertInvariant`, the ports each test fakes, and a `const` Set no case changes.
import { beforeAll, describe, expect, it } from "vitest";
import type { FileChange } from "../../analyzer/affected/changes.js";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { run } from "../../analyzer/cli/main.js";
import { buildValidatedIndex } from "../../analyzer/index-builder/build-index.js";
import type { AgentixIndex } from "../../analyzer/index-file/types.js";
import { affectedFor } from "../support/affected.js";
import { fixtureDir, recordingIO } from "../support/analyzer-fixtures.js";

const ROOT = fixtureDir("ordinary");
const BILLING_TEST = "src/features/billing/billing.test.ts";
let analysis: Analysis;
let index: AgentixIndex;

beforeAll(() => {
  analysis = analyze({ root: ROOT });
  index = buildValidatedIndex(analysis);
});

const affected = (change: FileChange) => affectedFor(analysis, change);

describe("adapters", () => {
  it("reads handlers written as methods like property handlers", () => {
    expect(index.adapters.filter((adapter) => adapter.origin === "project")).toEqual([
      {
        port: "billing.ledger",
        name: null,
        origin: "project",
        binding: "memoryStores",
        location: { file: "src/adapters/memory.ts", line: 7, column: 5, endLine: 13, endColumn: 7 },
        handlers: ["record", "total"],
      },
      {
        port: "billing.payments",
        name: null,
        origin: "project",
        binding: "cardPayments",
        location: {
          file: "src/adapters/payments.ts",
          line: 5,
          column: 1,
          endLine: 10,
          endColumn: 4,
        },
        handlers: ["charge", "refund"],
      },
      {
        port: "billing.receipts",
        name: null,
        origin: "project",
        binding: "dbReceipts",
        location: { file: "src/adapters/db.ts", line: 9, column: 10, endLine: 9, endColumn: 88 },
        handlers: ["send"],
      },
    ]);
  });

  it("follows spreads and factories (imported, with a default parameter) in createApplication's adapters", () => {
    expect(
      index.applications.map((application) => [
        `${application.location.file}:${application.location.line}`,
        application.adapters.map((adapter) => `${adapter.port} ${adapter.name ?? "-"}`),
      ]),
    ).toEqual([
      [
        "src/app.ts:8",
        [
          "billing.ledger -",
          "billing.payments -",
          "billing.receipts -",
          "clock system-clock",
          "ids random-ids",
        ],
      ],
      ["src/app.ts:13", ["clock system-clock", "ids random-ids"]],
      ["src/main.ts:8", ["billing.receipts -"]],
      ["src/main.ts:9", ["billing.receipts -"]],
      ["src/main.ts:21", ["billing.ledger -", "billing.payments -"]],
    ]);
  });

  // A parameter with a default (`extra = []`, `adapters = [systemClock, randomIds]`) is read as
  // its default: the app a caller passing none gets (the README app's buildApp was warned about).
  it("warns, with their positions, about the list elements it cannot follow (a function spreading itself), and nothing else", () => {
    expect(index.unresolved).toEqual([
      {
        kind: "reference",
        file: "src/main.ts",
        line: 14,
        column: 14,
        reason:
          "the adapters of createApplication (again()) are not an array literal the analyzer can read",
      },
    ]);
  });

  it("names project adapters in inspect by their constant or factory", async () => {
    const recorded = recordingIO(ROOT);
    expect(await run(["inspect", "billing", "--fresh"], recorded.io)).toBe(0);
    expect(recorded.stdout()).toContain(
      "  ports        billing.ledger [2 ops; adapters: memoryStores], billing.payments [2 ops; adapters: cardPayments], billing.receipts [1 op; adapters: dbReceipts]\n",
    );
    const operation = recordingIO(ROOT);
    expect(await run(["inspect", "billing.charge", "--fresh"], operation.io)).toBe(0);
    expect(operation.stdout()).toContain(
      [
        "  effects      id      ids.next                 random   adapters: random-ids",
        "               now     clock.now                time     adapters: system-clock",
        "               pay     billing.payments.charge  external adapters: cardPayments",
        "               record  billing.ledger.record    write    adapters: memoryStores",
        "               send    billing.receipts.send    external adapters: dbReceipts",
      ].join("\n"),
    );
  });
});

describe("invariants", () => {
  it("links an operation to the invariant its execute asserts, listed or not", () => {
    const charge = index.operations.find((operation) => operation.id === "billing.charge");
    expect([charge?.invariants, charge?.assertions]).toEqual([
      ["billing.positive-charge"],
      [{ invariant: "billing.positive-charge", line: 13 }],
    ]);
    expect(
      index.invariants.map((invariant) => [invariant.id, invariant.preservedBy, invariant.tests]),
    ).toEqual([
      [
        "billing.ledger-balanced",
        ["billing.refund"],
        [{ file: "test/receipts.test.ts", by: "feature" }],
      ],
      [
        "billing.positive-charge",
        ["billing.charge"],
        [
          { file: BILLING_TEST, by: "call" },
          { file: "test/receipts.test.ts", by: "feature" },
        ],
      ],
    ]);
  });

  it("links a test calling invariant.check(...) to the invariant", () => {
    expect(index.tests.find((test) => test.file === BILLING_TEST)?.links).toEqual([
      { target: "invariant", id: "billing.positive-charge", by: "call", via: "check", line: 37 },
      { target: "operation", id: "billing.charge", by: "call", via: "testCommand", line: 18 },
      { target: "operation", id: "billing.charge", by: "call", via: "testCommand", line: 24 },
    ]);
  });

  it("warns about an invariant an operation lists but never asserts, at the list", async () => {
    expect(index.diagnostics).toEqual([
      {
        code: "invariant-not-asserted",
        severity: "warning",
        message:
          'command "billing.refund" lists invariant "billing.ledger-balanced" but never asserts it; call assertInvariant(ledgerBalanced, evidence) in its execute',
        file: "src/features/billing/operations.ts",
        line: 27,
        related: [{ file: "src/features/billing/invariants.ts", line: 11 }],
      },
    ]);
    const recorded = recordingIO(ROOT);
    expect(await run(["check", "--fresh"], recorded.io)).toBe(0);
    expect(recorded.stdout()).toContain(
      '  27      warning command "billing.refund" lists invariant "billing.ledger-balanced" but never asserts it; call assertInvariant(ledgerBalanced, evidence) in its execute (see src/features/billing/invariants.ts:11)  invariant-not-asserted\n',
    );
  });
});

describe("test doubles", () => {
  it("records per test file the ports it fakes, with the double and its line", () => {
    expect(index.tests.map((test) => [test.file, test.doubles])).toEqual([
      [
        BILLING_TEST,
        [
          { port: "billing.ledger", via: "memoryPort", line: 14 },
          { port: "billing.payments", via: "memoryPort", line: 14 },
          { port: "billing.receipts", via: "memoryPort", line: 14 },
          { port: "clock", via: "fakeClock", line: 14 },
          { port: "ids", via: "sequentialIds", line: 14 },
        ],
      ],
      ["test/receipts.test.ts", [{ port: "billing.receipts", via: "memoryPort", line: 7 }]],
    ]);
  });

  it("a change to a port's contract reaches every test that fakes it", () => {
    const result = affected({
      path: "src/features/billing/contract.ts",
      status: "modified",
      lines: [[21, 25]],
    });
    expect(
      result.tests.files.map((file) => [file.file, file.whole, file.selected, file.total]),
    ).toEqual([
      [BILLING_TEST, true, 14, 14],
      ["test/receipts.test.ts", true, 1, 1],
    ]);
  });
});

describe("test cases", () => {
  it("counts it.each / test.each (array and table) / describe.each as Vitest runs them", () => {
    // 3 (it.each) + 1 + 1 + 2 (test.each table) + 2 x (1 + 2) (describe.each) + 1 (rows not static)
    const result = affected({
      path: "src/features/billing/operations.ts",
      status: "modified",
      lines: [[14, 14]],
    });
    expect(result.tests.total).toEqual({ files: 2, cases: 15 });
    expect(result.tests.selected).toEqual({ files: 1, cases: 5 });
    const file = result.tests.files[0]!;
    expect([file.file, file.whole, file.selected, file.total]).toEqual([
      BILLING_TEST,
      false,
      5,
      14,
    ]);
  });

  it("does not couple cases through a const Set no code changes, and still does through one a case writes", () => {
    const result = affected({
      path: "src/features/billing/operations.ts",
      status: "modified",
      lines: [[14, 14]],
    });
    expect(result.tests.files[0]?.cases).toEqual([
      {
        line: 17,
        name: "charges %i cents",
        reason:
          "testCommand(charge) at line 18 <- src/features/billing/operations.ts#charge; changed at line 14",
      },
      {
        line: 22,
        name: "charges in a known currency",
        reason:
          "testCommand(charge) at line 24 <- src/features/billing/operations.ts#charge; changed at line 14",
      },
      {
        line: 28,
        name: "remembers what it saw",
        reason: "shares state seen with the case at line 22",
      },
    ]);
  });
});
