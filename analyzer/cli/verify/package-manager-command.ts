// What a package manager's command line in a test script runs: another script of package.json
// (`npm run unit -- --ci`, `yarn unit --ci`, `pnpm test`) with the arguments it forwards to it,
// or a command of node_modules/.bin (`yarn jest`, `pnpm exec jest`, `npm exec -- jest`).

export type PackageManagerRun =
  /** The script `name`, with `extra` appended to it (as npm, yarn and pnpm do). */
  | { readonly script: string; readonly extra: readonly string[] }
  /** A command's words (`jest --ci`). */
  | { readonly command: readonly string[] };

const MANAGERS = new Set(["npm", "yarn", "pnpm"]);
const RUN = new Set(["run", "run-script", "rum", "urn"]);

/**
 * What `words` (`npm ...`, `yarn ...`, `pnpm ...`) runs, given which names are scripts;
 * undefined for anything else (`npm ci`, `npm install`).
 */
export function packageManagerRun(
  words: readonly string[],
  isScript: (name: string) => boolean,
): PackageManagerRun | undefined {
  const [manager = "", ...rest] = words;
  if (!MANAGERS.has(manager)) return undefined;
  // The manager's own options (`npm --silent run x`).
  while (rest[0]?.startsWith("-") === true) rest.shift();
  const [sub, ...after] = rest;
  if (sub === undefined) return undefined;
  if (sub === "exec" || (manager === "pnpm" && sub === "dlx")) {
    const command = after[0] === "--" ? after.slice(1) : after;
    return command.length > 0 ? { command } : undefined;
  }
  const named = RUN.has(sub) ? after : sub === "test" || sub === "t" ? ["test", ...after] : null;
  // `yarn jest`, `pnpm jest`: a script of that name, else the command.
  if (named === null) {
    if (manager === "npm") return undefined;
    return isScript(sub) ? { script: sub, extra: forwarded(manager, after) } : { command: rest };
  }
  const [script, ...args] = named;
  if (script === undefined || script.startsWith("-")) return undefined;
  return { script, extra: forwarded(manager, args) };
}

/** The arguments the script gets: npm's after `--` (the ones before are npm's own). */
function forwarded(manager: string, args: readonly string[]): readonly string[] {
  const dashes = args.indexOf("--");
  if (manager === "npm") return dashes === -1 ? [] : args.slice(dashes + 1);
  return args[0] === "--" ? args.slice(1) : args;
}
