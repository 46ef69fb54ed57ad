// How verify runs the selected tests another runner owns (a Jest project's, Playwright's specs,
// node:test files, Cypress's specs: cypress-runs.ts): with that runner's own binary, installed
// in the project, on exactly those files, from the folder holding its config. A runner verify
// cannot start (not installed, or one it cannot hand files to) is said, with the files it leaves
// unrun.
import { existsSync } from "node:fs";
import path from "node:path";
import { toPosix } from "../../../schema/paths.js";
import type { AffectedTestFile } from "../../affected/result.js";
import { cypressRuns } from "./cypress-runs.js";
import type { LeftOutTests, RunnerRun, UnrunTests } from "./runner-run.js";
import {
  CYPRESS_CONFIGS,
  RUNNER_CONFIGS,
  otherRunnerOf,
  projectRunnerSetup,
  type OtherRunner,
  type TestRunner,
} from "./other-runner.js";
import { NODE_TEST, scriptInvocation } from "./runner-script.js";
import { mochaSpec } from "./mocha-spec.js";
import { mochaRootHooks, specFolder } from "../../project/mocha-root-hooks.js";
import { missingToolWhy, toolBin } from "./tools.js";

export type { LeftOutTests, RunnerRun, UnrunTests } from "./runner-run.js";

/** Each runner's config names (the folder holding one is where it starts). */
const CONFIGS: Partial<Record<TestRunner, readonly string[]>> = {
  ...Object.fromEntries(RUNNER_CONFIGS),
  AVA: ["js", "cjs", "mjs"].map((ext) => `ava.config.${ext}`),
};

/** Runners verify hands files to: their package, bin and the arguments before the files. */
interface RunnerCommand {
  readonly packages: readonly string[];
  readonly bin: string;
  readonly args: readonly string[];
  /** A file as the runner takes it (Playwright reads each one as a regular expression). */
  readonly file?: (file: string) => string;
  /** `args` is a subcommand, before the script's options (`playwright test`). */
  readonly leads?: boolean;
}

const COMMANDS: Partial<Record<TestRunner, RunnerCommand>> = {
  // By path, not as a regular expression over every test path; without coverage, whose
  // thresholds (jest.config's collectCoverage) a part of the suite cannot meet.
  Jest: { packages: ["jest"], bin: "jest", args: ["--coverage=false", "--runTestsByPath"] },
  Mocha: { packages: ["mocha"], bin: "mocha", args: [] },
  // `app/(auth)/login.spec.ts` unescaped is a group that matches `app/auth/login.spec.ts` alone.
  Playwright: {
    packages: ["@playwright/test", "playwright"],
    bin: "playwright",
    args: ["test"],
    leads: true,
    file: (file) => file.replace(/[.*+?^${}()|[\]\\]/gu, "\\$&"),
  },
  AVA: { packages: ["ava"], bin: "ava", args: [] },
};

/** A relative path that cannot be read as a flag (`-x.test.ts` at the top). */
function notAFlag(file: string): string {
  return file.startsWith("-") ? `./${file}` : file;
}

const TYPESCRIPT = /\.[cm]?tsx?$/u;

/**
 * The runs of `byRunner`'s tests (files relative to `root`), and the tests no run can take.
 * `nodeTypeScript` says whether this Node.js loads .ts files itself (see nodeStripsTypes).
 */
