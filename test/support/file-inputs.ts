// The plainest SetupInputs (analyzer/project/jest-setup.ts) for the config readers' unit tests:
// files read as they are, nothing stamped or recorded.
import { existsSync, readFileSync, statSync } from "node:fs";

export const fileInputs = {
  read: (file: string) => (existsSync(file) ? readFileSync(file, "utf8") : undefined),
  isFile: (file: string) => existsSync(file) && statSync(file).isFile(),
  exists: existsSync,
};
