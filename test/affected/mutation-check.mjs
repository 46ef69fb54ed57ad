// The mutation check of `agentix affected` on the orders example, the affected-app fixture and
// the real-shapes fixture (spec.tsx, e2e-spec and const-string import() tests), or the projects
// named on the command line. For every operation, a fault
// is injected into its execute body and into a model function it uses; the full suite runs to
// learn which tests fail; `agentix affected --since HEAD` must have selected every one of them
// (recall 100%). Prints how many tests agentix selected against the full suite and against
// `vitest related` on the same change, and exits 1 on any missed test.
//
// It works on a scratch copy (a git repository of its own under the system temp folder), never
// on the checkout. Run after `npm run build`:
//   node test/affected/mutation-check.mjs [<project dir>...] [--json out.json] [--sample N]
//        [--sample-projects K]
// `--sample N` runs N mutations per project instead of all of them, the kinds of mutation taking
// turns from project to project; `--sample-projects K` checks K of the projects named instead of
// every one (`npm test` runs one mutation in one project; the full set runs in
// `npm run test:mutation`, which CI also runs). Which ones rotates with the commit checked out, so
// successive commits cover every project and mutation; MUTATION_SEED=<n> repeats a choice.
import { execFileSync } from "node:child_process";
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { createVitest } from "vitest/node";

const repo = fileURLToPath(new URL("../../", import.meta.url));
const { analyze } = await import(path.join(repo, "dist/analyzer/analyze.js"));
const { computeAffected } = await import(path.join(repo, "dist/analyzer/affected/live-facts.js"));
const { changesSince } = await import(path.join(repo, "dist/analyzer/affected/changes.js"));
const { discoverWorkspace } = await import(path.join(repo, "dist/analyzer/workspace/discover.js"));
const { computeWorkspaceAffected } = await import(
  path.join(repo, "dist/analyzer/workspace/affected.js")
);
const { projectSummary } = await import(
  path.join(repo, "dist/analyzer/workspace/project-summary.js")
);

const args = process.argv.slice(2);
const valueOf = (flag) => (args.includes(flag) ? args[args.indexOf(flag) + 1] : undefined);
const jsonOut = valueOf("--json");
/** A flag's positive whole number, undefined when the flag is absent; exits 2 on anything else. */
function countOf(flag) {
  if (!args.includes(flag)) return undefined;
  const value = Number(valueOf(flag));
  if (Number.isInteger(value) && value > 0) return value;
  console.error(
    `mutation check: ${flag} takes a positive whole number, not ${valueOf(flag) ?? "nothing"}`,
  );
  process.exit(2);
}
const sample = countOf("--sample");
const sampleProjects = countOf("--sample-projects");
const valueFlags = ["--json", "--sample", "--sample-projects"];
const projects = args.filter(
  (arg, index) => !arg.startsWith("--") && !valueFlags.includes(args[index - 1]),
);
if (projects.length === 0)
  projects.push(
    "examples/orders",
    "test/fixtures/affected-app",
    "test/fixtures/real-shapes",
    "test/fixtures/workspace",
  );
const only = process.env.MUTATION_ONLY; // e.g. "orders.create" to run one operation's mutations

