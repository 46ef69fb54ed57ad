// Stage (part of test-links): which ports each test fakes with an agentix/testing double
// (`memoryPort(Port)`, `fakeClock()`, `sequentialIds()`), in the test itself or in a helper it
// imports. A change to a port's contract reaches the tests that fake it.
import { lineOf } from "../extract/location.js";
import type { TestDoubleModel } from "../extract/model.js";
import type { TestDouble } from "../index-file/types.js";
import type { ProjectFile } from "../project/load-project.js";
import type { BuildContext } from "./context.js";
import { orderBy } from "./order.js";

/** The doubles of one test file, given the helpers it imports. */
export function doublesLinker({
  analysis,
}: BuildContext): (file: ProjectFile, helpers: readonly ProjectFile[]) => TestDouble[] {
  const byFile = new Map<ProjectFile, TestDoubleModel[]>();
  for (const double of analysis.descriptors.testDoubles) {
    if (!double.port) continue;
    const role = analysis.roles.role(double.site.file);
    if (role !== "test" && role !== "shared") continue;
    byFile.set(double.site.file, [...(byFile.get(double.site.file) ?? []), double]);
  }
  const entry = (double: TestDoubleModel, line: number | null): TestDouble => ({
    port: double.port!.id,
    via: double.via,
    line,
  });
  return (file, helpers) => {
    // One entry per port and double: the first line it is made at in the test, else null.
    const first = new Map<string, TestDouble>();
    const note = (double: TestDoubleModel, line: number | null) => {
      const key = `${double.port!.id}\0${double.via}`;
      const known = first.get(key);
      if (known === undefined || (line !== null && (known.line === null || line < known.line)))
        first.set(key, entry(double, line));
    };
    for (const double of byFile.get(file) ?? []) note(double, lineOf(double.site));
    for (const helper of helpers) for (const double of byFile.get(helper) ?? []) note(double, null);
    return [...first.values()].sort(
      orderBy(
        (d) => d.port,
        (d) => d.via,
      ),
    );
  };
}
