// The analyzer and the ESLint plugin run on a toolchain that a production install of agentix
// (`npm i --omit=dev agentix`, the runtime only) leaves out: ts-morph, TypeScript and
// typescript-eslint's packages are optional peer dependencies. The entries that need them check
// first, so a missing one is one clear error naming the install command, not Node's
// ERR_MODULE_NOT_FOUND from deep inside. schema/ is the folder both the plugin and the analyzer import.
import { createRequire } from "node:module";

/** Each optional peer of the toolchain, at the version agentix is tested with (its devDependencies: tested). */
export const TOOLCHAIN_VERSIONS = {
  "ts-morph": "28.0.0",
  typescript: "6.0.3",
  "@typescript-eslint/scope-manager": "8.72.0",
  "@typescript-eslint/types": "8.72.0",
  "@typescript-eslint/typescript-estree": "8.72.0",
  "@typescript-eslint/utils": "8.72.0",
  "@typescript-eslint/parser": "8.72.0",
  "@modelcontextprotocol/sdk": "1.32.2",
} as const;

export type ToolchainPackage = keyof typeof TOOLCHAIN_VERSIONS;

/** What the `agentix` CLI's analysing verbs and `agentix/analyzer` load. */
export const ANALYZER_TOOLCHAIN: readonly ToolchainPackage[] = [
  "ts-morph",
  "typescript",
  "@typescript-eslint/typescript-estree",
  "@typescript-eslint/scope-manager",
  "@typescript-eslint/types",
];

/** What `agentix mcp` loads: the analyzer and the MCP SDK (its server and stdio transport). */
export const MCP_TOOLCHAIN: readonly ToolchainPackage[] = [
  ...ANALYZER_TOOLCHAIN,
  "@modelcontextprotocol/sdk",
];

/** What `agentix/eslint-plugin` loads (ESLint itself is the user's already). */
export const PLUGIN_TOOLCHAIN: readonly ToolchainPackage[] = [
  "typescript",
  "@typescript-eslint/utils",
  "@typescript-eslint/types",
  "@typescript-eslint/parser",
];

const require = createRequire(import.meta.url);

/** Whether a package resolves from agentix's own location, as its modules will import it. */
export type PackageResolver = (name: string) => boolean;

/** A module of each package that resolves when it is installed (the SDK's bare name does not). */
const PROBES: Partial<Record<ToolchainPackage, string>> = {
  "@modelcontextprotocol/sdk": "@modelcontextprotocol/sdk/server/index.js",
};

const resolvesFromAgentix: PackageResolver = (name) => {
  try {
    require.resolve(PROBES[name as ToolchainPackage] ?? name);
    return true;
  } catch {
    return false;
  }
};

/** The packages of `needed` that are not installed where agentix can load them. */
export function missingToolchain(
  needed: readonly ToolchainPackage[],
  resolves: PackageResolver = resolvesFromAgentix,
): ToolchainPackage[] {
  return needed.filter((name) => !resolves(name));
}

/** The one message for a missing toolchain: who needs what, and the command that installs it. */
export function missingToolchainMessage(
  user: string,
  missing: readonly ToolchainPackage[],
): string {
  const names =
    missing.length === 1
      ? `${missing[0]}, an optional peer dependency of agentix`
      : `${missing.slice(0, -1).join(", ")} and ${missing.at(-1)}, optional peer dependencies of agentix`;
  const install = missing.map((name) => `${name}@${TOOLCHAIN_VERSIONS[name]}`).join(" ");
  return `${user} needs ${names}: install ${missing.length === 1 ? "it" : "them"} beside agentix (npm i -D ${install})`;
}

/** Throws `MissingToolchainError` when a package of `needed` is not installed. */
export function requireToolchain(
  user: string,
  needed: readonly ToolchainPackage[],
  resolves: PackageResolver = resolvesFromAgentix,
): void {
  const missing = missingToolchain(needed, resolves);
  if (missing.length > 0) throw new MissingToolchainError(user, missing);
}

export class MissingToolchainError extends Error {
  override readonly name = "MissingToolchainError";
  constructor(
    readonly user: string,
    readonly missing: readonly ToolchainPackage[],
  ) {
    super(missingToolchainMessage(user, missing));
  }
}
