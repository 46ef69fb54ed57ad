// How the project's own test script starts a runner, to start it the same way on the selected
// files: the environment it sets (`NODE_OPTIONS='--import=tsx/esm' c8 ava`) and the options it
// passes (`mocha -r ts-node/register 'test/**/*.spec.ts'`), without the test files or globs it
// names (verify names its own), nor options that would never end (`--watch`), pick tests or
// measure coverage. Read as text from package.json, never run; a script this cannot read adds
// nothing.
import { existsSync, statSync } from "node:fs";
import { readProjectJson } from "../../../schema/read-project-file.js";
import path from "node:path";
import { packageManagerRun } from "./package-manager-command.js";
import { runnerOptions } from "./runner-options.js";
import { shellCommands, type ShellEnv } from "./shell-words.js";
import { WRAPPERS, wrapperOptions } from "./wrapper-options.js";

export interface ScriptInvocation {
  /** Variables the script sets before the runner (`VAR=value`, `cross-env VAR=value`). */
  readonly env: Readonly<Record<string, string>>;
  /** The runner's options from the script, in order. */
  readonly args: readonly string[];
  /** Node.js flags the script gives before the runner's script (`node --flag .../jest.js`). */
  readonly node: readonly string[];
  /**
   * The tests the script names, as written: its files, folders and globs, and the values of
   * `--spec` (which picks them as well). Empty when it names none.
   */
  readonly paths: readonly string[];
}

const NONE: ScriptInvocation = { env: {}, args: [], node: [], paths: [] };

/** Node.js flags whose value is the next word (`node -r ts-node/register ...`). */
const NODE_VALUES = new Set([
  "-r",
  "--require",
  "--import",
  "--loader",
  "--experimental-loader",
  "-C",
  "--conditions",
  "--env-file",
  "--title",
]);
const ASSIGNMENT = /^[A-Za-z_]\w*=/u;
const GLOB = /[*?{}[\]]/u;
const TEST_FILE = /\.(?:test|spec|e2e-spec)\.[cm]?[jt]sx?$/u;

/** The command name that asks for node:test's run (`node --test`, `tsx --test`). */
export const NODE_TEST = "node:test";

/**
 * The invocation of `command` (jest, mocha, ava, playwright, or NODE_TEST) in the package.json `test` script
 * of `root`, following `npm run <script>` (and yarn's, pnpm's) a few levels; NONE when the
 * script does not run it.
 */
export function scriptInvocation(
  root: string,
  command: string,
  /** What `$NAME` in the script reads. */
  env: ShellEnv = process.env,
): ScriptInvocation {
  let scripts: Record<string, unknown>;
  try {
    // A byte order mark is no part of it (as npm reads it); a file that cannot be read gives none.
    const manifest = readProjectJson(path.join(root, "package.json")) as {
      scripts?: unknown;
    } | null;
    if (typeof manifest?.scripts !== "object" || manifest.scripts === null) return NONE;
    scripts = manifest.scripts as Record<string, unknown>;
  } catch {
    return NONE;
  }
  const walk: Walk = { root, scripts, env, command, found: new Map(), commands: new Map() };
  const found = fromScript(walk, "test", 0);
  if (found === undefined) return NONE;
  const { args, paths } = optionsOf(root, command, found.words);
  return { env: found.env, args, node: found.node, paths };
}

/** How many `npm run`s deep a chain of scripts is followed. */
const MAX_DEPTH = 10;

/** One reading of the scripts: each script's commands and answer at a depth, read once. */
interface Walk {
  readonly root: string;
  readonly scripts: Record<string, unknown>;
  readonly env: ShellEnv;
  readonly command: string;
  /** By `depth name`: the answer of a script reached at that depth. */
  readonly found: Map<string, Found | undefined>;
  /** By name: the script's commands. */
  readonly commands: Map<string, string[][]>;
}

/** Where a script runs the runner: what it sets and passes to it, before verify's reading. */
interface Found {
  readonly env: Readonly<Record<string, string>>;
  readonly node: readonly string[];
  /** The runner's arguments, as written. */
  readonly words: readonly string[];
  /** In the script's last command, which arguments forwarded to the script reach. */
  readonly last: boolean;
}

/**
 * The runner's invocation in script `name`, reached after `depth` `npm run`s: each (script,
 * depth) is answered once, so that `npm run a || npm run a || ...` chains cost their size
 * times the depth limit, not their fan-out to the power of their depth.
 */
function fromScript(walk: Walk, name: string, depth: number): Found | undefined {
  const key = `${depth} ${name}`;
  if (walk.found.has(key)) return walk.found.get(key);
  const found = readScript(walk, name, depth);
  walk.found.set(key, found);
  return found;
}

function readScript(walk: Walk, name: string, depth: number): Found | undefined {
  const script = Object.hasOwn(walk.scripts, name) ? walk.scripts[name] : undefined;
  if (typeof script !== "string" || depth > MAX_DEPTH) return undefined;
  let commands = walk.commands.get(name);
  if (commands === undefined) {
    commands = shellCommands(script, walk.env);
    walk.commands.set(name, commands);
  }
  for (const [at, words] of commands.entries()) {
    const found = fromCommand(walk, words, depth);
    if (found !== undefined) return { ...found, last: at === commands.length - 1 };
  }
  return undefined;
}

