// The project's Jest config as its readers take it, read once and never run: a jest.config.*
// (jest-config-file.ts says which) parsed as source, jest.config.json's value, or package.json's
// "jest" field when there is no config file. The setup files (jest-setup.ts), test names
// (jest-tests.ts), module mapper (jest-module-map.ts) and ts-jest (affected/
// type-checking-runner.ts) are each read from it, where each read and parsed the file itself.
import path from "node:path";
import { ts } from "./ts-morph.js";
import { jestConfigFile, type ConfigFileReader } from "./jest-config-file.js";

export type JestConfig =
  /** A jest.config.{js,ts,mjs,cjs,mts,cts}: its text and syntax tree. */
  | {
      readonly kind: "source";
      readonly file: string;
      readonly text: string;
      readonly source: ts.SourceFile;
    }
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
  // Parsed when a reader asks for the tree (ts-jest's is read from the text alone).
  return {
    kind: "source",
    file,
    text,
    get source() {
      return sourceOf(file, text);
    },
  };
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

/** The last config parsed: the readers of one project ask for the same file in turn. */
let lastParsed: { file: string; text: string; source: ts.SourceFile } | undefined;

function sourceOf(file: string, text: string): ts.SourceFile {
  if (lastParsed?.file !== file || lastParsed.text !== text)
    lastParsed = {
      file,
      text,
      source: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true),
    };
  return lastParsed.source;
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
