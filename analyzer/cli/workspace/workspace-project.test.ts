import path from "node:path";
import { describe, expect, it } from "vitest";
import type { Workspace, WorkspacePackage } from "../../workspace/discover.js";
import { noFeatures } from "./workspace-project.js";

const root = path.resolve("/repo");
const pkg = (folder: string): WorkspacePackage => ({
  name: `@acme/${folder.split("/").pop() as string}`,
  path: folder,
  dir: path.join(root, folder),
  tsconfig: path.join(root, folder, "tsconfig.json"),
  entries: { kind: "unknown" },
});

describe("noFeatures", () => {
  // novu: 38 packages made one line of some 900 characters.
  it("names the first eight projects and counts the rest", () => {
    const packages = Array.from({ length: 10 }, (_, at) => pkg(`packages/p${at}`));
    const workspace: Workspace = { root, kind: "npm", packages, notes: [] };
    expect(
      noFeatures(
        workspace,
        packages.map((entry) => ({ entry })),
      ),
    ).toBe(
      "no package of the workspace has features (packages/p0, packages/p1, packages/p2, packages/p3, packages/p4, packages/p5, packages/p6, packages/p7, and 2 more)",
    );
    expect(noFeatures({ root, kind: "npm", packages: [], notes: [] }, [])).toBe(
      "no package of the workspace has features (no packages)",
    );
  });
});
