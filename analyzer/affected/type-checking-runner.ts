// Whether the project's test runner type-checks the tests it runs: ts-jest does by default
// (`diagnostics: true`, without `isolatedModules`), and fails a test file on a type error in
// anything it imports, types included. Then every test is, for a change, like a Vitest type
// test: a type-only change reaches the tests whose imports (type-only ones too) reach it. Read
// as text from the project's Jest config (jest-config-file.ts: the one its scripts name with
// --config, else jest.config.* at the root, else package.json "jest").
import path from "node:path";
import { readProjectFile } from "../../schema/read-project-file.js";
import { jestConfigFile } from "../project/jest-config-file.js";

/** ts-jest told not to type-check: transpiling alone, or with its diagnostics off. */
const NOT_CHECKING =
  /["']?(?:isolatedModules|transpilation)["']?\s*:\s*true|["']?diagnostics["']?\s*:\s*false/u;

export function testsTypeChecked(root: string): boolean {
  const file = jestConfigFile(root, {
    read: readText,
    isFile: (file) => readText(file) !== undefined,
  });
  if (file !== undefined) return checks(readText(file) ?? "");
  const manifest = readText(path.join(root, "package.json"));
  if (manifest === undefined) return false;
  try {
    const jest = (JSON.parse(manifest) as { jest?: unknown } | null)?.jest;
    return jest !== undefined && checks(JSON.stringify(jest));
  } catch {
    return false;
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
