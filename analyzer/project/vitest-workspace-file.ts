// Vitest 3's workspace file (`vitest.workspace.ts`, `vitest.projects.json`): beside the main
// config, its default export lists the projects Vitest runs, unless the config names its own.
import { ts } from "./ts-morph.js";
import { unwrap } from "./ts-syntax.js";
import {
  constant,
  defaultGlobs,
  emptySource,
  namesProjects,
  NotLiteral,
  parsed,
  projectsOf,
  readConfigFile,
  rebased,
  type Globs,
  type ReadContext,
} from "./vitest-globs.js";

/**
 * Vitest 3's workspace file beside the config (`vitest.workspace.ts`, `vitest.projects.json`):
 * its default export lists the projects, unless the config names its own.
 */
export const WORKSPACE_NAMES = ["workspace", "projects"].flatMap((base) =>
  ["ts", "mts", "cts", "js", "mjs", "cjs", "json"].map((ext) => `vitest.${base}.${ext}`),
);

const WORKSPACE_FILE: ReadonlySet<string> = new Set(WORKSPACE_NAMES);

/** Whether a file name is a workspace file's. */
export function isWorkspaceFile(name: string): boolean {
  return WORKSPACE_FILE.has(name);
}

/**
 * The main config's projects: its own, or those of the workspace file beside it when it names
 * none (the config itself is then not a project; its setup is counted for each all the same).
 */
export function readWithWorkspace(file: string, context: ReadContext, workspace?: string): Globs[] {
  if (workspace === undefined) return readConfigFile(file, context);
  const own = file === workspace ? [] : readConfigFile(file, context);
  const config = context.sources.get(file);
  if (config !== undefined && namesProjects(config)) return own;
  const source = parsed(workspace, context.inputs);
  if (source === undefined)
    throw new NotLiteral(emptySource(workspace), "the workspace file cannot be read");
  context.sources.set(workspace, source);
  const setup = own.flatMap((globs) => globs.setup);
  const projects = projectsOf(workspaceList(source), context, own[0] ?? defaultGlobs());
  return rebased(projects, workspace, context).map((project) => ({
    ...project,
    setup: [...setup, ...project.setup],
  }));
}

/** The list a workspace file exports: `export default defineWorkspace([...])`, or JSON's array. */
function workspaceList(source: ts.SourceFile): ts.Expression {
  // TypeScript's JSON parser recovers from errors; Vitest's does not.
  if (source.fileName.endsWith(".json") && !isJson(source.text))
    throw new NotLiteral(source, "the file is not JSON");
  let exported: ts.Expression | undefined;
  for (const statement of source.statements) {
    if (ts.isExportAssignment(statement)) exported = statement.expression;
    else if (ts.isExpressionStatement(statement)) {
      const expression = unwrap(statement.expression);
      if (source.fileName.endsWith(".json")) exported = expression;
      else if (
        ts.isBinaryExpression(expression) &&
        expression.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        expression.left.getText(source) === "module.exports"
      )
        exported = expression.right;
    }
  }
  if (exported === undefined) throw new NotLiteral(source, "it exports no list of projects");
  let list = unwrap(exported);
  // `defineWorkspace([...])`
  if (ts.isCallExpression(list) && list.arguments.length === 1) list = unwrap(list.arguments[0]!);
  // `const projects = [...]; export default projects`
  if (ts.isIdentifier(list)) list = constant(source, list) ?? list;
  return list;
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
