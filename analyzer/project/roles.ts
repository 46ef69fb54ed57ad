import path from "node:path";
import {
  isContractFile,
  layoutFor,
  type Feature,
  type ProjectLayout,
} from "../../eslint-plugin/logic/project/layout.js";
import type { FileRole } from "../index-file/types.js";
import type { LoadedProject, ProjectFile } from "./load-project.js";
import { toPosix } from "../../schema/paths.js";
import { isCypressSpec } from "./cypress-specs.js";
import { importsTestFramework, isToolConfig, testFrameworksOf } from "./test-discovery.js";
import { isTypeTest } from "./type-test-name.js";
import { isVitestSetupFile, vitestRunsAny, type VitestConfig } from "./vitest-config.js";
import type { AgentixConfig } from "../../schema/load-config.js";

/** What was found of each file under one configuration (see FileRoles). */
interface Found {
  readonly vitest: VitestConfig;
  readonly absolutes: WeakMap<ProjectFile, string>;
  readonly features: WeakMap<ProjectFile, Feature | undefined>;
  readonly tests: WeakMap<ProjectFile, boolean>;
  readonly roles: WeakMap<ProjectFile, FileRole>;
}

/**
 * Per configuration: a file's role follows from the configuration, the Vitest config and the
 * file's own path and syntax, so what was found is kept while its ProjectFile lives (one per
 * SourceFile: a warm session's next analysis gets unchanged files' back). A load reads the
 * configuration again (a new object); a warm session's reload keeps it.
 */
const foundByConfig = new WeakMap<AgentixConfig, Found>();

function foundFor(loaded: LoadedProject): Found {
  let found = foundByConfig.get(loaded.config);
  if (found?.vitest !== loaded.vitest) {
    found = {
      vitest: loaded.vitest,
      absolutes: new WeakMap(),
      features: new WeakMap(),
      tests: new WeakMap(),
      roles: new WeakMap(),
    };
    foundByConfig.set(loaded.config, found);
  }
  return found;
}

/**
 * What each file is, by the same configuration (and the same feature-folder logic) the ESLint
 * plugin uses: feature, contract, descriptor, test, adapter, composition root or shared code.
 */
export class FileRoles {
  readonly layout: ProjectLayout;
  private readonly roles: WeakMap<ProjectFile, FileRole>;
  private readonly absolutes: WeakMap<ProjectFile, string>;
  private readonly features: WeakMap<ProjectFile, Feature | undefined>;
  private readonly tests: WeakMap<ProjectFile, boolean>;

  constructor(private readonly loaded: LoadedProject) {
    ({
      roles: this.roles,
      absolutes: this.absolutes,
      features: this.features,
      tests: this.tests,
    } = foundFor(loaded));
    this.layout = layoutFor(loaded.config);
  }

  absolute(file: ProjectFile): string {
    let absolute = this.absolutes.get(file);
    if (absolute === undefined) {
      absolute = path.resolve(file.fileName);
      this.absolutes.set(file, absolute);
    }
    return absolute;
  }

  featureOf(file: ProjectFile): Feature | undefined {
    if (this.features.has(file)) return this.features.get(file);
    const feature = this.layout.featureOf(this.absolute(file));
    this.features.set(file, feature);
    return feature;
  }

  /**
   * A test by its name (the configured globs), by importing a test framework, as a Cypress spec
   * in one of its folders, or because Vitest runs it; a setup file Vitest runs before the tests is none unless its name or the globs say so.
   */
  isTest(file: ProjectFile): boolean {
    let test = this.tests.get(file);
    if (test === undefined) {
      const { vitest } = this.loaded;
      test =
        !file.declaration &&
        !isToolConfig(file.path) &&
        (this.layout.isTestFile(this.absolute(file)) ||
          vitestRunsAny(vitest, file.path) ||
          vitest.jestTests?.(file.path) === true ||
          vitest.mochaTests?.(file.path) === true ||
          isCypressSpec(file.path, file.sourceFile.text) ||
          (importsTestFramework(file.sourceFile) && !isVitestSetupFile(vitest, file.path)));
      this.tests.set(file, test);
    }
    return test;
  }

  /**
   * A test only by importing Vitest or Playwright, with no test's name, which none of the
   * project's Vitest configs runs (neither by its include nor as a type test): test/_setup.ts
   * exporting a `describe` wrapper, e2e/helpers/auth.ts exporting a Playwright login step
   * (Playwright runs `*.spec.*` and `*.test.*` files), or a test the config leaves out by mistake
   * (verify names those apart).
   */
  leftOutByItsRunner(file: ProjectFile): boolean {
    if (!this.isTest(file) || isTypeTest(file.path)) return false;
    const { vitest } = this.loaded;
    if (this.layout.isTestFile(this.absolute(file)) || vitest.runs(file.path) !== false)
      return false;
    if (vitest.others.some((other) => other.runs(file.path) !== false)) return false;
    const frameworks = testFrameworksOf(file.sourceFile);
    return (
      frameworks.length > 0 &&
      frameworks.every((framework) => framework === "vitest" || framework === "@playwright/test")
    );
  }

  role(file: ProjectFile): FileRole {
    let role = this.roles.get(file);
    if (role) return role;
    const feature = this.featureOf(file);
    const absolute = this.absolute(file);
    if (file.declaration) role = "declaration";
    else if (this.isTest(file)) role = "test";
    else if (feature && isContractFile(feature, absolute)) role = "contract";
    else if (feature && absolute === feature.descriptorFile) role = "descriptor";
    // The layout matches agentix.config.json's globs from the config's folder (above the root
    // when the project inherits it), as the ESLint plugin does.
    else if (this.layout.isAdapterFile(absolute)) role = "adapter";
    else if (this.layout.isCompositionRootFile(absolute)) role = "composition-root";
    else if (feature) role = "feature";
    else role = "shared";
    this.roles.set(file, role);
    return role;
  }

  /** The feature folder, repository-relative. */
  directory(feature: Feature): string {
    return toPosix(path.relative(this.loaded.root, feature.dir));
  }
}
