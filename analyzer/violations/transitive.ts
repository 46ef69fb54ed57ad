// Capabilities laundered through code outside features: a domain file imports src/lib/ambient.ts,
// which reads process.env, or an adapter module whose handlers touch the filesystem (and calls
// them, bypassing its declared effects). The rule sees one file; the analyzer follows the imports
// into shared code, adapters and composition roots (not tests) and reports the import in the
// domain file, with the chain.
import type { TSESTree } from "@typescript-eslint/types";
import {
  NO_AMBIENT_CAPABILITIES,
  ambientUseVisitors,
  ambientViolations,
  checksCapability,
  noAmbientCapabilitiesMessages,
  reachText,
  type AmbientUse,
} from "../../eslint-plugin/logic/no-ambient-capabilities.js";
import { runLogic, type LogicInput, type Violation } from "../../eslint-plugin/logic/index.js";
import { usedOnlyAsTypes } from "../../eslint-plugin/logic/scope/global-references.js";
import type { Analysis } from "../analyze.js";
import type { ProjectFile } from "../project/load-project.js";
import { mayUseAmbient } from "./ambient-prefilter.js";
import type { Site } from "../extract/model.js";
import { declaredLoads, loadGlobs } from "../../schema/declared-loads.js";

/** Converts a file to the rules' input (memoized by the caller); undefined for a syntax error. */
export type Converter = (file: ProjectFile) => LogicInput | undefined;

/** What a shared file does itself, and the shared files it imports (with the import's line). */
interface SharedReach {
  readonly uses: readonly AmbientUse[];
  readonly imports: readonly { readonly line: number; readonly file: ProjectFile }[];
}

const lineOf = (file: ProjectFile, node: { getStart(): number }): number =>
  file.sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;

/** Where a domain file's capabilities may be laundered: code outside features that is no test. */
const FOLLOWED_ROLES: ReadonlySet<string> = new Set(["shared", "adapter", "composition-root"]);

/** Where a file imports or loads another: what a report's position is read from. */
type LoadSite = Pick<Site, "node">;

/** Value imports of project files outside features (FOLLOWED_ROLES), in source order. */
function sharedImports(analysis: Analysis, file: ProjectFile) {
  return (analysis.imports.get(file) ?? []).flatMap((item) =>
    item.target.kind === "file" &&
    !item.site.typeOnly &&
    item.site.form !== "type-import" &&
    FOLLOWED_ROLES.has(analysis.roles.role(item.target.file))
      ? [{ site: item.site, target: item.target.file }]
      : [],
  );
}

/**
 * The files outside features (FOLLOWED_ROLES) that each non-literal import()/require() of `file`
 * may load, as agentix.config.json `loads` declares them: loaded code is imported code.
 */
function declaredSharedLoads(
  analysis: Analysis,
  file: ProjectFile,
): { site: LoadSite; targets: ProjectFile[] }[] {
  const loads = loadGlobs(declaredLoads(analysis.loaded.config)(file.path) ?? []);
  if (loads.length === 0) return [];
  const targets = analysis.loaded.files.filter(
    (other) =>
      other !== file &&
      !other.declaration &&
      loads.some(({ matches }) => matches(other.path)) &&
      FOLLOWED_ROLES.has(analysis.roles.role(other)),
  );
  if (targets.length === 0) return [];
  return analysis.unresolved
    .filter(
      (item) =>
        item.site.file === file && (item.kind === "dynamic-import" || item.kind === "require"),
    )
    .map((item) => ({ site: item.site, targets }));
}

