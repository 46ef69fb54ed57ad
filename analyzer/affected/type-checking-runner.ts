// Whether the project's test runner type-checks the tests it runs: ts-jest does by default
// (`diagnostics: true`, without `isolatedModules`), and fails a test file on a type error in
// anything it imports, types included. Then every test is, for a change, like a Vitest type
// test: a type-only change reaches the tests whose imports (type-only ones too) reach it. Read
// as text from the project's Jest config (jest-config-file.ts: the one its scripts name with
// --config, else jest.config.* at the root, else package.json "jest").
import { readdirSync } from "node:fs";
import path from "node:path";
import { isFile } from "../../schema/folder-listings.js";
import { readProjectFile } from "../../schema/read-project-file.js";
import { jestConfigAt, readJestConfig, type JestConfig } from "../project/jest-config.js";
import { projectConfigs, projectEntries } from "../project/jest-projects.js";

/** ts-jest told not to type-check: transpiling alone, or with its diagnostics off. */
const NOT_CHECKING =
  /["']?(?:isolatedModules|transpilation)["']?\s*:\s*true|["']?diagnostics["']?\s*:\s*false/u;

export function testsTypeChecked(root: string): boolean {
  const config = readJestConfig(root, READER);
  if (config === undefined) return false;
  return (
    runsTsJest(config) ||
    projectsCheck(config.kind === "json" ? config.value : config.text, path.dirname(config.file))
  );
}

/** Whether one config runs ts-jest with its type checking on (package.json: by its "jest" field). */
function runsTsJest(config: JestConfig): boolean {
  return checks(
    config.kind === "json" && path.basename(config.file) === "package.json"
      ? JSON.stringify(config.value ?? null)
      : config.text,
  );
}

/**
 * Whether a project its `projects` paths name (`<rootDir>/packages/*`, each with a Jest config
 * of its own) runs ts-jest: its tests are type-checked too (helper-29 repro-6).
 */
function projectsCheck(config: unknown, rootDir: string): boolean {
  return projectConfigs(projectEntries(config), rootDir, READER).some(({ file }) =>
    runsTsJest(jestConfigAt(file, READER)),
  );
}

const READER = {
  read: readText,
  isFile: (file: string) => isFile(file),
  list: (dir: string, _key: string, matches: (name: string) => boolean): readonly string[] => {
    try {
      return readdirSync(dir).filter(matches).sort();
    } catch {
      return [];
    }
  },
};

function checks(config: string): boolean {
  return config.includes("ts-jest") && !NOT_CHECKING.test(config);
}

function readText(file: string): string | undefined {
  try {
    return readProjectFile(file);
  } catch {
    return undefined;
  }
}
