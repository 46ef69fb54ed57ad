// Which files are tests: the configured globs (every common runner's naming by default), any
// file that imports a test framework, and what the project's Vitest config runs. Tests the
// tsconfig leaves out are analysed with it only when it is the tsconfig that owns them; a test
// owned by another tsconfig (a package or a sibling app with its own) is reported, not analysed
// with options that are not its own.
import type { DirectoryLog } from "./directory-log.js";
import { readFileSync } from "node:fs";
import path from "node:path";
import { ts } from "./ts-morph.js";
import type { ProjectLayout } from "../../eslint-plugin/logic/project/layout.js";
import { isDeclarationFile, relativeToRoot } from "./paths.js";
import type { LoadProblem } from "./tsconfig.js";
import { isVitestSetupFile, vitestRunsAny, type VitestConfig } from "./vitest-config.js";
import { isJavaScriptFile } from "./javascript-tests.js";
import { walkProject } from "./walk.js";
import { CYPRESS_SPEC_FOLDER, isCypressSpec } from "./cypress-specs.js";

/** Modules only tests import: a file importing one is a test, whatever its name. */
export const TEST_FRAMEWORKS: ReadonlySet<string> = new Set([
  "vitest",
  "jest",
  "@jest/globals",
  "node:test",
  "bun:test",
  "@playwright/test",
  "mocha",
  "chai",
  "ava",
  "uvu",
]);

