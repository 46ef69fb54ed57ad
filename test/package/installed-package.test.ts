// The package as a user gets it: `npm pack`, then two installs of that one tarball into empty
// projects, used without a TypeScript loader. A production install (`--omit=dev`) holds the
// runtime only and must stay small; a development install runs docs/getting-started.md's install
// step as the page says, then loads the bin, the plugin and the analyzer and type-checks against
// the published declarations. The rest of the page, followed literally, and the CI workflow it
// writes run in `npm run test:full` (installed-package.full.test.ts).
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO } from "../support/analyzer-fixtures.js";
import { documentedSteps } from "./documented-steps.js";
import { npm, npmEnvironment, packedPackage, releasePackedPackage } from "./packed-package.js";
import { followStep } from "./run-documented.js";

let work: string;
let tarball: string;

beforeAll(async () => {
  ({ work, tarball } = await packedPackage());
}, 180_000);
afterAll(releasePackedPackage);

const node = (cwd: string, script: string) =>
  spawnSync(process.execPath, ["--input-type=module", "-e", script], { cwd, encoding: "utf8" });

/**
 * Bytes of every file under `dir` (as npm and packagephobia count install size), the same in
 * 4 KiB blocks (what `du` shows on ext4, computed so the figure is the same on every machine) and
 * the blocks this machine's file system really took.
 */
function installSize(dir: string): {
  bytes: number;
  blockBytes: number;
  diskHere: number;
  files: number;
} {
  const total = { bytes: 0, blockBytes: 0, diskHere: 0, files: 0 };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const stats = statSync(path.join(entry.parentPath, entry.name));
    total.bytes += stats.size;
    total.blockBytes += Math.ceil(stats.size / 4096) * 4096;
    total.diskHere += stats.blocks * 512;
    total.files += 1;
  }
  return total;
}

const MB = 1024 * 1024;

/** A strict NodeNext tsconfig that type-checks one user file against the installed package. */
function publishedTsconfig(file: string): string {
  return JSON.stringify({
    compilerOptions: {
      module: "NodeNext",
      moduleResolution: "NodeNext",
      target: "ES2023",
      strict: true,
      noEmit: true,
      types: ["node"],
    },
    include: [file],
  });
}

