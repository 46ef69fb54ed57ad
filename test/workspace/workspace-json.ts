// The JSON of a verb at a workspace root, parsed and checked against
// schema/cli-workspace.v1.schema.json (with the single-project schemas it refers to).
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { createAjv } from "../../schema/ajv.js";
import { REPO } from "../support/analyzer-fixtures.js";

const ajv = createAjv();
for (const file of ["affected", "verify", "graph", "index", "check"])
  ajv.addSchema(
    JSON.parse(
      readFileSync(path.join(REPO, `schema/cli-${file}.v1.schema.json`), "utf8"),
    ) as object,
  );

export const validateWorkspace = ajv.compile(
  JSON.parse(
    readFileSync(path.join(REPO, "schema/cli-workspace.v1.schema.json"), "utf8"),
  ) as object,
);

export function workspaceJson<T>(text: string): T {
  const value = JSON.parse(text) as unknown;
  expect(validateWorkspace(value), JSON.stringify(validateWorkspace.errors)).toBe(true);
  return value as T;
}