export function runnerRuns(
  root: string,
  byRunner: ReadonlyMap<TestRunner, readonly AffectedTestFile[]>,
  nodeTypeScript: NodeTypeScript = nodeStripsTypes(),
): { runs: RunnerRun[]; unrun: UnrunTests[]; leftOut: LeftOutTests[] } {
  const runs: RunnerRun[] = [];
  const unrun: UnrunTests[] = [];
  const leftOut: LeftOutTests[] = [];
  for (const [runner, selected] of byRunner) {
    let files = selected;
    let loadedFirst: readonly string[] = [];
    if (runner === "Mocha") {
      const spec = mochaSpec(root, scriptInvocation(root, "mocha"));
      loadedFirst = rootHooksOf(root, spec, selected);
      const outside = spec === undefined ? [] : files.filter((file) => !spec.runs(file.file));
      if (spec !== undefined && outside.length > 0) {
        files = files.filter((file) => spec.runs(file.file));
        leftOut.push({
          runner,
          files: outside,
          why: `not in Mocha's spec (${spec.globs.join(" ")}): npm test does not run ${outside.length === 1 ? "it" : "them"} either`,
        });
      }
    }
    if (files.length === 0) continue;
    const ownWay = ownWayRuns(runner, root, files, nodeTypeScript);
    if (ownWay !== undefined) {
      runs.push(...ownWay.runs);
      unrun.push(...ownWay.unrun);
      continue;
    }
    const command = COMMANDS[runner];
    if (command === undefined) {
      unrun.push({
        runner,
        files,
        why: `verify cannot hand files to ${runner}: run them with ${runner} yourself`,
      });
      continue;
    }
    const bin = binOf(root, command.packages, command.bin);
    if (bin === undefined) {
      unrun.push({
        runner,
        files,
        why: missingToolWhy(root, command.packages),
      });
      continue;
    }
    // The project's test script's environment and options, where it runs: the project root.
    const script = scriptInvocation(root, command.bin);
    for (const [cwd, group] of byConfigFolder(root, files, CONFIGS[runner] ?? [])) {
      const paths = group.map((file) => {
        const relative = notAFlag(toPosix(path.relative(cwd, path.join(root, file.file))));
        return command.file === undefined ? relative : command.file(relative);
      });
      const own = cwd === root ? script : { env: {}, args: [], node: [], paths: [] };
      const first = fileOptions(root, cwd, loadedFirst, group);
      const args = command.leads
        ? [...command.args, ...own.args, ...first, ...paths]
        : [...own.args, ...command.args, ...first, ...paths];
      // With the script's Node.js flags, the command shown is `node <flags> <bin> ...`.
      const flagged = own.node.length > 0;
      runs.push({
        runner,
        cwd,
        argv: [...own.node, bin, ...args],
        tool: flagged ? "node" : command.bin,
        shownArgs: flagged
          ? [...own.node, notAFlag(toPosix(path.relative(cwd, bin))), ...args]
          : args,
        env: own.env,
        files: group,
      });
    }
  }
  return { runs, unrun, leftOut };
}

/** The runs of a runner verify starts its own way (node:test, Cypress); undefined for the others. */
function ownWayRuns(
  runner: TestRunner,
  root: string,
  files: readonly AffectedTestFile[],
  nodeTypeScript: NodeTypeScript,
): { runs: RunnerRun[]; unrun: UnrunTests[] } | undefined {
  if (runner === "node:test") {
    const run = nodeTestRun(root, files, nodeTypeScript);
    return "why" in run ? { runs: [], unrun: [run] } : { runs: [run], unrun: [] };
  }
  if (runner !== "Cypress") return undefined;
  const bin = binOf(root, ["cypress"], "cypress");
  if (bin === undefined)
    return { runs: [], unrun: [{ runner, files, why: missingToolWhy(root, ["cypress"]) }] };
  return cypressRuns(root, byConfigFolder(root, files, CYPRESS_CONFIGS), bin);
}

/** Mocha's root-level hooks apply to every test: a narrow run loads their files first. */
function fileOptions(
  root: string,
  cwd: string,
  hooks: readonly string[],
  group: readonly AffectedTestFile[],
): string[] {
  return hooks
    .filter((hook) => !group.some((file) => file.file === hook))
    .flatMap((hook) => ["--file", notAFlag(toPosix(path.relative(cwd, path.join(root, hook))))]);
}

/**
 * The files with Mocha root-level hooks (project/mocha-root-hooks.ts) in the spec's folders (Mocha's
 * default `test` without one) and the selected tests' own.
 */
function rootHooksOf(
  root: string,
  spec: { readonly globs: readonly string[] } | undefined,
  selected: readonly AffectedTestFile[],
): string[] {
  const folders = [
    ...(spec === undefined ? ["test"] : spec.globs.map(specFolder)),
    ...selected
      .filter((file) => file.file.includes("/"))
      .map((file) => file.file.split("/")[0] as string),
  ].filter((folder) => folder !== "");
  return mochaRootHooks(root, folders);
}

/** How this Node.js runs a .ts file: itself, with --experimental-strip-types, or not at all. */
export type NodeTypeScript = "native" | "flag" | "none";