/** published/tsconfig.json of the app as `tsc -p` reads it: its files (absolute) and options. */
function publishedOptions(app: string): { fileNames: string[]; options: ts.CompilerOptions } {
  const config = ts.getParsedCommandLineOfConfigFile(
    path.join(app, "published/tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  expect(config?.errors).toEqual([]);
  return { fileNames: config?.fileNames ?? [], options: config?.options ?? {} };
}

/** Diagnostics as `file: message` lines, the file relative to `base`. */
function problems(diagnostics: readonly ts.Diagnostic[], base: string): string[] {
  return diagnostics.map(
    (diagnostic) =>
      `${diagnostic.file ? path.relative(base, diagnostic.file.fileName) : "(program)"}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`,
  );
}

/** What a type check reports in `files`. */
function problemsIn(program: ts.Program, files: readonly ts.SourceFile[], base: string): string[] {
  return files.flatMap((file) =>
    problems(
      [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)],
      base,
    ),
  );
}

describe("a production install (npm i --omit=dev agentix)", () => {
  let lean: string;
  beforeAll(() => {
    lean = path.join(work, "production");
    mkdirSync(lean);
    writeFileSync(
      path.join(lean, "package.json"),
      JSON.stringify({ name: "production-app", private: true, type: "module" }),
    );
    execFileSync(npm, ["install", "--omit=dev", tarball], {
      cwd: lean,
      stdio: "ignore",
      env: npmEnvironment,
    });
  }, 300_000);

  it("installs the runtime and its validator only: at most 5 MiB on disk", () => {
    const installed = readdirSync(path.join(lean, "node_modules"), { withFileTypes: true })
      .flatMap((entry) =>
        entry.name.startsWith("@")
          ? readdirSync(path.join(lean, "node_modules", entry.name)).map(
              (n) => `${entry.name}/${n}`,
            )
          : [entry.name],
      )
      .filter((name) => !name.startsWith("."))
      .sort();
    expect(installed).toEqual([
      "@standard-schema/spec",
      "agentix",
      "ajv",
      "ajv-formats",
      "fast-deep-equal",
      "fast-uri",
      "json-schema-traverse",
      "picomatch",
      "require-from-string",
    ]);
    const size = installSize(path.join(lean, "node_modules"));
    const own = installSize(path.join(lean, "node_modules/agentix"));
    const mb = (bytes: number) => `${(bytes / MB).toFixed(2)} MiB`;
    console.log(
      `npm i --omit=dev agentix: ${mb(size.blockBytes)} in 4 KiB blocks, ${mb(size.bytes)} of file bytes, ${size.files} files (agentix itself ${mb(own.blockBytes)}, ${mb(own.bytes)}, ${own.files} files); ${mb(size.diskHere)} of disk blocks on this machine`,
    );
    expect(size.blockBytes).toBeLessThanOrEqual(5 * MB);
    // The README's figures (a user of the README app found them 10-30% off): within 5%.
    const readme = readFileSync(path.join(REPO, "README.md"), "utf8");
    const figure = (pattern: RegExp) => Number(pattern.exec(readme.replace(/\s+/gu, " "))?.[1]);
    const documented = {
      blocks: figure(/takes (\d+\.\d) MiB on disk in 4 KiB blocks/u) * MB,
      bytes: figure(/(\d+\.\d) MiB of file bytes/u) * MB,
      own: figure(/agentix's own part is (\d+\.\d) MiB/u) * MB,
      files: figure(/(\d+) files instead of/u),
    };
    const measured = {
      blocks: size.blockBytes,
      bytes: size.bytes,
      own: own.blockBytes,
      files: own.files,
    };
    for (const [name, value] of Object.entries(measured))
      expect({
        name,
        within5Percent: Math.abs(documented[name as keyof typeof documented] / value - 1) < 0.05,
      }).toEqual({ name, within5Percent: true });
  });

  it("runs an application through agentix, agentix/testing and agentix/http", () => {
    const run = node(
      lean,
      `
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
    `,
    );
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual([
      { ok: true, value: "hi Ada", events: [] },
      { ok: true, value: "hi Bo", events: [] },
      201,
      "hi Cy",
    ]);
  });

  it("loads agentix/testing without fast-check, and says what agentix/testing/property needs", () => {
    const run = node(
      lean,
      `
      await import("agentix/testing");
      const failure = await import("agentix/testing/property").then(() => "loaded", (error) => error.message);
      console.log(JSON.stringify(failure));
    `,
    );
    expect([run.stderr, JSON.parse(run.stdout)]).toEqual([
      "",
      "agentix/testing/property needs fast-check, an optional peer dependency of agentix: install it beside agentix (npm i -D fast-check)",
    ]);
  });

  it("the agentix bin says which toolchain its verbs need and how to install it (exit 2)", () => {
    const bin = path.join(lean, "node_modules/.bin/agentix");
    const version = spawnSync(bin, ["--version"], { cwd: lean, encoding: "utf8" });
    expect([version.status, version.stdout, version.stderr]).toEqual([0, "0.1.0\n", ""]);
    for (const verb of ["check", "index", "scaffold"]) {
      const run = spawnSync(bin, [verb], { cwd: lean, encoding: "utf8" });
      expect([run.status, run.stdout, run.stderr]).toEqual([
        2,
        "",
        `agentix ${verb} needs ts-morph, typescript, @typescript-eslint/typescript-estree, @typescript-eslint/scope-manager and @typescript-eslint/types, optional peer dependencies of agentix: install them beside agentix (npm i -D ts-morph@28.0.0 typescript@6.0.3 @typescript-eslint/typescript-estree@8.72.0 @typescript-eslint/scope-manager@8.72.0 @typescript-eslint/types@8.72.0)\n`,
      ]);
    }
    const mcp = spawnSync(bin, ["mcp"], { cwd: lean, encoding: "utf8" });
    expect([mcp.status, mcp.stdout, mcp.stderr]).toEqual([
      2,
      "",
      "agentix mcp needs ts-morph, typescript, @typescript-eslint/typescript-estree, @typescript-eslint/scope-manager, @typescript-eslint/types and @modelcontextprotocol/sdk, optional peer dependencies of agentix: install them beside agentix (npm i -D ts-morph@28.0.0 typescript@6.0.3 @typescript-eslint/typescript-estree@8.72.0 @typescript-eslint/scope-manager@8.72.0 @typescript-eslint/types@8.72.0 @modelcontextprotocol/sdk@1.32.2)\n",
    ]);
  });

  it("agentix/analyzer says which toolchain it needs and how to install it", () => {
    const run = node(
      lean,
      `const failure = await import("agentix/analyzer").then(() => "loaded", (error) => [error.name, error.message]);
      console.log(JSON.stringify(failure));`,
    );
    expect([run.stderr, JSON.parse(run.stdout)]).toEqual([
      "",
      [
        "MissingToolchainError",
        "agentix/analyzer needs ts-morph, typescript, @typescript-eslint/typescript-estree, @typescript-eslint/scope-manager and @typescript-eslint/types, optional peer dependencies of agentix: install them beside agentix (npm i -D ts-morph@28.0.0 typescript@6.0.3 @typescript-eslint/typescript-estree@8.72.0 @typescript-eslint/scope-manager@8.72.0 @typescript-eslint/types@8.72.0)",
      ],
    ]);
  });

  it("agentix/eslint-plugin says which toolchain it needs and how to install it", () => {
    const run = node(
      lean,
      `const failure = await import("agentix/eslint-plugin").then(() => "loaded", (error) => [error.name, error.message]);
      console.log(JSON.stringify(failure));`,
    );
    expect([run.stderr, JSON.parse(run.stdout)]).toEqual([
      "",
      [
        "MissingToolchainError",
        "agentix/eslint-plugin needs typescript, @typescript-eslint/utils, @typescript-eslint/types and @typescript-eslint/parser, optional peer dependencies of agentix: install them beside agentix (npm i -D typescript@6.0.3 @typescript-eslint/utils@8.72.0 @typescript-eslint/types@8.72.0 @typescript-eslint/parser@8.72.0)",
      ],
    ]);
  });

  it("holds what a published package should: LICENSE, repository links, no maps, no install-time build, fetchable schema URLs", () => {
    const installed = path.join(lean, "node_modules/agentix");
    const files = readdirSync(installed, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(installed, path.join(entry.parentPath, entry.name)));
    expect(files.filter((file) => file.endsWith(".map"))).toEqual([]);
    expect(
      files.filter(
        (file) =>
          /\.(?:c|m)?js$|\.d\.ts$/u.test(file) &&
          readFileSync(path.join(installed, file), "utf8").includes("sourceMappingURL"),
      ),
    ).toEqual([]);
    expect(
      files.filter((file) => /^(?:runtime|analyzer|eslint-plugin|schema)\/.*\.ts$/u.test(file)),
    ).toEqual([]);
    // Bundled: each entry is one file beside shared chunks (one per module a verb loads lazily:
    // 80 at 824c6e3, against some 400 unbundled), and the build's precompiled validators sit
    // beside the one file that loads them by relative require.
    expect(files.filter((file) => /\.(?:c|m)?js$/u.test(file)).length).toBeLessThan(100);
    const loaders = files.filter(
      (file) =>
        file.endsWith(".js") &&
        readFileSync(path.join(installed, file), "utf8").includes(
          'require("./index.v2.validate.cjs")',
        ),
    );
    expect(loaders).toHaveLength(1);
    expect(
      ["index.v2", "config.v1"].map((name) =>
        files.includes(path.join(path.dirname(loaders[0] as string), `${name}.validate.cjs`)),
      ),
    ).toEqual([true, true]);
    // The declarations are bundled per entry: every relative import in them is there.
    const declarations = files.filter((file) => file.endsWith(".d.ts"));
    const unresolved = declarations.flatMap((file) =>
      ts
        .preProcessFile(readFileSync(path.join(installed, file), "utf8"), true, true)
        .importedFiles.map((imported) => imported.fileName)
        .filter((specifier) => specifier.startsWith("."))
        .map((specifier) => path.join(path.dirname(file), specifier.replace(/\.js$/u, ".d.ts")))
        .filter((target) => !files.includes(target)),
    );
    expect(unresolved).toEqual([]);
    const manifestTypes = Object.values(
      JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8")).exports as Record<
        string,
        string | { types?: string }
      >,
    ).flatMap((target) => (typeof target === "object" && target.types ? [target.types] : []));
    expect(manifestTypes.filter((types) => !declarations.includes(path.normalize(types)))).toEqual(
      [],
    );
    expect(readFileSync(path.join(installed, "LICENSE"), "utf8")).toMatch(/^MIT License\n/u);
    // Every docs/ page the README links to is in the package beside it.
    const readme = readFileSync(path.join(installed, "README.md"), "utf8");
    const linked = [...readme.matchAll(/\]\((docs\/[^)#]+)/gu)].map((match) => match[1] as string);
    expect(linked.length).toBeGreaterThan(0);
    expect(linked.filter((file) => !files.includes(file))).toEqual([]);
    const manifest = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8"));
    expect([manifest.license, manifest.repository, manifest.bugs, manifest.homepage]).toEqual([
      "MIT",
      { type: "git", url: "git+https://github.com/agentix-dev/agentix.git" },
      { url: "https://github.com/agentix-dev/agentix/issues" },
      "https://github.com/agentix-dev/agentix#readme",
    ]);
    const installScripts = ["preinstall", "install", "postinstall", "prepare"];
    expect(installScripts.filter((script) => script in manifest.scripts)).toEqual([]);
    const schemas = files.filter((file) => file.endsWith(".schema.json")).sort();
    expect(schemas.length).toBeGreaterThanOrEqual(9);
    for (const file of schemas) {
      const schema = JSON.parse(readFileSync(path.join(installed, file), "utf8"));
      expect([file, schema.$schema, schema.$id]).toEqual([
        file,
        "https://json-schema.org/draft/2020-12/schema",
        `https://raw.githubusercontent.com/agentix-dev/agentix/main/schema/${path.basename(file)}`,
      ]);
    }
  });
});

describe("a development install (docs/getting-started.md's install step)", () => {
  let app: string;
  const [install] = documentedSteps(
    readFileSync(path.join(REPO, "docs/getting-started.md"), "utf8"),
  );

  beforeAll(() => {
    app = path.join(work, "my-app");
    mkdirSync(app);
  });

  /**
   * One program for the two checks made once fast-check is installed (one type check instead of
   * a `tsc` and a program): published/tsconfig.json's files, as `tsc -p` reads them, beside every
   * entry's bundled declarations.
   */
  let published: { program: ts.Program; entries: string[]; installed: string } | undefined;
  function publishedProgram(): NonNullable<typeof published> {
    if (published) return published;
    const installed = path.join(app, "node_modules/agentix");
    const manifest = JSON.parse(readFileSync(path.join(installed, "package.json"), "utf8"));
    const entries = Object.values(
      manifest.exports as Record<string, string | { types?: string }>,
    ).flatMap((target) =>
      typeof target === "object" && target.types ? [path.join(installed, target.types)] : [],
    );
    const { fileNames, options } = publishedOptions(app);
    const program = ts.createProgram([...fileNames, ...entries], options);
    published = { program, entries, installed };
    return published;
  }

  it("runs the page's first step, its install commands, each succeeding", () => {
    // The page opens with them; if it stops doing so, this sample would test something else.
    expect(install?.kind === "commands" && install.commands.includes("npm i agentix")).toBe(true);
    expect(followStep(app, tarball, install as NonNullable<typeof install>)).toEqual([]);
  }, 300_000);

  it("starts the agentix bin and loads the ESLint plugin and the analyzer", () => {
    const bin = spawnSync(path.join(app, "node_modules/.bin/agentix"), ["--version"], {
      encoding: "utf8",
    });
    expect([bin.status, bin.stdout]).toEqual([0, "0.1.0\n"]);
    const run = node(
      app,
      `
      const plugin = (await import("agentix/eslint-plugin")).default;
      const analyzer = await import("agentix/analyzer");
      console.log(JSON.stringify([plugin.meta.name, Object.keys(plugin.rules).sort(), Object.keys(plugin.configs).sort(), typeof analyzer.analyzeProject]));
    `,
    );
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
    // Two processes loading ESLint and ts-morph: past the default 20 s at load 28 here.
  }, 60_000);

  it("type-checks a user's file against the published declarations", () => {
    mkdirSync(path.join(app, "published"));
    writeFileSync(path.join(app, "published/tsconfig.json"), publishedTsconfig("app.ts"));
    writeFileSync(
      path.join(app, "published/app.ts"),
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
    // What `tsc -p published/tsconfig.json` reports in the user's file; the published
    // declarations themselves are checked below, and @types/node is not ours to check (a spawned
    // tsc checking it cost three times this whole case).
    const { fileNames, options } = publishedOptions(app);
    const program = ts.createProgram(fileNames, options);
    const user = program.getSourceFile(path.join(app, "published/app.ts"));
    expect(user).toBeDefined();
    expect([
      ...problems([...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()], app),
      ...problemsIn(program, [user as ts.SourceFile], app),
    ]).toEqual([]);
  }, 120_000);

  // Last: the tests above prove the package works without the optional peer.
  it("with fast-check installed, agentix/testing/property generates values and checks invariants, and type-checks", () => {
    execFileSync(npm, ["install", "--ignore-scripts", "fast-check@4.11.0"], {
      cwd: app,
      stdio: "ignore",
      env: npmEnvironment,
    });
    const run = node(
      app,
      `
      import fc from "fast-check";
      import { defineInvariant, s } from "agentix";
      import { arbitrary, checkInvariant } from "agentix/testing/property";
      const Line = s.object({ sku: s.string({ pattern: "^sku_[0-9]+$" }), quantity: s.integer({ minimum: 1, maximum: 9 }) });
      const values = fc.sample(arbitrary(Line), { numRuns: 50, seed: 1 });
      const bounded = defineInvariant({ id: "lines.bounded", dependsOn: [], evidence: Line, check: (line) => line.quantity < 5 });
      const failure = (() => { try { checkInvariant(bounded, { seed: 1 }); return "held"; } catch (error) { return [error.name, error.counterexample.quantity]; } })();
      console.log(JSON.stringify([values.every((value) => Line.safeParse(value).ok), failure]));
    `,
    );
    expect(run.stderr).toBe("");
    expect(JSON.parse(run.stdout)).toEqual([true, ["PropertyCheckFailure", 5]]);
    writeFileSync(
      path.join(app, "published/property.ts"),
      `import fc from "fast-check";
import { s } from "agentix";
import { arbitrary } from "agentix/testing/property";
const Line = s.object({ sku: s.string(), quantity: s.integer() });
export const lines: fc.Arbitrary<{ readonly sku: string; readonly quantity: number }> = arbitrary(Line);
// @ts-expect-error a generated line has no price
export const prices: fc.Arbitrary<{ price: number }> = arbitrary(Line);
`,
    );
    writeFileSync(path.join(app, "published/tsconfig.json"), publishedTsconfig("property.ts"));
    const { program } = publishedProgram();
    const property = program.getSourceFile(path.join(app, "published/property.ts"));
    expect(property).toBeDefined();
    expect(
      problems([...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()], app),
    ).toEqual([]);
    expect(problemsIn(program, [property as ts.SourceFile], app)).toEqual([]);
  }, 120_000);

  it("the bundled declarations of every entry type-check, with the toolchain and fast-check they name installed", () => {
    const { program, entries, installed } = publishedProgram();
    expect(entries).toHaveLength(6);
    const ours = program
      .getSourceFiles()
      .filter((file) => path.resolve(file.fileName).startsWith(installed + path.sep));
    expect(ours.length).toBeGreaterThanOrEqual(entries.length);
    expect(problemsIn(program, ours, installed)).toEqual([]);
  }, 120_000);
});
