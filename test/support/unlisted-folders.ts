import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { diskReads } from "../../schema/folder-listings.js";

/**
 * For the tests of the calling file: every folder named `name` exists but cannot be listed, as a
 * folder with execute permission and no read permission (tests run as root here, who may list
 * anything).
 */
export function unlistedFoldersNamed(name: string): void {
  beforeEach(() => {
    diskReads.refuseListing = (dir) => path.basename(dir) === name;
  });
  afterEach(() => {
    diskReads.refuseListing = undefined;
  });
}
