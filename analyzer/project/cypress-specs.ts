// Cypress's specs, which import no test framework: a use of its global `cy`, and its default
// spec folders. Plain text tests, no TypeScript: verify's plans read them when answering from a
// fresh index, which never loads TypeScript.

/** A use of Cypress's global `cy` (`cy.visit(...)`), which its specs make and import nothing for. */
const USES_CY = /\bcy\s*\.\s*[\w$]/u;

/** Cypress's default spec folders: `cypress/e2e` (Cypress 10 on), `cypress/integration` (before), `cypress/component`. */
export const CYPRESS_SPEC_FOLDER = /(?:^|\/)cypress\/(?:e2e|integration|component)\//u;

const MOUNTS = /\bcy\s*\.\s*mount\s*\(/u;

/** Whether text mounts a component with `cy.mount(...)`: Cypress's component testing. */
export function mountsCypressComponent(text: string): boolean {
  return MOUNTS.test(text);
}

/** Whether text uses Cypress's global `cy`. */
export function usesCypressGlobal(text: string): boolean {
  return USES_CY.test(text);
}

/** A call that declares Mocha-style tests, as Cypress's specs do (`it(`, `describe(`, `context(`). */
const DECLARES_TESTS = /\b(?:it|describe|context|specify)\s*\(/u;

/**
 * A Cypress spec by its place and text, whatever its name (Cypress 9's `cypress/integration/login.js`):
 * in one of Cypress's default spec folders (`file` best relative to the root), using `cy` and declaring
 * tests. Support files (`cypress/support/`) and a spec folder's helpers that declare no test are none.
 */
export function isCypressSpec(file: string, text: string): boolean {
  return (
    CYPRESS_SPEC_FOLDER.test(file.replaceAll("\\", "/")) &&
    usesCypressGlobal(text) &&
    DECLARES_TESTS.test(text)
  );
}
