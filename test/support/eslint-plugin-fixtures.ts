import path from "node:path";
import { fileURLToPath } from "node:url";

/** Fixture projects of the ESLint plugin tests (excluded from typecheck and repo lint). */
export const FIXTURES = fileURLToPath(new URL("../fixtures/eslint-plugin/", import.meta.url));

/** An absolute path inside a fixture project, e.g. `fixture("project", "src/main.ts")`. */
export function fixture(project: string, file = ""): string {
  return path.join(FIXTURES, project, file);
}
