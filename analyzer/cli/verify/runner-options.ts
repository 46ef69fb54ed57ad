// What each runner's command line options are, as far as verify takes them from a test script:
// which take the next word as their value (`jest --rootDir .`), which take none (`mocha --exit
// test/other.ts`: the file is a test, not the option's), and which verify leaves out: those that
// keep the runner waiting for changes or a person, print instead of running the tests, pick the
// tests themselves (verify names them), or measure coverage (a threshold over the selected tests
// alone fails what passes in the whole suite). From each runner's CLI reference (jest-cli's
// args, Mocha's run-option-metadata, AVA's and Playwright's `--help`).

export interface RunnerOptions {
  /** Options whose value is the next word (unless written `--option=value`). */
  readonly values: ReadonlySet<string>;
  /** Options that take no value: the next word is not theirs. */
  readonly flags: ReadonlySet<string>;
  /** Options verify does not take from the script (with their value, if they take one). */
  readonly dropped: ReadonlySet<string>;
}

const words = (text: string): ReadonlySet<string> => new Set(text.split(/\s+/u).filter(Boolean));

const JEST: RunnerOptions = {
  values: words(`
    --cacheDirectory --changedSince --collectCoverageFrom --config -c --coverageDirectory
    --coveragePathIgnorePatterns --coverageProvider --coverageReporters --coverageThreshold --env
    --filter --globalSetup --globalTeardown --globals --haste --ignoreProjects --maxConcurrency
    --maxWorkers -w --moduleDirectories --moduleFileExtensions --moduleNameMapper
    --modulePathIgnorePatterns --modulePaths --notifyMode --openHandlesTimeout --outputFile
    --preset --prettierPath --projects --reporters --resolver --rootDir --roots --runner --seed
    --selectProjects --setupFiles --setupFilesAfterEnv --shard --snapshotSerializers
    --testEnvironment --testEnvironmentOptions --testFailureExitCode --testMatch
    --testNamePattern -t --testPathIgnorePatterns --testPathPattern --testRegex
    --testResultsProcessor --testRunner --testSequencer --testTimeout --transform
    --transformIgnorePatterns --unmockedModulePathPatterns --watchPathIgnorePatterns`),
  flags: words(`
    --all --automock --bail -b --cache --changedFilesWithAncestor --ci --clearCache --clearMocks
    --collectCoverage --color --colors --coverage --debug --detectLeaks --detectOpenHandles
    --errorOnDeprecated --expand -e --findRelatedTests --forceExit --help -h --init
    --injectGlobals --json --lastCommit --listTests --logHeapUsage --noStackTrace --notify
    --onlyChanged -o --onlyFailures -f --passWithNoTests --randomize --resetMocks --resetModules
    --restoreMocks --runInBand -i --runTestsByPath --showConfig --showSeed --silent --skipFilter
    --testLocationInResults --updateSnapshot -u --useStderr --verbose --version -v --watch
    --watchAll --watchman --workerThreads`),
  dropped: words(`
    --watch --watchAll --interactive --onlyChanged -o --changedSince --lastCommit
    --changedFilesWithAncestor --findRelatedTests --onlyFailures -f --testPathPattern --shard
    --coverage --collectCoverage --listTests --showConfig --version -v --help -h --init
    --clearCache`),
};

const MOCHA: RunnerOptions = {
  values: words(`
    --config --fgrep -f --grep -g --package --reporter -R --ui -u --slow -s --timeout -t
    --timeouts --retries --jobs -j --extension --file --global --globals --ignore --exclude
    --node-option -n --reporter-option --reporter-options -O --require -r --spec --watch-files
    --watch-ignore`),
  flags: words(`
    --allow-uncaught --async-only -A --bail -b --check-leaks --clear-screen --color -c --colors
    --delay --diff --dry-run --exit --fail-hook-affected-tests --pass-on-failing-test-suite
    --fail-zero --forbid-only --forbid-pending --full-trace --inline-diffs --invert -i
    --list-interfaces --list-reporters --no-colors -C --parallel -p --posix-exit-codes
    --recursive --sort -S --watch -w --help -h --version -V`),
  dropped: words(`
    --watch -w --watch-files --watch-ignore --spec --dry-run --list-interfaces --list-reporters
    --help -h --version -V`),
};

const AVA: RunnerOptions = {
  values: words(`--match -m --timeout -T --concurrency -c --node-arguments --config`),
  flags: words(`
    --serial -s --tap -t --verbose -v --fail-fast --update-snapshots -u --color --reset-cache
    --no-worker-threads --watch -w --help -h --version`),
  dropped: words(`--watch -w --reset-cache --help -h --version`),
};

const PLAYWRIGHT: RunnerOptions = {
  values: words(`
    --config -c --project --grep -g --grep-invert --workers -j --reporter --retries --timeout
    --repeat-each --max-failures --output --shard --global-timeout --trace --tsconfig --browser
    --ui-host --ui-port`),
  flags: words(`
    --headed --debug --forbid-only --fully-parallel --pass-with-no-tests --quiet --no-deps
    --last-failed -x --list --ui --ignore-snapshots --fail-on-flaky-tests --help -h`),
  dropped: words(
    `--ui --ui-host --ui-port --debug --list --last-failed --only-changed --shard --help -h`,
  ),
};

const RUNNERS = new Map([
  ["jest", JEST],
  ["mocha", MOCHA],
  ["ava", AVA],
  ["playwright", PLAYWRIGHT],
]);
const NONE: RunnerOptions = { values: new Set(), flags: new Set(), dropped: new Set() };

/** The options of the runner started as `command` (jest, mocha, ava, playwright). */
export function runnerOptions(command: string): RunnerOptions {
  return RUNNERS.get(command) ?? NONE;
}
