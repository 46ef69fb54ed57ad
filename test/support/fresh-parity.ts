// The per-fixture parity of the fresh-index fast path: on a fixture indexed once, every answer
// inspect, graph, check, affected and verify's printed selection give from .agentix/ equals,
// byte for byte, the answer of an analysis (a warm session, equal to a cold one:
// analysis-session.test.ts). test/analyzer/fresh-parity.test.ts runs it on a sample of the
// fixtures in `npm test`, fresh-parity.full.test.ts on every fixture (`npm run test:full`).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { answerAffected } from "../../analyzer/cli/answer-affected.js";
import type { AnalysisSource } from "../../analyzer/cli/io.js";
import { affectedPath } from "../../analyzer/freshness/affected-record.js";
import { checkFreshness, freshPath } from "../../analyzer/freshness/freshness.js";
import type { AgentixIndex } from "../../analyzer/index-file/types.js";
import { discoverWorkspace } from "../../analyzer/workspace/discover.js";
import { indexedProjects } from "../../analyzer/workspace/indexed-projects.js";
import { copyFixture, fixtureDir, recordingIO, removeCopies } from "./analyzer-fixtures.js";
import { analysesOf, answer, type Answer } from "./in-process-cli.js";

/**
 * Every fixture project (a folder of test/fixtures with a tsconfig.json). At a root whose
 * tsconfig.json is a solution, the questions name the project `agentix index` indexes there.
 */
export const FRESH_FIXTURES: readonly string[] = readdirSync(fixtureDir("."), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory() && existsSync(fixtureDir(`${entry.name}/tsconfig.json`)))
  .map((entry) => entry.name);

/**
 * The fixtures `npm test` asks, chosen so that each shape of the fast path's input is still
 * there (the full file asks every fixture):
 * - library: a solution-style tsconfig.json: the index at its root is its one referenced
 *   project's (tsconfig.build.json), asked with --project;
 * - broken: syntax errors, every kind of violation and unresolved metadata, diagnostics, an
 *   agentix.config.json, check failing (exit 1);
 * - shop: a whole application (ports, adapters, events, an invariant, a composition root,
 *   tests linked by call) with no config file;
 * - composed: a tsconfig that leaves the tests out (they are analysed with the tsconfig that
 *   owns them and still linked);
 * - wide: an operation over 8 KiB (inspect's omitted lists) and a feature with 12 test files;
 * - typeorm-shape: no feature at all (no feature question, affected by file, test and folder),
 *   Mocha globals and a declaration file.
 */
export const FRESH_SAMPLE: readonly string[] = [
  "library",
  "broken",
  "shop",
  "composed",
  "wide",
  "typeorm-shape",
];

/** Whether `affected <targets>` answers from the record (no analysis made) in this state. */
async function fromRecord(root: string, tsconfig: string, targets: string[]): Promise<boolean> {
  const { io } = recordingIO(root);
  const answered = await answerAffected("affected", { project: tsconfig }, targets, io, {
    fromIndex: true,
  });
  return answered.analysis === undefined;
}

const freshness = (root: string, tsconfig: string) => checkFreshness(root, tsconfig);

/** The tsconfig `agentix index` indexes at a fixture's root: a solution's project, else tsconfig.json. */
function indexedTsconfig(root: string): string {
  const workspace = discoverWorkspace(root);
  return workspace === undefined
    ? path.join(root, "tsconfig.json")
    : (indexedProjects(workspace).indexed[0]?.tsconfig ?? path.join(root, "tsconfig.json"));
}
const indexOf = (root: string) =>
  JSON.parse(readFileSync(path.join(root, ".agentix/index.json"), "utf8")) as AgentixIndex;

/** Every question the three index verbs answer from an index, for this index's names. */
function indexQuestions(index: AgentixIndex): string[][] {
  const names = [
    ...index.features.map((f) => `feature:${f.id}`),
    ...index.operations.map((o) => `operation:${o.id}`),
  ];
  return [
    ["check"],
    ["check", "--json"],
    ["check", "--format", "sarif", "--compact"],
    ["graph"],
    ["graph", "--json"],
    ...index.features.map((f) => ["graph", f.id, "--format", "mermaid"]),
    ...names.flatMap((name) => [
      ["inspect", name],
      ["inspect", name, "--json", "--compact"],
      ["inspect", name, "--full", "--json"],
    ]),
    ["inspect", "no-such-name"],
  ];
}

