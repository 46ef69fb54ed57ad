// When agentix cannot prove a narrow answer, it selects everything and says why.
import path from "node:path";

export type WideningCode =
  | "config-file"
  | "outside-project"
  | "agentix-runtime"
  | "shared-code"
  | "unresolved-import"
  | "opaque-schema"
  | "deleted-file"
  // No longer given (a removed file's importers are found in the tree as it is, would-import.ts);
  // kept in the v1 output schema, so a consumer that knows it still validates.
  | "index-unavailable"
  | "unknown-file";

export interface WideningReason {
  readonly code: WideningCode;
  readonly message: string;
  /** The file that caused it, relative to the project root. */
  readonly path: string | null;
}

const CONFIG_BASENAMES = new Set([
  "package.json",
  "package-lock.json",
  "npm-shrinkwrap.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "pnpm-workspace.yaml",
  "bun.lockb",
  "agentix.config.json",
  ".npmrc",
  ".nvmrc",
  ".node-version",
]);
const CONFIG_PATTERNS: readonly RegExp[] = [
  /^tsconfig(\..+)?\.json$/,
  /^jsconfig(\..+)?\.json$/,
  /^vite(st)?\.(config|workspace)\.[cm]?[jt]s$/,
  /^vitest\.(workspace|projects)\.([cm]?[jt]s|json)$/,
  /^vitest\.([\w-]+\.config|config\.[\w-]+)\.[cm]?[jt]s$/,
  /^jest\.config\.([cm]?[jt]s|json)$/,
  /^eslint\.config\.[cm]?[jt]s$/,
  /^\.eslintrc(\..+)?$/,
  /^babel\.config\.[cm]?[jt]s$/,
  /^\.babelrc$/,
];

/** Configuration that changes how everything is built, resolved, linted or tested. */
export function isConfigFile(file: string): boolean {
  const base = path.posix.basename(file);
  return (
    CONFIG_BASENAMES.has(base) ||
    CONFIG_PATTERNS.some((pattern) => pattern.test(base)) ||
    file.startsWith(".ci/") ||
    file.startsWith(".github/workflows/")
  );
}

/** Files that no code or test can depend on: documentation and licences. */
export function isInertFile(file: string): boolean {
  const base = path.posix.basename(file).toLowerCase();
  return (
    /\.(md|mdx|markdown|txt|rst|adoc)$/.test(base) ||
    /^(licen[cs]e|notice|authors|changelog|codeowners)(\..*)?$/.test(base) ||
    file.startsWith(".agentix/")
  );
}
