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
import { jestConfigFile } from "../project/jest-config-file.js";
import { projectConfigs, projectEntries } from "../project/jest-projects.js";

/** ts-jest told not to type-check: transpiling alone, or with its diagnostics off. */
const NOT_CHECKING =
  /["']?(?:isolatedModules|transpilation)["']?\s*:\s*true|["']?diagnostics["']?\s*:\s*false/u;

export function testsTypeChecked(root: string): boolean {
  const file = jestConfigFile(root, READER);
  if (file !== undefined) {
    const text = readText(file) ?? "";
    const config = file.endsWith(".json") ? parsedJson(text) : text;
    return checks(text) || projectsCheck(config, path.dirname(file));
  }
  const manifest = parsedJson(readText(path.join(root, "package.json")) ?? "");
  const jest =
    typeof manifest === "object" && manifest !== null
      ? (manifest as { jest?: unknown }).jest
      : undefined;
  return jest !== undefined && (checks(JSON.stringify(jest)) || projectsCheck(jest, root));
}

/**
 * Whether a project its `projects` paths name (`<rootDir>/packages/*`, each with a Jest config
 * of its own) runs ts-jest: its tests are type-checked too (helper-29 repro-6).
 */
function projectsCheck(config: unknown, rootDir: string): boolean {
  return projectConfigs(projectEntries(config), rootDir, READER).some(({ file }) => {
    const text = readText(file) ?? "";
    return path.basename(file) === "package.json"
      ? checks(JSON.stringify((parsedJson(text) as { jest?: unknown } | null)?.jest ?? null))
      : checks(text);
  });
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

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

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
