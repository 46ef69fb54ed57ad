import type { AmbientCategory } from "../../../schema/load-config.js";

/**
 * The catalogue of ambient capabilities. An access path starts at a global (`fetch`, `Date`,
 * `process`, ...) or at a module (`module:crypto`), and goes through property names. A path in
 * CAPABILITY_PATHS is a capability wherever it is reached: read, called, aliased or destructured.
 */
export type Capability =
  | {
      /** Its category in agentix.config.json `ambient`. */
      readonly category: AmbientCategory;
      /** How messages name it, e.g. "Date.now()". */
      readonly label: string;
      /**
       * A timer waits on the clock but reads no time: its message says what to do instead. The
       * browser's storage is a database the page holds: its message says so.
       */
      readonly kind?: "timer" | "storage";
    }
  | {
      /** It may be any capability: reported unless every category is allowed. */
      readonly category: typeof ANY_CATEGORY;
      readonly label: string;
      /** A member read by a name no one can tell, or the global object handed on whole. */
      readonly kind: "unknown-member" | "global-handed-on";
    };

/** The category of what may be any capability: reported unless every category is allowed. */
export const ANY_CATEGORY = "any";

const capability = (category: AmbientCategory, label: string): Capability => ({ category, label });
const timer = (label: string): Capability => ({ category: "clock", label, kind: "timer" });
const browserStorage = (label: string): Capability => ({
  category: "database",
  label,
  kind: "storage",
});

/** A member of an OPAQUE_MEMBER_ROOTS object read by a name no one can tell (`globalThis[name]`). */
export const unknownMember = (label: string): Capability => ({
  category: ANY_CATEGORY,
  label,
  kind: "unknown-member",
});

/** The global object passed, stored, returned or spread whole: what it reaches is not followed. */
export const globalHandedOn = (label: string): Capability => ({
  category: ANY_CATEGORY,
  label,
  kind: "global-handed-on",
});

/**
 * Paths whose members, read by a name no one can tell (a computed key that is no constant),
 * may be capabilities: the global object ("") and the hosts' process objects, most of whose
 * members are. `Math[op]`, `Date[k]` or `crypto[k]` are not reported: there one or two members
 * among many pure ones are capabilities, and real code picks among the pure ones by name.
 */
export const OPAQUE_MEMBER_ROOTS: ReadonlySet<string> = new Set(["", "process", "Deno", "Bun"]);

/** Names that stand for the global object itself: `globalThis.fetch` is `fetch`. */
export const GLOBAL_OBJECT_NAMES: ReadonlySet<string> = new Set([
  "globalThis",
  "window",
  "self",
  "global",
]);

/**
 * Members of the global object that are a window themselves (in a browser: the top, parent or
 * opening window, `frames` the window itself): `window.top.fetch` is a fetch. Not roots: a bare
 * `top` or `parent` is not followed (the words are too common for the analyzer's text filter).
 */
export const WINDOW_MEMBERS: ReadonlySet<string> = new Set(["top", "parent", "opener", "frames"]);

/** Paths that are the window itself though they start elsewhere: `document.defaultView.fetch`. */
export const WINDOW_PATHS: ReadonlySet<string> = new Set(["document.defaultView"]);

