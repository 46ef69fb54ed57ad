import { createRequire } from "node:module";
import path from "node:path";
import type { TSESTree } from "@typescript-eslint/types";
import type ts from "typescript";
import { ts as morphTs } from "../project/ts-morph.js";
import { mayReachAmbient } from "./ambient-prefilter.js";
import {
  checkQueryWrites,
  checkSyntacticRules,
  createQueryTypeServices,
  setParentPointers,
  QUERY_FORBIDDEN_KINDS,
  type LogicInput,
  type EsTreeToTsNodeMap,
  type PortOperationInfo,
  type ProjectServices,
  type QueryTypeServices,
  type Violation,
} from "../../eslint-plugin/logic/index.js";
import type { Analysis } from "../analyze.js";
import type { ViolationEntry } from "../index-file/types.js";
import type { ProjectFile } from "../project/load-project.js";
import type { FileScan } from "../extract/scan.js";
import { propertyNameText } from "../resolve/values.js";
import { unwrap } from "../project/ts-syntax.js";
import { applyVerdict, type Verdict } from "./verdict.js";
import { transitiveViolations } from "./transitive.js";
import { compareViolations } from "../../eslint-plugin/logic/violation.js";
import { isContractFile, type Feature } from "../../eslint-plugin/logic/project/layout.js";
import { foreignFeatureOf } from "../../eslint-plugin/logic/project/foreign-features.js";
import { mayNameModuleUrl } from "../../eslint-plugin/logic/imports/module-urls.js";
import { mayGlobFiles } from "../../eslint-plugin/logic/imports/vite-globs.js";
import { checkServices } from "./check-services.js";
import {
  literalStringsOf,
  type LiteralStringsCompiler,
} from "../../eslint-plugin/logic/imports/literal-strings.js";

const require = createRequire(import.meta.url);

/** The ESTree converter and scope analyser, loaded when a first file needs the rules (often none does). */
interface RuleHosts {
  readonly parseAndGenerateServices: typeof import("@typescript-eslint/typescript-estree").parseAndGenerateServices;
  readonly analyzeScopes: typeof import("@typescript-eslint/scope-manager").analyze;
}
let ruleHosts: RuleHosts | undefined;
function loadRuleHosts(): RuleHosts {
  ruleHosts ??= {
    parseAndGenerateServices: (
      require("@typescript-eslint/typescript-estree") as typeof import("@typescript-eslint/typescript-estree")
    ).parseAndGenerateServices,
    analyzeScopes: (
      require("@typescript-eslint/scope-manager") as typeof import("@typescript-eslint/scope-manager")
    ).analyze,
  };
  return ruleHosts;
}

/**
 * Files where a boundary rule could report: an import of another feature's private file (or,
 * from outside features, of anything but its contract or descriptor), an import of another
 * feature's contract that the rules' own dependency lookup does not find declared, or an
 * import whose target cannot be known. Everything else is skipped without converting the file.
 */
