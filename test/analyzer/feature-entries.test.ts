// Configured feature entries (`"contract": ["{id}.module.ts", "index.ts"]`, `"descriptor":
// "{id}.feature.ts"`): the analyzer finds the same entries the plugin does, records the first
// that exists as the feature's contract, and `check` reports what ESLint reports.
import { beforeAll, describe, expect, it } from "vitest";
import { analyzeProject } from "../../analyzer/index.js";
import type { AgentixIndex } from "../../analyzer/index.js";
import { run } from "../../analyzer/cli/main.js";
import type { CheckResult } from "../../analyzer/cli/commands/check.js";
import { fixtureDir, recordingIO } from "../support/analyzer-fixtures.js";

const root = fixtureDir("entries");

describe("configured feature entries", { timeout: 60_000 }, () => {
  let index: AgentixIndex;
  beforeAll(() => {
    index = analyzeProject({ root });
  });

  it("records the first configured entry that exists as each feature's contract, {id} replaced", () => {
    expect(
      index.features.map((f) => [f.id, f.contract?.file ?? null, f.descriptor?.file ?? null]),
    ).toEqual([
      ["bare", null, null],
      [
        "billing",
        "src/modules/billing/billing.module.ts",
        "src/modules/billing/billing.feature.ts",
      ],
      ["both", "src/modules/both/both.module.ts", "src/modules/both/both.feature.ts"],
      ["nodesc", "src/modules/nodesc/index.ts", null],
      ["users", "src/modules/users/index.ts", "src/modules/users/users.feature.ts"],
    ]);
    const roles = new Map(index.files.map((file) => [file.path, file.role]));
    expect(roles.get("src/modules/both/index.ts")).toBe("contract");
    expect(roles.get("src/modules/both/both.module.ts")).toBe("contract");
    expect(roles.get("src/modules/users/users.feature.ts")).toBe("descriptor");
    expect(index.features.find((f) => f.id === "users")?.dependencies.declared).toEqual([
      "billing",
    ]);
  });

  it("check names the entry that exists in each message, or says that none does", async () => {
    const io = recordingIO(root);
    const exit = await run(["check", "--json", "--root", root], io.io);
    const result = JSON.parse(io.stdout()) as CheckResult;
    expect(
      result.problems.map((p) => `${p.file}:${p.line}:${p.column ?? "-"} ${p.rule} ${p.message}`),
    ).toEqual([
      'src/main.ts:3:29 agentix/no-private-imports src/modules/users/user.ts is private to feature "users"; code outside features may import only its public entry src/modules/users/index.ts or its descriptor src/modules/users/users.feature.ts, so import from one of those instead',
      'src/main.ts:4:24 agentix/no-private-imports src/modules/bare/helper.ts is private to feature "bare", which has neither a public entry (none of src/modules/bare/bare.module.ts, src/modules/bare/index.ts exists) nor a descriptor (src/modules/bare/bare.feature.ts does not exist); code outside features may import only those, so add one and import from it',
      'src/main.ts:5:23 agentix/no-private-imports src/modules/nodesc/thing.ts is private to feature "nodesc"; code outside features may import only its public entry src/modules/nodesc/index.ts, so import from there instead',
      'src/modules/bare/helper.ts:1:- missing-contract feature "bare" has no public entry src/modules/bare/bare.module.ts or src/modules/bare/index.ts',
      'src/modules/bare/helper.ts:1:- missing-descriptor feature "bare" has no descriptor (defineFeature in src/modules/bare/bare.feature.ts)',
      'src/modules/nodesc/index.ts:1:- missing-descriptor feature "nodesc" has no descriptor (defineFeature in src/modules/nodesc/nodesc.feature.ts)',
      'src/modules/users/user.ts:2:30 agentix/no-private-imports src/modules/billing/invoice.ts is private to feature "billing"; feature "users" may import only its public entry src/modules/billing/billing.module.ts, so import from there instead',
      'src/modules/users/user.ts:3:30 agentix/no-undeclared-dependencies feature "users" uses the contract of feature "both" (src/modules/both/index.ts) without declaring it; add that contract to the dependencies of defineFeature in src/modules/users/users.feature.ts',
      'src/modules/users/user.ts:4:24 agentix/no-private-imports src/modules/bare/helper.ts is private to feature "bare", which has no public entry (none of src/modules/bare/bare.module.ts, src/modules/bare/index.ts exists); feature "users" may import only a public entry, so add one to "bare" and import from it',
    ]);
    expect(exit).toBe(1);
  });
});
