// How the project's own test script starts a runner, to start it the same way on the selected
// files: the environment it sets (`NODE_OPTIONS='--import=tsx/esm' c8 ava`) and the options it
// passes (`mocha -r ts-node/register 'test/**/*.spec.ts'`), without the test files or globs it
// names (verify names its own), nor options that would never end (`--watch`), pick tests or
// measure coverage. Read as text from package.json, never run; a script this cannot read adds
// nothing.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { runnerOptions } from "./runner-options.js";
import { shellCommands, type ShellEnv } from "./shell-words.js";

export interface ScriptInvocation {
  /** Variables the script sets before the runner (`VAR=value`, `cross-env VAR=value`). */
  readonly env: Readonly<Record<string, string>>;
  /** The runner's options from the script, in order. */
  readonly args: readonly string[];
  /** Node.js flags the script gives before the runner's script (`node --flag .../jest.js`). */
  readonly node: readonly string[];
}

const NONE: ScriptInvocation = { env: {}, args: [], node: [] };

/** Commands that run the next word as the command (`npx jest`, `c8 ava`, `cross-env A=1 mocha`). */
const WRAPPERS = new Set(["npx", "c8", "nyc", "cross-env", "dotenv", "env", "node", "tsx"]);
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

/**
 * The invocation of `command` (jest, mocha, ava, playwright) in the package.json `test` script
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
    const manifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
      scripts?: unknown;
    };
    if (typeof manifest.scripts !== "object" || manifest.scripts === null) return NONE;
    scripts = manifest.scripts as Record<string, unknown>;
  } catch {
    return NONE;
  }
  const walk: Walk = { root, scripts, env, command, found: new Map(), commands: new Map() };
  return fromScript(walk, "test", 0) ?? NONE;
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
  readonly found: Map<string, ScriptInvocation | undefined>;
  /** By name: the script's commands. */
  readonly commands: Map<string, string[][]>;
}

/**
 * The runner's invocation in script `name`, reached after `depth` `npm run`s: each (script,
 * depth) is answered once, so that `npm run a || npm run a || ...` chains cost their size
 * times the depth limit, not their fan-out to the power of their depth.
 */
function fromScript(walk: Walk, name: string, depth: number): ScriptInvocation | undefined {
  const key = `${depth} ${name}`;
  if (walk.found.has(key)) return walk.found.get(key);
  const found = readScript(walk, name, depth);
  walk.found.set(key, found);
  return found;
}

function readScript(walk: Walk, name: string, depth: number): ScriptInvocation | undefined {
  const { root, scripts, command } = walk;
  const script = scripts[name];
  if (typeof script !== "string" || depth > MAX_DEPTH) return undefined;
  let commands = walk.commands.get(name);
  if (commands === undefined) {
    commands = shellCommands(script, walk.env);
    walk.commands.set(name, commands);
  }
  for (const words of commands) {
    const env: Record<string, string> = {};
    /** The flags of a `node` the head is the script of, else undefined. */
    let node: string[] | undefined;
    let index = 0;
    for (; index < words.length; index++) {
      const word = words[index] as string;
      const assignment = ASSIGNMENT.exec(word);
      if (assignment !== null)
        env[word.slice(0, word.indexOf("="))] = word.slice(word.indexOf("=") + 1);
      else if (word === "node") node = [];
      else if (word.startsWith("-") && node !== undefined) {
        node.push(word);
        const value = words[index + 1];
        if (NODE_VALUES.has(word) && value !== undefined) {
          node.push(value);
          index++;
        }
      } else if (WRAPPERS.has(word)) node = undefined;
      else if (!word.startsWith("-")) break;
    }
    const head = words[index];
    // `npm run test:unit`, `yarn test:unit`, `pnpm run test:unit`
    if (head === "npm" || head === "yarn" || head === "pnpm") {
      const rest = words.slice(index + 1).filter((word) => word !== "run" && word !== "run-script");
      const target = rest[0];
      if (target !== undefined && target in scripts) {
        const found = fromScript(walk, target, depth + 1);
        if (found !== undefined) return found;
      }
      continue;
    }
    // `jest`, `node_modules/.bin/jest`, `node node_modules/jest/bin/jest.js`
    if (head === undefined || path.basename(head).replace(/\.[cm]?js$/u, "") !== command) continue;
    // `playwright test ...`: the subcommand is verify's own.
    const after = words.slice(index + 1);
    if (command === "playwright" && after[0] === "test") after.shift();
    return { env, args: optionsOf(root, command, after), node: node ?? [] };
  }
  return undefined;
}

/** The options among a runner's arguments: flags and their values, not the paths it is given. */
function optionsOf(root: string, command: string, words: readonly string[]): string[] {
  const { values, flags, dropped } = runnerOptions(command);
  const args: string[] = [];
  for (let index = 0; index < words.length; index++) {
    const word = words[index] as string;
    if (word === "--") break; // what follows are paths
    if (!word.startsWith("-")) continue; // a test file, folder or glob
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
      if (takesNext) index++;
      continue;
    }
    args.push(word);
    if (takesNext) {
      args.push(next);
      index++;
    }
  }
  return args;
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
