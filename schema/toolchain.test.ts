import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ANALYZER_TOOLCHAIN,
  MCP_TOOLCHAIN,
  MissingToolchainError,
  PLUGIN_TOOLCHAIN,
  TOOLCHAIN_VERSIONS,
  missingToolchain,
  requireToolchain,
} from "./toolchain.js";

const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};

describe("the toolchain's optional peers", () => {
  it("are the versions agentix is tested with, optional peers, and no dependency of the runtime", () => {
    const names = Object.keys(TOOLCHAIN_VERSIONS);
    expect(names.map((name) => manifest.devDependencies[name])).toEqual(
      Object.values(TOOLCHAIN_VERSIONS),
    );
    expect(names.filter((name) => manifest.peerDependenciesMeta[name]?.optional !== true)).toEqual(
      [],
    );
    expect(names.filter((name) => manifest.peerDependencies[name] === undefined)).toEqual([]);
    expect(names.filter((name) => name in manifest.dependencies)).toEqual([]);
    expect([...MCP_TOOLCHAIN, ...PLUGIN_TOOLCHAIN].filter((name) => !names.includes(name))).toEqual(
      [],
    );
  });

  it("are all found in this repository (the MCP SDK by a module it has: its bare name resolves to nothing)", () => {
    expect(missingToolchain([...MCP_TOOLCHAIN, ...PLUGIN_TOOLCHAIN])).toEqual([]);
    expect(() => requireToolchain("agentix check", ANALYZER_TOOLCHAIN)).not.toThrow();
  });

  it("when one is missing, names it and the command that installs it", () => {
    const resolver = (name: string) => name !== "ts-morph";
    expect(missingToolchain(ANALYZER_TOOLCHAIN, resolver)).toEqual(["ts-morph"]);
    expect(() => requireToolchain("agentix check", ANALYZER_TOOLCHAIN, resolver)).toThrow(
      new MissingToolchainError("agentix check", ["ts-morph"]),
    );
    expect(new MissingToolchainError("agentix check", ["ts-morph"]).message).toBe(
      "agentix check needs ts-morph, an optional peer dependency of agentix: install it beside agentix (npm i -D ts-morph@28.0.0)",
    );
  });

  it("when several are missing, lists them in the order needed, each with its tested version", () => {
    const error = (() => {
      try {
        requireToolchain("agentix/eslint-plugin", PLUGIN_TOOLCHAIN, () => false);
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(MissingToolchainError);
    expect(error).toMatchObject({
      name: "MissingToolchainError",
      user: "agentix/eslint-plugin",
      missing: [
        "typescript",
        "@typescript-eslint/utils",
        "@typescript-eslint/types",
        "@typescript-eslint/parser",
      ],
      message:
        "agentix/eslint-plugin needs typescript, @typescript-eslint/utils, @typescript-eslint/types and @typescript-eslint/parser, optional peer dependencies of agentix: install them beside agentix (npm i -D typescript@6.0.3 @typescript-eslint/utils@8.72.0 @typescript-eslint/types@8.72.0 @typescript-eslint/parser@8.72.0)",
    });
  });
});
