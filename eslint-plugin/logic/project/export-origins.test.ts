import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createExportOriginLookup } from "./export-origins.js";
import { clearSourceCache } from "./source-cache.js";

// Files read from the disk are judged from their text first: one that spells neither the name
// nor `export *` is not parsed. These cases are the ways a name is exported without its file
// spelling it plainly, which must still be found.
const dir = mkdtempSync(path.join(tmpdir(), "agentix-export-origins-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const files: Record<string, string> = {
  "model.ts": "export class Money {}\nexport const abc = 1;\nexport default 1;\n",
  "star.ts": 'export * from "./model";\n',
  "commented-star.ts": 'export /* everything */ * from "./model";\n',
  "type-star.ts": 'export type * from "./model";\n',
  "escaped.ts": 'export { \\u0061bc } from "./model";\n',
  "renamed.ts": 'import { Money as M } from "./model";\nexport { M as Cash };\n',
  "other.ts": "export const other = 1;\n",
  "assigned.ts": "const value = 1;\nexport = value;\n",
  "barrel.ts": 'export { Cash } from "./renamed";\nexport * from "./star";\n',
};
for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
const at = (name: string) => path.join(dir, name);
const resolve = (specifier: string, from: string) =>
  path.resolve(path.dirname(from), `${specifier}.ts`);

describe("createExportOriginLookup on files read from the disk", () => {
  clearSourceCache();
  const lookup = createExportOriginLookup(resolve);

  it.each([
    ["star.ts", "Money", { file: at("model.ts"), typeOnly: false, via: [] }],
    ["commented-star.ts", "Money", { file: at("model.ts"), typeOnly: false, via: [] }],
    ["type-star.ts", "Money", { file: at("model.ts"), typeOnly: true, via: [] }],
    ["escaped.ts", "abc", { file: at("model.ts"), typeOnly: false, via: [] }],
    ["renamed.ts", "Cash", { file: at("model.ts"), typeOnly: false, via: [] }],
    ["assigned.ts", "default", { file: at("assigned.ts"), typeOnly: false, via: [] }],
    ["model.ts", "default", { file: at("model.ts"), typeOnly: false, via: [] }],
    // Handed on by more than one file: those between the one asked and the declaring one.
    ["barrel.ts", "Cash", { file: at("model.ts"), typeOnly: false, via: [at("renamed.ts")] }],
    ["barrel.ts", "abc", { file: at("model.ts"), typeOnly: false, via: [at("star.ts")] }],
  ])("%s exports %s", (file, name, origin) => {
    expect(lookup(at(file), name)).toEqual(origin);
  });

  it.each([
    ["star.ts", true],
    ["renamed.ts", true],
    ["barrel.ts", true],
    ["model.ts", false],
    ["other.ts", false],
    ["missing.ts", false],
  ])("%s hands on another module's exports: %s", (file, answer) => {
    expect(lookup.handsOn?.(at(file))).toBe(answer);
  });

  it.each([
    ["other.ts", "Money"],
    ["renamed.ts", "M"],
    ["star.ts", "default"],
    ["model.ts", "Cash"],
    ["missing.ts", "Money"],
  ])("%s does not export %s", (file, name) => {
    expect(lookup(at(file), name)).toBeUndefined();
  });
});
