// The module calls of Jest's `jest` and Vitest's `vi` (`vi.mock("./api")`, `jest.requireActual`)
// and where a module's manual mock lies: shared by manual-mocks.ts and runner-loads.ts.
import path from "node:path";
import { ts } from "../project/ts-morph.js";
import type { ProjectFile } from "../project/load-project.js";

/** The folder of manual mocks, beside a module or at the root for a package. */
export const MOCKS = "__mocks__";

/** The methods that load a module's mock (a manual one when it exists) in its place. */
export const MOCK_METHODS: ReadonlySet<string> = new Set([
  "mock",
  "doMock",
  "unstable_mockModule",
  "requireMock",
  "importMock",
]);

/**
 * The manual mocks among `files` by their path without extension (`src/__mocks__/api` ->
 * src/__mocks__/api.ts): what mockStemOf(module) is looked up in.
 */
export function manualMocksByStem(
  files: readonly { readonly path: string; readonly declaration: boolean }[],
): Map<string, string[]> {
  const byStem = new Map<string, string[]>();
  for (const file of files) {
    if (file.declaration || !file.path.split("/").includes(MOCKS)) continue;
    const stem = file.path.replace(/\.[^./]+$/u, "");
    byStem.set(stem, [...(byStem.get(stem) ?? []), file.path]);
  }
  return byStem;
}

/** A cheap test of a file's text for a call of one of `methods` (`vi.mock<T>(...)` too). */
export function runnerCallPattern(methods: ReadonlySet<string>): RegExp {
  return new RegExp(String.raw`\b(?:jest|vi)\s*\.\s*(?:${[...methods].join("|")})\b`, "u");
}

/** The manual mock's path of a module, without extension: `src/__mocks__/api` for src/api.ts. */
export function mockStemOf(modulePath: string): string {
  return path.posix.join(
    path.posix.dirname(modulePath),
    MOCKS,
    path.posix.basename(modulePath).replace(/\.[^./]+$/u, ""),
  );
}

/** The file's `jest.<method>("<literal>", ...)` and `vi.<method>(...)` calls of `methods`. */
export function runnerModuleCalls(
  file: ProjectFile,
  methods: ReadonlySet<string>,
): { node: ts.CallExpression; method: string; argument: ts.StringLiteralLike }[] {
  const found: { node: ts.CallExpression; method: string; argument: ts.StringLiteralLike }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const argument = node.arguments[0];
      if (
        ts.isPropertyAccessExpression(callee) &&
        ts.isIdentifier(callee.expression) &&
        (callee.expression.text === "jest" || callee.expression.text === "vi") &&
        methods.has(callee.name.text) &&
        argument !== undefined &&
        ts.isStringLiteralLike(argument)
      )
        found.push({ node, method: callee.name.text, argument });
    }
    ts.forEachChild(node, visit);
  };
  visit(file.sourceFile);
  return found;
}
