// Cypress's specs run with Cypress (analyzer/cli/verify/cypress-runs.ts): `cypress run --spec
// a,b` from the folder of their cypress.config, a component spec (`cy.mount`) with
// `--component`, a path with a comma named as one Cypress cannot be handed. Planned, never run.
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../analyzer/cli/main.js";
import {
  BUNDLER_TSCONFIG,
  recordingIO,
  removeCopies,
  writtenProject,
} from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

const E2E = 'describe("page", () => {\n  it("shows", () => {\n    cy.visit("/");\n  });\n});\n';

let written: string | undefined;
const root = (): string =>
  (written ??= writtenProject(
    {
      "tsconfig.json": BUNDLER_TSCONFIG,
      "package.json": JSON.stringify({ name: "shop", private: true }),
      // An installed cypress: its bin is what verify would start.
      "node_modules/cypress/package.json": JSON.stringify({
        name: "cypress",
        version: "13.0.0",
        bin: { cypress: "bin/cypress" },
      }),
      "node_modules/cypress/bin/cypress": "#!/usr/bin/env node\n",
      "cypress.config.ts": "export default {};\n",
      "src/cart.ts": "export const total = (prices: number[]): number => prices.length;\n",
      "src/cart.cy.tsx":
        'import { total } from "./cart.js";\n\nit("mounts", () => {\n  cy.mount(total([]) as never);\n});\n',
      "cypress/e2e/home.cy.ts": E2E,
      "cypress/e2e/a,b.cy.ts": E2E,
      // Another app's specs, from its own config's folder; a spec by Cypress's `cy` alone.
      "admin/cypress.config.js": "module.exports = {};\n",
      "admin/cypress/e2e/login.spec.ts": E2E,
    },
    "cypress-runs",
  ));

describe("Cypress's specs", () => {
  it("run with cypress from their config's folder, a component spec with --component", async () => {
    const { io, stdout } = recordingIO(root());
    const args = ["affected", "src/cart.ts", "--format", "test-invocations"];
    expect(await run(args, io)).toBe(0);
    const { invocations, unrunnable } = JSON.parse(stdout()) as {
      invocations: { runner: string; cwd: string; command: string; args: string[] }[];
      unrunnable: { runner: string; why: string; files: string[] }[];
    };
    expect(
      invocations.map(({ runner, cwd, command, args }) => ({ runner, cwd, command, args })),
    ).toEqual([
      {
        runner: "Cypress",
        cwd: "admin",
        command: "cypress",
        args: ["run", "--spec", "cypress/e2e/login.spec.ts"],
      },
      {
        runner: "Cypress",
        cwd: ".",
        command: "cypress",
        args: ["run", "--spec", "cypress/e2e/home.cy.ts"],
      },
      {
        runner: "Cypress",
        cwd: ".",
        command: "cypress",
        args: ["run", "--component", "--spec", "src/cart.cy.tsx"],
      },
    ]);
    expect(unrunnable).toEqual([
      {
        package: null,
        runner: "Cypress",
        why: "Cypress reads --spec as a comma-separated list: a path with a comma cannot be handed to it",
        files: ["cypress/e2e/a,b.cy.ts"],
      },
    ]);
  });
});
