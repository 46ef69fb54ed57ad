// How verify runs the selected Cypress specs: `cypress run --spec <a>,<b>` from the folder of
// their cypress.config (end-to-end specs), and `cypress run --component --spec ...` for the specs
// that mount a component (`cy.mount`): Cypress runs each kind only in its own mode. Cypress reads
// `--spec` as a comma-separated list of globs, so a path holding a comma cannot be handed to it.
import { readFileSync } from "node:fs";
import path from "node:path";
import { toPosix } from "../../../schema/paths.js";
import type { AffectedTestFile } from "../../affected/result.js";
import { mountsCypressComponent } from "../../project/cypress-specs.js";
import type { RunnerRun, UnrunTests } from "./runner-run.js";

/** Whether a spec mounts a component (component testing); false when it cannot be read. */
function mountsComponent(absolute: string): boolean {
  try {
    return mountsCypressComponent(readFileSync(absolute, "utf8"));
  } catch {
    return false;
  }
}

/**
 * The runs of `byFolder`'s specs (each group in the folder of its Cypress config) with the
 * installed `bin`: one per folder and mode; the specs whose path no `--spec` list can hold.
 */
export function cypressRuns(
  root: string,
  byFolder: ReadonlyMap<string, readonly AffectedTestFile[]>,
  bin: string,
): { runs: RunnerRun[]; unrun: UnrunTests[] } {
  const runs: RunnerRun[] = [];
  const commas = [...byFolder.values()].flat().filter((file) => file.file.includes(","));
  for (const [cwd, group] of byFolder) {
    const handed = group.filter((file) => !file.file.includes(","));
    for (const component of [false, true]) {
      const files = handed.filter(
        (file) => mountsComponent(path.join(root, file.file)) === component,
      );
      if (files.length === 0) continue;
      const spec = files.map((file) => toPosix(path.relative(cwd, path.join(root, file.file))));
      const args = ["run", ...(component ? ["--component"] : []), "--spec", spec.join(",")];
      runs.push({
        runner: "Cypress",
        cwd,
        argv: [bin, ...args],
        tool: "cypress",
        shownArgs: args,
        env: {},
        files,
      });
    }
  }
  const unrun: UnrunTests[] =
    commas.length === 0
      ? []
      : [
          {
            runner: "Cypress",
            files: commas,
            why: "Cypress reads --spec as a comma-separated list: a path with a comma cannot be handed to it",
          },
        ];
  return { runs, unrun };
}
