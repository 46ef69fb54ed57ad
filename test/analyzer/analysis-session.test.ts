// The warm analysis session behind `agentix mcp`: after every kind of change on disk its index is
// byte for byte the index a cold analysis gives, and it says what it had to redo.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AnalysisSession } from "../../analyzer/analysis-session.js";
import { indexProblems } from "../../analyzer/index.js";
import { serializeIndex } from "../../analyzer/index-file/serialize.js";
import { ProjectLoadError } from "../../analyzer/errors.js";
import { copyFixture, removeCopies } from "../support/analyzer-fixtures.js";
import { coldIndexBytes } from "../support/cold-index.js";

let root: string;
let session: AnalysisSession;
const file = (relative: string) => path.join(root, relative);
const warm = () => {
  const index = session.index();
  // The session does not schema-check its index (agentix index checks what it writes): the test does.
  expect(indexProblems(index)).toEqual([]);
  return serializeIndex(index);
};
// A cold run's bytes, once per state of the copy: edits put back give a state seen before.
const cold = () => coldIndexBytes(root);

beforeAll(() => {
  root = copyFixture("shop");
  session = new AnalysisSession({ root });
});
afterAll(removeCopies);

describe("AnalysisSession", () => {
  it("loads cold first, then answers unchanged from memory, a touch included", () => {
    // Written long before the load: the load's read of it stands for the first stat pass's.
    const operations = file("src/features/customers/operations.ts");
    const past = new Date(Date.now() - 60_000);
    utimesSync(operations, past, past);
    expect(warm()).toBe(cold());
    expect(session.lastRefresh).toEqual({ kind: "cold", changed: [] });
    const first = session.index();
    utimesSync(operations, new Date(), new Date(Date.now() + 5_000));
    expect(session.index()).toBe(first);
    expect(session.lastRefresh).toEqual({ kind: "unchanged", changed: [] });
  });

  it("answers inspect and graph from the index without its verdict, the rest built once", () => {
    const operations = file("src/features/customers/operations.ts");
    const text = readFileSync(operations, "utf8");
    // A violation and an unused directive: what the verdict adds to the model.
    writeFileSync(
      operations,
      `${text}\n// eslint-disable-next-line agentix/no-private-imports\nexport const stamp = (): number => Date.now();\n`,
    );
    const model = session.modelIndex();
    const index = session.index();
    const { violations, diagnostics, ...rest } = index;
    expect(JSON.stringify(model)).toBe(JSON.stringify(rest));
    expect(violations.map((v) => v.rule)).toEqual(["agentix/no-ambient-capabilities"]);
    expect(diagnostics.map((d) => d.code)).toContain("unused-disable-directive");
    expect(session.modelIndex()).toBe(model);
    expect(warm()).toBe(cold());
    writeFileSync(operations, text);
  });

  it("re-reads only an edited file and gives the index of a cold run", () => {
    const operations = file("src/features/customers/operations.ts");
    writeFileSync(
      operations,
      readFileSync(operations, "utf8").replace('["customers:write"]', '["customers:admin"]'),
    );
    const index = session.index();
    expect(session.lastRefresh).toEqual({ kind: "incremental", changed: [operations] });
    expect(index.operations.find((o) => o.id === "customers.register")?.permissions).toEqual([
      "customers:admin",
    ]);
    expect(warm()).toBe(cold());
  });

  it("sees created and deleted files", () => {
    const created = file("src/features/customers/extra.test.ts");
    writeFileSync(created, 'import { it } from "vitest";\nit("runs", () => {});\n');
    expect(session.index().tests.map((t) => t.file)).toContain(
      "src/features/customers/extra.test.ts",
    );
    expect(session.lastRefresh).toEqual({ kind: "incremental", changed: [created] });
    expect(warm()).toBe(cold());
    rmSync(created);
    expect(session.index().tests.map((t) => t.file)).not.toContain(
      "src/features/customers/extra.test.ts",
    );
    expect(session.lastRefresh).toEqual({ kind: "incremental", changed: [created] });
    expect(warm()).toBe(cold());
  });

  it("loads again when agentix.config.json appears", () => {
    writeFileSync(
      file("agentix.config.json"),
      JSON.stringify({ ambient: { clock: "off" } }, null, 2),
    );
    const index = session.index();
    expect(session.lastRefresh.kind).toBe("cold");
    expect(index.project.config).toBe("agentix.config.json");
    expect(warm()).toBe(cold());
    rmSync(file("agentix.config.json"));
  });

  it("reports a tsconfig that no longer parses, and recovers once it is fixed", () => {
    const tsconfig = file("tsconfig.json");
    const good = readFileSync(tsconfig, "utf8");
    writeFileSync(tsconfig, "{ not json");
    expect(() => session.index()).toThrow(ProjectLoadError);
    writeFileSync(tsconfig, good);
    expect(warm()).toBe(cold());
    expect(session.lastRefresh.kind).toBe("cold");
  });

  it("shows paths in a load error relative to the run's working directory", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "agentix-cwd-"));
    try {
      writeFileSync(path.join(dir, "tsconfig.json"), "{ not json");
      const failure = (cwd: string): string => {
        try {
          new AnalysisSession({ root: dir, cwd }).analysis();
        } catch (error) {
          return (error as Error).message;
        }
        return "no error";
      };
      const broken = "is not valid: tsconfig.json:1:7: ',' expected.";
      expect(failure(dir)).toBe(`tsconfig.json ${broken}`);
      expect(failure(path.dirname(dir))).toBe(`${path.basename(dir)}/tsconfig.json ${broken}`);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });

  it("follows a file created in a new folder and an edit of a shared module", () => {
    mkdirSync(file("src/shared/deep"), { recursive: true });
    const created = file("src/shared/deep/util.ts");
    writeFileSync(created, "export const util = 1;\n");
    session.index();
    expect(session.lastRefresh).toEqual({ kind: "incremental", changed: [created] });
    const money = file("src/shared/money.ts");
    writeFileSync(money, `${readFileSync(money, "utf8")}\nexport const more = 2;\n`);
    expect(warm()).toBe(cold());
    expect(session.lastRefresh).toEqual({ kind: "incremental", changed: [money] });
  });

  it("resolves again when a created file takes over a specifier (the first of two paths)", () => {
    const tsconfig = file("tsconfig.json");
    const config = readFileSync(tsconfig, "utf8");
    const json = JSON.parse(config) as { compilerOptions: Record<string, unknown> };
    const rates = ["./src/shared/rates-override.ts", "./src/shared/rates.ts"];
    json.compilerOptions["paths"] = { "@rates": rates };
    writeFileSync(tsconfig, JSON.stringify(json));
    const [override, fallback] = rates.map((relative) => file(relative));
    const user = file("src/shared/uses-rates.ts");
    writeFileSync(fallback!, "export const rate = 2;\n");
    writeFileSync(user, 'import { rate } from "@rates";\nexport const doubled = rate * 2;\n');
    const target = () =>
      session.index().files.find((f) => f.path === "src/shared/uses-rates.ts")?.imports[0]?.target;
    expect(target()).toBe("src/shared/rates.ts");
    writeFileSync(override!, "export const rate = 3;\n");
    expect(target()).toBe("src/shared/rates-override.ts");
    expect(session.lastRefresh).toEqual({ kind: "incremental", changed: [override] });
    expect(warm()).toBe(cold());
    for (const created of [override!, fallback!, user]) rmSync(created);
    writeFileSync(tsconfig, config);
  });

  it("projects again the schemas other files take from an edited contract", () => {
    // customers/operations.ts's `output: Customer` is projected from customers/contract.ts.
    const contract = file("src/features/customers/contract.ts");
    const text = readFileSync(contract, "utf8");
    const outputOf = () =>
      JSON.stringify(
        session.index().operations.find((o) => o.id === "customers.get")?.output.schema,
      );
    expect(warm()).toBe(cold());
    expect(outputOf()).toContain('"Full name"');
    writeFileSync(contract, text.replace('"Full name"', '"Legal name"'));
    expect(warm()).toBe(cold());
    expect(session.lastRefresh).toEqual({ kind: "incremental", changed: [contract] });
    expect(outputOf()).toContain('"Legal name"');
    writeFileSync(contract, text);
    expect(warm()).toBe(cold());
    expect(outputOf()).toContain('"Full name"');
  });

  it("judges an edited domain file's ambient reach again", () => {
    const operations = file("src/features/customers/operations.ts");
    const text = readFileSync(operations, "utf8");
    const ambient = () =>
      session
        .index()
        .violations.filter((v) => v.rule === "agentix/no-ambient-capabilities")
        .map((v) => `${v.file}:${v.line}`);
    session.index();
    expect(ambient()).toEqual([]);
    writeFileSync(operations, `${text}\nexport const stamp = (): number => Date.now();\n`);
    expect(ambient()).toEqual([
      `src/features/customers/operations.ts:${text.split("\n").length + 1}`,
    ]);
    expect(warm()).toBe(cold());
    writeFileSync(operations, text);
    expect(ambient()).toEqual([]);
    expect(warm()).toBe(cold());
  }, 60_000);

  it("types with TypeScript's lib files after an edit that changes a file's imports", () => {
    // An import that resolves nowhere: Order's `total` is typed by the checker, which needs the
    // lib files (ts-morph serves them from memory; a new program must find them there too).
    const contract = file("src/features/orders/contract.ts");
    const text = readFileSync(contract, "utf8");
    session.index();
    writeFileSync(contract, text.replace("../../shared/money.js", "../../shared/nowhere.js"));
    const order = () =>
      session.index().operations.find((o) => o.id === "orders.create")?.output.type ?? null;
    expect(warm()).toBe(cold());
    expect(session.lastRefresh).toEqual({ kind: "incremental", changed: [contract] });
    expect(order()).not.toBe("any");
    writeFileSync(contract, text);
    expect(warm()).toBe(cold());
  }, 60_000);

  it("redoes the files whose facts come through an edited module, and no others", () => {
    // aliases: billing/operations.ts calls `command`, which src/lib/framework.ts re-exports.
    const aliases = copyFixture("aliases");
    const facade = path.join(aliases, "src/lib/framework.ts");
    const facadeText = readFileSync(facade, "utf8");
    const aliased = new AnalysisSession({ root: aliases });
    const index = () => {
      const built = aliased.index();
      expect(indexProblems(built)).toEqual([]);
      return serializeIndex(built);
    };
    const fresh = () => coldIndexBytes(aliases);
    expect(index()).toBe(fresh());
    const kindOfBill = () => aliased.index().operations.find((o) => o.id === "billing.bill")?.kind;
    expect(kindOfBill()).toBe("command");
    // Only the facade changes: the importer's scan (its calls of the API) must be redone.
    writeFileSync(facade, facadeText.replace("defineCommand as command", "defineQuery as command"));
    expect(index()).toBe(fresh());
    expect(aliased.lastRefresh).toEqual({ kind: "incremental", changed: [facade] });
    expect(kindOfBill()).toBe("query");
    writeFileSync(facade, facadeText.replace("defineCommand as command", "defineCommand as other"));
    expect(index()).toBe(fresh());
    expect(kindOfBill()).toBeUndefined();
    writeFileSync(facade, facadeText);
    expect(index()).toBe(fresh());
    expect(kindOfBill()).toBe("command");
  });
});

