// The committed index holds facts only (schemaVersion 2): an edit that changes no fact leaves
// .agentix/index.json byte-identical, so parallel branches do not conflict on it, while
// `index --check` still tells a fact change from none. The per-file hashes live in the
// git-ignored .agentix/fresh.json.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { run } from "../../analyzer/cli/main.js";
import { sha256 } from "../../analyzer/project/file-stamps.js";
import { copyFixture, recordingIO, removeCopies } from "../support/analyzer-fixtures.js";

let project: string;
let written: string;

/** `agentix <args>` in-process and cold, as a user's run (a warm session writes no fresh.json). */
async function agentix(args: readonly string[]) {
  const { io, stdout, stderr } = recordingIO(project);
  const code = await run(args, io);
  return { code, stdout: stdout(), stderr: stderr() };
}

const indexBytes = () => readFileSync(path.join(project, ".agentix/index.json"), "utf8");

function replaceIn(file: string, from: string, to: string): void {
  const absolute = path.join(project, file);
  const text = readFileSync(absolute, "utf8");
  if (!text.includes(from)) throw new Error(`${file} does not contain ${from}`);
  writeFileSync(absolute, text.replace(from, to));
}

beforeAll(async () => {
  project = copyFixture("shop");
  expect((await agentix(["index"])).code).toBe(0);
  written = indexBytes();
});
afterAll(removeCopies);

describe("the committed index holds facts only", { timeout: 120_000 }, () => {
  it("carries no per-file hashes and no source manifest", () => {
    const index = JSON.parse(written) as Record<string, unknown>;
    expect(index["schemaVersion"]).toBe(2);
    expect(Object.keys(index)).not.toContain("source");
    expect(written).not.toMatch(/sha256/u);
  });

  it("stays byte-identical after a comment and a function body with the same effects change, and --check says current", async () => {
    replaceIn("src/shared/money.ts", "/** An amount in cents. */", "/** Cents, never negative. */");
    replaceIn(
      "src/features/customers/operations.ts",
      "    return customer;\n  },\n});\n\nexport const getCustomer",
      "    return { ...customer };\n  },\n});\n\nexport const getCustomer",
    );
    const check = await agentix(["index", "--check"]);
    expect(check).toEqual({
      code: 0,
      stdout: `.agentix/index.json is current (sha256:${sha256(written).slice(0, 12)})\n`,
      stderr: "",
    });
    expect((await agentix(["index"])).code).toBe(0);
    expect(indexBytes()).toBe(written);
    // The derived, git-ignored cache is where the file's new hash went.
    const fresh = JSON.parse(readFileSync(path.join(project, ".agentix/fresh.json"), "utf8")) as {
      files: { path: string; stamp: { sha256: string } | null }[];
    };
    expect(fresh.files.find((file) => file.path === "src/shared/money.ts")?.stamp?.sha256).toBe(
      sha256(readFileSync(path.join(project, "src/shared/money.ts"), "utf8")),
    );
  });

  it("--check still reports a changed fact, by section and id", async () => {
    replaceIn(
      "src/shared/money.ts",
      "const MAX_CENTS = 100_000_00;",
      "const MAX_CENTS = 5_000_00;",
    );
    const check = await agentix(["index", "--check"]);
    expect(check).toEqual({
      code: 1,
      stdout: [
        ".agentix/index.json is stale:",
        "  - operations: changed orders.create",
        "  - ports: changed orders.store, payments.gateway",
        "  - events: changed orders.created v1",
        "  - invariants: changed orders.paid-has-payment",
        "run `agentix index` and commit the result",
        "",
      ].join("\n"),
      stderr: "",
    });
  });
});
