// docs/api.md names every public name of every package entry, and nothing that is gone. The
// names come from the TypeScript checker over the sources the published declarations are built from.
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../support/analyzer-fixtures.js";
import { exportedNames, packageEntries, type PublicName } from "./entry-exports.js";

/** The names each `## \`entry\`` section lists: the backticked names leading its bullets. */
function documentedNames(markdown: string): Map<string, string[]> {
  const sections = new Map<string, string[]>();
  let current: string[] | undefined;
  for (const line of markdown.split("\n")) {
    const heading = /^## `([^`]+)`$/u.exec(line);
    if (heading) sections.set(heading[1] as string, (current = []));
    else if (line.startsWith("## ")) current = undefined;
    const bullet = /^- ((?:`[^`]+`(?:, )?)+) — /u.exec(line);
    if (bullet && current)
      current.push(
        ...[...(bullet[1] as string).matchAll(/`([^`]+)`/gu)].map((m) => m[1] as string),
      );
  }
  return sections;
}

describe("docs/api.md", () => {
  const entries = packageEntries();
  let exported: Map<string, PublicName[]>;
  beforeAll(() => {
    exported = exportedNames([...entries.values(), "eslint-plugin/entry.ts"]);
  }, 120_000);
  const documented = documentedNames(readFileSync(path.join(REPO, "docs/api.md"), "utf8"));

  it("has one section per package entry, in the order of package.json", () => {
    expect([...documented.keys()]).toEqual([...entries.keys()]);
  });

  it("lists every exported name of each entry, and only those, once", () => {
    for (const [entry, source] of entries) {
      const names = (exported.get(source) ?? []).map((name) => name.name);
      const listed = documented.get(entry) ?? [];
      expect({ entry, missing: names.filter((name) => !listed.includes(name)) }).toEqual({
        entry,
        missing: [],
      });
      expect({ entry, gone: listed.filter((name) => !names.includes(name)) }).toEqual({
        entry,
        gone: [],
      });
      expect({
        entry,
        twice: listed.filter((name, index) => listed.indexOf(name) !== index),
      }).toEqual({ entry, twice: [] });
    }
  });

  it("agentix/eslint-plugin's package entry (it checks the toolchain first) exports the plugin's values", () => {
    const values = (source: string) =>
      (exported.get(source) ?? []).filter((name) => name.kind === "value").map((name) => name.name);
    expect(values("eslint-plugin/entry.ts")).toEqual(values("eslint-plugin/index.ts"));
    expect(values("eslint-plugin/entry.ts")).toEqual([
      "TYPESCRIPT_FILES",
      "default",
      "rules",
      "typedRules",
    ]);
  });
});
