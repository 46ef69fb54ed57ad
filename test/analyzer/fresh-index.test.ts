// The fresh-index fast path: inspect, graph and check answer from .agentix/index.json when
// .agentix/fresh.json proves it fresh, byte for byte as an analysis answers (per fixture:
// fresh-parity.test.ts); every kind of change makes it stale; a damaged or hostile fresh.json or
// index means stale, never a wrong answer.
import { spawnSync } from "node:child_process";
import {
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkFreshness, freshPath } from "../../analyzer/freshness/freshness.js";
import { sha256 } from "../../analyzer/project/file-stamps.js";
import { BIN, copyFixture, removeCopies } from "../support/analyzer-fixtures.js";
import { answer, type Answer } from "../support/in-process-cli.js";

afterAll(removeCopies);

const freshness = (root: string) => checkFreshness(root, path.join(root, "tsconfig.json"));

describe("staleness", () => {
  let root: string;
  const file = (relative: string) => path.join(root, relative);
  const stale = (reason: string) => expect(freshness(root)).toEqual({ fresh: false, reason });
  const fresh = () => expect(freshness(root)).toMatchObject({ fresh: true });

  beforeAll(async () => {
    root = copyFixture("shop");
    // A tsconfig chain of two files, to see the base's edits.
    const tsconfig = JSON.parse(readFileSync(file("tsconfig.json"), "utf8")) as {
      compilerOptions: Record<string, unknown>;
    };
    writeFileSync(
      file("tsconfig.base.json"),
      JSON.stringify({ compilerOptions: tsconfig.compilerOptions }, null, 2),
    );
    writeFileSync(
      file("tsconfig.json"),
      JSON.stringify({ ...tsconfig, extends: "./tsconfig.base.json", compilerOptions: {} }),
    );
    writeFileSync(file("package.json"), '{ "name": "shop", "private": true }\n');
    expect((await answer(["index"], root)).code).toBe(0);
  });

  /** Changes the file, expects stale, puts it back: fresh again (equal content, new stat). */
  function changed(relative: string, edit: (text: string) => string, reason: string) {
    const before = readFileSync(file(relative), "utf8");
    writeFileSync(file(relative), edit(before));
    stale(reason);
    writeFileSync(file(relative), before);
    fresh();
  }

  // An agent passes --fresh to every verb: index (which always analyses) takes it too.
  it("index --check --fresh answers as index --check", async () => {
    const answered = await answer(["index", "--check", "--fresh"], root);
    expect([answered.code, answered.stderr]).toEqual([0, ""]);
    fresh();
  });

  it("is fresh after index, and after a touch that keeps the content", () => {
    fresh();
    const operations = file("src/features/customers/operations.ts");
    utimesSync(operations, new Date(), new Date(Date.now() + 10_000));
    fresh();
  });

  it("an edited source file", () => {
    changed(
      "src/features/customers/operations.ts",
      (text) => `${text}\n// edited\n`,
      "src/features/customers/operations.ts changed",
    );
  });

  // `cp -p`, `rsync -a` and `touch -r` set an mtime back; a same-size edit then kept the index
  // "provably fresh" and inspect answered from it (helper-27 repro-6). A ctime cannot be set back.
  it("an edit of the same size whose mtime was set back", () => {
    const operations = file("src/features/customers/operations.ts");
    const before = readFileSync(operations, "utf8");
    const { atime, mtime } = statSync(operations);
    const edited = before.replace(
      /"(\w)/u,
      (_, letter: string) => `"${letter === "x" ? "y" : "x"}`,
    );
    expect(edited.length).toBe(before.length);
    writeFileSync(operations, edited);
    utimesSync(operations, atime, mtime);
    stale("src/features/customers/operations.ts changed");
    writeFileSync(operations, before);
    utimesSync(operations, atime, mtime);
    fresh();
  });

  it("a created source file, test file or folder, and a deleted one", () => {
    writeFileSync(file("src/features/customers/extra.ts"), "export const x = 1;\n");
    stale("files were created or deleted in src/features/customers");
    unlinkSync(file("src/features/customers/extra.ts"));
    fresh();
    // Outside the tsconfig's include: the test search finds tests anywhere under the root.
    mkdirSync(file("e2e"));
    stale("files were created or deleted in .");
    writeFileSync(file("e2e/new.test.ts"), "export {};\n");
    stale("files were created or deleted in .");
    rmSync(file("e2e"), { recursive: true });
    fresh();
    const feature = readFileSync(file("src/features/customers/feature.ts"), "utf8");
    unlinkSync(file("src/features/customers/feature.ts"));
    stale("src/features/customers/feature.ts changed");
    writeFileSync(file("src/features/customers/feature.ts"), feature);
    fresh();
  });

  it("agentix.config.json created, the tsconfig chain, package.json", () => {
    writeFileSync(file("agentix.config.json"), "{}\n");
    stale("agentix.config.json was created");
    unlinkSync(file("agentix.config.json"));
    fresh();
    changed(
      "tsconfig.base.json",
      (text) => text.replace('"strict": true', '"strict": false'),
      "tsconfig.base.json changed",
    );
    changed("tsconfig.json", (text) => `${text} `, "tsconfig.json changed");
    changed("package.json", (text) => text.replace("shop", "shop2"), "package.json changed");
    writeFileSync(file("package-lock.json"), "{}\n");
    stale("package-lock.json was created");
    unlinkSync(file("package-lock.json"));
    fresh();
  });

  it("another analyzer, another tsconfig", () => {
    const record = readFileSync(freshPath(root), "utf8");
    writeFileSync(freshPath(root), record.replace('"agentix ', '"agentix 0.0.0-other '));
    expect(freshness(root)).toMatchObject({ fresh: false });
    expect((freshness(root) as { reason: string }).reason).toMatch(
      /^the index was written by agentix 0\.0\.0-other /u,
    );
    writeFileSync(freshPath(root), record);
    expect(checkFreshness(root, file("tsconfig.base.json"))).toEqual({
      fresh: false,
      reason: "the index was written for tsconfig.json",
    });
    fresh();
  });
});

