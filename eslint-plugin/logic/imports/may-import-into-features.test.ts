import { describe, expect, it } from "vitest";
import { mayImportIntoFeatures } from "./may-import-into-features.js";

const SEGMENTS = ["features"];
/** A file two folders below the root: three `..` in a row leave the project. */
const TWO_DOWN = "../../..";
const gate = (text: string, leaveRoot = TWO_DOWN) =>
  mayImportIntoFeatures(text, SEGMENTS, leaveRoot);

describe("mayImportIntoFeatures (no-private-imports' text gate without feature folders)", () => {
  it.each([
    ['import { x } from "./features/orders/model";', "a feature folder's file"],
    ['import { x } from "../features";', "the features folder itself"],
    ['import raw from "./features/orders/a.css?raw";', "a query after the path"],
    ['import styles from "../features?inline";', "a query right after the segment"],
    ['import { x } from ".\\u002Ffeatures/orders/model";', "a slash spelled as an escape"],
    ['import { x } from "..\\/features/orders/model";', "an escaped slash"],
    ['import { x } from "/srv/ledger/src/modules/x";', "an absolute specifier"],
    ['export * from "/srv/ledger/x";', "an absolute re-export"],
    ['import "/srv/ledger/x";', "an absolute side-effect import"],
    ['import { x } from /* why */ "/srv/ledger/x";', "a comment before the specifier"],
    ['import { x } from // why\n  "/srv/ledger/x";', "a line comment before it"],
    ['declare module "/srv/ledger/x" {}', "an augmentation of an absolute module"],
    ['export const w = new URL("/srv/ledger/x.ts", import.meta.url);', "an absolute module URL"],
    [
      'export const m = () => import("./lazy");',
      "a dynamic import (with types, its values come from elsewhere)",
    ],
    ['export const m = () => import /* lazy */ ("./lazy");', "a comment before its parenthesis"],
    ['export type T = typeof import("./x");', "an import type"],
    ["export const r = (name: string) => require(name);", "require"],
    ['import { createRequire } from "node:module";', "module, which creates a require"],
    [
      'import { x } from "../../../ledger/src/modules/x";',
      "more `..` in a row than the folder is deep",
    ],
    ['import { x } from "../../x/../../ledger/x";', "a `..` after another segment"],
  ])("looks at %j (%s)", (text) => {
    expect(gate(text)).toBe(true);
  });

  it.each([
    [
      'export const href = "/documents";\nexport const a = <a href="/settings/teams" />;',
      "routes and hrefs",
    ],
    [
      'import { x } from "./lib/util";\nimport { y } from "../util";',
      "imports that stay below the root",
    ],
    [
      'import { useFeatures } from "../hooks";\nconst featuresList = ["a"];',
      "the word inside an identifier",
    ],
    ['// the features of the app\nexport const title = "Our features: fast";', "the word in prose"],
    ["export const check = () => requireAuth();", "a name that starts with require"],
    ['import { module } from "./config";\nexport const m = module;', "module as a name"],
    ["export const f = (props: object) => ({ ...props });", "spread syntax, two folders down"],
  ])("passes over %j (%s)", (text) => {
    expect(gate(text)).toBe(false);
  });

  it("looks at any `..` in a file of the root folder, where one leaves the project", () => {
    expect(gate('import { x } from "../ledger/x";', "..")).toBe(true);
    expect(gate("export const f = (p: object) => ({ ...p });", "..")).toBe(true);
    expect(gate('import { x } from "./lib/x";', "..")).toBe(false);
  });

  it("matches every segment a layout has, escaped as text", () => {
    const two = ["modules", "domain.v2"];
    expect(mayImportIntoFeatures('import x from "../domain.v2/a";', two, TWO_DOWN)).toBe(true);
    expect(mayImportIntoFeatures('import x from "../domainxv2/a";', two, TWO_DOWN)).toBe(false);
    expect(mayImportIntoFeatures('import x from "./modules";', two, TWO_DOWN)).toBe(true);
  });

  // Unbounded, each `from /*` scanned to the end of the text: minutes here, past the test timeout.
  it("stays linear on hostile text: unterminated comments after `from`, 9 MB of them", () => {
    const hostile = 'const s = "from /* from // ";\n'.repeat(300_000);
    expect(hostile.length).toBe(9_000_000);
    expect(gate(hostile)).toBe(false);
  });
});
