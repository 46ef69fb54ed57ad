// Tests that call agentix/testing/property helpers are linked exactly, like testCommand:
// checkOperation to the operation, checkInvariant to the invariant, adapterContract to the port
// (also from a helper the test imports, as the orders example's storage suite is built).
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { analyze } from "../../analyzer/analyze.js";
import { buildValidatedIndex } from "../../analyzer/index-builder/build-index.js";
import type { AgentixIndex } from "../../analyzer/index-file/types.js";
import { run } from "../../analyzer/cli/main.js";
import { REPO, recordingIO } from "../support/analyzer-fixtures.js";

const ORDERS = path.join(REPO, "examples/orders");
let index: AgentixIndex;

beforeAll(() => {
  index = buildValidatedIndex(analyze({ root: ORDERS }));
});

const linksOf = (file: string) => index.tests.find((test) => test.file === file)?.links;

describe("agentix/testing/property calls", () => {
  it("link checkOperation to the operation and checkInvariant to the invariant, with their lines", () => {
    expect(linksOf("src/features/orders/properties.test.ts")).toEqual([
      {
        target: "invariant",
        id: "orders.paid-order-has-payment",
        by: "call",
        via: "checkInvariant",
        line: 25,
      },
      {
        target: "invariant",
        id: "orders.paid-order-has-payment",
        by: "call",
        via: "checkInvariant",
        line: 29,
      },
      {
        target: "invariant",
        id: "orders.paid-order-has-payment",
        by: "call",
        via: "assertInvariant",
        line: 76,
      },
      { target: "operation", id: "orders.pay", by: "call", via: "checkOperation", line: 67 },
    ]);
    const invariant = index.invariants.find(
      (entry) => entry.id === "orders.paid-order-has-payment",
    );
    expect(invariant?.tests).toContainEqual({
      file: "src/features/orders/properties.test.ts",
      by: "call",
    });
  });

  it("link adapterContract to the port, in the helper and in the test that imports it", () => {
    const ports = ["customers.store", "orders.store", "payments.store", "products.store"];
    expect(linksOf("test/storage-contract.ts")?.filter((link) => link.target === "port")).toEqual(
      ports.map((id, n) => ({
        target: "port",
        id,
        by: "call",
        via: "adapterContract",
        line: [91, 134, 227, 117][n],
      })),
    );
    expect(linksOf("test/storage.test.ts")?.filter((link) => link.by === "call")).toEqual(
      ports.map((id) => ({ target: "port", id, by: "call", via: "adapterContract", line: null })),
    );
  });

  it("shows the property test linked by call in agentix inspect", async () => {
    const recorded = recordingIO(ORDERS);
    expect(await run(["inspect", "orders.pay"], recorded.io)).toBe(0);
    expect(recorded.stdout()).toContain("src/features/orders/properties.test.ts [call]");
  });
});