/** The runner's invocation in one command, through its wrappers and package managers. */
function fromCommand(
  walk: Walk,
  command: readonly string[],
  depth: number,
): Omit<Found, "last"> | undefined {
  const words = [...command];
  const env: Record<string, string> = {};
  /** The flags of a `node` the head is the script of, else undefined. */
  let node: string[] | undefined;
  /** Modules a wrapper preloads in the runner's process (`nyc --require ts-node/register`). */
  const preloads: string[] = [];
  let index = 0;
  while (index < words.length) {
    const word = words[index] as string;
    const assignment = ASSIGNMENT.exec(word);
    if (assignment !== null) {
      env[word.slice(0, word.indexOf("="))] = word.slice(word.indexOf("=") + 1);
      index++;
    } else if (word === "node") {
      node = [];
      index++;
    } else if (word.startsWith("-") && node !== undefined) {
      const value = words[index + 1];
      const takesValue = NODE_VALUES.has(word) && value !== undefined;
      node.push(...(takesValue ? [word, value] : [word]));
      index += takesValue ? 2 : 1;
    } else if (word === "env") {
      node = undefined;
      index = envOptions(walk, words, index + 1);
    } else if (WRAPPERS.has(word)) {
      // Its options with their values; what it preloads and the variables it loads stay.
      const effect = wrapperOptions(word, words, index + 1, walk.root, walk.command);
      Object.assign(env, effect.env);
      preloads.push(...effect.node);
      node = undefined;
      index = effect.next;
    } else if (word.startsWith("-")) index++;
    else break;
  }
  // node:test: `node --test`, `tsx --test` (verify picks the files and how .ts loads; the
  // variables set before it are the script's to give).
  if (walk.command === NODE_TEST && words.slice(0, index).includes("--test"))
    return { env, node: [], words: [] };
  const run = packageManagerRun(words.slice(index), (name) => Object.hasOwn(walk.scripts, name));
  if (run !== undefined && "script" in run) {
    const found = fromScript(walk, run.script, depth + 1);
    if (found === undefined) return undefined;
    // The variables set before `npm run` are the script's environment too.
    return {
      env: { ...env, ...found.env },
      node: found.node,
      words: found.last ? [...found.words, ...run.extra] : found.words,
    };
  }
  // `yarn jest`, `pnpm exec jest`: the command as if it were the script's.
  if (run !== undefined)
    return fromCommand(walk, [...words.slice(0, index), ...run.command], depth);
  const head = words[index];
  // `jest`, `node_modules/.bin/jest`, `node node_modules/jest/bin/jest.js`
  if (head === undefined || path.basename(head).replace(/\.[cm]?js$/u, "") !== walk.command)
    return undefined;
  // `playwright test ...`: the subcommand is verify's own.
  const after = words.slice(index + 1);
  if (walk.command === "playwright" && after[0] === "test") after.shift();
  return { env, node: [...preloads, ...(node ?? [])], words: after };
}

/**
 * Reads `env`'s options from `words[index]` on, splicing in the words of `-S "..."` (its
 * string split as a command line), and returns the index of the command env runs.
 */
function envOptions(walk: Walk, words: string[], start: number): number {
  let index = start;
  while (words[index]?.startsWith("-") === true) {
    const option = words[index] as string;
    if (option === "-S" || option === "--split-string" || option.startsWith("-S")) {
      const text =
        option.length > 2 && option.startsWith("-S") ? option.slice(2) : words[index + 1];
      const count = option.length > 2 && option.startsWith("-S") ? 1 : 2;
      words.splice(index, count, ...shellCommands(text ?? "", walk.env).flat());
    } else if (option === "-u" || option === "--unset" || option === "-C" || option === "--chdir")
      index += 2;
    else index++;
  }
  return index;
}

/** Options that name the tests to run, as the paths do (`mocha --spec 'test/**' `). */
const PICKS_TESTS: ReadonlySet<string> = new Set(["--spec"]);

/**
 * The options among a runner's arguments (flags and their values), apart from the paths it is
 * given (files, folders, globs, and `--spec` values).
 */
function optionsOf(
  root: string,
  command: string,
  words: readonly string[],
): { args: string[]; paths: string[] } {
  const { values, flags, dropped } = runnerOptions(command);
  const args: string[] = [];
  const paths: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string;
    if (word === "--") {
      paths.push(...words.slice(index + 1)); // what follows are paths
      break;
    }
    if (!word.startsWith("-")) {
      paths.push(word); // a test file, folder or glob
      continue;
    }
    const flag = word.includes("=") ? word.slice(0, word.indexOf("=")) : word;
    const next = words[index + 1];
    // A known option's value is the next word; an unknown one's, unless it is a test path.
    const takesNext =
      !word.includes("=") &&
      next !== undefined &&
      !next.startsWith("-") &&
      (values.has(flag) ||
        (!flags.has(flag) && !flag.startsWith("--no-") && !isTestPath(root, next)));
    if (dropped.has(flag)) {
      if (PICKS_TESTS.has(flag)) {
        if (word.includes("=")) paths.push(word.slice(word.indexOf("=") + 1));
        else if (takesNext) paths.push(next);
      }
      if (takesNext) index++;
      continue;
    }
    args.push(word);
    if (takesNext) {
      args.push(next);
      index++;
    }
  }
  return { args, paths };
}

/** A glob, a folder, or a test file: what a script hands its runner to run. */
function isTestPath(root: string, word: string): boolean {
  if (GLOB.test(word) || TEST_FILE.test(word)) return true;
  const absolute = path.resolve(root, word);
  try {
    return existsSync(absolute) && statSync(absolute).isDirectory();
  } catch {
    return false;
  }
}
