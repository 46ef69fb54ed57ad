// `agentix affected` on a fixture project under git: narrow answers down to the test case,
// widening with its reason wherever agentix cannot prove a narrow answer.
import { execFileSync } from "node:child_process";
import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { AnalysisSession } from "../../analyzer/analysis-session.js";
import { baseIndexAt } from "../../analyzer/affected/base-index.js";
import { changesSince } from "../../analyzer/affected/changes.js";
import { affectedResult, type AffectedResult } from "../../analyzer/affected/result.js";
import { computeAffected } from "../../analyzer/affected/live-facts.js";
import { run } from "../../analyzer/cli/main.js";
import { REPO, copyFixture, recordingIO, removeCopies } from "../support/analyzer-fixtures.js";

let project: string;
/** One warm analysis of the copy across every edit: equal to a cold one (analysis-session.test.ts). */
let session: AnalysisSession;
const git = (...args: string[]) =>
  execFileSync("git", args, { cwd: project, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const commit = (message: string) => {
  git("add", "-A");
  git("-c", "user.email=t@agentix", "-c", "user.name=test", "commit", "-q", "-m", message);
};

beforeAll(async () => {
  project = copyFixture("affected-app");
  symlinkSync(
    path.join(REPO, "node_modules/vitest"),
    path.join(project, "node_modules/vitest"),
    "dir",
  );
  writeFileSync(path.join(project, ".gitignore"), "node_modules\n");
  git("init", "-q");
  session = new AnalysisSession({ root: project });
  // The committed index, written by `agentix index` from the session's cold load (the hook's
  // timeout covers it), which the edits then refresh.
  const { io, stderr } = recordingIO(project);
  const analyses = {
    root: project,
    tsconfigFile: path.join(project, "tsconfig.json"),
    analysis: () => session.analysis(),
    index: () => session.index(),
    modelIndex: () => session.modelIndex(),
  };
  expect([await run(["index"], { ...io, analyses }), stderr()]).toEqual([0, ""]);
  commit("base");
});
afterAll(removeCopies);

/** Applies an edit, computes `affected --since HEAD`, and restores the tree. */
function affectedAfter(edit: () => void): AffectedResult {
  edit();
  try {
    const changes = changesSince("HEAD", project);
    const analysis = session.analysis();
    return affectedResult(computeAffected(analysis, changes, {}, baseIndexAt("HEAD", project)), {
      since: "HEAD",
      targets: [],
      changes,
    });
  } finally {
    git("reset", "-q", "--hard", "HEAD");
    git("clean", "-qfd", "--exclude=node_modules");
  }
}

function replaceIn(file: string, from: string, to: string): void {
  const absolute = path.join(project, file);
  const text = readFileSync(absolute, "utf8");
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
  writeFileSync(absolute, text.replace(from, to));
}

/** `file` for whole files, `file:line` for single cases. */
function selection(result: AffectedResult): string[] {
  return result.tests.files.flatMap((file) =>
    file.whole ? [file.file] : file.cases.map((testCase) => `${file.file}:${testCase.line}`),
  );
}

describe("affected --since HEAD", () => {
  it("follows a change inside an execute body to the cases that run it, and to the app and process tests", () => {
    const result = affectedAfter(() =>
      replaceIn(
        "src/features/catalog/operations.ts",
        "const changed = discounted(product, input.percent);",
        "const changed = discounted(product, input.percent + 0);",
      ),
    );
    expect(result.widened).toEqual([]);
    expect(result.changes).toEqual([
      {
        path: "src/features/catalog/operations.ts",
        status: "modified",
        oldPath: null,
        lines: [[28, 28]],
      },
    ]);
    // Cases 10 and 20 share `kettle` with it: case 15 hands that object to memoryPort, whose
    // answer the operation's code receives and may change.
    expect(selection(result)).toEqual([
      "src/features/catalog/catalog.test.ts:10",
      "src/features/catalog/catalog.test.ts:15",
      "src/features/catalog/catalog.test.ts:20",
      "test/app.test.ts",
      "test/process.test.ts",
    ]);
    const catalog = result.tests.files.find(
      (file) => file.file === "src/features/catalog/catalog.test.ts",
    );
    expect(catalog?.cases.map((testCase) => testCase.reason)[0]).toBe(
      "shares state kettle with the case at line 15",
    );
    expect(result.affected.operations).toEqual(["catalog.discount"]);
    expect(result.affected.features).toEqual(["catalog"]);
    expect(result.edges).toContainEqual({
      from: "operation catalog.discount",
      to: "test src/features/catalog/catalog.test.ts:15",
      reason: "declared operation test",
    });
    expect(result.edges).toContainEqual({
      from: "operation catalog.discount",
      to: "feature catalog",
      reason: "feature operation",
    });
    expect(result.tests.files.find((file) => file.file === "test/process.test.ts")?.reason).toBe(
      "starts other processes (node:child_process): what they run cannot be followed",
    );
  });

  it("follows a model function to the operations that call it and the tests that call it directly", () => {
    const result = affectedAfter(() =>
      replaceIn(
        "src/features/catalog/model.ts",
        "(100 - percent)) / 100)",
        "(100 - percent)) / 100 + 0)",
      ),
    );
    expect(result.widened).toEqual([]);
    // Cases 15 and 25, and 10 and 20 that share `kettle` with case 15 (see above): all of it.
    expect(selection(result)).toEqual([
      "src/features/catalog/catalog.test.ts",
      "test/app.test.ts",
      "test/process.test.ts",
    ]);
    const catalog = result.tests.files.find(
      (file) => file.file === "src/features/catalog/catalog.test.ts",
    );
    expect(catalog?.cases.map((testCase) => [testCase.line, testCase.reason])).toEqual([
      [10, "shares state kettle with the case at line 15"],
      [15, expect.stringContaining("uses discounted (src/features/catalog/operations.ts:28)")],
      [20, "shares state kettle with the case at line 15"],
      [25, expect.stringContaining("uses discounted at line 26")],
    ]);
    expect(result.affected.operations).toEqual(["catalog.discount"]);
  });

  it("runs the cases that share state with a selected case, and only those", () => {
    const result = affectedAfter(() =>
      replaceIn(
        "src/features/cart/operations.ts",
        "await effects.save(cart);",
        "await effects.save({ ...cart });",
      ),
    );
    expect(selection(result)).toEqual([
      "src/features/cart/cart.test.ts:10",
      "src/features/cart/cart.test.ts:31",
      "src/features/cart/cart.test.ts:37",
      "test/app.test.ts",
      "test/process.test.ts",
    ]);
    const cases =
      result.tests.files.find((file) => file.file === "src/features/cart/cart.test.ts")?.cases ??
      [];
    expect(cases.find((testCase) => testCase.line === 37)?.reason).toBe(
      "shares state store with the case at line 31",
    );
  });

  it("follows module code of a contract through every import, across features as public contract consumers", () => {
    const result = affectedAfter(() =>
      replaceIn(
        "src/features/catalog/contract.ts",
        "name: s.string({ minLength: 1 })",
        "name: s.string({ minLength: 2 })",
      ),
    );
    expect(result.widened).toEqual([]);
    expect(selection(result)).toEqual([
      "src/features/cart/cart.test.ts",
      "src/features/catalog/catalog.test.ts",
      "test/app.test.ts",
      "test/process.test.ts",
    ]);
    expect(result.edges).toContainEqual({
      from: "file src/features/catalog/contract.ts",
      to: "file src/features/cart/contract.ts",
      reason: "public contract consumer",
    });
    expect(result.affected.features).toEqual(["cart", "catalog"]);
  });

  it("selects no test for a change only the type checker sees", () => {
    const result = affectedAfter(() =>
      replaceIn(
        "src/features/cart/contract.ts",
        "readonly lines: number;",
        "readonly lines: number;\n  readonly total?: number;",
      ),
    );
    expect(result.widened).toEqual([]);
    expect(selection(result)).toEqual([]);
    expect(result.affected.files).toEqual(["src/features/cart/contract.ts"]);
  });

  it("selects the importers of a removed file from the index committed at the base", () => {
    const result = affectedAfter(() => rmSync(path.join(project, "src/features/cart/model.ts")));
    expect(result.widened).toEqual([]);
    expect(result.changes).toEqual([
      { path: "src/features/cart/model.ts", status: "deleted", oldPath: null, lines: null },
    ]);
    expect(selection(result)).toEqual([
      "src/features/cart/cart.test.ts",
      "test/app.test.ts",
      "test/process.test.ts",
    ]);
  });

  it("treats a rename as the removal of the old path (its importers, from the base index) and a new file", () => {
    const result = affectedAfter(() => {
      git("mv", "src/features/cart/model.ts", "src/features/cart/cart-model.ts");
      replaceIn("src/features/cart/operations.ts", 'from "./model.js"', 'from "./cart-model.js"');
    });
    expect(result.widened).toEqual([]);
    expect(result.changes).toEqual([
      {
        path: "src/features/cart/cart-model.ts",
        status: "renamed",
        oldPath: "src/features/cart/model.ts",
        lines: null,
      },
      {
        path: "src/features/cart/operations.ts",
        status: "modified",
        oldPath: null,
        lines: [[5, 5]],
      },
    ]);
    expect(selection(result)).toEqual([
      "src/features/cart/cart.test.ts",
      "test/app.test.ts",
      "test/process.test.ts",
    ]);
  });

  it.each([
    [
      "package.json",
      () => writeFileSync(path.join(project, "package.json"), "{}\n"),
      { code: "config-file", message: "configuration changed: package.json", path: "package.json" },
    ],
    [
      "tsconfig.json",
      () =>
        replaceIn("tsconfig.json", '"strict": true', '"strict": true, "noImplicitReturns": true'),
      {
        code: "config-file",
        message: "configuration changed: tsconfig.json",
        path: "tsconfig.json",
      },
    ],
    [
      "agentix.config.json",
      () =>
        writeFileSync(path.join(project, "agentix.config.json"), '{ "tests": ["**/*.test.ts"] }\n'),
      {
        code: "config-file",
        message: "configuration changed: agentix.config.json",
        path: "agentix.config.json",
      },
    ],
    [
      "vitest.config.ts",
      () => writeFileSync(path.join(project, "vitest.config.ts"), "export default {};\n"),
      {
        code: "config-file",
        message: "configuration changed: vitest.config.ts",
        path: "vitest.config.ts",
      },
    ],
    [
      "shared code",
      () => appendFileSync(path.join(project, "src/shared/money.ts"), "export const zero = 0;\n"),
      {
        code: "shared-code",
        message: "shared code outside every feature changed: src/shared/money.ts",
        path: "src/shared/money.ts",
      },
    ],
    [
      "a file the analyzer does not follow",
      () => writeFileSync(path.join(project, "src/features/cart/prices.csv"), "sku,price\n"),
      {
        code: "unknown-file",
        message:
          "src/features/cart/prices.csv is not TypeScript the analyzer follows; what reads it cannot be proven",
        path: "src/features/cart/prices.csv",
      },
    ],
    [
      "a foreign schema",
      () => replaceIn("src/features/cart/coupon.ts", "z.string().min(3)", "z.string().min(4)"),
      {
        code: "opaque-schema",
        message:
          "code using a zod schema changed at src/features/cart/coupon.ts:4; agentix cannot read that schema nor follow where it is shared (a validator library's global registry, another package's exports)",
        path: "src/features/cart/coupon.ts",
      },
    ],
  ])("widens to everything for %s", (_name, edit, reason) => {
    const result = affectedAfter(edit);
    expect(result.widened).toEqual([reason]);
    expect(result.tests.selected).toEqual(result.tests.total);
    expect(result.tests.files.every((file) => file.whole)).toBe(true);
  });

  it("runs the tests that load an unresolved dynamic import, not the whole application", () => {
    const result = affectedAfter(() => {
      appendFileSync(
        path.join(project, "src/adapters/memory.ts"),
        "export const load = (name: string) => import(name);\n",
      );
      appendFileSync(
        path.join(project, "src/features/catalog/model.ts"),
        "export const one = 1;\n",
      );
    });
    expect(result.widened).toEqual([]);
    expect(result.notes).toEqual([
      'src/adapters/memory.ts:13: import() with a non-literal target: the module it loads cannot be known statically: the tests that load src/adapters/memory.ts run with any change (agentix.config.json "loads" can say what it loads)',
    ]);
    // The cart's tests load neither the changed model nor the adapter with the unknown import().
    expect(selection(result)).toEqual([
      "src/features/catalog/catalog.test.ts",
      "test/app.test.ts",
      "test/process.test.ts",
    ]);
  });

  it("runs a test whose own dynamic import is unresolved with any change: it may load the changed code", () => {
    const result = affectedAfter(() => {
      appendFileSync(
        path.join(project, "src/features/cart/cart.test.ts"),
        "export const fixture = (name: string) => import(name);\n",
      );
      appendFileSync(
        path.join(project, "src/features/catalog/model.ts"),
        "export const one = 1;\n",
      );
    });
    expect(result.widened).toEqual([]);
    expect(result.notes).toEqual([
      'src/features/cart/cart.test.ts:41: import() with a non-literal target: the module it loads cannot be known statically: it runs with any change (agentix.config.json "loads" can say what it loads)',
    ]);
    expect(selection(result)).toEqual([
      "src/features/cart/cart.test.ts",
      "src/features/catalog/catalog.test.ts",
      "test/app.test.ts",
      "test/process.test.ts",
    ]);
  });
});

describe("affected on the orders example inside this repository", () => {
  let orders: Analysis;
  beforeAll(() => {
    orders = analyze({ root: path.join(REPO, "examples/orders") });
  });

  it("widens when the agentix package it runs on changes", () => {
    const computed = computeAffected(orders, [
      { path: "../../runtime/application/run-operation.ts", status: "modified", lines: [[1, 1]] },
    ]);
    expect(computed.widened).toEqual([
      {
        code: "agentix-runtime",
        message:
          "the agentix package the project runs on changed: ../../runtime/application/run-operation.ts",
        path: "../../runtime/application/run-operation.ts",
      },
    ]);
    expect(computed.tests.every((test) => test.whole)).toBe(true);
    expect(computed.tests.length).toBe(computed.totalTestFiles);
  });

  it("notes, without widening, a change outside the project that it neither compiles nor runs on", () => {
    const computed = computeAffected(orders, [
      { path: "../../../elsewhere/notes.ts", status: "modified", lines: [[1, 1]] },
    ]);
    expect([computed.widened, computed.notes, computed.tests]).toEqual([
      [],
      ["../../../elsewhere/notes.ts is outside the project and not part of its program"],
      [],
    ]);
  });
});

describe("affected --since with an unusable base index", () => {
  // What the committed index says of model.ts's importers, found in the tree as it is now.
  const modelImporters = [
    "src/features/cart/cart.test.ts",
    "test/app.test.ts",
    "test/process.test.ts",
  ];

  it("finds a removed file's importers when the base has no index", () => {
    rmSync(path.join(project, ".agentix"), { recursive: true });
    commit("no index");
    try {
      const result = affectedAfter(() => rmSync(path.join(project, "src/features/cart/model.ts")));
      expect(result.widened).toEqual([]);
      expect(selection(result)).toEqual(modelImporters);
    } finally {
      git("reset", "-q", "--hard", "HEAD~1");
    }
  });

  it("finds them when a file the base index describes is not in the base commit", () => {
    rmSync(path.join(project, "test/process.test.ts"));
    commit("stale index");
    try {
      const result = affectedAfter(() => rmSync(path.join(project, "src/features/cart/model.ts")));
      expect(result.widened).toEqual([]);
      expect(selection(result)).toEqual(
        modelImporters.filter((file) => file !== "test/process.test.ts"),
      );
    } finally {
      git("reset", "-q", "--hard", "HEAD~1");
    }
  });

  it("finds an importer whose import now leads to another file, without a base index", () => {
    // ./coupon.js resolves to coupon.ts, and to coupon.tsx once coupon.ts is gone: no import
    // dangles, and operations.ts, unchanged, imported the removed file.
    writeFileSync(
      path.join(project, "src/features/cart/coupon.tsx"),
      readFileSync(path.join(project, "src/features/cart/coupon.ts"), "utf8"),
    );
    rmSync(path.join(project, ".agentix"), { recursive: true });
    commit("a shadowed coupon, no index");
    try {
      const result = affectedAfter(() => rmSync(path.join(project, "src/features/cart/coupon.ts")));
      expect(result.widened).toEqual([]);
      expect(result.edges.filter((edge) => edge.reason === "imported a removed file")).toEqual([
        expect.objectContaining({ to: "file src/features/cart/operations.ts" }),
      ]);
    } finally {
      git("reset", "-q", "--hard", "HEAD~1");
    }
  });

  it("finds the importer of a removed file that the base index, written before it, does not know", () => {
    // The committed index holds no per-file hashes, so it cannot tell that it predates this
    // file; the file's import, leading nowhere once model.ts is gone, names it.
    writeFileSync(
      path.join(project, "test/cart-model.test.ts"),
      'import { expect, it } from "vitest";\nimport { totalCents } from "../src/features/cart/model.js";\n\nit("totals an empty cart", () => {\n  expect(totalCents({ id: "c", lines: [] } as never)).toBe(0);\n});\n',
    );
    commit("a test the index does not know");
    try {
      const result = affectedAfter(() => rmSync(path.join(project, "src/features/cart/model.ts")));
      expect(result.widened).toEqual([]);
      expect(selection(result)).toEqual([
        "src/features/cart/cart.test.ts",
        "test/app.test.ts",
        "test/cart-model.test.ts",
        "test/process.test.ts",
      ]);
    } finally {
      git("reset", "-q", "--hard", "HEAD~1");
    }
  });

  it("reports git failing to read the base index as the environment's problem (exit 2), not as an agentix bug", async () => {
    // A git that answers everything but `cat-file` (which reads the base's sources).
    const bin = mkdtempSync(path.join(os.tmpdir(), "agentix-git-"));
    const realGit = execFileSync("sh", ["-c", "command -v git"], { encoding: "utf8" }).trim();
    writeFileSync(
      path.join(bin, "git"),
      `#!/bin/sh\nif [ "$1" = cat-file ]; then echo "fatal: simulated failure" >&2; exit 128; fi\nexec "${realGit}" "$@"\n`,
      { mode: 0o755 },
    );
    const { io, stdout, stderr } = recordingIO(project);
    const path_ = process.env["PATH"];
    rmSync(path.join(project, "src/features/cart/model.ts"));
    process.env["PATH"] = `${bin}${path.delimiter}${path_ ?? ""}`;
    try {
      expect(await run(["affected", "--since", "HEAD"], io)).toBe(2);
    } finally {
      process.env["PATH"] = path_;
      rmSync(bin, { recursive: true, force: true });
      git("reset", "-q", "--hard", "HEAD");
    }
    expect([stdout(), stderr()]).toEqual([
      "",
      "agentix affected: cannot read the index committed at HEAD: git cat-file --batch-check failed: fatal: simulated failure\n",
    ]);
  });
});