/** Runs every mutation of one project (a folder of the repository) in a scratch copy; returns the rows. */
async function checkProject(relativeProject, projectIndex) {
  // --- A scratch workspace: the example, the runtime it runs on, a Vitest config, one git commit.
  // The config turns Vitest's results cache off: node_modules is the repository's, and two
  // checks side by side (npm test runs two) would write its one results.json at the same time.
  const work = mkdtempSync(path.join(tmpdir(), "agentix-mutation-"));
  const project = path.join(work, relativeProject);
  const git = (...args) =>
    execFileSync("git", args, { cwd: work, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  cpSync(path.join(repo, relativeProject), project, {
    recursive: true,
    filter: (source) =>
      !/[\\/](dist|\.agentix|node_modules)([\\/]|$)/.test(path.relative(repo, source)),
  });
  for (const file of ["package.json", "tsconfig.base.json"])
    cpSync(path.join(repo, file), path.join(work, file));
  symlinkSync(path.join(repo, "node_modules"), path.join(work, "node_modules"), "dir");
  symlinkSync(path.join(repo, "runtime"), path.join(work, "runtime"), "dir");
  symlinkSync(path.join(repo, "dist"), path.join(work, "dist"), "dir");
  // A workspace (test/fixtures/workspace): its packages linked by name, as npm install does.
  const workspace = discoverWorkspace(project);
  for (const member of workspace?.packages ?? []) {
    const link = path.join(project, "node_modules", member.name);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(member.dir, link, "dir");
  }
  if (workspace) symlinkSync(repo, path.join(project, "node_modules/agentix"), "dir");
  const sources = workspace ? "**/src" : "{src,test}";
  writeFileSync(
    path.join(work, "vitest.config.mjs"),
    `export default {
    resolve: { alias: [
      { find: /^agentix\\/testing$/, replacement: ${JSON.stringify(path.join(repo, "runtime/testing/index.ts"))} },
      { find: /^agentix\\/testing\\/property$/, replacement: ${JSON.stringify(path.join(repo, "runtime/testing/property/index.ts"))} },
      { find: /^agentix\\/http$/, replacement: ${JSON.stringify(path.join(repo, "runtime/http/index.ts"))} },
      { find: /^agentix$/, replacement: ${JSON.stringify(path.join(repo, "runtime/index.ts"))} },
    ] },
    test: { include: ["${relativeProject}/${sources}/**/*.{test,spec}.{ts,tsx}", "${relativeProject}/${sources}/**/*.e2e-spec.ts"], exclude: ["**/node_modules/**", "**/dist/**"], includeTaskLocation: true, testTimeout: 30000, hookTimeout: 60000, cache: false },
  };\n`,
  );
  writeFileSync(
    path.join(work, ".gitignore"),
    `node_modules\nruntime\ndist\n${relativeProject}/dist\n${relativeProject}/node_modules\n`,
  );
  git("init", "-q");
  git("-c", "user.email=m@agentix", "-c", "user.name=mutation", "add", "-A");
  git("-c", "user.email=m@agentix", "-c", "user.name=mutation", "commit", "-q", "-m", "base");
  // Each project type-checks before any mutation (a workspace's packages each on their own).
  const tsconfigs = workspace
    ? workspace.packages.map((member) => member.tsconfig).filter(Boolean)
    : [path.join(project, "tsconfig.json")];
  for (const tsconfig of tsconfigs)
    execFileSync(
      process.execPath,
      [path.join(repo, "node_modules/typescript/bin/tsc"), "-p", tsconfig],
      { stdio: "inherit" },
    );
  const exampleOptions = workspace
    ? {}
    : ts.parseJsonConfigFileContent(
        ts.readConfigFile(path.join(project, "tsconfig.json"), ts.sys.readFile).config,
        ts.sys,
        project,
      ).options;

  /** Keeps a built project's output in step with one changed source file (the orders example's main.test.ts runs the build). */
  function rebuild(relative) {
    const { outDir, rootDir } = exampleOptions;
    if (outDir === undefined || rootDir === undefined || relative.endsWith(".test.ts")) return;
    const inRoot = path.relative(rootDir, path.join(project, relative));
    if (inRoot.startsWith("..")) return;
    const source = readFileSync(path.join(project, relative), "utf8");
    const output = ts.transpileModule(source, {
      compilerOptions: exampleOptions,
      fileName: path.join(project, relative),
    }).outputText;
    writeFileSync(path.join(outDir, inRoot.replace(/\.ts$/, ".js")), output);
  }

  // --- The full suite, in one long-lived Vitest.
  const silent = { onInit() {} };
  const vitest = await createVitest("test", {
    root: work,
    config: path.join(work, "vitest.config.mjs"),
    watch: false,
    reporters: [silent],
  });
  await vitest.standalone();
  const specifications = await vitest.getRelevantTestSpecifications();

  async function runSuite() {
    const result = await vitest.runTestSpecifications(specifications, true);
    const tests = [];
    for (const module of result.testModules) {
      const file = path.relative(project, module.moduleId).split(path.sep).join("/");
      for (const test of module.children.allTests()) {
        tests.push({
          file,
          line: test.location?.line ?? 0,
          name: test.fullName,
          state: test.result().state,
        });
      }
    }
    return tests;
  }

  const baseline = await runSuite();
  const notPassing = baseline.filter((test) => test.state !== "passed" && test.state !== "skipped");
  if (notPassing.length > 0) {
    console.error(
      `the suite does not pass before any mutation:\n${notPassing.map((t) => `  ${t.file}:${t.line} ${t.name}`).join("\n")}`,
    );
    process.exit(1);
  }
  const testsPerFile = new Map();
  for (const test of baseline) testsPerFile.set(test.file, (testsPerFile.get(test.file) ?? 0) + 1);

  // --- The mutations: a throw at the start of each execute body, and of a model function it uses.
  const members = workspace
    ? workspace.packages.filter((member) => member.tsconfig).map((member) => [member, member.path])
    : [[undefined, ""]];
  const mutations = [];
  for (const [, folder] of members) {
    const analysis = analyze({ root: path.join(project, folder) });
    const inProject = (file) => (folder === "" ? file : `${folder}/${file}`);
    collectMutations(analysis, inProject);
    // A workspace package without operations (shared code): each exported function, so that
    // the check covers changes crossing into the packages that import it.
    if (workspace && analysis.descriptors.operations.length === 0)
      for (const file of analysis.loaded.files) {
        if (file.declaration || analysis.roles.isTest(file)) continue;
        for (const statement of file.sourceFile.statements)
          if (
            ts.isFunctionDeclaration(statement) &&
            statement.body &&
            statement.name &&
            statement.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
          )
            mutations.push({
              name: `${folder} ${statement.name.text}`,
              file: inProject(file.path),
              position: statement.body.getStart(file.sourceFile) + 1,
            });
      }
  }

  function collectMutations(analysis, inProject) {
    const checker = analysis.loaded.program.getTypeChecker();
    for (const operation of analysis.descriptors.operations) {
      if (only !== undefined && operation.id !== only) continue;
      const execute = executeBody(operation.call);
      if (execute === undefined) continue;
      const file = operation.site.file;
      mutations.push({
        name: `${operation.id} execute`,
        file: inProject(file.path),
        position: execute.getStart(file.sourceFile) + 1,
      });
      const model = modelFunctionUsedBy(checker, execute);
      if (model !== undefined)
        mutations.push({
          name: `${operation.id} model ${model.name}`,
          file: model.file,
          position: model.position,
        });
      else console.error(`note: ${operation.id} uses no model function`);
    }
  }

  function executeBody(call) {
    const argument = call.arguments[0];
    if (argument === undefined || !ts.isObjectLiteralExpression(argument)) return undefined;
    for (const property of argument.properties) {
      if (property.name?.getText() !== "execute") continue;
      if (ts.isMethodDeclaration(property)) return property.body;
      if (
        ts.isPropertyAssignment(property) &&
        (ts.isArrowFunction(property.initializer) ||
          ts.isFunctionExpression(property.initializer)) &&
        ts.isBlock(property.initializer.body)
      ) {
        return property.initializer.body;
      }
    }
    return undefined;
  }

  /** The first function of a model file (sorted by name) that the operation's execute calls. */
  function modelFunctionUsedBy(checker, body) {
    const names = new Map();
    const visit = (node) => {
      if (ts.isIdentifier(node)) {
        let symbol = checker.getSymbolAtLocation(node);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias)
          symbol = checker.getAliasedSymbol(symbol);
        const declaration = symbol?.declarations?.[0];
        if (
          declaration &&
          ts.isFunctionDeclaration(declaration) &&
          declaration.body &&
          /\/model\.ts$/.test(declaration.getSourceFile().fileName)
        ) {
          const file = path
            .relative(project, declaration.getSourceFile().fileName)
            .split(path.sep)
            .join("/");
          names.set(`${file}#${declaration.name.text}`, {
            name: declaration.name.text,
            file,
            position: declaration.body.getStart() + 1,
          });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
    const [first] = [...names.keys()].sort();
    return first === undefined ? undefined : names.get(first);
  }

  // --- Run them (or a sample of them).
  const rows = [];
  for (const mutation of sampled(mutations, relativeProject, projectIndex)) {
    const absolute = path.join(project, mutation.file);
    const original = readFileSync(absolute, "utf8");
    const mutated = `${original.slice(0, mutation.position)}\n    throw new Error("agentix mutant");${original.slice(mutation.position)}`;
    writeFileSync(absolute, mutated);
    rebuild(mutation.file);
    vitest.invalidateFile(absolute);
    try {
      const results = await runSuite();
      const failing = results.filter((test) => test.state === "failed");

      const started = performance.now();
      const changes = changesSince("HEAD", project);
      const computed = workspace
        ? workspaceAffected(workspace, changes)
        : computeAffected(analyze({ root: project }), changes);
      const affectedMs = performance.now() - started;
      const selectedFiles = new Map(computed.tests.map((test) => [test.file, test]));
      const isSelected = (test) => {
        const file = selectedFiles.get(test.file);
        return (
          file !== undefined &&
          (file.whole || file.cases.some((testCase) => testCase.line === test.line))
        );
      };
      const misses = failing.filter((test) => !isSelected(test));
      const agentixCount = results.filter(isSelected).length;

      const related = await createVitest("test", {
        root: work,
        config: path.join(work, "vitest.config.mjs"),
        watch: false,
        reporters: [silent],
        related: [absolute],
      });
      const relatedFiles = (await related.getRelevantTestSpecifications()).map((spec) =>
        path.relative(project, spec.moduleId).split(path.sep).join("/"),
      );
      await related.close();
      const relatedCount = relatedFiles.reduce(
        (sum, file) => sum + (testsPerFile.get(file) ?? 0),
        0,
      );
      const relatedMisses = failing.filter((test) => !relatedFiles.includes(test.file)).length;

      rows.push({
        mutation: mutation.name,
        file: mutation.file,
        failing: failing.length,
        agentix: agentixCount,
        related: relatedCount,
        total: results.length,
        recall: failing.length === 0 ? 1 : (failing.length - misses.length) / failing.length,
        relatedRecall: failing.length === 0 ? 1 : (failing.length - relatedMisses) / failing.length,
        widened: computed.widened.map((reason) => reason.message),
        affectedMs: Math.round(affectedMs),
        misses: misses.map((test) => `${test.file}:${test.line} ${test.name}`),
      });
    } finally {
      writeFileSync(absolute, original);
      rebuild(mutation.file);
      vitest.invalidateFile(absolute);
    }
  }
  await vitest.close();
  rmSync(work, { recursive: true, force: true });

  return rows;
}

/** `computeAffected`'s answer for a whole workspace: every package's tests, root-relative. */
function workspaceAffected(workspace, changes) {
  const analyses = new Map(
    workspace.packages
      .filter((member) => member.tsconfig)
      .map((member) => [member, analyze({ root: member.dir })]),
  );
  // Every analysis kept (WorkspaceAnalyses): the workspace is small.
  const projects = {
    summaries: new Map(
      [...analyses].map(([member, analysis]) => [
        member,
        projectSummary(workspace, member, analysis),
      ]),
    ),
    analysis: (member) => analyses.get(member),
  };
  const computed = computeWorkspaceAffected(workspace, projects, {
    since: "HEAD",
    targets: [],
    changes,
  });
  return {
    widened: computed.packages.flatMap((entry) => entry.result.widened),
    tests: computed.packages.flatMap((entry) =>
      entry.result.tests.files.map((file) => ({
        ...file,
        file: `${entry.package.path}/${file.file}`,
      })),
    ),
  };
}

/** The seed that picks a sample: MUTATION_SEED, else the commit checked out (so it rotates). */
function sampleSeed() {
  if (process.env.MUTATION_SEED !== undefined) return Number(process.env.MUTATION_SEED) || 0;
  try {
    const head = execFileSync("git", ["rev-parse", "HEAD"], { cwd: repo, encoding: "utf8" });
    return Number.parseInt(head.slice(0, 8), 16);
  } catch {
    return 0; // not a git checkout: always the same sample
  }
}

/** A mutation's kind: a throw in an operation's execute, in a model function, or in a shared export. */
const kindOf = (mutation) =>
  / model /.test(mutation.name) ? "model" : / execute$/.test(mutation.name) ? "execute" : "export";

/**
 * Every mutation, or `sample` of them evenly spaced from a rotating start, each moved forward to
 * the next mutation of the kind whose turn it is: the kinds take turns within a project and from
 * one project of the run to the next, so `--sample 1` over several projects still injects every
 * kind, and successive commits rotate through every mutation.
 */
function sampled(mutations, relativeProject, projectIndex) {
  if (sample === undefined || sample >= mutations.length) return mutations;
  const seed = sampleSeed();
  const step = mutations.length / sample;
  const kinds = [...new Set(mutations.map(kindOf))];
  const chosen = [];
  for (let index = 0; index < sample; index += 1) {
    const start = seed + Math.floor(index * step);
    const kind = kinds[(seed + projectIndex + index) % kinds.length];
    const offsets = mutations.map((_, offset) => mutations[(start + offset) % mutations.length]);
    const next =
      offsets.find((m) => kindOf(m) === kind && !chosen.includes(m)) ??
      offsets.find((m) => !chosen.includes(m));
    chosen.push(next);
  }
  console.error(
    `mutation check: ${relativeProject}: ${sample} of ${mutations.length} mutations (${chosen.map((m) => m.name).join("; ")}; MUTATION_SEED=${seed} repeats this sample; npm run test:mutation runs all)`,
  );
  return chosen;
}

/** The projects to check with their index among those named: all, or `--sample-projects` of them from a rotating start. */
function sampledProjects() {
  const all = [...projects.entries()];
  if (sampleProjects === undefined || sampleProjects >= all.length) return all;
  const seed = sampleSeed();
  const chosen = all
    .map((_, offset) => all[(seed + offset) % all.length])
    .slice(0, sampleProjects)
    .sort((a, b) => a[0] - b[0]);
  console.error(
    `mutation check: ${sampleProjects} of ${all.length} projects (${chosen.map(([, project]) => project).join(", ")}; MUTATION_SEED=${seed} repeats this sample; npm run test:mutation checks all)`,
  );
  return chosen;
}

const rows = [];
let missed = 0;
for (const [projectIndex, relativeProject] of sampledProjects()) {
  for (const row of await checkProject(relativeProject, projectIndex)) {
    rows.push({ project: relativeProject, ...row });
    missed += row.misses.length;
  }
}

// --- Report.
const pct = (value) => `${(value * 100).toFixed(0)}%`;
for (const row of rows)
  row.mutation = `${row.project === "examples/orders" ? "" : `${path.basename(row.project)}: `}${row.mutation}`;
const width = Math.max(...rows.map((row) => row.mutation.length), 8);
const suites = [...new Set(rows.map((row) => `${row.project} (${row.total} tests)`))].join(", ");
console.log(`mutation check: ${rows.length} mutations on ${suites}`);
console.log(`${"mutation".padEnd(width)}  failing  agentix (recall)   vitest related (recall)`);
for (const row of rows) {
  console.log(
    `${row.mutation.padEnd(width)}  ${String(row.failing).padStart(7)}  ${String(row.agentix).padStart(7)} (${pct(row.recall).padStart(4)})   ${String(row.related).padStart(14)} (${pct(row.relatedRecall).padStart(4)})${row.widened.length > 0 ? `  widened: ${row.widened.join("; ")}` : ""}`,
  );
  for (const miss of row.misses) console.log(`    MISSED ${miss}`);
}
const sum = (key) => rows.reduce((total, row) => total + row[key], 0);
const totalTests = rows.reduce((total, row) => total + row.total, 0);
console.log(
  `selected, as a fraction of all tests run: agentix ${pct(sum("agentix") / totalTests)}, vitest related ${pct(sum("related") / totalTests)}; ` +
    `agentix affected took ${Math.round(sum("affectedMs") / Math.max(rows.length, 1))} ms per change on average`,
);
if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify(rows, null, 2)}\n`);
// Vitest sets a failing exit code whenever a mutant's tests fail: that is the point here.
process.exitCode = 0;
if (missed > 0) {
  console.error(`agentix affected missed ${missed} failing test(s)`);
  process.exit(1);
}
if (rows.some((row) => row.failing === 0))
  console.error(
    "note: some mutations made no test fail (a gap in the example's tests, not in agentix)",
  );
