// Manual mocks: a file of a `__mocks__` folder that Jest (and Vitest) load in place of a module.
// - `jest.mock("./api")` (`vi.mock`, `doMock`, `requireMock`, `importMock`, ...) in a file loads
//   `__mocks__/api.*` beside the module the specifier names, or the root `__mocks__/<name>.*` for a
//   package or a Node module;
// - under Jest, a root `__mocks__/<package>.*` replaces the package for every file importing it,
//   with no call at all (Vitest needs the call: counting it there too only selects more).
// TypeScript resolves none of this, so a change to the mock reached no test that loads it, and
// verify passed while Jest failed (helper-26 finding 6). Each such load is an import of the mock
// (resolution MANUAL_MOCK_RESOLUTION) where the call or the package's import stands.
import type { Analysis } from "../analyze.js";
import { packageName } from "../resolve/module-resolution.js";
import { MANUAL_MOCK_RESOLUTION, type ImportFact } from "./facts.js";
import {
  MOCKS,
  MOCK_METHODS,
  manualMocksByStem,
  mockStemOf,
  runnerModuleCalls,
} from "./runner-calls.js";

/** A call that loads a module's mock (a cheap test before the file's tree is walked). */
const MOCK_CALL =
  /\b(?:jest|vi)\s*\.\s*(?:mock|doMock|unstable_mockModule|requireMock|importMock)\s*\(/u;

/** Adds the imports of manual mocks (see above) to `imports`. */
export function addManualMockImports(
  imports: Map<string, ImportFact[]>,
  analysis: Analysis,
  isProjectFile: (file: string) => boolean,
): void {
  const byStem = manualMocksByStem(analysis.loaded.files);
  if (byStem.size === 0) return;
  const add = (
    importer: string,
    position: number,
    mockFiles: readonly string[],
    specifier: string,
  ) => {
    const list = imports.get(importer) ?? [];
    imports.set(importer, list);
    for (const target of mockFiles)
      if (target !== importer && isProjectFile(target))
        list.push({
          target: { kind: "file", path: target },
          position,
          typeOnly: false,
          resolution: MANUAL_MOCK_RESOLUTION,
          edgeTarget: target,
          specifier,
        });
  };
  const packageMock = (name: string) => byStem.get(`${MOCKS}/${name.replace(/^node:/u, "")}`) ?? [];
  for (const file of analysis.loaded.files) {
    if (file.declaration || !MOCK_CALL.test(file.sourceFile.text)) continue;
    for (const call of runnerModuleCalls(file, MOCK_METHODS)) {
      const specifier = call.argument.text;
      const target = analysis.resolver.modules.resolve(specifier, file.sourceFile, call.argument);
      const position = call.node.getStart(file.sourceFile);
      if (target.kind === "file")
        add(file.path, position, byStem.get(mockStemOf(target.file.path)) ?? [], specifier);
      else if (target.kind === "package" || target.kind === "builtin")
        add(file.path, position, packageMock(specifier), specifier);
    }
  }
  // Jest's automatic mocks of packages: every import of the package loads the root mock.
  for (const [importer, list] of imports)
    for (const item of [...list]) {
      if (item.target.kind !== "package" || item.specifier === null) continue;
      if (item.resolution === MANUAL_MOCK_RESOLUTION) continue;
      const mockFiles = packageMock(item.specifier);
      if (mockFiles.length > 0 && packageName(item.specifier) === item.target.name)
        add(importer, item.position, mockFiles, item.specifier);
    }
}
