// `inspect feature:<name>` and `inspect operation:<name>` ask for one kind: a name that is the
// other kind says so and gives the command that shows it. It said `no feature or operation
// "orders.create"; did you mean orders.create?`, contradicting itself.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";
import { analysesOf, answer } from "../support/in-process-cli.js";
import type { AnalysisSource } from "../../analyzer/cli/io.js";

let root: string;
let analyses: AnalysisSource;

beforeAll(() => {
  root = copyFixture("shop");
  analyses = analysesOf(root, path.join(root, "tsconfig.json"));
});
afterAll(removeCopies);

const inspect = (target: string) => answer(["inspect", target], root, { analyses });

const refused = (message: string) => ({
  code: 2,
  stdout: "",
  stderr: `agentix inspect: ${message}\nrun \`agentix inspect --help\` for usage\n`,
});

describe("inspect with a kind prefix", { timeout: 120_000 }, () => {
  it("an operation asked for as a feature, and a feature as an operation: names the kind", async () => {
    expect(await inspect("feature:orders.create")).toEqual(
      refused('no feature "orders.create" (it is an operation: inspect operation:orders.create)'),
    );
    expect(await inspect("operation:orders")).toEqual(
      refused('no operation "orders" (it is a feature: inspect feature:orders)'),
    );
  });

  it("a name of neither kind: suggests names of the kind asked for", async () => {
    expect(await inspect("feature:ordrs")).toEqual(
      refused('no feature "ordrs"; did you mean orders? (features: customers, orders, payments)'),
    );
    expect(await inspect("operation:orders.creat")).toEqual(
      refused(
        'no operation "orders.creat"; did you mean orders.create? (features: customers, orders, payments)',
      ),
    );
  });

  it("without a prefix, as before", async () => {
    expect(await inspect("orders.creat")).toEqual(
      refused(
        'no feature or operation "orders.creat"; did you mean orders.create? (features: customers, orders, payments)',
      ),
    );
    expect((await inspect("operation:orders.create")).code).toBe(0);
  });
});
