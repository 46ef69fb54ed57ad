// The package as a user gets it: `npm pack`, installed into an empty project, used without a
// TypeScript loader. Exports and the bin must point at built JavaScript with declarations.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../support/analyzer-fixtures.js";

let user: string;
const npm = process.platform === "win32" ? "npm.cmd" : "npm";

beforeAll(() => {
  user = mkdtempSync(path.join(tmpdir(), "agentix-user-"));
  const tarball = execFileSync(
    npm,
    ["pack", "--silent", "--ignore-scripts", "--pack-destination", user],
    { cwd: REPO, encoding: "utf8" },
  )
    .trim()
    .split("\n")
    .pop() as string;
  writeFileSync(
    path.join(user, "package.json"),
    JSON.stringify({ name: "user-app", private: true, type: "module" }),
  );
  execFileSync(
    npm,
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      path.join(user, tarball),
      "typescript@6.0.3",
      "@types/node@20.19.43",
    ],
    {
      cwd: user,
      stdio: "ignore",
    },
  );
}, 300_000);
afterAll(() => rmSync(user, { recursive: true, force: true }));

const node = (script: string) =>
  spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: user,
    encoding: "utf8",
  });

describe("the installed package", () => {
  it("runs an application through agentix, agentix/testing and agentix/http", () => {
    const run = node(`
      import { createApplication, defineCommand, defineContract, defineFeature, s } from "agentix";
      import { testCommand } from "agentix/testing";
      import { createHttpHandler, route } from "agentix/http";
      const hello = defineCommand({ id: "hello.say", input: s.object({ name: s.string() }), output: s.string(), execute: ({ input }) => "hi " + input.name });
      const feature = defineFeature({ id: "hello", contract: defineContract({ id: "hello" }), operations: [hello] });
      const app = createApplication({ features: [feature], adapters: [] });
      const outcome = await app.dispatch("hello.say", { name: "Ada" });
      const run = await testCommand(hello, { input: { name: "Bo" } });
      const handler = createHttpHandler(app, { routes: [route("POST", "/hello", "hello.say")], principal: () => undefined });
      const response = await handler(new Request("http://x/hello", { method: "POST", headers: { "content-type": "application/json" }, body: '{"name":"Cy"}' }));
      console.log(JSON.stringify([outcome, run.outcome, response.status, await response.json()]));
    `);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual([
      { ok: true, value: "hi Ada", events: [] },
      { ok: true, value: "hi Bo", events: [] },
      201,
      "hi Cy",
    ]);
  });

  it("loads agentix/testing without fast-check, and says what agentix/testing/property needs", () => {
    const run = node(`
      await import("agentix/testing");
      const failure = await import("agentix/testing/property").then(() => "loaded", (error) => error.message);
      console.log(JSON.stringify(failure));
    `);
    expect([run.stderr, JSON.parse(run.stdout)]).toEqual([
      "",
      "agentix/testing/property needs fast-check, an optional peer dependency of agentix: install it beside agentix (npm i -D fast-check)",
    ]);
  });

  it("starts the agentix bin and loads the ESLint plugin and the analyzer", () => {
    const bin = spawnSync(path.join(user, "node_modules/.bin/agentix"), ["--version"], {
      encoding: "utf8",
    });
    expect([bin.status, bin.stdout]).toEqual([0, "0.1.0\n"]);
    const run = node(`
      const plugin = (await import("agentix/eslint-plugin")).default;
      const analyzer = await import("agentix/analyzer");
      console.log(JSON.stringify([plugin.meta.name, Object.keys(plugin.rules).sort(), Object.keys(plugin.configs).sort(), typeof analyzer.analyzeProject]));
    `);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual([
      "agentix",
      [
        "no-ambient-capabilities",
        "no-private-imports",
        "no-query-writes",
        "no-undeclared-dependencies",
      ],
      ["recommended", "recommended-type-checked"],
      "function",
    ]);
  });

  it("type-checks a user's file against the published declarations", () => {
    writeFileSync(
      path.join(user, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2023",
          strict: true,
          noEmit: true,
          types: ["node"],
        },
        include: ["app.ts"],
      }),
    );
    writeFileSync(
      path.join(user, "app.ts"),
      `import { createApplication, defineCommand, defineContract, defineFeature, s, type Infer } from "agentix";
import { sequentialIds } from "agentix/testing";
import { route } from "agentix/http";
const Name = s.brand("Name", s.string({ minLength: 1 }));
export type Name = Infer<typeof Name>;
const say = defineCommand({ id: "hello.say", input: s.object({ name: s.string() }), output: Name, execute: ({ input }) => input.name });
const app = createApplication({ features: [defineFeature({ id: "hello", contract: defineContract({ id: "hello" }), operations: [say] })], adapters: [sequentialIds()] });
export const outcome = app.dispatch("hello.say", { name: "Ada" });
// @ts-expect-error an unknown operation id
export const wrong = app.dispatch("hello.shout", {});
export const routes = [route("POST", "/hello", "hello.say")];
`,
    );
    const tsc = spawnSync(
      process.execPath,
      [path.join(user, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"],
      { cwd: user, encoding: "utf8" },
    );
    expect([tsc.status, tsc.stdout]).toEqual([0, ""]);
    // A tsc process took 17 to 23 s here while other suites ran beside it: past the default 20 s.
  }, 120_000);

  // Last: the tests above prove the package works without the optional peer.
  it("with fast-check installed, agentix/testing/property generates values and checks invariants, and type-checks", () => {
    execFileSync(
      npm,
      [
        "install",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        "fast-check@4.11.0",
      ],
      { cwd: user, stdio: "ignore" },
    );
    const run = node(`
      import fc from "fast-check";
      import { defineInvariant, s } from "agentix";
      import { arbitrary, checkInvariant } from "agentix/testing/property";
      const Line = s.object({ sku: s.string({ pattern: "^sku_[0-9]+$" }), quantity: s.integer({ minimum: 1, maximum: 9 }) });
      const values = fc.sample(arbitrary(Line), { numRuns: 50, seed: 1 });
      const bounded = defineInvariant({ id: "lines.bounded", dependsOn: [], evidence: Line, check: (line) => line.quantity < 5 });
      const failure = (() => { try { checkInvariant(bounded, { seed: 1 }); return "held"; } catch (error) { return [error.name, error.counterexample.quantity]; } })();
      console.log(JSON.stringify([values.every((value) => Line.safeParse(value).ok), failure]));
    `);
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual([true, ["PropertyCheckFailure", 5]]);
    writeFileSync(
      path.join(user, "property.ts"),
      `import fc from "fast-check";
import { s } from "agentix";
import { arbitrary } from "agentix/testing/property";
const Line = s.object({ sku: s.string(), quantity: s.integer() });
export const lines: fc.Arbitrary<{ readonly sku: string; readonly quantity: number }> = arbitrary(Line);
// @ts-expect-error a generated line has no price
export const prices: fc.Arbitrary<{ price: number }> = arbitrary(Line);
`,
    );
    writeFileSync(
      path.join(user, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          module: "NodeNext",
          moduleResolution: "NodeNext",
          target: "ES2023",
          strict: true,
          noEmit: true,
          types: ["node"],
        },
        include: ["property.ts"],
      }),
    );
    const tsc = spawnSync(
      process.execPath,
      [path.join(user, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.json"],
      { cwd: user, encoding: "utf8" },
    );
    expect([tsc.status, tsc.stdout]).toEqual([0, ""]);
  }, 120_000);
});
