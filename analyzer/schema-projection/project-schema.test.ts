// The projection must print exactly what the runtime builds: the same keywords in the same
// key order as JSON.stringify of the s.* value, computed without running the fixture.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ts } from "ts-morph";
import {
  REPO,
  copyFixture,
  fixtureDir,
  removeCopies,
} from "../../test/support/analyzer-fixtures.js";
import { analyze, type Analysis } from "../analyze.js";
import { SchemaProjector, type Projection } from "./project-schema.js";

let analysis: Analysis;
let projector: SchemaProjector;

function project(file: string, name: string): Projection {
  const source = analysis.loaded.files.find((candidate) => candidate.path === file)!;
  return projector.projectOrigin(
    analysis.resolver.exportOf(source, name, 0, source.sourceFile),
    source.sourceFile as unknown as ts.Expression,
  );
}

beforeAll(() => {
  analysis = analyze({ root: fixtureDir("schemas") });
  projector = new SchemaProjector(analysis.resolver);
});

afterAll(removeCopies);

describe("static projection of s.* schemas", () => {
  it("reproduces the runtime JSON of every schema, key for key, and the optional mark", async () => {
    // The test (not the analyzer) runs the fixture to get the runtime values to compare with; a
    // computed path keeps the fixture (which breaks this repo's stricter options) out of typecheck.
    const runtime = (await import(
      pathToFileURL(path.join(fixtureDir("schemas"), "src/schemas.ts")).href
    )) as Record<string, object>;
    const names = Object.keys(runtime).sort();
    expect(names).toHaveLength(23);
    for (const name of names) {
      const projection = project("src/schemas.ts", name);
      expect(projection.ok, `${name}: ${projection.ok ? "" : projection.reason}`).toBe(true);
      if (!projection.ok) continue;
      expect(JSON.stringify(projection.json), name).toBe(JSON.stringify(runtime[name]));
      const optional =
        (runtime[name] as Record<symbol, unknown>)[Symbol.for("agentix.schema.optional")] === true;
      expect(projection.optional, name).toBe(optional);
    }
  });

  it("orders integer-like keys first, as Object.entries does", () => {
    const projection = project("src/schemas.ts", "Odd");
    expect(projection.ok && Object.keys(projection.json["properties"] as object)).toEqual([
      "1",
      "2",
      "b",
      "a",
      "c-d",
    ]);
    expect(projection.ok && projection.json["required"]).toEqual(["1", "2", "b"]);
  });

  it("keeps the position of an overridden title when branding", () => {
    const projection = project("src/schemas.ts", "Id");
    expect(projection.ok && projection.json).toEqual({ type: "string", title: "Id", minLength: 2 });
    expect(projection.ok && Object.keys(projection.json)).toEqual(["type", "title", "minLength"]);
  });

  it("records foreign schemas as opaque with their vendor", () => {
    for (const name of ["Zod", "ZodChain"]) {
      const projection = project("src/foreign.ts", name);
      expect(projection.ok).toBe(false);
      expect(!projection.ok && projection.vendor, name).toBe("zod");
    }
  });

  it("says why a schema is not static", () => {
    const reasons = Object.fromEntries(
      ["Computed", "Mutable", "Made", "Conditional"].map((name) => {
        const projection = project("src/foreign.ts", name);
        return [
          name,
          projection.ok
            ? "projected"
            : `${projection.reason}${projection.vendor ? ` (${projection.vendor})` : ""}`,
        ];
      }),
    );
    expect(reasons).toEqual({
      Computed: "Math.max(1, 2) is not a literal value",
      Mutable: '"mutable" is declared with let/var and may be reassigned',
      Made: 'make(): "make" is a function, not a constant',
      Conditional:
        "Math.random() > 0.5 ? s.string() : s.number() is not a schema expression (expected an s.* call or a constant holding one)",
    });
  });

  it("prints exactly the types the s.* builders give, as tsc confirms", () => {
    const names = [
      "Name",
      "Count",
      "Ratio",
      "Flag",
      "Nothing",
      "Seven",
      "Color",
      "Level",
      "Tags",
      "Scores",
      "Anything",
      "Id",
      "MaybeName",
      "Either",
      "Odd",
      "Empty",
      "AllOptional",
      "Person",
      "Nested",
      "ViaNamespace",
      "ViaNamespaceMember",
      "Template",
      "OptionalBrand",
    ];
    const checks: string[] = [];
    for (const name of names) {
      const projection = project("src/schemas.ts", name);
      if (!projection.ok) throw new Error(`${name}: ${projection.reason}`);
      checks.push(`  Expect<Equal<Output<typeof S.${name}>, ${projection.output.text}>>,`);
      checks.push(`  Expect<Equal<Input<typeof S.${name}>, ${projection.input.text}>>,`);
    }
    const copy = copyFixture("schemas");
    writeFileSync(
      path.join(copy, "src/type-check.ts"),
      [
        'import type { Brand, Input, Output } from "agentix";',
        'import * as S from "./schemas.js";',
        "type Equal<A, B> = (<G>() => G extends A ? 1 : 2) extends <G>() => G extends B ? 1 : 2 ? true : false;",
        "type Expect<T extends true> = T;",
        "export type Checks = [",
        ...checks,
        "];",
        'export type Unused = Brand<"x">;',
        "",
      ].join("\n"),
    );
    const tsc = spawnSync(
      process.execPath,
      [path.join(REPO, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"],
      { cwd: copy, encoding: "utf8" },
    );
    expect(tsc.stdout + tsc.stderr).toBe("");
    expect(tsc.status).toBe(0);
    expect(project("src/schemas.ts", "Odd").ok && project("src/schemas.ts", "Odd")).toMatchObject({
      output: { text: '{ 1: boolean; 2: number; b: string; a?: string; "c-d"?: boolean; }' },
      input: {
        text: '{ readonly 1: boolean; readonly 2: number; readonly b: string; readonly a?: string; readonly "c-d"?: boolean; }',
      },
    });
  });
});
