import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { NODE_TEST, scriptInvocation } from "./runner-script.js";
import { runnerRuns } from "./runner-runs.js";

/** The projects a test made (some make several): removed after it. */
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project whose package.json has `scripts`, with a `test/` folder and a jest.e2e.js file. */
function project(scripts: unknown): string {
  const dir = mkdtempSync(path.join(tmpdir(), "agentix-runner-script-"));
  dirs.push(dir);
  mkdirSync(path.join(dir, "test"));
  writeFileSync(path.join(dir, "jest.e2e.js"), "");
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ scripts }));
  return dir;
}

describe("scriptInvocation", () => {
  it.each([
    // graphql-js-like: Mocha with a require hook and a glob.
    [
      { test: "mocha -r ts-node/register 'test/**/*.spec.ts'" },
      "mocha",
      {},
      ["-r", "ts-node/register"],
    ],
    // ow: the environment before a coverage wrapper.
    [
      { test: "xo && NODE_OPTIONS='--import=tsx/esm' c8 ava" },
      "ava",
      { NODE_OPTIONS: "--import=tsx/esm" },
      [],
    ],
    [
      { test: "cross-env NODE_ENV=test jest --config jest.e2e.js --coverage test" },
      "jest",
      { NODE_ENV: "test" },
      // Coverage thresholds cannot be met by part of the suite.
      ["--config", "jest.e2e.js"],
    ],
    // Followed through npm run; --watch would never end.
    [{ test: "npm run test:unit", "test:unit": "npx jest --watch --ci" }, "jest", {}, ["--ci"]],
    [
      { test: "yarn e2e", e2e: "playwright test --project=chromium --ui" },
      "playwright",
      {},
      ["--project=chromium"],
    ],
    [
      { test: "mocha --timeout 5000 --recursive test" },
      "mocha",
      {},
      ["--timeout", "5000", "--recursive"],
    ],
    // Options that pick the tests themselves (verify names them), with their values.
    [{ test: "jest --changedSince main --ci -o --collectCoverage" }, "jest", {}, ["--ci"]],
    // Quoted separators are part of a word (case-13: `-t unit` ran the unit case alone).
    [{ test: "jest -t 'unit|integration'" }, "jest", {}, ["-t", "unit|integration"]],
    [{ test: 'mocha --grep "a;b&&c||d" test' }, "mocha", {}, ["--grep", "a;b&&c||d"]],
    // A quoted command is an argument of echo, not a command (case-12/quoted).
    [{ test: 'echo "skip; NODE_ENV=x jest --ci" && jest' }, "jest", {}, []],
    // A comment, and a newline between commands (case-12/comment, case-4).
    [{ test: "jest --ci # NODE_ENV=x jest --bail" }, "jest", {}, ["--ci"]],
    [{ test: "jest --ci\ntouch x; jest --silent" }, "jest", {}, ["--ci"]],
    // Redirections and their targets are the shell's.
    [{ test: "jest --ci 2>&1 > out.txt" }, "jest", {}, ["--ci"]],
    // Each runner's options: which take the next word (case-32: `.` is --rootDir's, not a
    // folder of tests), which do not (case-31: test/other.ts is a test file, not --exit's).
    [
      { test: "jest --rootDir . -w 2 -c jest.e2e.js --ci test" },
      "jest",
      {},
      ["--rootDir", ".", "-w", "2", "-c", "jest.e2e.js", "--ci"],
    ],
    [
      { test: "mocha --node-option import=tsx --exit test/other.ts" },
      "mocha",
      {},
      ["--node-option", "import=tsx", "--exit"],
    ],
    [
      { test: "mocha --ui tdd -b --recursive test/other.ts -t 500 --spec test/x.ts" },
      "mocha",
      {},
      ["--ui", "tdd", "-b", "--recursive", "-t", "500"],
    ],
    [
      { test: "ava --timeout 1m --verbose test/other.js -w" },
      "ava",
      {},
      ["--timeout", "1m", "--verbose"],
    ],
    [
      { test: "playwright test --workers 2 --headed e2e/other.ts --ui --debug" },
      "playwright",
      {},
      ["--workers", "2", "--headed"],
    ],
    // An option none of the runners has keeps today's guess: its value unless a test path.
    [
      { test: "jest --someFlag value --other test" },
      "jest",
      {},
      ["--someFlag", "value", "--other"],
    ],
    // Options that make the runner run no test, or only print (case-30).
    [
      { test: "jest --showConfig --listTests --version --help --init --clearCache --ci" },
      "jest",
      {},
      ["--ci"],
    ],
    [
      { test: "mocha --help --version --list-reporters --list-interfaces --dry-run -b" },
      "mocha",
      {},
      ["-b"],
    ],
  ])("%j runs %s with %j and %j", (scripts, command, env, args) => {
    expect(scriptInvocation(project(scripts), command, {})).toMatchObject({ env, args, node: [] });
  });

  it("adds nothing when the script runs another command, is missing, or package.json is not what it should be", () => {
    const none = { env: {}, args: [], node: [], paths: [] };
    expect(scriptInvocation(project({ test: "vitest run" }), "jest")).toEqual(none);
    expect(scriptInvocation(project({ build: "tsc" }), "jest")).toEqual(none);
    expect(scriptInvocation(project(["jest --ci"]), "jest")).toEqual(none);
    expect(scriptInvocation(project({ test: 42 }), "jest")).toEqual(none);
    // A script that runs itself does not loop.
    const looping = project({ test: "npm run test" });
    expect(scriptInvocation(looping, "jest")).toEqual(none);
    writeFileSync(path.join(looping, "package.json"), "{ nope");
    expect(scriptInvocation(looping, "jest")).toEqual(none);
  });

  // helper-25 repro-5: `STRICT=1 tsx --test ...` failed under npm test and passed under verify,
  // whose node:test run dropped the variable.
  it("gives node:test runs the variables the script sets before node --test or tsx --test", () => {
    for (const [test, env] of [
      ["STRICT=1 tsx --test src/main.test.ts", { STRICT: "1" }],
      ["cross-env A=2 node --import tsx --test test/", { A: "2" }],
      ["STRICT=1 npm run unit", { STRICT: "1", B: "3" }],
      ["STRICT=1 jest", undefined],
    ] as const) {
      const root = project({ test, unit: "B=3 node --test" });
      expect(scriptInvocation(root, NODE_TEST).env, test).toEqual(env ?? {});
      const files = [
        { file: "src/a.test.js", whole: true, reason: "", selected: 1, total: 1, cases: [] },
      ];
      const [run] = runnerRuns(root, new Map([["node:test", files]])).runs;
      expect(run?.env, test).toEqual(env ?? {});
    }
  });

  // helper-24: npm reads a package.json that starts with a byte order mark; so does verify.
  it("reads a package.json with a byte order mark", () => {
    const root = project({ test: "jest --ci" });
    writeFileSync(
      path.join(root, "package.json"),
      `\uFEFF${JSON.stringify({ scripts: { test: "jest --ci" } })}`,
    );
    expect(scriptInvocation(root, "jest").args).toEqual(["--ci"]);
  });

  // case-14: Jest's ESM docs' script failed under verify, its NODE_OPTIONS taken literally.
  it("expands $VAR and ${VAR} from the environment as sh does", () => {
    const root = project({
      test: 'NODE_OPTIONS="$NODE_OPTIONS --experimental-vm-modules" jest $UNSET ${FLAGS} -t "$FLAGS"',
    });
    expect(
      scriptInvocation(root, "jest", { NODE_OPTIONS: "--max-old-space-size=99" }),
    ).toMatchObject({
      env: { NODE_OPTIONS: "--max-old-space-size=99 --experimental-vm-modules" },
      args: ["-t", ""],
      node: [],
    });
    expect(scriptInvocation(root, "jest", { FLAGS: " --ci  --bail " })).toMatchObject({
      env: { NODE_OPTIONS: " --experimental-vm-modules" },
      // Unquoted, the value is split into words; quoted, it is one.
      args: ["--ci", "--bail", "-t", " --ci  --bail "],
      node: [],
    });
  });

  // case-14b: `node <flags> <runner's script>`, the flags lost or the runner not recognised.
  it.each([
    ["node --experimental-vm-modules node_modules/jest/bin/jest.js --ci", "jest"],
    ["node --experimental-vm-modules node_modules/.bin/jest --ci", "jest"],
    [
      "cross-env A=1 node --experimental-vm-modules ./node_modules/mocha/bin/mocha.js --ci",
      "mocha",
    ],
  ])("keeps the Node.js flags before the runner: %s", (test, command) => {
    expect(scriptInvocation(project({ test }), command, {})).toMatchObject({
      node: ["--experimental-vm-modules"],
      args: ["--ci"],
    });
  });

  // helper-26 finding 7: after a wrapper, each option was skipped alone, so its value became
  // the command and no runner was found: verify ran a bare `mocha`/`jest` (InversifyJS's failed
  // on every change; a suite that skips itself without dotenv's variables passed falsely).
  it("reads a wrapper's options with their values, keeping what it preloads and the variables it loads", () => {
    const nyc = project({
      test: "nyc --reporter=text --require ts-node/register -r lcov mocha 'test/*.test.ts' --reporter dot --exit",
    });
    expect(scriptInvocation(nyc, "mocha", {})).toMatchObject({
      env: {},
      node: ["--require", "ts-node/register"],
      args: ["--reporter", "dot", "--exit"],
    });
    expect(
      scriptInvocation(project({ test: "c8 --reporter lcov -x dist jest --ci" }), "jest", {}),
    ).toMatchObject({
      env: {},
      node: [],
      args: ["--ci"],
    });
    const dotenv = project({ test: "dotenv -e .env.test -v MODE=ci -- jest --ci" });
    writeFileSync(
      path.join(dotenv, ".env.test"),
      "# rates\nexport TAX_RATE=0.2\nNAME='a # b'\nMODE=local # overridden\n",
    );
    expect(scriptInvocation(dotenv, "jest", {})).toMatchObject({
      env: { TAX_RATE: "0.2", NAME: "a # b", MODE: "ci" },
      node: [],
      args: ["--ci"],
    });
    // `-c test`: .env.test.local, .env.local, .env.test, .env: the first to set a variable wins.
    const cascade = project({ test: "dotenv -c test -- jest" });
    writeFileSync(path.join(cascade, ".env"), "A=base\nB=base\n");
    writeFileSync(path.join(cascade, ".env.test"), "A=test\n");
    expect(scriptInvocation(cascade, "jest", {}).env).toEqual({ A: "test", B: "base" });
    // No file named: dotenv reads .env, when there is one.
    const plain = project({ test: "dotenv jest" });
    expect(scriptInvocation(plain, "jest", {})).toMatchObject({ env: {}, node: [], args: [] });
  });

  // dotenv-cli's file is the project's: a FIFO (or a link to /dev/zero) hung verify's read of it.
  it("reads no variables from a dotenv file that is not a regular file, and never waits on it", () => {
    const fifo = project({ test: "dotenv -e .env.test -v MODE=ci -- jest --ci" });
    execFileSync("mkfifo", [path.join(fifo, ".env.test")]);
    expect(scriptInvocation(fifo, "jest", {}).env).toEqual({ MODE: "ci" });
    const zero = project({ test: "dotenv -- jest" });
    symlinkSync("/dev/zero", path.join(zero, ".env"));
    expect(scriptInvocation(zero, "jest", {}).env).toEqual({});
  });

  // The tests the script names: what Mocha's spec is when the script gives it (mocha-spec.ts).
  it("gives the paths the script names: files, folders, globs, --spec values and those after --", () => {
    const root = project({
      test: "mocha -r ts-node/register 'test/**/*.test.ts' --spec=e2e/*.ts --spec unit -- tools/x.ts",
    });
    expect(scriptInvocation(root, "mocha", {})).toEqual({
      env: {},
      node: [],
      args: ["-r", "ts-node/register"],
      paths: ["test/**/*.test.ts", "e2e/*.ts", "unit", "tools/x.ts"],
    });
  });

  it("keeps a Node.js flag's value: node -r ts-node/register node_modules/.bin/mocha", () => {
    expect(
      scriptInvocation(
        project({ test: "node -r ts-node/register --stack-size=2000 node_modules/.bin/mocha -b" }),
        "mocha",
        {},
      ),
    ).toMatchObject({
      env: {},
      node: ["-r", "ts-node/register", "--stack-size=2000"],
      args: ["-b"],
    });
  });

  // case-10/deep4: options lost four `npm run`s deep.
  it("follows npm run chains ten scripts deep, not further", () => {
    const chain = (length: number) =>
      Object.fromEntries([
        ...Array.from({ length }, (_, at) => [at === 0 ? "test" : `s${at}`, `npm run s${at + 1}`]),
        [`s${length}`, "jest --ci"],
      ]);
    expect(scriptInvocation(project(chain(10)), "jest", {}).args).toEqual(["--ci"]);
    expect(scriptInvocation(project(chain(11)), "jest", {}).args).toEqual([]);
  });

  // case-10/alt200: `npm run a || npm run a || ...` four levels deep took 852 s (N^4 reads).
  it("reads each script once however often the chains name it", () => {
    const alternatives = (next: string) =>
      Array.from({ length: 200 }, () => `npm run ${next}`).join(" || ");
    const scripts = {
      test: `${alternatives("a")} || jest --ci`,
      a: alternatives("b"),
      b: alternatives("c"),
      c: alternatives("d"),
      d: "node -e 0",
    };
    // 200^4 command lines unless each script is read once: without it this never ends (the
    // test's timeout fails it), with it the answer is immediate. No timing is asserted.
    expect(scriptInvocation(project(scripts), "jest", {}).args).toEqual(["--ci"]);
  });

  // case-15, case-7: the runner started through a package manager, or env -S.
  it.each([
    [{ test: "yarn jest --ci --setupFiles ./setup.cjs" }, ["--ci", "--setupFiles", "./setup.cjs"]],
    [{ test: "pnpm exec jest --ci" }, ["--ci"]],
    [{ test: "pnpm jest --ci" }, ["--ci"]],
    [{ test: "yarn exec jest --ci" }, ["--ci"]],
    [{ test: "npm exec -- jest --ci" }, ["--ci"]],
    [{ test: "npx --yes jest --ci" }, ["--ci"]],
    // What follows the script's name goes to the script's last command (npm: after `--`).
    [{ test: "npm run unit -- --ci", unit: "jest --bail" }, ["--bail", "--ci"]],
    [
      { test: "npm run unit --silent -- --ci", unit: "npm run inner -- -i", inner: "jest" },
      ["-i", "--ci"],
    ],
    [{ test: "yarn unit --ci", unit: "jest" }, ["--ci"]],
    [{ test: "pnpm run unit --ci", unit: "jest" }, ["--ci"]],
    [{ test: "npm run unit -- --ci", unit: "jest --bail && echo done" }, ["--bail"]],
    [{ test: "npm test -- --ci", other: "x" }, []],
  ])("%j runs jest with %j", (scripts, args) => {
    expect(scriptInvocation(project(scripts), "jest", {})).toMatchObject({
      env: {},
      args,
      node: [],
    });
  });

  it("reads env -S's string as words, and the environment before npm run", () => {
    expect(
      scriptInvocation(
        project({ test: 'env -u HOME -S "NODE_OPTIONS=--no-warnings jest --ci"' }),
        "jest",
        {},
      ),
    ).toMatchObject({ env: { NODE_OPTIONS: "--no-warnings" }, args: ["--ci"], node: [] });
    expect(
      scriptInvocation(
        project({ test: "NODE_ENV=test npm run unit", unit: "A=1 jest" }),
        "jest",
        {},
      ),
    ).toMatchObject({ env: { NODE_ENV: "test", A: "1" }, args: [], node: [] });
  });
});