describe("AnalysisSession's root listing", { timeout: 120_000 }, () => {
  // Folders whose mtime is older than the racy window: the session then keeps its listing and
  // must see created, deleted and renamed files through the folders' times alone.
  let aged: string;
  let listed: AnalysisSession;
  const at = (relative: string) => path.join(aged, relative);
  const age = (dir: string = aged): void => {
    const past = new Date(Date.now() - 60_000);
    for (const entry of readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory() && entry.name !== "node_modules") age(path.join(dir, entry.name));
    utimesSync(dir, past, past);
  };
  const same = () => {
    const index = listed.index();
    expect(indexProblems(index)).toEqual([]);
    expect(serializeIndex(index)).toBe(coldIndexBytes(aged));
    return index;
  };
  const files = () => listed.index().files.map((f) => f.path);

  beforeAll(() => {
    aged = copyFixture("shop");
    age();
    listed = new AnalysisSession({ root: aged });
    same();
    listed.index(); // the listing after the load is the one kept
  });

  it("keeps its listing while no folder changed, and sees a file created or deleted in one", () => {
    expect(listed.lastRefresh.kind).toBe("unchanged");
    const created = at("src/features/customers/notes.ts");
    writeFileSync(created, "export const note = 1;\n");
    expect(files()).toContain("src/features/customers/notes.ts");
    expect(listed.lastRefresh).toEqual({ kind: "incremental", changed: [created] });
    same();
    age();
    listed.index();
    rmSync(created);
    expect(files()).not.toContain("src/features/customers/notes.ts");
    expect(listed.lastRefresh).toEqual({ kind: "incremental", changed: [created] });
    same();
  });

  it("sees a renamed file and a file in a new folder", () => {
    age();
    listed.index();
    const from = at("src/shared/money.ts");
    const to = at("src/shared/cash.ts");
    const text = readFileSync(from, "utf8");
    renameSync(from, to);
    expect(files()).toContain("src/shared/cash.ts");
    expect(files()).not.toContain("src/shared/money.ts");
    same();
    renameSync(to, from);
    same();
    age();
    listed.index();
    mkdirSync(at("src/shared/deep"));
    writeFileSync(at("src/shared/deep/util.ts"), "export const util = 1;\n");
    expect(files()).toContain("src/shared/deep/util.ts");
    same();
    expect(readFileSync(from, "utf8")).toBe(text);
  });

  it("sees a file outside the tsconfig become a test by its text alone", () => {
    // The tsconfig includes src/ only: checks/probe.ts is a test once it imports vitest.
    mkdirSync(at("checks"));
    const probe = at("checks/probe.ts");
    writeFileSync(probe, "export const probe = 1;\n");
    utimesSync(probe, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    age();
    same();
    listed.index();
    expect(listed.lastRefresh.kind).toBe("unchanged");
    expect(files()).not.toContain("checks/probe.ts");
    writeFileSync(probe, 'import { it } from "vitest";\nit("probes", () => {});\n');
    expect(files()).toContain("checks/probe.ts");
    expect(listed.lastRefresh).toEqual({ kind: "incremental", changed: [probe] });
    same();
  });
});
