import type { ScopeManager } from "@typescript-eslint/scope-manager";
import { createRequire } from "node:module";
import type { TSESTree } from "@typescript-eslint/types";
import type { AgentixConfig } from "../../schema/load-config.js";
import type { LinkedPaths } from "./project/linked-paths.js";
import type { ProjectLayout } from "./project/layout.js";
import type { ModuleResolver } from "./project/module-resolver.js";
import type { FeatureDependencyLookup } from "./project/feature-dependencies.js";
import type { ModuleExportsLookup } from "./project/module-exports.js";
import type { ExportOriginLookup } from "./project/export-origins.js";
import { compareViolations, type Violation } from "./violation.js";

type Estree = typeof import("@typescript-eslint/typescript-estree");
let estree: Estree | undefined;

/**
 * typescript-estree's traversal, loaded on first use: whoever runs the logic standalone has
 * converted a file with it already, and a host that loads the logic but converts nothing (an
 * analyzer run on a project without candidate files) never loads it.
 */
const simpleTraverse: Estree["simpleTraverse"] = (...args) => {
  estree ??= createRequire(import.meta.url)("@typescript-eslint/typescript-estree") as Estree;
  estree.simpleTraverse(...args);
};

/** What the detection logic needs from its host besides the file itself. */
export interface ProjectServices {
  /** Resolves a module specifier to an absolute project file, or undefined (package, missing). */
  readonly resolveModule: ModuleResolver;
  /**
   * A bare specifier naming a linked workspace package, to the TypeScript source it leads to
   * (project/linked-packages.ts), or undefined. Absent: such imports lead nowhere.
   */
  readonly linkedPackageSource?: ModuleResolver;
  /** The dependencies a feature descriptor (feature.ts) declares, or undefined without one. */
  readonly featureDependencies: FeatureDependencyLookup;
  /** The names a module file exports, or undefined when they cannot be known. */
  readonly moduleExports: ModuleExportsLookup;
  /**
   * The file that declares what a module exports under a name (re-exports followed). Absent: a
   * suggestion trusts an export of the same name.
   */
  readonly exportOrigin?: ExportOriginLookup;
  /** Whether a project file exists (which of a feature's allowed entries it has). */
  readonly fileExists: (file: string) => boolean;
  /**
   * Whether the project may hold a feature folder (project/feature-folders.ts); false lets
   * imports that are not relative skip resolution. Absent: assumed true.
   */
  readonly mayHaveFeatureFolders?: (layout: ProjectLayout) => boolean;
  /**
   * The one path a `paths` alias can name (no fallbacks), judged lexically like a relative
   * specifier; undefined when the specifier may resolve elsewhere. Absent: aliases are resolved.
   */
  readonly aliasTarget?: (specifier: string, fromFile: string) => string | undefined;
  /**
   * What the tsconfig's `paths` map a specifier (or a glob pattern) to, in TypeScript's order;
   * undefined when no alias matches. Absent: a glob pattern written with an alias is not followed.
   */
  readonly pathsTargets?: (specifier: string, fromFile: string) => readonly string[] | undefined;
  /**
   * The file an import naming an absolute path (a relative specifier's, an alias's one target)
   * resolves to from any importer, when TypeScript finds it there before looking further;
   * undefined otherwise. Lets answers be shared across folders. Absent: nothing is shared.
   */
  readonly directFile?: (target: string) => string | undefined;
  /**
   * An object the same for every file whose bare specifiers resolve alike: its aliases
   * (aliasTarget) and packages (resolveModule, linkedPackageSource). Absent: answers for bare
   * specifiers are not shared.
   */
  readonly aliasScope?: (fromFile: string) => object;
  /**
   * Reads the listings of a project's folders (root absolute) in one pass, once: a lint run
   * over many folders resolves imports into them one by one, between files' parses, where each
   * read costs several times as much. Absent: folders are read as resolution asks.
   */
  readonly prefetchFolders?: (root: string) => void;
  /**
   * Where a path really leads when a symbolic link below the project root lies on it
   * (project/linked-paths.ts). Absent: a path is judged where the link sits.
   */
  readonly linkedPaths?: Pick<LinkedPaths, "generation" | "mayLeadThroughLink" | "realPathOf">;
}

/** One file, as the detection logic sees it. */
export interface LogicInput {
  /** The ESTree of the file, with `parent` pointers (ESLint sets them; runLogic does too). */
  readonly program: TSESTree.Program;
  /** Scopes of `program`: ESLint's `sourceCode.scopeManager` or scope-manager's `analyze()`. */
  readonly scopeManager: ScopeManager;
  /** Absolute path of the file. */
  readonly filename: string;
  /** The file's text, when it may differ from the disk (an editor buffer); else read from disk when needed. */
  readonly sourceText?: string;
  /** The loaded agentix configuration of the file's project (schema/load-config.ts). */
  readonly config: AgentixConfig;
  readonly services: ProjectServices;
  /**
   * The strings an expression can only be, by its type (imports/literal-strings.ts), when the
   * host has type information (typed linting; the analyzer): an `import(x)` / `require(x)` of
   * a literal-union `x` is then checked value by value. Absent: such a target is not provable.
   */
  readonly literalStrings?: (node: TSESTree.Node) => readonly string[] | undefined;
}

