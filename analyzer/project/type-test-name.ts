// Vitest's type tests by name, without loading TypeScript (a fresh answer asks it too).
/** Vitest's type tests by name (its default `typecheck.include`): `*.test-d.ts`, `*.spec-d.mts`. */
const TYPE_TEST = /\.(?:test|spec)-d\.[cm]?[jt]sx?$/u;

export function isTypeTest(file: string): boolean {
  return TYPE_TEST.test(file);
}