/** Paths (joined with ".") that are capabilities. Module paths start with `module:<name>`. */
export const CAPABILITY_PATHS: ReadonlyMap<string, Capability> = new Map([
  // network
  ["fetch", capability("network", "fetch")],
  ["XMLHttpRequest", capability("network", "XMLHttpRequest")],
  ["WebSocket", capability("network", "WebSocket")],
  ["EventSource", capability("network", "EventSource")],
  ["navigator.sendBeacon", capability("network", "navigator.sendBeacon()")],
  // environment
  ["process.env", capability("environment", "process.env")],
  ["process.argv", capability("environment", "process.argv")],
  ["Deno.env", capability("environment", "Deno.env")],
  ["Bun.env", capability("environment", "Bun.env")],
  ["import.meta.env", capability("environment", "import.meta.env")],
  // the host's time zone and default locale, on any `Intl.DateTimeFormat` (DATE_TIME_FORMAT_INSTANCE)
  [
    "Intl.DateTimeFormat().resolvedOptions",
    capability("environment", "Intl.DateTimeFormat().resolvedOptions()"),
  ],
  // clock
  ["Date.now", capability("clock", "Date.now()")],
  ["performance.now", capability("clock", "performance.now()")],
  ["performance.timeOrigin", capability("clock", "performance.timeOrigin")],
  // a mark records the time now; a measure ends now unless given an end mark
  ["performance.mark", capability("clock", "performance.mark()")],
  ["performance.measure", capability("clock", "performance.measure()")],
  ["process.hrtime", capability("clock", "process.hrtime()")],
  ["process.uptime", capability("clock", "process.uptime()")],
  // timers wait on the clock: a domain operation that schedules work has a hidden input
  ...(["setTimeout", "setInterval", "setImmediate", "requestAnimationFrame"] as const).map(
    (name) => [name, timer(`${name}()`)] as const,
  ),
  // a signal that aborts itself after a delay
  ["AbortSignal.timeout", timer("AbortSignal.timeout()")],
  ...(["setTimeout", "setInterval", "setImmediate", "scheduler"] as const).flatMap((name) => [
    [`module:timers.${name}`, timer(name)] as const,
    [`module:timers/promises.${name}`, timer(name)] as const,
  ]),
  // process control and information about the host
  ...(["exit", "abort", "kill", "chdir", "umask", "setuid", "setgid", "dlopen"] as const).map(
    (name) => [`process.${name}`, capability("process", `process.${name}()`)] as const,
  ),
  // Code that escapes every check: eval runs any text; process.getBuiltinModule loads node:fs
  // or child_process by a name no import shows.
  ["eval", capability("process", "eval()")],
  ["process.getBuiltinModule", capability("process", "process.getBuiltinModule()")],
  ["process.loadEnvFile", capability("environment", "process.loadEnvFile()")],
  ...(
    [
      "cwd",
      "platform",
      "arch",
      "pid",
      "ppid",
      "version",
      "versions",
      "execPath",
      "execArgv",
      "title",
      "memoryUsage",
      "cpuUsage",
      "resourceUsage",
    ] as const
  ).map((name) => [`process.${name}`, capability("environment", `process.${name}`)] as const),
  // randomness
  ["Math.random", capability("randomness", "Math.random()")],
  ["crypto.randomUUID", capability("randomness", "crypto.randomUUID()")],
  ["crypto.getRandomValues", capability("randomness", "crypto.getRandomValues()")],
  // Web Crypto's key generation draws fresh keys; its digest, sign, verify and the rest do not.
  ["crypto.subtle.generateKey", capability("randomness", "crypto.subtle.generateKey()")],
  // the browser's storage: state that outlives the operation, read and written by key
  ...(["localStorage", "sessionStorage", "indexedDB", "caches", "cookieStore"] as const).map(
    (name) => [name, browserStorage(name)] as const,
  ),
  ["document.cookie", browserStorage("document.cookie")],
  // its quota, persistence and origin-private file system (getDirectory)
  ["navigator.storage", browserStorage("navigator.storage")],
  // named exports of modules that are otherwise allowed (node:crypto's createHash is fine)
  ["module:crypto.randomUUID", capability("randomness", "randomUUID")],
  ["module:crypto.randomBytes", capability("randomness", "randomBytes")],
  ["module:crypto.randomInt", capability("randomness", "randomInt")],
  ["module:crypto.randomFill", capability("randomness", "randomFill")],
  ["module:crypto.randomFillSync", capability("randomness", "randomFillSync")],
  ["module:crypto.pseudoRandomBytes", capability("randomness", "pseudoRandomBytes")],
  ["module:crypto.getRandomValues", capability("randomness", "getRandomValues")],
  // fresh keys and primes are drawn at random
  ...(
    [
      "generateKey",
      "generateKeySync",
      "generateKeyPair",
      "generateKeyPairSync",
      "generatePrime",
      "generatePrimeSync",
    ] as const
  ).map((name) => [`module:crypto.${name}`, capability("randomness", name)] as const),
  // node:crypto's webcrypto is the global crypto, its subtle crypto.subtle: only their random members.
  ...(["getRandomValues", "randomUUID", "subtle.generateKey"] as const).map(
    (name) =>
      [`module:crypto.webcrypto.${name}`, capability("randomness", `webcrypto.${name}`)] as const,
  ),
  ["module:crypto.subtle.generateKey", capability("randomness", "subtle.generateKey")],
  ["module:perf_hooks.performance", capability("clock", "performance")],
  // agentix's own standard adapters: their handlers read the real clock and draw randomness.
  ["module:agentix.systemClock", capability("clock", "systemClock")],
  ["module:agentix.randomIds", capability("randomness", "randomIds")],
]);

