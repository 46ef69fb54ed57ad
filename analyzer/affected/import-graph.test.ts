import { describe, expect, it } from "vitest";
import type { AffectedFacts, ImportFact } from "./facts.js";
import { loadsAnyDriver, unseenObservers } from "./import-graph.js";

/** Just what unseenObservers reads: each file's imports, and that none is a declaration file. */
function factsOf(imports: Record<string, ImportFact[]>): AffectedFacts {
  return {
    imports: new Map(Object.entries(imports)),
    file: (path: string) => (path in imports ? { declaration: false } : undefined),
  } as unknown as AffectedFacts;
}

const importOf = (target: ImportFact["target"]): ImportFact => ({
  target,
  position: 0,
  typeOnly: false,
  resolution: "resolved",
  edgeTarget: null,
  specifier: null,
});

describe("unseenObservers: the process-starting module", () => {
  // arcanis/clipanion's e2e and bundling tests `yarn pack` the library through @yarnpkg/core's
  // execUtils and run the result: they were selected for no change to the library.
  it("names a spawning package a helper the test imports loads", () => {
    const facts = factsOf({
      "tests/e2e.test.ts": [importOf({ kind: "file", path: "tests/tools.ts" })],
      "tests/tools.ts": [importOf({ kind: "package", name: "@yarnpkg/core" })],
    });
    expect(unseenObservers("tests/e2e.test.ts", facts).spawner).toBe("@yarnpkg/core");
  });

  it("names Node's own modules with or without node:", () => {
    const facts = factsOf({
      "a.test.ts": [importOf({ kind: "builtin", name: "node:child_process" })],
    });
    expect(unseenObservers("a.test.ts", facts).spawner).toBe("node:child_process");
  });

  it("is undefined for a test that loads nothing that spawns", () => {
    const facts = factsOf({
      "a.test.ts": [
        importOf({ kind: "package", name: "nano-spawner-docs" }),
        importOf({ kind: "builtin", name: "node:fs" }),
      ],
    });
    expect(unseenObservers("a.test.ts", facts).spawner).toBeUndefined();
  });
});

describe("unseenObservers: the driver", () => {
  // brocoders/nestjs-boilerplate's e2e specs send supertest requests to APP_URL, a server built
  // from src: a change to src/users/users.service.ts selected none of them.
  it("names the driver a test or its helper loads", () => {
    const facts = factsOf({
      "test/users.e2e-spec.ts": [importOf({ kind: "file", path: "test/utils/client.ts" })],
      "test/utils/client.ts": [importOf({ kind: "package", name: "supertest" })],
      "e2e/home.spec.ts": [importOf({ kind: "package", name: "@playwright/test" })],
      "e2e/login.testcafe.ts": [importOf({ kind: "package", name: "testcafe" })],
      "e2e/app.e2e.ts": [importOf({ kind: "package", name: "detox" })],
    });
    expect(unseenObservers("test/users.e2e-spec.ts", facts).driver).toBe("supertest");
    expect(unseenObservers("e2e/home.spec.ts", facts).driver).toBe("@playwright/test");
    expect(unseenObservers("e2e/login.testcafe.ts", facts).driver).toBe("testcafe");
    expect(unseenObservers("e2e/app.e2e.ts", facts).driver).toBe("detox");
    expect(loadsAnyDriver(facts)).toBe(true);
    expect(
      loadsAnyDriver(
        factsOf({ "a.test.ts": [importOf({ kind: "package", name: "playwright-helpers" })] }),
      ),
    ).toBe(false);
  });

  it("names both when a test loads both, from one walk", () => {
    const facts = factsOf({
      "e2e/cli.spec.ts": [
        importOf({ kind: "package", name: "@playwright/test" }),
        importOf({ kind: "builtin", name: "node:child_process" }),
      ],
    });
    expect(unseenObservers("e2e/cli.spec.ts", facts)).toEqual({
      spawner: "node:child_process",
      driver: "@playwright/test",
    });
  });

  it("is undefined for Playwright's component testing, a type-only import, and no driver", () => {
    const typeOnly = { ...importOf({ kind: "package", name: "@playwright/test" }), typeOnly: true };
    const facts = factsOf({
      "src/button.spec.tsx": [
        importOf({ kind: "package", name: "@playwright/experimental-ct-react" }),
      ],
      "e2e/types.spec.ts": [typeOnly],
      "a.test.ts": [importOf({ kind: "package", name: "axios" })],
    });
    expect(unseenObservers("src/button.spec.tsx", facts).driver).toBeUndefined();
    expect(unseenObservers("e2e/types.spec.ts", facts).driver).toBeUndefined();
    expect(unseenObservers("a.test.ts", facts).driver).toBeUndefined();
  });
});