function reachOf(
  analysis: Analysis,
  convert: Converter,
  memo: Map<ProjectFile, SharedReach>,
  file: ProjectFile,
): SharedReach {
  const known = memo.get(file);
  if (known) return known;
  const uses: AmbientUse[] = [];
  const input = mayUseAmbient(analysis, file) ? convert(file) : undefined;
  if (input) {
    const logic = {
      ruleId: NO_AMBIENT_CAPABILITIES,
      messages: noAmbientCapabilitiesMessages,
      create: (given: LogicInput) =>
        ambientUseVisitors(
          given,
          () => true,
          (use) => uses.push(use),
        ),
    };
    runLogic(logic, input);
    uses.sort(
      (a, b) => a.loc.start.line - b.loc.start.line || a.loc.start.column - b.loc.start.column,
    );
  }
  const imports = sharedImports(analysis, file).map((entry) => ({
    line: lineOf(file, entry.site.node),
    file: entry.target,
  }));
  const reach = { uses, imports };
  memo.set(file, reach);
  return reach;
}

/**
 * The first chain from `file` to a use that `checks` (category checked for the domain file and
 * not allowed where it is used), as message text: `src/lib/a.ts, which reads process.env at line 7`.
 */
function chainFrom(
  analysis: Analysis,
  reachFor: (file: ProjectFile) => SharedReach,
  checks: (use: AmbientUse, where: ProjectFile) => boolean,
  file: ProjectFile,
  seen: Set<ProjectFile>,
  /** The line at which the previous file of the chain imports this one. */
  via?: number,
): string | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const head = via === undefined ? file.path : `${file.path} at line ${via}`;
  const reach = reachFor(file);
  const use = reach.uses.find((candidate) => checks(candidate, file));
  if (use) {
    return `${head}, which ${reachText(use)} at line ${use.loc.start.line}`;
  }
  for (const next of reach.imports) {
    const rest = chainFrom(analysis, reachFor, checks, next.file, seen, next.line);
    if (rest) return `${head}, which imports ${rest}`;
  }
  return undefined;
}

/** The ESTree import declaration of a site, when its bindings are used only as types. */
function onlyTypes(input: LogicInput | undefined, start: number): boolean {
  const declaration = input?.program.body.find(
    (node): node is TSESTree.ImportDeclaration =>
      node.type === "ImportDeclaration" && node.source.range[0] === start,
  );
  return declaration !== undefined && usedOnlyAsTypes(input!.scopeManager, declaration);
}

/** The transitive ambient violations of every domain file, by file. */
export function transitiveViolations(
  analysis: Analysis,
  convert: Converter,
): Map<ProjectFile, Violation[]> {
  const { roles } = analysis;
  const { layout } = roles;
  const memo = new Map<ProjectFile, SharedReach>();
  const reachFor = (file: ProjectFile) => reachOf(analysis, convert, memo, file);
  const out = new Map<ProjectFile, Violation[]>();
  for (const file of analysis.loaded.files) {
    const filename = roles.absolute(file);
    if (file.declaration || !layout.isDomainFile(filename)) continue;
    const checks = (use: AmbientUse, where: ProjectFile): boolean =>
      checksCapability(layout, use.capability, filename) &&
      checksCapability(layout, use.capability, roles.absolute(where));
    const loads = declaredSharedLoads(analysis, file);
    const edges = [
      ...sharedImports(analysis, file).map(({ site, target }) => ({ site, targets: [target] })),
      ...loads,
    ];
    for (const { site, targets } of edges) {
      // A load that may load several files: the first chain, in path order, is reported.
      let chain: string | undefined;
      for (const target of targets) {
        chain = chainFrom(analysis, reachFor, checks, target, new Set());
        if (chain) break;
      }
      if (!chain || onlyTypes(convert(file), site.node.getStart())) continue;
      const start = file.sourceFile.getLineAndCharacterOfPosition(site.node.getStart());
      const end = file.sourceFile.getLineAndCharacterOfPosition(site.node.getEnd());
      const loc = {
        start: { line: start.line + 1, column: start.character },
        end: { line: end.line + 1, column: end.character },
      };
      const list = out.get(file) ?? [];
      list.push(ambientViolations.create("transitive", loc, { chain }));
      out.set(file, list);
    }
  }
  return out;
}