/**
 * The Function constructor runs any text, as `eval` does: called or constructed, with any
 * arguments. Read otherwise (`x instanceof Function`, `Function.prototype`) it reaches nothing.
 */
export const FUNCTION_CONSTRUCTOR = "Function";
export const FUNCTION_CALL = capability("process", "Function()");
export const FUNCTION_NEW = capability("process", "new Function()");

/** `new Date()` without arguments (or with `undefined`) and `Date()` called in any way read the clock. */
export const DATE_CALL = capability("clock", "Date()");
export const DATE_NEW = capability("clock", "new Date()");
/** `class Stamp extends Date {}`: `new Stamp()` reads the clock as `new Date()` does. */
export const DATE_SUBCLASS = capability("clock", "a subclass of Date");

/** An `Intl.DateTimeFormat` (called or constructed) is this path; its formatters read the clock without a date. */
export const DATE_TIME_FORMAT = "Intl.DateTimeFormat";
export const DATE_TIME_FORMAT_INSTANCE = "Intl.DateTimeFormat()";
export const CLOCK_WITHOUT_DATE: ReadonlyMap<string, Capability> = new Map(
  (["format", "formatToParts"] as const).map((name) => [
    `${DATE_TIME_FORMAT_INSTANCE}.${name}`,
    capability("clock", `Intl.DateTimeFormat().${name}() without a date`),
  ]),
);

/** `Reflect.get(target, "name")` reads `target.name`; `Reflect.apply` / `construct` call it. */
export const REFLECT = "Reflect";

/** Global names whose references start an access path. */
export const ROOT_GLOBALS: ReadonlySet<string> = new Set([
  ...GLOBAL_OBJECT_NAMES,
  ...[...CAPABILITY_PATHS.keys()]
    .filter((key) => !key.startsWith("module:") && !key.startsWith("import."))
    .map((key) => key.split(".")[0] ?? key),
  "Date",
  "Intl",
  FUNCTION_CONSTRUCTOR,
  REFLECT,
]);

/** Every proper prefix of a capability path: following an access path is worth it only there. */
export const CAPABILITY_PREFIXES: ReadonlySet<string> = new Set([
  ...[...CAPABILITY_PATHS.keys()].flatMap((key) => {
    const parts = key.split(".");
    return parts.slice(1).map((_, index) => parts.slice(0, index + 1).join("."));
  }),
  "Intl",
  FUNCTION_CONSTRUCTOR,
  DATE_TIME_FORMAT,
  DATE_TIME_FORMAT_INSTANCE,
  ...CLOCK_WITHOUT_DATE.keys(),
]);

/**
 * For each global root, the members that start a capability path (`Math` -> `random`): a
 * `Root.member` with any other member (`Math.max`, `Date.parse`) reaches none. For hosts that
 * pre-filter files by their text (the analyzer).
 */
export const CAPABILITY_MEMBERS: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const members = new Map<string, Set<string>>();
  const keys = [
    ...CAPABILITY_PATHS.keys(),
    ...CAPABILITY_PREFIXES,
    "Reflect.get",
    "Reflect.apply",
    "Reflect.construct",
    ...WINDOW_PATHS,
  ];
  for (const key of keys) {
    if (key.startsWith("module:") || key.startsWith("import.")) continue;
    const [root, member] = key.split(".");
    if (root === undefined) continue;
    const set = members.get(root) ?? new Set<string>();
    if (member !== undefined) set.add(member.replace(/\(\)$/u, ""));
    members.set(root, set);
  }
  return members;
})();