/** Node 22.18 and 23.6 strip types by default, 22.6 with a flag; Node 20 cannot. */
export function nodeStripsTypes(
  features: { readonly typescript?: unknown } = process.features as { typescript?: unknown },
  version: string = process.versions.node,
): NodeTypeScript {
  if (features.typescript === "strip" || features.typescript === "transform") return "native";
  const [major = 0, minor = 0] = version.split(".").map(Number);
  return major > 22 || (major === 22 && minor >= 6) ? "flag" : "none";
}

/**
 * node:test files: `node --test` on JavaScript; TypeScript through the project's tsx (as
 * `tsx --test` runs it), else a Node.js that strips types.
 */
function nodeTestRun(
  root: string,
  files: readonly AffectedTestFile[],
  nodeTypeScript: NodeTypeScript,
): RunnerRun | UnrunTests {
  const paths = files.map((file) => notAFlag(file.file));
  // The variables the test script sets before `node --test` / `tsx --test` (STRICT=1 ...).
  const { env } = scriptInvocation(root, NODE_TEST);
  const base = { runner: "node:test" as const, cwd: root, files, env };
  if (!paths.some((file) => TYPESCRIPT.test(file)))
    return { ...base, argv: ["--test", ...paths], tool: "node", shownArgs: ["--test", ...paths] };
  const tsx = binOf(root, ["tsx"], "tsx");
  if (tsx !== undefined)
    return {
      ...base,
      argv: [tsx, "--test", ...paths],
      tool: "tsx",
      shownArgs: ["--test", ...paths],
    };
  if (nodeTypeScript === "none")
    return {
      runner: "node:test",
      files,
      why: `Node.js ${process.versions.node} cannot load TypeScript test files and tsx is not installed for this project`,
    };
  const flags = nodeTypeScript === "flag" ? ["--experimental-strip-types", "--test"] : ["--test"];
  return { ...base, argv: [...flags, ...paths], tool: "node", shownArgs: [...flags, ...paths] };
}

function binOf(root: string, packages: readonly string[], bin: string): string | undefined {
  for (const name of packages) {
    const found = toolBin(root, name, bin, { own: false });
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The files grouped by the nearest folder (up to `root`) holding one of `configs`, else `root`. */
function byConfigFolder(
  root: string,
  files: readonly AffectedTestFile[],
  configs: readonly string[],
): Map<string, AffectedTestFile[]> {
  const groups = new Map<string, AffectedTestFile[]>();
  const found = new Map<string, string>();
  const folderOf = (dir: string): string => {
    const known = found.get(dir);
    if (known !== undefined) return known;
    const answer =
      dir === root || !dir.startsWith(`${root}${path.sep}`)
        ? root
        : configs.some((name) => existsSync(path.join(dir, name)))
          ? dir
          : folderOf(path.dirname(dir));
    found.set(dir, answer);
    return answer;
  };
  for (const file of files) {
    const cwd = folderOf(path.dirname(path.join(root, file.file)));
    const group = groups.get(cwd);
    if (group === undefined) groups.set(cwd, [file]);
    else group.push(file);
  }
  return groups;
}

/**
 * The runner owning each test Vitest does not run: the one it imports, else (without a Vitest
 * config) the one the project is set up for. Tests of no known runner are left out.
 */
export function ownersOf(
  root: string,
  others: readonly AffectedTestFile[],
  noVitestConfig: boolean,
): Map<AffectedTestFile, OtherRunner> {
  const setup = noVitestConfig ? projectRunnerSetup(root) : undefined;
  const owners = new Map<AffectedTestFile, OtherRunner>();
  for (const file of others) {
    const owner = otherRunnerOf(path.join(root, file.file), setup);
    if (owner !== undefined) owners.set(file, owner);
  }
  return owners;
}

/** `files` (each of which `owners` holds) by their runner, in the order of their first file. */
export function groupByRunner(
  owners: ReadonlyMap<AffectedTestFile, OtherRunner>,
  files: readonly AffectedTestFile[],
): Map<TestRunner, AffectedTestFile[]> {
  const byRunner = new Map<TestRunner, AffectedTestFile[]>();
  for (const file of files) {
    const runner = (owners.get(file) as OtherRunner).runner;
    const list = byRunner.get(runner);
    if (list === undefined) byRunner.set(runner, [file]);
    else list.push(file);
  }
  return byRunner;
}
