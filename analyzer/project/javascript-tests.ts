// JavaScript tests in a TypeScript project (`tests/legacy.test.js`, which Vitest's default include
// runs): the tsconfig does not compile them without `allowJs`, so they were neither counted nor
// selected. The analysis compiles them, and only them, as JavaScript: nothing is type-checked.
import type { ts } from "./ts-morph.js";

const JAVASCRIPT_FILE = /\.[cm]?jsx?$/u;

export function isJavaScriptFile(file: string): boolean {
  return JAVASCRIPT_FILE.test(file);
}

/** The analysis's compiler options: `allowJs` on when a test it adds is JavaScript. */
export function withJavaScriptTests(
  options: ts.CompilerOptions,
  addedTests: readonly string[],
): ts.CompilerOptions {
  if (options.allowJs === true || !addedTests.some(isJavaScriptFile)) return options;
  return { ...options, allowJs: true };
}
