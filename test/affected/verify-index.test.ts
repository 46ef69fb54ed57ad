// verify's index step regenerates the committed index: rewritten when stale, so that
// `agentix index --check` then passes; left alone when current; never written under --dry-run
// or where the project commits none; an index that cannot be written fails the step naming the
// path and the cause. The step runs in-process on one analysis (no tsc, no Vitest).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { AffectedResult } from "../../analyzer/affected/result.js";
import { analyze } from "../../analyzer/analyze.js";
import { run } from "../../analyzer/cli/main.js";
import { indexStep, type StepContext } from "../../analyzer/cli/verify/steps.js";
import { copyFixture, recordingIO, removeCopies } from "../support/analyzer-fixtures.js";

let project: string;
let committed: string;
const indexFile = () => path.join(project, ".agentix/index.json");

async function agentix(args: readonly string[]) {
  const { io, stdout, stderr } = recordingIO(project);
  const code = await run(args, io);
  return { code, stdout: stdout(), stderr: stderr() };
}

/** The index step on a fresh analysis of the project, with what it logged and printed. */
function indexStepNow(dryRun = false) {
  const { io, stderr } = recordingIO(project);
  const log: string[] = [];
  const context: StepContext = {
    analysis: analyze({ root: project }),
    affected: undefined as unknown as AffectedResult,
    widened: false,
    dryRun,
    io,
    index: "none",
    log: (text) => log.push(text),
  };
  const step = indexStep(context);
  const { durationMs, ...rest } = step;
  expect(durationMs === null || Number.isInteger(durationMs)).toBe(true);
  return {
    step: rest,
    action: context.index,
    log: log.join("").replace(/ in \d+\.\d s/gu, " in T"),
    stderr: stderr(),
  };
}

const COMMAND = "agentix index (.agentix/index.json, rewritten when stale)";
const WHY =
  "agents and CI read the committed index: verify regenerates it, so that it describes these sources and `agentix index --check` passes";
const MODEL = "src/features/cart/model.ts";
const STALE = ["files: changed src/features/cart/model.ts"];

/** A fact changes (model.ts gains an import) without a line of the others moving. */
function changeAFact(): void {
  const file = path.join(project, MODEL);
  writeFileSync(file, `${readFileSync(file, "utf8")}import "./contract.js";\n`);
}

beforeAll(async () => {
  project = copyFixture("affected-app");
  expect((await agentix(["index"])).code).toBe(0);
  committed = readFileSync(indexFile(), "utf8");
});
beforeEach(() => {
  rmSync(path.join(project, ".agentix"), { recursive: true, force: true });
  mkdirSync(path.join(project, ".agentix"));
  writeFileSync(indexFile(), committed);
});
afterAll(removeCopies);

describe("verify's index step", { timeout: 120_000 }, () => {
  it("leaves a current index as it is", () => {
    expect(indexStepNow()).toEqual({
      step: { step: "index", command: COMMAND, why: WHY, status: "passed", details: [] },
      action: "current",
      log: `\nindex: ${COMMAND}\n  why: ${WHY}\n  passed in T: current\n`,
      stderr: "",
    });
    expect(readFileSync(indexFile(), "utf8")).toBe(committed);
  });

  it("rewrites a stale index, after which index --check passes", async () => {
    const original = readFileSync(path.join(project, MODEL), "utf8");
    changeAFact();
    try {
      expect((await agentix(["index", "--check"])).code).toBe(1);
      expect(indexStepNow()).toEqual({
        step: { step: "index", command: COMMAND, why: WHY, status: "passed", details: STALE },
        action: "written",
        log: `\nindex: ${COMMAND}\n  why: ${WHY}\n  passed in T: it was stale; rewrote .agentix/index.json (commit it)\n    - ${STALE[0]}\n`,
        stderr: "",
      });
      expect(await agentix(["index", "--check"])).toMatchObject({ code: 0, stderr: "" });
    } finally {
      writeFileSync(path.join(project, MODEL), original);
    }
  });

  it("writes nothing under --dry-run, even when the index is stale", () => {
    const original = readFileSync(path.join(project, MODEL), "utf8");
    changeAFact();
    try {
      expect(indexStepNow(true)).toEqual({
        step: { step: "index", command: COMMAND, why: WHY, status: "planned", details: [] },
        action: "planned",
        log: `\nindex: ${COMMAND}\n  why: ${WHY}\n  planned: --dry-run writes nothing\n`,
        stderr: "",
      });
      expect(readFileSync(indexFile(), "utf8")).toBe(committed);
    } finally {
      writeFileSync(path.join(project, MODEL), original);
    }
  });

  it("writes none where the project commits none", () => {
    rmSync(indexFile());
    const skipped = "the project commits no index, so verify writes none";
    expect(indexStepNow()).toEqual({
      step: { step: "index", command: COMMAND, why: skipped, status: "skipped", details: [] },
      action: "none",
      log: `\nindex: ${COMMAND}\n  why: ${WHY}\n  skipped: ${skipped}\n`,
      stderr: "",
    });
    expect(existsSync(indexFile())).toBe(false);
  });

  it("fails the step, naming the path and the cause, when index.json is a directory", () => {
    rmSync(indexFile());
    mkdirSync(indexFile());
    const problem = "cannot write .agentix/index.json: EISDIR (it is a directory)";
    expect(indexStepNow()).toEqual({
      step: { step: "index", command: COMMAND, why: WHY, status: "failed", details: [problem] },
      action: "failed",
      log: `\nindex: ${COMMAND}\n  why: ${WHY}\n  failed in T: it is stale and ${problem}\n    - the index file cannot be read (EISDIR)\n`,
      stderr: `${problem}\n`,
    });
  });
});
