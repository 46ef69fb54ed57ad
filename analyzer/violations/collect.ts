import path from "node:path";
import { analyze as analyzeScopes } from "@typescript-eslint/scope-manager";
import { parseAndGenerateServices } from "@typescript-eslint/typescript-estree";
import type ts from "typescript";
import { ts as morphTs } from "ts-morph";
import {
  ROOT_GLOBALS,
  bannedModuleCategory,
  moduleRoot,
} from "../../eslint-plugin/logic/ambient/capabilities.js";
import {
  checkQueryWrites,
  checkSyntacticRules,
  createProjectServices,
  createQueryTypeServices,
  resolveLexically,
  type LogicInput,
  type ModuleResolver as SharedResolver,
  type ProjectServices,
  type Violation,
} from "../../eslint-plugin/logic/index.js";
import type { Analysis } from "../analyze.js";
import type { ViolationEntry } from "../index-file/types.js";
import type { ProjectFile } from "../project/load-project.js";

const AMBIENT_WORDS = new RegExp(`\\b(?:${[...ROOT_GLOBALS, "import\\.meta"].join("|")})\\b`, "u");

function isRelative(specifier: string): boolean {
  return specifier.startsWith("./") || specifier.startsWith("../") || specifier === "." || specifier === ".." || path.isAbsolute(specifier);
}

/**
 * The rules' module resolver, answered from the analyzer's own resolutions (the program's),
 * with the rules' lexical fallback for relative specifiers that resolve nowhere.
 */
function sharedResolver(analysis: Analysis): SharedResolver {
  const { loaded, resolver } = analysis;
  return (specifier, fromFile, kind = "import") => {
    const from = loaded.fileByName.get(fromFile) ?? loaded.fileByName.get(fromFile.split(path.sep).join("/"));
    if (!from) return isRelative(specifier) ? resolveLexically(specifier, path.dirname(fromFile)) : undefined;
    const mode =
      kind === "require"
        ? morphTs.ModuleKind.CommonJS
        : kind === "dynamic-import"
          ? morphTs.ModuleKind.ESNext
          : from.sourceFile.impliedNodeFormat === morphTs.ModuleKind.CommonJS
            ? morphTs.ModuleKind.CommonJS
            : morphTs.ModuleKind.ESNext;
    const target = resolver.modules.resolve(specifier, from.sourceFile, undefined, mode);
    if (target.kind === "file") return path.resolve(target.file.fileName);
    if (target.kind === "unresolved" && isRelative(specifier)) return resolveLexically(specifier, path.dirname(fromFile));
    return undefined;
  };
}

/** Files where a boundary rule could report: they import another feature's file, or a target that cannot be known. */
function importsAcrossFeatures(analysis: Analysis, file: ProjectFile): boolean {
  const from = analysis.roles.featureOf(file);
  for (const item of analysis.imports.get(file) ?? []) {
    if (item.site.specifier === undefined) return true;
    if (item.target.kind === "unresolved" || item.target.kind === "outside") return true;
    if (item.target.kind !== "file") continue;
    const to = analysis.roles.featureOf(item.target.file);
    if (to && to.dir !== from?.dir) return true;
  }
  return false;
}

/** Domain files that mention an ambient root (`fetch`, `Date`, `process`, ...) or import a banned module. */
function mayReachAmbient(analysis: Analysis, file: ProjectFile): boolean {
  if (!analysis.roles.layout.isDomainFile(path.resolve(file.fileName))) return false;
  if (AMBIENT_WORDS.test(file.sourceFile.text)) return true;
  return (analysis.imports.get(file) ?? []).some(
    (item) => item.site.specifier !== undefined && (bannedModuleCategory(item.site.specifier) !== undefined || moduleRoot(item.site.specifier) !== undefined),
  );
}

function toEntry(violation: Violation, file: ProjectFile): ViolationEntry {
  return {
    rule: violation.ruleId,
    messageId: violation.messageId,
    message: violation.message,
    file: file.path,
    line: violation.loc.start.line,
    column: violation.loc.start.column + 1,
    endLine: violation.loc.end.line,
    endColumn: violation.loc.end.column + 1,
  };
}

/**
 * The architecture violations of the project, found by the ESLint plugin's own detection logic
 * (eslint-plugin/logic): the same rule ids, messages and positions ESLint reports. Each file that
 * could hold a violation is converted to ESTree once from the analyzer's program (never parsed
 * again); files that cannot (no cross-feature import, no ambient name, no defineQuery) are skipped.
 */
export function collectViolations(analysis: Analysis): ViolationEntry[] {
  const { loaded } = analysis;
  let services: ProjectServices | undefined;
  let checker: ts.TypeChecker | undefined;
  const program = loaded.program as unknown as ts.Program;
  const out: ViolationEntry[] = [];
  for (const file of loaded.files) {
    if (file.declaration) continue;
    const scan = analysis.scans.get(file);
    const queries = scan?.calls.some((call) => call.api === "defineQuery") === true;
    const syntactic = importsAcrossFeatures(analysis, file) || mayReachAmbient(analysis, file);
    if (!syntactic && !queries) continue;
    // A file with syntax errors is reported as a diagnostic; the rules need a valid tree.
    if (loaded.program.getSyntacticDiagnostics(file.sourceFile).length > 0) continue;
    services ??= createProjectServices({ resolveModule: sharedResolver(analysis) });
    const filename = path.resolve(file.fileName);
    const parsed = parseAndGenerateServices(file.sourceFile.text, {
      programs: [program],
      filePath: file.fileName,
      loc: true,
      range: true,
      comment: false,
      tokens: false,
      errorOnUnknownASTType: false,
      loggerFn: false,
    });
    const input: LogicInput = {
      program: parsed.ast,
      scopeManager: analyzeScopes(parsed.ast, { sourceType: "module" }),
      filename,
      config: loaded.config,
      services,
    };
    const violations: Violation[] = syntactic ? checkSyntacticRules(input) : [];
    if (queries) {
      checker ??= program.getTypeChecker();
      violations.push(...checkQueryWrites({ ...input, types: createQueryTypeServices(checker, parsed.services.esTreeNodeToTSNodeMap) }));
    }
    for (const violation of violations) out.push(toEntry(violation, file));
  }
  return out;
}
