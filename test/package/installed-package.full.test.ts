// docs/getting-started.md followed literally in an empty folder against the packed package: every
// file written and every command run in order, then the CI workflow the page writes. Minutes of
// installs, type checks, lints and analyses: `npm run test:full` runs it (CI, after `npm test`);
// `npm test` runs the page's install step and checks the installed package
// (installed-package.test.ts).
import { mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../support/analyzer-fixtures.js";
import { documentedSteps, workflowCommands } from "./documented-steps.js";
import { packedPackage, releasePackedPackage } from "./packed-package.js";
import { followStep, runDocumented, type CommandResult } from "./run-documented.js";

let tarball: string;
let app: string;

beforeAll(async () => {
  const packed = await packedPackage();
  tarball = packed.tarball;
  app = path.join(packed.work, "walkthrough");
  mkdirSync(app);
}, 180_000);
afterAll(releasePackedPackage);

describe("getting started (docs/getting-started.md), followed literally", () => {
  const steps = documentedSteps(readFileSync(path.join(REPO, "docs/getting-started.md"), "utf8"));

  it("installs, writes the files and runs every command on the page in order, each succeeding", () => {
    const failed: CommandResult[] = [];
    for (const step of steps) {
      failed.push(...followStep(app, tarball, step));
      expect(failed).toEqual([]);
    }
    expect(steps.filter((step) => step.kind === "file").map((step) => step.path)).toContain(
      ".github/workflows/ci.yml",
    );
  }, 900_000);

  it("passes its own CI workflow (every step after npm ci)", () => {
    const commands = workflowCommands(
      readFileSync(path.join(app, ".github/workflows/ci.yml"), "utf8"),
    );
    expect(commands[0]).toBe("npm ci");
    const failed = commands
      .slice(1)
      .map((command) => runDocumented(app, tarball, command))
      .filter((result) => result.status !== 0);
    expect(failed).toEqual([]);
  }, 300_000);
});
