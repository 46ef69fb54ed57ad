// The project's Jest config as its readers take it, read once and never run: a jest.config.*
// (jest-config-file.ts says which) parsed as source, jest.config.json's value, or package.json's
// "jest" field when there is no config file. The setup files (jest-setup.ts), test names
// (jest-tests.ts), module mapper (jest-module-map.ts) and ts-jest (affected/
// type-checking-runner.ts) are each read from it, where each read and parsed the file itself.
// TypeScript is not loaded here: `affected` answers from a fresh index without it, and reads
// ts-jest from the text alone (jest-setup.ts parses a source config for the others).
import path from "node:path";
import { jestConfigFile, type ConfigFileReader } from "./jest-config-file.js";

export type JestConfig =
  /** A jest.config.{js,ts,mjs,cjs,mts,cts}: its text (configSource parses it). */
  | { readonly kind: "source"; readonly file: string; readonly text: string }
  /** jest.config.json's value, or package.json's "jest" field (`file` is then package.json). */
  | {
      readonly kind: "json";
      readonly file: string;
      readonly text: string;
      readonly value: unknown;
    };

/** The config at `file`: a package.json stands for its "jest" field. */
export function jestConfigAt(file: string, reader: Pick<ConfigFileReader, "read">): JestConfig {
  const text = reader.read(file) ?? "";
  if (path.basename(file) === "package.json") {
    const manifest = parsed(text);
    return { kind: "json", file, text, value: isObject(manifest) ? manifest["jest"] : undefined };
  }
  if (file.endsWith(".json")) return { kind: "json", file, text, value: parsed(text) };
  return { kind: "source", file, text };
}

/**
 * The Jest config of the project at `root`: its config file, else package.json's "jest" object;
 * undefined when it has neither.
 */
export function readJestConfig(root: string, reader: ConfigFileReader): JestConfig | undefined {
  const file = jestConfigFile(root, reader);
  if (file !== undefined) return jestConfigAt(file, reader);
  const manifest = jestConfigAt(path.join(root, "package.json"), reader);
  return manifest.kind === "json" && isObject(manifest.value) ? manifest : undefined;
}

/** JSON's value, or undefined for text that is not JSON. */
export function parsed(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
