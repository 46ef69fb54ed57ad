// The commands a test script puts before its runner (`nyc --require ts-node/register mocha`,
// `dotenv -e .env.test -- jest`, `c8 --reporter lcov ava`): which of their options take the next
// word as a value, so that the runner is found after them, and what of their effect a run of
// the runner alone must keep: a module nyc preloads (a Node.js `--require` of the run) and the
// variables dotenv loads. Read from each tool's documented options.
import path from "node:path";
import { readProjectFile } from "../../../schema/read-project-file.js";

interface WrapperTable {
  /** Options whose value is the next word (short and long). */
  readonly values: ReadonlySet<string>;
  /** Options whose value is a module the child process preloads, as Node.js `--require` does. */
  readonly preloads?: ReadonlySet<string>;
}

const WRAPPER_TABLES: Readonly<Record<string, WrapperTable>> = {
  // nyc --help: -r is --reporter there, -i --require.
  nyc: {
    values: new Set([
      ...["-r", "--reporter", "-i", "--require", "-n", "--include", "-x", "--exclude"],
      ...["-e", "--extension", "-t", "--temp-dir", "--report-dir", "--cwd", "--nycrc-path"],
      ...["--branches", "--functions", "--lines", "--statements", "--exclude-node-modules"],
    ]),
    preloads: new Set(["-i", "--require"]),
  },
  // c8 --help
  c8: {
    values: new Set([
      ...["-r", "--reporter", "-o", "--reports-dir", "--report-dir", "--src", "-n", "--include"],
      ...["-x", "--exclude", "-e", "--extension", "--temp-directory", "--config", "--merge-async"],
      ...["--branches", "--functions", "--lines", "--statements", "--exclude-after-remap"],
    ]),
  },
  // dotenv-cli: -e <path> (repeatable), -v <name=value>, -p <variable>; -c [environment] below.
  dotenv: { values: new Set(["-e", "-v", "-p"]) },
  // npx's own options (what follows them is the command).
  npx: { values: new Set(["-p", "--package", "--cache", "--userconfig", "-w", "--workspace"]) },
  "cross-env": { values: new Set() },
  tsx: { values: new Set(["--tsconfig", "--env-file", "--import", "-r", "--require"]) },
};

/** The wrappers verify looks through to find the runner. */
export const WRAPPERS: ReadonlySet<string> = new Set(Object.keys(WRAPPER_TABLES));

/** What a wrapper's options add to the runner's run. */
export interface WrapperEffect {
  /** The word after the wrapper's options: the command it runs. */
  readonly next: number;
  readonly env: Readonly<Record<string, string>>;
  /** Node.js flags for the run (`--require <module>` for a module the wrapper preloads). */
  readonly node: readonly string[];
}

/**
 * Reads the options of `wrapper` (words[start - 1]) from `start`: where its command starts, and
 * what the run keeps of them. `root` is where the script runs (dotenv's files are read there).
 */
export function wrapperOptions(
  wrapper: string,
  words: readonly string[],
  start: number,
  root: string,
  runner: string,
): WrapperEffect {
  const table = WRAPPER_TABLES[wrapper] ?? { values: new Set<string>() };
  const node: string[] = [];
  const envFiles: string[] = [];
  const variables: Record<string, string> = {};
  let cascade: string | undefined;
  let index = start;
  while (index < words.length) {
    const word = words[index] as string;
    if (word === "--") {
      index++;
      break;
    }
    if (!word.startsWith("-")) break;
    const joined = word.indexOf("=");
    const flag = word.startsWith("--") && joined !== -1 ? word.slice(0, joined) : word;
    const inline = flag === word ? undefined : word.slice(joined + 1);
    if (wrapper === "dotenv" && flag === "-c") {
      // An optional environment name: the next word, unless it is the command itself.
      const name = words[index + 1];
      const takes = name !== undefined && !name.startsWith("-") && name !== runner;
      cascade = takes ? name : "";
      index += takes ? 2 : 1;
      continue;
    }
    const value = inline ?? (table.values.has(flag) ? words[index + 1] : undefined);
    index += inline === undefined && table.values.has(flag) ? 2 : 1;
    if (value === undefined) continue;
    if (table.preloads?.has(flag)) node.push("--require", value);
    if (wrapper === "dotenv" && flag === "-e") envFiles.push(value);
    if (wrapper === "dotenv" && flag === "-v" && value.includes("="))
      variables[value.slice(0, value.indexOf("="))] = value.slice(value.indexOf("=") + 1);
  }
  const env = wrapper === "dotenv" ? dotenvVariables(root, envFiles, cascade, variables) : {};
  return { next: index, env, node };
}

/**
 * dotenv-cli's variables: its files (`.env` when none is named; `-c [name]` reads each as
 * `<file>.<name>.local`, `<file>.local`, `<file>.<name>`, `<file>`), the first file to set a
 * variable winning as dotenv's does, then `-v` over them.
 */
function dotenvVariables(
  root: string,
  named: readonly string[],
  cascade: string | undefined,
  variables: Readonly<Record<string, string>>,
): Record<string, string> {
  const bases = named.length > 0 ? named : [".env"];
  const files =
    cascade === undefined
      ? bases
      : bases.flatMap((base) =>
          cascade === ""
            ? [`${base}.local`, base]
            : [`${base}.${cascade}.local`, `${base}.local`, `${base}.${cascade}`, base],
        );
  const env: Record<string, string> = {};
  for (const file of files)
    for (const [name, value] of Object.entries(readEnvFile(path.resolve(root, file))))
      if (!Object.hasOwn(env, name)) env[name] = value;
  return { ...env, ...variables };
}

const ENV_LINE = /^\s*(?:export\s+)?([\w.-]+)\s*=\s*(.*)?\s*$/u;

/**
 * A .env file's variables (dotenv's format: `NAME=value`, quoted values, `#` comments); none from
 * a file that is not a regular file (a FIFO, a link to /dev/zero), which is never read.
 */
function readEnvFile(file: string): Record<string, string> {
  let text: string;
  try {
    text = readProjectFile(file);
  } catch {
    return {}; // dotenv skips a file that is not there
  }
  const env: Record<string, string> = {};
  for (const line of text.split(/\r?\n/u)) {
    const match = ENV_LINE.exec(line);
    if (match === null) continue;
    let value = (match[2] ?? "").trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'" || quote === "`") && value.indexOf(quote, 1) > 0) {
      value = value.slice(1, value.indexOf(quote, 1));
      if (quote === '"') value = value.replace(/\\n/gu, "\n").replace(/\\r/gu, "\r");
    } else {
      const comment = value.search(/\s#/u);
      if (comment !== -1) value = value.slice(0, comment).trim();
    }
    env[match[1] as string] = value;
  }
  return env;
}
