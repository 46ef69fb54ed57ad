// Test files share their worker (`isolate: false`): typescript-eslint keeps a program per
// tsconfig it linted with (watch programs, tsconfig matches, the project service) for the life of
// the process. Forgetting them after each file keeps one file's projects, some of them temporary
// folders already removed, from serving the next file, and keeps a worker's memory flat.
import { clearCaches } from "@typescript-eslint/typescript-estree";
import { afterAll } from "vitest";

afterAll(() => clearCaches());
