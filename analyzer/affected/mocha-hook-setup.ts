// Mocha's root-level hooks as test setup (project/mocha-root-hooks.ts): in a project that runs
// Mocha, the analysed files with a root-level hook, in the folders its tests and its config's spec
// are in, run before every test (each counts as imported first by every test, as a Vitest setup
// file does).
import { readMochaConfig, readMochaFile, usesMocha } from "../project/mocha-config.js";
import { holdsRootHook, specFolder } from "../project/mocha-root-hooks.js";
import type { FactFile } from "./facts.js";

export function mochaRootHookSetup(
  root: string,
  files: readonly FactFile[],
  text: (file: string) => string,
): string[] {
  const config = readMochaConfig(root, readMochaFile);
  if (!usesMocha(root, readMochaFile, config)) return [];
  const spec = config?.values?.["spec"];
  const folders = [
    ...(typeof spec === "string" ? [spec] : Array.isArray(spec) ? spec : [])
      .filter((entry): entry is string => typeof entry === "string")
      .map(specFolder),
    ...files
      .filter((file) => file.test && file.path.includes("/"))
      .map((file) => file.path.split("/")[0] as string),
  ].filter((folder) => folder !== "");
  // The analysis holds their texts: no second walk of the disk (verify's runs walk it).
  return files
    .filter(
      (file) =>
        !file.declaration &&
        folders.some((folder) => file.path.startsWith(`${folder}/`)) &&
        holdsRootHook(text(file.path)),
    )
    .map((file) => file.path)
    .sort();
}