function importsAcrossFeatures(
  analysis: Analysis,
  file: ProjectFile,
  services: ProjectServices,
): boolean {
  const from = analysis.roles.featureOf(file);
  let declared: ReadonlySet<string> | null | undefined = null;
  const declaredDirs = (): ReadonlySet<string> | undefined => {
    if (declared === null) {
      const lookup = from ? services.featureDependencies(from.descriptorFile) : undefined;
      declared = lookup?.complete
        ? new Set(lookup.files.map((target) => featureAnywhere(analysis, target)?.dir ?? ""))
        : undefined;
    }
    return declared;
  };
  // A use of the global `require` other than a call may load what cannot be known (the rules
  // judge it: unprovable in a domain file).
  if (analysis.scans.get(file)?.requireUsed === true && from !== undefined) return true;
  // Module URLs and `import.meta.glob` name files the rule judges as imports; the path
  // references recorded for `affected` hold only those inside the root.
  if (mayNameModuleUrl(file.sourceFile.text) || mayGlobFiles(file.sourceFile.text)) return true;
  // webpack's require.context loads a folder's files (the scan's glob sites hold it).
  if ((analysis.scans.get(file)?.globs.length ?? 0) > 0) return true;
  for (const item of analysis.imports.get(file) ?? []) {
    if (item.site.specifier === undefined) return true;
    if (item.target.kind === "unresolved" || item.target.kind === "outside") return true;
    // `import "../modules/ui/globals.css"` (formbricks): a feature's stylesheet is as private as
    // its code; the rule judges the path, as ESLint does.
    if (item.target.kind === "asset") {
      const to = analysis.roles.layout.featureOf(path.join(analysis.loaded.root, item.target.path));
      if (to !== undefined && to.dir !== from?.dir) return true;
      continue;
    }
    if (item.target.kind === "package") {
      // Another workspace package's file, by a paths alias or by the package's name (linked):
      // a feature's private file there, or its contract left undeclared (the rules' own checks).
      const target =
        item.target.outsideFile ??
        services.linkedPackageSource?.(
          item.site.specifier,
          path.join(analysis.loaded.root, file.path),
          item.site.form === "require" || item.site.form === "import-equals" ? "require" : "import",
        );
      const to = target === undefined ? undefined : featureAnywhere(analysis, target);
      if (to === undefined || target === undefined) continue;
      const contract = isContractFile(to, target);
      if (!contract && (from !== undefined || target !== to.descriptorFile)) return true;
      if (from !== undefined && contract && declaredDirs()?.has(to.dir) === false) return true;
      continue;
    }
    if (item.target.kind !== "file") continue;
    // Through a symbolic link below the root the file lands elsewhere: the rule judges that.
    if (
      services.linkedPaths?.realPathOf(
        analysis.roles.absolute(item.target.file),
        analysis.loaded.root,
      ) !== undefined
    )
      return true;
    const to = analysis.roles.featureOf(item.target.file);
    // Shared code that hands on another feature's exports: no-undeclared-dependencies follows
    // the names taken to the contract they come from.
    if (!to && from !== undefined && filesHandingOnFeatures(analysis).has(item.target.file))
      return true;
    if (!to || to.dir === from?.dir) continue;
    const target = analysis.roles.absolute(item.target.file);
    const contract = isContractFile(to, target);
    if (!contract && (from !== undefined || target !== to.descriptorFile)) return true;
    if (from !== undefined && contract && declaredDirs()?.has(to.dir) === false) return true;
  }
  return false;
}

const handingOn = new WeakMap<Analysis["imports"], ReadonlySet<ProjectFile>>();

/**
 * The files outside features that may hand on a feature's exports: they import a feature's file
 * (of this project, or of another package by a paths alias), directly or through another such
 * file. Found once per analysis, over its import graph.
 */
function filesHandingOnFeatures(analysis: Analysis): ReadonlySet<ProjectFile> {
  const known = handingOn.get(analysis.imports);
  if (known) return known;
  const found = new Set<ProjectFile>();
  const pending: ProjectFile[] = [];
  /** Shared files by the shared files that import them. */
  const importers = new Map<ProjectFile, ProjectFile[]>();
  for (const [file, items] of analysis.imports) {
    if (analysis.roles.featureOf(file)) continue;
    for (const item of items) {
      const target = item.target;
      if (target.kind === "file" && !analysis.roles.featureOf(target.file)) {
        const list = importers.get(target.file);
        if (list) list.push(file);
        else importers.set(target.file, [file]);
        continue;
      }
      const feature =
        target.kind === "file" ||
        (target.kind === "package" &&
          target.outsideFile !== undefined &&
          featureAnywhere(analysis, target.outsideFile) !== undefined);
      if (feature && !found.has(file)) {
        found.add(file);
        pending.push(file);
      }
    }
  }
  for (let file = pending.pop(); file !== undefined; file = pending.pop())
    for (const importer of importers.get(file) ?? [])
      if (!found.has(importer)) {
        found.add(importer);
        pending.push(importer);
      }
  handingOn.set(analysis.imports, found);
  return found;
}

/** The feature holding an absolute file, of this project or (outside its root) of another. */
function featureAnywhere(analysis: Analysis, file: string): Feature | undefined {
  const layout = analysis.roles.layout;
  return layout.featureOf(file) ?? foreignFeatureOf(layout, file);
}

