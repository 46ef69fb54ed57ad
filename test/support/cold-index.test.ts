// The memo behind coldIndexBytes must never answer an edited tree with an old analysis.
import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { analyzeProject } from "../../analyzer/index.js";
import { serializeIndex } from "../../analyzer/index-file/serialize.js";
import type { AgentixIndex } from "../../analyzer/index-file/types.js";
import { copyFixture, removeCopies } from "./analyzer-fixtures.js";
import { coldIndexBytes } from "./cold-index.js";

afterAll(removeCopies);

it("analyses again for a tree it has not seen, and answers a tree seen before as it was", () => {
  const root = copyFixture("schemas");
  const first = coldIndexBytes(root);
  expect(first).toBe(serializeIndex(analyzeProject({ root })));
  const file = path.join(root, "src/extra.ts");
  writeFileSync(file, "export const extra = 1;\n");
  const created = coldIndexBytes(root);
  const extra = (bytes: string) =>
    (JSON.parse(bytes) as AgentixIndex).files.find((entry) => entry.path === "src/extra.ts");
  expect(extra(first)).toBeUndefined();
  expect(extra(created)).toEqual({
    path: "src/extra.ts",
    feature: null,
    role: "shared",
    imports: [],
  });
  // Content decides: the same path with an import is another tree.
  writeFileSync(file, 'export * from "./constants.js";\n');
  const edited = coldIndexBytes(root);
  expect(extra(edited)?.imports).toHaveLength(1);
  expect(edited).toBe(serializeIndex(analyzeProject({ root })));
  rmSync(file);
  expect(coldIndexBytes(root)).toBe(first);
});