describe("what an analysis printed and went on", () => {
  it("a fresh answer prints the tsconfig warnings an analysis prints, check lists them", async () => {
    const root = copyFixture("shop");
    const tsconfig = path.join(root, "tsconfig.json");
    writeFileSync(
      tsconfig,
      readFileSync(tsconfig, "utf8").replace(
        '"compilerOptions": {',
        '"compilerOptions": { "bogus": true,',
      ),
    );
    expect((await answer(["index"], root)).code).toBe(0);
    expect(freshness(root)).toMatchObject({
      fresh: true,
      problems: ["warning: tsconfig.json:2:24: Unknown compiler option 'bogus'. (TS5023)"],
    });
    const argv = ["inspect", "customers.register", "--json", "--compact"];
    const fast = await answer(argv, root);
    expect(fast.stderr).toBe(
      "agentix: warning: tsconfig.json:2:24: Unknown compiler option 'bogus'. (TS5023)\n",
    );
    expect(fast).toEqual(await answer([...argv, "--fresh"], root));
    const check = await answer(["check"], root);
    expect(check.stderr).toBe("");
    expect(check).toEqual(await answer(["check", "--fresh"], root));
    expect(freshness(root)).toMatchObject({ fresh: true });
  });
});

describe("a damaged or hostile fresh.json or index", () => {
  let root: string;
  let record: string;
  let index: string;
  let truth: Answer;
  const indexFile = () => path.join(root, ".agentix/index.json");

  beforeAll(async () => {
    root = copyFixture("shop");
    expect((await answer(["index"], root)).code).toBe(0);
    record = readFileSync(freshPath(root), "utf8");
    index = readFileSync(indexFile(), "utf8");
    truth = await answer(["check", "--json", "--fresh"], root);
  });

  const cases: [string, () => void, string][] = [
    [
      "truncated",
      () => writeFileSync(freshPath(root), record.slice(0, 100)),
      "fresh.json is not JSON",
    ],
    [
      "an array",
      () => writeFileSync(freshPath(root), "[]"),
      "fresh.json is not a freshness record",
    ],
    [
      "files not an array",
      () => writeFileSync(freshPath(root), record.replace(/"files":\[/u, '"files":"x","_":[')),
      "fresh.json is not a freshness record",
    ],
    [
      "a size that is a string",
      () => writeFileSync(freshPath(root), record.replace(/"size":\d+/u, '"size":"1"')),
      "fresh.json is not a freshness record",
    ],
    [
      "an absolute path",
      () =>
        writeFileSync(freshPath(root), record.replace(/"path":"src\//u, '"path":"/etc/passwd/')),
      "fresh.json is not a freshness record",
    ],
    [
      "a path that climbs out after going in",
      () => writeFileSync(freshPath(root), record.replace(/"path":"src\//u, '"path":"src/../../')),
      "fresh.json is not a freshness record",
    ],
    [
      "an index that is not the one recorded",
      () => writeFileSync(indexFile(), index.replace('"customers"', '"customerz"')),
      "the index file is not the one recorded",
    ],
    [
      "a truncated index",
      () => writeFileSync(indexFile(), index.slice(0, 10)),
      "the index file is not the one recorded",
    ],
    [
      "problems that are not lines",
      () => writeFileSync(freshPath(root), record.replace(/"problems":\[\]/u, '"problems":[1]')),
      "fresh.json is not a freshness record",
    ],
    [
      "a record of the second format (no affected digest)",
      () =>
        writeFileSync(
          freshPath(root),
          record.replace('"format":6', '"format":2').replace(/,"affected":"[0-9a-f]{64}"/u, ""),
        ),
      "fresh.json is not a freshness record",
    ],
    [
      "a record of the third format (nested Vitest configs not among its inputs)",
      () => writeFileSync(freshPath(root), record.replace('"format":6', '"format":4')),
      "fresh.json is not a freshness record",
    ],
    [
      "a record of the fifth format (entries judged by the program, their folders not listed)",
      () => writeFileSync(freshPath(root), record.replace('"format":6', '"format":5')),
      "fresh.json is not a freshness record",
    ],
    ["no index", () => unlinkSync(indexFile()), "there is no index file"],
    ["no fresh.json", () => unlinkSync(freshPath(root)), "there is no .agentix/fresh.json"],
  ];

  it.each(cases)("%s is stale, and the verb analyses", async (_name, damage, reason) => {
    damage();
    try {
      expect(freshness(root)).toEqual({ fresh: false, reason });
      expect(await answer(["check", "--json"], root)).toEqual(truth);
    } finally {
      writeFileSync(freshPath(root), record);
      writeFileSync(indexFile(), index);
    }
    expect(freshness(root)).toMatchObject({ fresh: true });
  });

  it("--fresh analyses even when the record vouches for the index", async () => {
    // A lying cache: an edited index with a record that matches it. Only --fresh sees through.
    const lie = index.replace('"customers:write"', '"customers:lie"');
    expect(lie).not.toBe(index);
    writeFileSync(indexFile(), lie);
    writeFileSync(freshPath(root), record.replace(sha256(index), sha256(lie)));
    try {
      const fromIndex = await answer(["inspect", "customers.register", "--json"], root);
      expect(fromIndex.stdout).toContain("customers:lie");
      const analysed = await answer(["inspect", "customers.register", "--json", "--fresh"], root);
      expect(analysed.code).toBe(0);
      expect(analysed.stdout).not.toContain("customers:lie");
      expect(analysed.stdout).toContain("customers:write");
    } finally {
      writeFileSync(freshPath(root), record);
      writeFileSync(indexFile(), index);
    }
  });

  // Five bin processes, two of them full analyses: 20 s is too little beside other files.
  it("the bin answers from a fresh index without loading TypeScript", { timeout: 120_000 }, () => {
    // Outside the root: a file created there would make the index stale.
    const probe = path.join(os.tmpdir(), `agentix-fresh-probe-${process.pid}.cjs`);
    writeFileSync(
      probe,
      `process.on("exit", () => {
  const files = Object.keys(require("node:module")._cache).filter((f) => /typescript\\.js$|ts-morph/u.test(f));
  process.stderr.write("@@" + files.length + "\\n");
});\n`,
    );
    try {
      const loaded = (argv: string[]) => {
        const result = spawnSync(process.execPath, ["-r", probe, BIN, ...argv], {
          cwd: root,
          encoding: "utf8",
        });
        return { code: result.status, loaded: /@@(\d+)/u.exec(result.stderr)?.[1] };
      };
      expect(loaded(["graph", "--json"])).toEqual({ code: 0, loaded: "0" });
      expect(loaded(["graph", "--json", "--fresh"])).not.toEqual({ code: 0, loaded: "0" });
      expect(loaded(["affected", "customers", "--json"])).toEqual({ code: 0, loaded: "0" });
      expect(loaded(["verify", "customers", "--format", "vitest-invocations"])).toEqual({
        code: 0,
        loaded: "0",
      });
      expect(loaded(["affected", "customers", "--fresh"])).not.toEqual({ code: 0, loaded: "0" });
    } finally {
      unlinkSync(probe);
    }
  });
});
