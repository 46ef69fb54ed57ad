import { describe, expect, it } from "vitest";
import { forgetSources, sharedSourceFile } from "./shared-source-files.js";
import { ts } from "./ts-morph.js";

/** sharedSourceFile for `fileName` under `key`, counting the parses it makes. */
function counter() {
  const parsed: string[] = [];
  const get = (fileName: string, key: string) =>
    sharedSourceFile(fileName, "export {};", key, () => {
      parsed.push(`${key} ${fileName}`);
      return ts.createSourceFile(fileName, "export {};", ts.ScriptTarget.ES2022, true);
    });
  return { parsed, get };
}

describe("shared source files", () => {
  it("forgetSources lets a project's sources go, and installed files of all but the last 8 keys", () => {
    const { parsed, get } = counter();
    const own = "/w/packages/a/src/index.ts";
    const lib = "/node_modules/typescript/lib/lib.es2022.d.ts";
    const keys = Array.from({ length: 9 }, (_, place) => `k${place}`);
    for (const key of keys) get(lib, key);
    get(own, "k0");
    // Used again: k0 is now the key used last, k1 the oldest.
    expect(get(lib, "k0")).toBe(get(lib, "k0"));
    get(own, "k0");
    expect(parsed.length).toBe(10);
    forgetSources();
    parsed.length = 0;
    for (const key of ["k0", "k2", "k8", "k1"]) get(lib, key);
    get(own, "k0");
    expect(parsed).toEqual([`k1 ${lib}`, `k0 ${own}`]);
  });
});