/**
 * Whether a file's `defineQuery` calls could break no-query-writes: a necessary condition, never
 * the rule. A call is clean only when the analyzer's static model proves what the rule would
 * find: options an object literal without `emits`, every effect (spreads followed as the rule
 * follows them) a port operation of a kind a query may use. Anything it cannot prove (a computed
 * key, an unresolved effect, a method) sends the file to the rule itself.
 */
function queriesMayWrite(analysis: Analysis, scan: FileScan): boolean {
  const { descriptors } = analysis;
  const allowed = (expression: morphTs.Expression): boolean => {
    const operation = descriptors.portOperationAt(expression);
    return operation !== undefined && !QUERY_FORBIDDEN_KINDS.has(operation.kind);
  };
  const allAllowed = (expression: morphTs.Expression): boolean =>
    descriptors.objectEntriesAt(expression)?.every((entry) => allowed(entry.value)) === true;
  const effectsAllowed = (value: morphTs.Expression): boolean => {
    const effects = unwrap(value);
    if (!morphTs.isObjectLiteralExpression(effects)) return allAllowed(effects);
    return effects.properties.every((entry) => {
      if (morphTs.isSpreadAssignment(entry)) return allAllowed(entry.expression);
      if (morphTs.isPropertyAssignment(entry)) return allowed(entry.initializer);
      if (morphTs.isShorthandPropertyAssignment(entry)) return allowed(entry.name);
      return false;
    });
  };
  for (const call of scan.calls) {
    if (call.api !== "defineQuery") continue;
    const argument = call.node.arguments[0];
    const options = argument ? unwrap(argument) : undefined;
    if (!options || !morphTs.isObjectLiteralExpression(options)) return true;
    for (const property of options.properties) {
      if (morphTs.isSpreadAssignment(property)) return true;
      const key = property.name ? propertyNameText(property.name) : undefined;
      if (key === undefined || key === "emits") return true;
      if (key !== "effects") continue;
      if (
        morphTs.isPropertyAssignment(property)
          ? !effectsAllowed(property.initializer)
          : !morphTs.isShorthandPropertyAssignment(property) || !allAllowed(property.name)
      ) {
        return true;
      }
    }
  }
  return false;
}

/**
 * The query rule's effect-kind look-ups, answered from the analyzer's static model of port
 * operations (no type checking); whatever the model cannot tell is asked of the checker.
 */
function staticQueryTypes(
  analysis: Analysis,
  nodeMap: EsTreeToTsNodeMap,
  fallback: () => QueryTypeServices,
): QueryTypeServices {
  const { descriptors } = analysis;
  const expression = (node: TSESTree.Node) => nodeMap.get(node) as unknown as morphTs.Expression;
  const info = (operation: { id: string; kind: string }): PortOperationInfo => ({
    kinds: [operation.kind],
    id: operation.id,
  });
  return {
    portOperation(node) {
      const operation = descriptors.portOperationAt(expression(node));
      return operation ? info(operation) : fallback().portOperation(node);
    },
    portOperationsOf(node) {
      const entries = descriptors.objectEntriesAt(expression(node));
      const operations = entries?.map((entry) => ({
        key: entry.key,
        operation: descriptors.portOperationAt(entry.value),
      }));
      if (!operations || operations.some((entry) => entry.operation === undefined))
        return fallback().portOperationsOf(node);
      return operations.map((entry) => ({ key: entry.key, operation: info(entry.operation!) }));
    },
    propertyNames(node) {
      return (
        descriptors.objectEntriesAt(expression(node))?.map((entry) => entry.key) ??
        fallback().propertyNames(node)
      );
    },
  };
}

/**
 * The architecture violations of the project, found by the ESLint plugin's own detection logic
 * (eslint-plugin/logic): the same rule ids, messages and positions ESLint reports. Each file that
 * could hold a violation is converted to ESTree once from the analyzer's program (never parsed
 * again); files that cannot (no cross-feature import, no ambient name, no defineQuery) are skipped.
 */
