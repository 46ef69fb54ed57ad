// A test runner's module calls load a module with no import in the file's text: `vi.importActual
// ("./api")` and `jest.requireActual` load it as it is, and `vi.mock("./api")` without a factory
// (or with one that calls importOriginal) loads it to mock its exports, as do `doMock`,
// `requireMock` and `importMock`, unless a manual mock (`__mocks__/api.ts`, manual-mocks.ts)
// stands in for it. Before, a change to ./api selected no test that loads it so (a test of
// `await vi.importActual("../src/api")` alone was never run for a change to it). Each such call is
// an import of the module (resolution RUNNER_LOAD_RESOLUTION) where the call stands: any change
// to the module reaches the code around the call. A mock's factory that never loads the original
// only selects a test more.
import type { Analysis } from "../analyze.js";
import type { ProjectFile } from "../project/load-project.js";
import { RUNNER_LOAD_RESOLUTION, type ImportFact } from "./facts.js";
import {
  MOCK_METHODS,
  manualMocksByStem,
  mockStemOf,
  runnerCallPattern,
  runnerModuleCalls,
} from "./runner-calls.js";

/** The methods of `jest`/`vi` that load the module their first argument names. */
const RUNNER_LOADS: ReadonlySet<string> = new Set([
  ...MOCK_METHODS,
  "importActual",
  "requireActual",
  "createMockFromModule",
  "genMockFromModule",
]);

/** A runner's module call (a cheap test before the file's tree is walked). */
const RUNNER_CALL = runnerCallPattern(RUNNER_LOADS);

/** Adds the modules the files' runner calls load (see above) to `imports`. */
export function addRunnerLoads(
  imports: Map<string, ImportFact[]>,
  analysis: Analysis,
  isProjectFile: (file: string) => boolean,
): void {
  let mocks: Map<string, string[]> | undefined;
  const hasManualMock = (module: string): boolean =>
    (mocks ??= manualMocksByStem(analysis.loaded.files)).has(mockStemOf(module));
  for (const file of analysis.loaded.files) {
    if (file.declaration || !RUNNER_CALL.test(file.sourceFile.text)) continue;
    for (const call of runnerModuleCalls(file, RUNNER_LOADS)) {
      const specifier = call.argument.text;
      const target = analysis.resolver.modules.resolve(specifier, file.sourceFile, call.argument);
      if (target.kind !== "file" || target.file.path === file.path) continue;
      if (!isProjectFile(target.file.path)) continue;
      // The manual mock is loaded in its place (manual-mocks.ts); the actual module is not.
      if (MOCK_METHODS.has(call.method) && hasManualMock(target.file.path)) continue;
      const list = imports.get(file.path) ?? [];
      imports.set(file.path, list);
      for (const loaded of withReexported(analysis, target.file))
        if (loaded !== file && isProjectFile(loaded.path))
          list.push({
            target: { kind: "file", path: loaded.path },
            position: call.node.getStart(file.sourceFile),
            typeOnly: false,
            resolution: RUNNER_LOAD_RESOLUTION,
            edgeTarget: loaded.path,
            specifier,
          });
    }
  }
}

/**
 * `file` and the files it re-exports (`export * from`, `export { x } from`), and theirs: what a
 * barrel hands over, which `vi.importActual("./index.js")` gives the test whole.
 */
function withReexported(analysis: Analysis, file: ProjectFile): ProjectFile[] {
  const found = new Set([file]);
  for (const current of found)
    for (const { site, target } of analysis.imports.get(current) ?? [])
      if (
        (site.form === "export-all" || site.form === "export-from") &&
        !site.typeOnly &&
        target.kind === "file"
      )
        found.add(target.file);
  return [...found];
}