/**
 * Modules whose every import is a capability, by name without `node:` (a name also covers its
 * subpaths: `fs` covers `fs/promises`; a subpath, `drizzle-orm/node-postgres`, names only itself).
 */
export const BANNED_MODULES: ReadonlyMap<string, AmbientCategory> = new Map<
  string,
  AmbientCategory
>([
  ...(
    [
      "http",
      "https",
      "http2",
      "net",
      "tls",
      "dgram",
      "dns",
      "undici",
      "node-fetch",
      "cross-fetch",
      "isomorphic-fetch",
      "axios",
      "got",
      "ky",
      "ws",
      "ofetch",
      "superagent",
      "needle",
      "request",
      "graphql-request",
    ] as const
  ).map((name) => [name, "network"] as const),
  ...(["dotenv"] as const).map((name) => [name, "environment"] as const),
  // id generators: every id they make is drawn at random (or from the clock and randomness)
  ...(
    [
      "uuid",
      "nanoid",
      "ulid",
      "ulidx",
      "@paralleldrive/cuid2",
      "cuid",
      "shortid",
      "hyperid",
    ] as const
  ).map((name) => [name, "randomness"] as const),
  ...(["fs", "fs-extra", "graceful-fs"] as const).map((name) => [name, "filesystem"] as const),
  ...(["child_process", "worker_threads", "cluster", "execa", "cross-spawn", "vm"] as const).map(
    (name) => [name, "process"] as const,
  ),
  // The host: its name, network interfaces, CPUs, memory, user and uptime.
  ...(["os"] as const).map((name) => [name, "environment"] as const),
  ...(
    [
      "pg",
      "postgres",
      "mysql",
      "mysql2",
      "better-sqlite3",
      "sqlite3",
      "sqlite",
      "mongodb",
      "mongoose",
      "redis",
      "ioredis",
      "@prisma/client",
      "knex",
      "@libsql/client",
      "@neondatabase/serverless",
      "typeorm",
      "sequelize",
      "kysely",
      "pg-promise",
      "mssql",
      "@vercel/postgres",
      "@planetscale/database",
    ] as const
  ).map((name) => [name, "database"] as const),
  // drizzle-orm's drivers connect; the rest of it (schema builders, operators) is pure. A subpath
  // named here is matched exactly (bannedModuleCategory), not as a package.
  ...(
    [
      "node-postgres",
      "postgres-js",
      "mysql2",
      "better-sqlite3",
      "libsql",
      "neon-http",
      "neon-serverless",
      "vercel-postgres",
      "planetscale-serverless",
    ] as const
  ).map((driver) => [`drizzle-orm/${driver}`, "database"] as const),
]);

/**
 * Modules that are allowed but whose exports reach capabilities: their namespace or default
 * import starts an access path at this root. `node:process` is the global `process`.
 */
export const MODULE_ROOTS: ReadonlyMap<string, string> = new Map([
  ["crypto", "module:crypto"],
  ["process", "process"],
  ["perf_hooks", "module:perf_hooks"],
  ["timers", "module:timers"],
  ["timers/promises", "module:timers/promises"],
  ["agentix", "module:agentix"],
]);

/** The module name without the `node:` scheme. */
export function moduleName(specifier: string): string {
  return specifier.startsWith("node:") ? specifier.slice(5) : specifier;
}

/** The category of a banned module (or one of its subpaths), if it is banned. */
export function bannedModuleCategory(specifier: string): AmbientCategory | undefined {
  // Most specifiers a linter sees are relative: no package can be named that way.
  if (specifier.startsWith(".") || specifier.startsWith("/")) return undefined;
  const name = moduleName(specifier);
  const direct = BANNED_MODULES.get(name);
  if (direct) return direct;
  const segments = name.split("/");
  const packageName = name.startsWith("@") ? segments.slice(0, 2).join("/") : segments[0];
  return packageName === undefined ? undefined : BANNED_MODULES.get(packageName);
}

/** The root of an allowed module with capability exports, if it has one. */
export function moduleRoot(specifier: string): string | undefined {
  return MODULE_ROOTS.get(moduleName(specifier));
}
