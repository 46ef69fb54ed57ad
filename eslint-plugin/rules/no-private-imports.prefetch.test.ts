// A lint run reads the project's folders in one pass once it has checked files of a few
// folders (an editor's lint of one file does not): each folder read between two files' parses
// costs several times as much (bench/no-private-imports.bench.mjs measures it).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeEach, expect, it } from "vitest";
import { diskReads } from "../../schema/folder-listings.js";
import { clearProjectCaches } from "../logic/project-services.js";
import { lintNoPrivateImports } from "../../test/support/lint-no-private-imports.js";

const temp = mkdtempSync(path.join(tmpdir(), "agentix-prefetch-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A project of five features, with folders no import names, node_modules, .git and a link out. */
function project(name: string): string {
  const root = path.join(temp, name);
  const write = (file: string, text = "export const x = 1;\n") => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  write("package.json", JSON.stringify({ type: "module" }));
  write("tsconfig.json", JSON.stringify({ compilerOptions: { module: "NodeNext" } }));
  for (const feature of FEATURES) {
    write(`src/features/${feature}/contract.ts`);
    write(`src/features/${feature}/model.ts`);
  }
  write("docs/guide/deep/page.ts");
  write("node_modules/pkg/index.js");
  write(".git/objects/x.ts");
  write(`../${name}-outside/linked/x.ts`);
  symlinkSync(path.join(temp, `${name}-outside/linked`), path.join(root, "docs/linked"));
  return root;
}

const FEATURES = ["orders", "billing", "loans", "users", "items"] as const;

beforeEach(() => clearProjectCaches());

/**
 * The folders of `root` read while `lint` runs (a new disk round also reads again the folders
 * of projects other test files of this worker linted).
 */
function foldersReadBy(root: string, lint: () => void): string[] {
  const trace: NonNullable<typeof diskReads.trace> = [];
  diskReads.trace = trace;
  try {
    lint();
  } finally {
    diskReads.trace = undefined;
  }
  return trace
    .filter(([kind]) => kind === "readdir")
    .map(([, dir]) => path.relative(root, dir) || ".")
    .filter((dir) => !dir.startsWith(".."));
}

/** Lints a file of each feature, importing another feature's contract. */
const lintFeatures = (root: string, features: readonly string[]) => () => {
  for (const [index, feature] of features.entries()) {
    const other = features[(index + 1) % features.length];
    expect(
      lintNoPrivateImports(
        root,
        `src/features/${feature}/use.ts`,
        `import { x } from "../${other}/contract.js";\n`,
      ),
    ).toEqual([]);
  }
};

it("leaves the folders no import asks for unread while files of a few folders are linted", () => {
  const root = project("few");
  const read = foldersReadBy(root, lintFeatures(root, FEATURES.slice(0, 3)));
  expect(read).not.toContain("docs/guide/deep");
  expect(read).not.toContain("src/features/users");
});

it("reads every folder of the project once after files of four folders, links and node_modules aside", () => {
  const root = project("many");
  const read = foldersReadBy(root, lintFeatures(root, FEATURES));
  for (const folder of [".", "docs", "docs/guide", "docs/guide/deep", "src/features/items"])
    expect(read.filter((dir) => dir === folder)).toHaveLength(1);
  expect(read.filter((dir) => /node_modules|\.git|linked/u.test(dir))).toEqual([]);
});