const FRAMEWORK_IMPORT =
  /(?:\bfrom\s*|\bimport\s*|\brequire\s*\(\s*)["'](vitest|jest|@jest\/globals|node:test|bun:test|@playwright\/test|mocha|chai|ava|uvu)["']/u;

/**
 * A tool's configuration (`playwright.config.ts` imports `defineConfig` from @playwright/test):
 * it imports a test framework without being a test.
 */
const TOOL_CONFIG = /\.config\.[cm]?[jt]sx?$/u;

/**
 * A manual mock (`__mocks__/api.ts`, which Jest and Vitest load in place of a module): it
 * imports a test framework for its fakes (`vi.fn()`, `jest.fn()`) without being a test, and no
 * runner runs it as one unless its name or folder says so (the configured globs).
 */
const MANUAL_MOCK = /(?:^|[\\/])__mocks__[\\/]/u;

/**
 * Whether a file is a tool's configuration, which no convention makes a test: not a folder's
 * (starlight's `__tests__/basics/vitest.config.ts`, a Vitest project config), nor its imports.
 */
export function isToolConfig(file: string): boolean {
  return TOOL_CONFIG.test(file);
}

/** Whether a parsed file imports a test framework (static imports and import-equals). */
export function importsTestFramework(sourceFile: ts.SourceFile): boolean {
  return testFrameworksOf(sourceFile).length > 0;
}

/**
 * The test frameworks a parsed file imports (static imports and import-equals), none for a
 * tool's config or a manual mock.
 */
export function testFrameworksOf(sourceFile: ts.SourceFile): string[] {
  const frameworks: string[] = [];
  if (TOOL_CONFIG.test(sourceFile.fileName) || MANUAL_MOCK.test(sourceFile.fileName))
    return frameworks;
  for (const statement of sourceFile.statements) {
    let specifier: ts.Expression | undefined;
    // Types alone (`import type { SnapshotSerializer } from "vitest"` in a serializer the config
    // names) run nothing of the framework: such a file is no test by its imports.
    if (ts.isImportDeclaration(statement)) {
      if (!importsTypesOnly(statement)) specifier = statement.moduleSpecifier;
    } else if (
      ts.isImportEqualsDeclaration(statement) &&
      !statement.isTypeOnly &&
      ts.isExternalModuleReference(statement.moduleReference)
    )
      specifier = statement.moduleReference.expression;
    if (
      specifier !== undefined &&
      ts.isStringLiteral(specifier) &&
      TEST_FRAMEWORKS.has(specifier.text)
    )
      frameworks.push(specifier.text);
  }
  return frameworks;
}

/** `import type { X } from`, or `import { type X, type Y } from`: bindings for types alone. */
function importsTypesOnly(statement: ts.ImportDeclaration): boolean {
  const clause = statement.importClause;
  if (clause === undefined) return false;
  if (clause.isTypeOnly) return true;
  const bindings = clause.namedBindings;
  return (
    clause.name === undefined &&
    bindings !== undefined &&
    ts.isNamedImports(bindings) &&
    bindings.elements.length > 0 &&
    bindings.elements.every((element) => element.isTypeOnly)
  );
}

/** The same question for a file not parsed yet: its text, read once. */
function textImportsTestFramework(file: string, relative: string): boolean {
  if (TOOL_CONFIG.test(file) || MANUAL_MOCK.test(file)) return false;
  try {
    const text = readFileSync(file, "utf8");
    return FRAMEWORK_IMPORT.test(text) || isCypressSpec(relative, text);
  } catch {
    return false;
  }
}

const SOURCE_FILE = /\.(?:[cm]?[jt]s|[jt]sx)$/u;

export interface TestDiscovery {
  /** Test files outside the tsconfig that the analysis adds (absolute, sorted). */
  readonly added: string[];
  readonly problems: LoadProblem[];
  /** Files whose text decided whether they are tests (absolute): an edit of one can change `added`. */
  readonly textsRead: string[];
}

export interface DiscoveryInput {
  readonly root: string;
  readonly tsconfigFile: string;
  readonly parsed: ts.ParsedCommandLine;
  readonly layout: ProjectLayout;
  readonly vitest: VitestConfig;
  /** Records the folders the walk lists, for the fresh-index check. */
  readonly directories?: DirectoryLog;
  /**
   * The tsconfig (absolute) of another project of this folder that owns a test this one leaves
   * out (project/sibling-tests.ts), or undefined when it is this project's to analyse.
   */
  readonly ownedBySibling?: (file: string) => string | undefined;
}

/**
 * Tests under the root that the tsconfig does not include (build configs often exclude tests):
 * found by the one walk, which also reports every folder it could not read.
 */
export function testsOutsideTsconfig(input: DiscoveryInput): TestDiscovery {
  const { root, parsed, layout, vitest } = input;
  const included = new Set(parsed.fileNames.map((file) => path.resolve(file)));
  const skipped = new Set<string>();
  for (const dir of [parsed.options.outDir, parsed.options.declarationDir])
    if (dir !== undefined) skipped.add(path.resolve(dir));
  const textsRead: string[] = [];
  // A setup file is analysed with the tests it runs before (roles.ts: it is not one of them).
  const isTest = (file: string): boolean => {
    const relative = relativeToRoot(root, file) ?? file;
    if (isToolConfig(file)) return false;
    if (layout.isTestFile(file) || vitestRunsAny(vitest, relative)) return true;
    if (vitest.jestTests?.(relative) === true || vitest.mochaTests?.(relative) === true)
      return true;
    if (isVitestSetupFile(vitest, relative)) return true;
    // A JavaScript file is a test by its name or a Vitest config (javascript-tests.ts): scripts,
    // configs and build output are not read; Cypress's spec folders are none of those.
    if (isJavaScriptFile(file) && !CYPRESS_SPEC_FOLDER.test(relative)) return false;
    textsRead.push(file);
    return textImportsTestFramework(file, relative);
  };
  const walk = walkProject(
    root,
    (file) => SOURCE_FILE.test(file) && !isDeclarationFile(file) && !included.has(file),
    skipped,
    input.directories?.record,
  );
  const problems: LoadProblem[] = walk.unreadable.map(({ dir, reason }) => ({
    code: "unreadable",
    severity: "error",
    message: `this folder cannot be read (${reason}); the files in it are not analysed`,
    file: relativeToRoot(root, dir) ?? dir,
    line: null,
    column: null,
  }));
  const added: string[] = [];
  const owners = new Map<string, string>();
  const analysedDir = path.dirname(path.resolve(input.tsconfigFile));
  // Beside sibling projects (an Nx library's tsconfig.lib.json and tsconfig.spec.json), a setup
  // file neither includes goes with each project that has tests: it runs before them, and it is
  // counted nowhere, so it cannot count twice.
  const setups: string[] = [];
  for (const file of walk.files) {
    if (!isTest(file)) continue;
    if (
      input.ownedBySibling !== undefined &&
      isVitestSetupFile(vitest, relativeToRoot(root, file) ?? file)
    ) {
      setups.push(file);
      continue;
    }
    let owner = ownerTsconfig(path.dirname(file), root, owners);
    if (owner === undefined || path.dirname(owner) === analysedDir) {
      owner = input.ownedBySibling?.(file);
      if (owner === undefined) {
        added.push(file);
        continue;
      }
    }
    const relative = relativeToRoot(root, file) ?? file;
    const shownOwner = relativeToRoot(root, owner) ?? owner;
    problems.push({
      code: "test-not-analysed",
      severity: "warning",
      message: `a test the analysed tsconfig leaves out and ${shownOwner} owns: it is not analysed (pass that tsconfig with --project to analyse it)`,
      file: relative,
      line: null,
      column: null,
      owner: shownOwner,
    });
  }
  const includesTests = () =>
    parsed.fileNames.some(
      (file) =>
        layout.isTestFile(file) || vitestRunsAny(vitest, relativeToRoot(root, file) ?? file),
    );
  if (setups.length > 0 && (added.length > 0 || includesTests())) added.push(...setups);
  return { added, problems, textsRead };
}

/** The nearest tsconfig.json from `dir` up to the root, memoised per folder. */
function ownerTsconfig(dir: string, root: string, memo: Map<string, string>): string | undefined {
  const known = memo.get(dir);
  if (known !== undefined) return known === "" ? undefined : known;
  const candidate = path.join(dir, "tsconfig.json");
  let owner: string | undefined;
  if (ts.sys.fileExists(candidate)) owner = candidate;
  else if (dir !== root && relativeToRoot(root, dir) !== undefined)
    owner = ownerTsconfig(path.dirname(dir), root, memo);
  memo.set(dir, owner ?? "");
  return owner;
}