export function collectVerdict(analysis: Analysis): Verdict {
  const { loaded } = analysis;
  const services = checkServices(analysis);
  const estree = estreeConverter(analysis, services);
  const found = new Map<ProjectFile, Violation[]>();
  for (const file of loaded.files) {
    if (file.declaration) continue;
    const scan = analysis.scans.get(file);
    const queries = scan !== undefined && queriesMayWrite(analysis, scan);
    const syntactic =
      mayReachAmbient(analysis, file) || importsAcrossFeatures(analysis, file, services);
    if (!syntactic && !queries) continue;
    const converted = estree.convert(file);
    if (!converted) continue;
    const { input, nodeMap } = converted;
    const violations: Violation[] = syntactic ? checkSyntacticRules(input) : [];
    if (queries) {
      let checked: QueryTypeServices | undefined;
      const fallback = () => (checked ??= createQueryTypeServices(estree.checker(), nodeMap));
      violations.push(
        ...checkQueryWrites({ ...input, types: staticQueryTypes(analysis, nodeMap, fallback) }),
      );
    }
    found.set(file, violations);
  }
  const convertInput = (file: ProjectFile) => estree.convert(file)?.input;
  for (const [file, violations] of transitiveViolations(analysis, convertInput))
    found.set(file, [...(found.get(file) ?? []), ...violations].sort(compareViolations));
  return applyVerdict(analysis, found);
}

interface Converted {
  readonly input: LogicInput;
  readonly nodeMap: EsTreeToTsNodeMap;
}

/**
 * Converts project files to ESTree from the analyzer's program (never parsed again), once each;
 * a file with syntax errors is reported as a diagnostic and gives undefined (the rules need a
 * valid tree). The checker is created only when a look-up needs it.
 */
function estreeConverter(analysis: Analysis, services: ProjectServices) {
  const { loaded } = analysis;
  let checker: ts.TypeChecker | undefined;
  const program = loaded.program as unknown as ts.Program;
  // typescript-estree asks the program for its checker only to be sure parent pointers are set
  // (ts-morph sets them): creating one binds every file, so it is not created for that.
  const programView = Object.create(program, {
    getTypeChecker: { value: () => checker ?? ({} as ts.TypeChecker) },
  }) as ts.Program;
  const getChecker = () => (checker ??= program.getTypeChecker());
  const memo = new Map<ProjectFile, Converted | undefined>();
  const convert = (file: ProjectFile): Converted | undefined => {
    if (memo.has(file)) return memo.get(file);
    let converted: Converted | undefined;
    if (loaded.program.getSyntacticDiagnostics(file.sourceFile).length === 0) {
      const { parseAndGenerateServices, analyzeScopes } = loadRuleHosts();
      const parsed = parseAndGenerateServices(file.sourceFile.text, {
        programs: [programView],
        filePath: file.fileName,
        loc: true,
        range: true,
        comment: false,
        tokens: false,
        errorOnUnknownASTType: false,
        loggerFn: false,
        // Files with syntax errors are skipped above; the extra ESTree validation is not needed.
        allowInvalidAST: true,
      });
      // Once per file: every rule run over it, and the transitive rule's questions, climb them.
      setParentPointers(parsed.ast);
      const input: LogicInput = {
        program: parsed.ast,
        scopeManager: analyzeScopes(parsed.ast, { sourceType: "module" }),
        filename: analysis.roles.absolute(file),
        // The text ESLint gives the rules: messages quote it (an unknown member's source).
        sourceText: file.sourceFile.text,
        config: loaded.config,
        services,
        // As the scan judged the file's import() targets (extract/scan.ts).
        literalStrings: literalStringsOf(
          () => morphTs as unknown as LiteralStringsCompiler,
          getChecker,
          parsed.services.esTreeNodeToTSNodeMap,
        ),
      };
      converted = { input, nodeMap: parsed.services.esTreeNodeToTSNodeMap };
    }
    memo.set(file, converted);
    return converted;
  };
  return { convert, checker: getChecker };
}

/** The violations `check` reports (see collectVerdict), without the unused directives. */
export function collectViolations(analysis: Analysis): ViolationEntry[] {
  return collectVerdict(analysis).violations;
}
