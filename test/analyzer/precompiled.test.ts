// The build writes Ajv standalone validators for the schemas the CLI checks on every run
// (scripts/build-validators.mjs): the built CLI uses them instead of compiling the schemas.
// They must be current with the schemas in schema/ (else the built code falls back to compiling)
// and must accept and report exactly what a compiled validator does.
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import path from "node:path";
import type { ValidateFunction } from "ajv";
import { describe, expect, it } from "vitest";
import { createAjv, schemaDigest, type PrecompiledSchema } from "../../schema/ajv.js";
import { REPO } from "../support/analyzer-fixtures.js";

const require = createRequire(import.meta.url);

function schemaOf(name: string): object {
  return JSON.parse(
    readFileSync(path.join(REPO, "schema", `${name}.schema.json`), "utf8"),
  ) as object;
}

type Standalone = ValidateFunction & { schemaDigest?: string };

/** The validators the build wrote to dist/schema (`npm run build`). */
const STANDALONE: Record<PrecompiledSchema, () => Standalone> = {
  "index.v2": () => require("../../dist/schema/index.v2.validate.cjs") as Standalone,
  "config.v1": () => require("../../dist/schema/config.v1.validate.cjs") as Standalone,
};

function standalone(name: string): Standalone {
  return STANDALONE[name as PrecompiledSchema]();
}

function verdicts(validate: ValidateFunction, values: readonly unknown[]): unknown[] {
  return values.map((value) => {
    const ok = validate(value);
    return { ok, errors: ok ? null : structuredClone(validate.errors) };
  });
}

describe("the build's standalone validators", () => {
  const orders = JSON.parse(
    readFileSync(path.join(REPO, "examples/orders/.agentix/index.json"), "utf8"),
  ) as Record<string, unknown>;
  const cases: Record<string, unknown[]> = {
    "index.v2": [
      orders,
      { ...orders, schemaVersion: 1 },
      { ...orders, unknown: true },
      { ...orders, source: { digest: `sha256:${"0".repeat(64)}`, files: [] } },
      { ...orders, features: [{ id: 1 }] },
      Object.fromEntries(Object.entries(orders).filter(([key]) => key !== "operations")),
      null,
    ],
    "config.v1": [
      {},
      {
        features: { directories: ["src/features/*"] },
        ambient: { clock: "off", network: { allow: ["src/net/**"] } },
      },
      { features: { directories: "src/features/*" } },
      { ambient: { clock: "sometimes" } },
      { tests: [""], extra: 1 },
      [],
    ],
  };

  for (const [name, values] of Object.entries(cases)) {
    it(`${name}: generated from the current schema`, () => {
      expect(standalone(name).schemaDigest).toBe(schemaDigest(schemaOf(name)));
    });

    it(`${name}: the same verdicts and errors as a compiled validator`, () => {
      const compiled = createAjv().compile(schemaOf(name));
      expect(verdicts(standalone(name), values)).toEqual(verdicts(compiled, values));
      expect(
        verdicts(compiled, values).filter((verdict) => (verdict as { ok: boolean }).ok),
      ).toHaveLength(name === "index.v2" ? 1 : 2);
    });
  }
});
