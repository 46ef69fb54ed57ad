// `check --format sarif` run where a code-scanning upload runs it, the checkout's root, with
// `--project` naming a tsconfig below it (ghostfolio's apps/api/tsconfig.app.json): the URIs
// were relative to the project's folder ("src/..."), files the upload could not find.
import { describe, expect, it } from "vitest";
import { fixtureDir } from "../support/analyzer-fixtures.js";
import { answer } from "../support/in-process-cli.js";

type Sarif = {
  runs: {
    results: { locations?: { physicalLocation: { artifactLocation: { uri: string } } }[] }[];
  }[];
};

const uris = (stdout: string) =>
  (JSON.parse(stdout) as Sarif).runs[0]!.results.flatMap(
    (result) =>
      result.locations?.map((location) => location.physicalLocation.artifactLocation.uri) ?? [],
  );

describe("check --format sarif", () => {
  it("gives URIs from the working directory, the project's folder in front", async () => {
    const fromAbove = await answer(
      ["check", "--format", "sarif", "--project", "broken/tsconfig.json", "--fresh"],
      fixtureDir("."),
    );
    expect(fromAbove.code).toBe(1);
    const above = uris(fromAbove.stdout);
    expect(above.length).toBeGreaterThan(0);
    expect(above.filter((uri) => !uri.startsWith("broken/src/"))).toEqual([]);
    const inside = await answer(["check", "--format", "sarif", "--fresh"], fixtureDir("broken"));
    expect(uris(inside.stdout)).toEqual(above.map((uri) => uri.slice("broken/".length)));
  });
});