/** The targets and output forms of affected (and verify's selection) asked of every fixture. */
function affectedQuestions(root: string, index: AgentixIndex): string[][] {
  const sources = index.files.filter((file) => file.role !== "test").map((file) => file.path);
  const tests = index.tests.map((test) => test.file);
  const targets = [
    ...index.features.map((feature) => feature.id),
    ...index.operations.slice(0, 3).map((operation) => operation.id),
    ...sources.slice(0, 2),
    ...tests.slice(0, 1),
    ...(existsSync(path.join(root, "src")) ? ["src"] : []),
  ];
  const first = targets[0];
  return [
    ...targets.flatMap((target) => [
      ["affected", target],
      ["affected", target, "--json", "--compact"],
    ]),
    ...(first === undefined
      ? []
      : [
          ["affected", first, ...targets.slice(1, 3), "--json"],
          ["affected", first, "--format", "vitest-invocations"],
          ["affected", first, "--format", "vitest-invocations", "--shard", "1/2", "--compact"],
          ["affected", first, "--json", "--shard", "2/2"],
          ["verify", first, "--format", "vitest-invocations", "--compact"],
        ]),
    ["affected", "no-such-target"],
  ];
}

/** A fixture copied and indexed once; the analysis side is one warm session, made on first use. */
interface Indexed {
  readonly root: string;
  /** The indexed project's tsconfig (absolute), and the option that names it (none for tsconfig.json). */
  readonly tsconfig: string;
  readonly project: readonly string[];
  readonly indexed: Answer;
  readonly analyses: () => AnalysisSource;
}

/** A workspace whose projects have no features (nx-library) indexes nothing, and says so. */
function writesNoIndex(indexed: Answer): boolean {
  return indexed.code === 0 && /: nothing to index\n$/u.test(indexed.stdout);
}

function indexOnce(fixture: string): () => Indexed {
  let indexed: Indexed | undefined;
  beforeAll(async () => {
    const root = copyFixture(fixture);
    const tsconfig = indexedTsconfig(root);
    const project =
      tsconfig === path.join(root, "tsconfig.json")
        ? []
        : ["--project", path.relative(root, tsconfig)];
    let analyses: AnalysisSource | undefined;
    indexed = {
      root,
      tsconfig,
      project,
      indexed: await answer(["index"], root),
      analyses: () => (analyses ??= analysesOf(root, project.length > 0 ? tsconfig : undefined)),
    };
  }, 180_000);
  return () => {
    if (indexed === undefined) throw new Error(`${fixture} was not indexed`);
    return indexed;
  };
}

/** Registers, for each fixture, the index verbs' and affected's parity with an analysis. */
export function describeFreshParity(fixtures: readonly string[]): void {
  afterAll(removeCopies);
  describe.each(fixtures)("%s: answers from a fresh index", { timeout: 180_000 }, (fixture) => {
    const fixtureIndexed = indexOnce(fixture);

    it("of inspect, graph and check equal an analysis's", async () => {
      const { root, tsconfig, project, indexed, analyses } = fixtureIndexed();
      if (indexed.code !== 0 || writesNoIndex(indexed)) {
        // A fixture that does not index writes neither file: nothing can answer from them.
        expect(existsSync(freshPath(root))).toBe(false);
        return;
      }
      expect(freshness(root, tsconfig)).toMatchObject({ fresh: true });
      const index = indexOf(root);
      // What a cold analysis prints on stderr and goes on (the warm session prints nothing of it;
      // check lists it among its findings instead).
      const announced = (await answer(["graph", "--fresh", ...project], root)).stderr;
      for (const asked of indexQuestions(index)) {
        const argv = [...asked, ...project];
        const fast = await answer(argv, root);
        const analysed = await answer(argv, root, { analyses: analyses() });
        const stderr = argv[0] === "check" ? analysed.stderr : announced + analysed.stderr;
        expect({ argv, ...fast }).toEqual({ argv, ...analysed, stderr });
      }
      // affected answers from the index too (the next case); --fresh analyses alike.
      const target = index.features[0]?.id;
      if (target !== undefined) {
        const affected = await answer(["affected", target, "--json", ...project], root, {
          analyses: analyses(),
        });
        expect(await answer(["affected", target, "--json", "--fresh", ...project], root)).toEqual(
          affected,
        );
      }
      expect(freshness(root, tsconfig)).toMatchObject({ fresh: true });
    });

    it("of affected and verify's selection equal an analysis's", async () => {
      const { root, tsconfig, project, indexed, analyses } = fixtureIndexed();
      if (indexed.code !== 0 || writesNoIndex(indexed)) {
        expect(existsSync(affectedPath(root))).toBe(false);
        return;
      }
      expect(freshness(root, tsconfig)).toMatchObject({ fresh: true });
      const index = indexOf(root);
      // An analysis for affected prints the warnings it went on every time, as the record does.
      const asked = affectedQuestions(root, index).map((argv) => [...argv, ...project]);
      for (const argv of asked) {
        const fast = await answer(argv, root);
        const analysed = await answer(argv, root, { analyses: analyses() });
        expect({ argv, ...fast }).toEqual({ argv, ...analysed });
      }
      const target = asked[0]?.[1];
      if (target !== undefined) expect(await fromRecord(root, tsconfig, [target])).toBe(true);
      expect(freshness(root, tsconfig)).toMatchObject({ fresh: true });
    });
  });
}