type NodeOfType<T extends TSESTree.AST_NODE_TYPES> = Extract<TSESTree.Node, { type: T }>;

/** Node-type handlers; ESLint calls them during its traversal, runLogic during its own. */
export type LogicVisitors = {
  readonly [T in TSESTree.AST_NODE_TYPES]?: (node: NodeOfType<T>) => void;
} & { readonly "Program:exit"?: (node: TSESTree.Program) => void };

/** The folder of the files a lean plan is made for (RuleLogic.lean). */
export interface LeanFolder {
  /** Absolute path of the folder. */
  readonly dir: string;
  readonly config: AgentixConfig;
  readonly services: ProjectServices;
}

/** One file of that folder, as a lean plan sees it. */
export interface LeanFile {
  /** Absolute path of the file. */
  readonly filename: string;
  readonly program: TSESTree.Program;
  /** The file's scopes, asked only when needed. */
  readonly scopeManager: () => ScopeManager;
  /** The file's text (the editor's buffer when it differs from the disk). */
  readonly text: () => string;
  /** `create`'s visitors for the file (with its full input), built on first call. */
  readonly full: () => LogicVisitors;
}

/**
 * Picks a file's visitors without its full input (undefined: the full input after all). With a
 * `gate`, the host asks it first, with the file's syntax tree and text, and calls the chooser
 * only for a file the gate accepts: any other gets NO_VISITORS, with no LeanFile built (in a
 * project without feature folders nearly every file ends there, so it costs a look at its
 * top-level statements, a scan of its text and no allocation).
 */
export interface LeanChooser {
  (file: LeanFile): LogicVisitors | undefined;
  readonly gate?: (program: TSESTree.Program, text: string) => boolean;
}

/**
 * What a rule does in every file of a folder for one disk round: the same visitors for each
 * (NO_VISITORS: nothing to check there), or a chooser of each file's visitors.
 */
export type LeanPlan = LogicVisitors | LeanChooser;

/** The visitors of a file in which a rule has nothing to check. */
export const NO_VISITORS: LogicVisitors = Object.freeze({});

/** A rule's detection logic: visitors that report plain violations. */
export interface RuleLogic<Input extends LogicInput = LogicInput> {
  readonly ruleId: Violation["ruleId"];
  readonly messages: Readonly<Record<string, string>>;
  create(input: Input, report: (violation: Violation) => void): LogicVisitors;
  /**
   * The rule's plan for the files of a folder in which, by what the folder answers (its
   * feature, the project's feature folders), it has little or nothing to check; undefined: the
   * host uses `create` with each file's full input. Asked once per folder and disk round, so
   * such a file costs the host one look-up instead of its input (an ESLint rule is created for
   * every file, and in a project without feature folders that setup was most of the rule's
   * time). Hosts that build the input anyway (runLogic, the analyzer) need not ask.
   */
  lean?(folder: LeanFolder): LeanPlan | undefined;
}

/**
 * Sets the parent pointers of a tree typescript-estree built (it leaves them out; ESLint sets
 * them as it traverses): the logic's questions climb them (is this `typeof x` in a type?). A
 * tree that has them already (its first statement points at the program) is not walked again:
 * the analyzer sets them once per converted file, and each rule run over it asks.
 */
export function setParentPointers(program: TSESTree.Program): void {
  if (program.body[0]?.parent === program) return;
  simpleTraverse(program, { enter: () => undefined }, true);
}

/**
 * Runs detection logic without ESLint: sets parent pointers, visits every node, and returns
 * the violations in ESLint's order (line, then column).
 */
export function runLogic<Input extends LogicInput>(
  logic: RuleLogic<Input>,
  input: Input,
): Violation[] {
  const violations: Violation[] = [];
  const visitors = logic.create(input, (violation) => violations.push(violation));
  setParentPointers(input.program);
  const handlers = visitors as Readonly<
    Record<string, ((node: TSESTree.Node) => void) | undefined>
  >;
  const types = Object.keys(handlers).filter((key) => key !== "Program:exit");
  if (types.length > 0) {
    simpleTraverse(input.program, {
      enter(node) {
        handlers[node.type]?.(node);
      },
    });
  }
  visitors["Program:exit"]?.(input.program);
  return violations.sort(compareViolations);
}
