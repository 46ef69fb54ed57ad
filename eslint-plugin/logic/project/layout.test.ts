// ProjectLayout.mayHaveFeatureChild lets no-private-imports skip "./name" imports: each case fails
// when it answers "no feature folder here" for a folder that has (or may have) one.
import path from "node:path";
import { createRequire } from "node:module";
import { describe, expect, it, vi } from "vitest";
import {
  DEFAULT_ADAPTERS,
  DEFAULT_COMPOSITION_ROOTS,
  DEFAULT_TESTS,
  defaultConfig,
  parseConfig,
} from "../../../schema/load-config.js";
import { ProjectLayout } from "./layout.js";

const root = path.resolve("/work/project");
const layoutWith = (directories?: string[]) =>
  new ProjectLayout(
    directories === undefined
      ? defaultConfig(root)
      : parseConfig({ features: { directories } }, path.join(root, "agentix.config.json")),
  );
const folders = [
  "",
  "src",
  "src/features",
  "src/features/orders",
  "packages/app/src/features",
  "apps/a",
  "apps/a/features",
  "apps/a/features/x",
  "lib",
];
const names = ["x", "orders", "a-b", ".hidden", "features"];

describe("mayHaveFeatureChild", () => {
  it("says which folders of the default layout may hold feature folders", () => {
    const layout = layoutWith();
    const answers = Object.fromEntries(
      folders.map((folder) => [folder, layout.mayHaveFeatureChild(path.join(root, folder))]),
    );
    expect(answers).toEqual({
      "": false,
      src: false,
      "src/features": true,
      "src/features/orders": false,
      "packages/app/src/features": true,
      "apps/a": false,
      "apps/a/features": false,
      "apps/a/features/x": false,
      lib: false,
    });
    expect(layout.mayHaveFeatureChild(path.resolve("/elsewhere/src/features"))).toBe(false);
  });

  for (const directories of [
    undefined,
    ["apps/*/features/**"],
    ["*"],
    ["src/modules/orders"],
    ["src/features/*-module"],
    ["src/{features,modules}/*"],
  ])
    it(`never says no where a child is a feature folder (${JSON.stringify(directories ?? "default")})`, () => {
      const layout = layoutWith(directories);
      for (const folder of folders)
        for (const name of names) {
          const child = path.join(root, folder, name);
          if (layout.isFeatureFolder(child))
            expect([folder, name, layout.mayHaveFeatureChild(path.join(root, folder))]).toEqual([
              folder,
              name,
              true,
            ]);
        }
    });

  it("cannot rule out a glob whose last segment names something, or is **", () => {
    expect(layoutWith(["apps/*/features/**"]).mayHaveFeatureChild(path.join(root, "apps/a"))).toBe(
      true,
    );
    expect(layoutWith(["src/modules/orders"]).mayHaveFeatureChild(path.join(root, "lib"))).toBe(
      true,
    );
    expect(layoutWith(["src/features/*-module"]).mayHaveFeatureChild(path.join(root, "lib"))).toBe(
      true,
    );
  });
});

describe("featureOf", () => {
  // featureOf tests a path's parent once for all its children where the globs allow it: its
  // answer must be the innermost folder the globs match, as testing every folder on the way says.
  for (const directories of [
    undefined,
    ["src/features/*"],
    ["**/features/*", "src/features/*/sub/*"],
    ["src/features/*", "!src/features/x"],
    ["apps/*/features/**"],
    ["src/{features,modules}/*"],
  ])
    it(`names the innermost matched folder (${JSON.stringify(directories ?? "default")})`, () => {
      const layout = layoutWith(directories);
      const isFeature = (relative: string) => layout.isFeatureFolder(path.join(root, relative));
      for (const folder of folders)
        for (const name of names)
          for (const file of [`${name}/m.ts`, `${name}/sub/${name}/m.ts`]) {
            const relative = path.posix.join(folder, file);
            const segments = relative.split("/").slice(0, -1);
            let innermost: string | undefined;
            for (let end = 1; end <= segments.length; end += 1) {
              const candidate = segments.slice(0, end).join("/");
              if (isFeature(candidate)) innermost = candidate;
            }
            expect([relative, layout.featureOf(path.join(root, relative))?.dir]).toEqual([
              relative,
              innermost === undefined ? undefined : path.join(root, innermost),
            ]);
          }
    });
});

describe("compiling the layout's globs", () => {
  // picomatch's own module: its entry point wraps it, and it compiles each glob through here.
  const compiler = createRequire(import.meta.url)("picomatch/lib/picomatch.js") as {
    makeRe(glob: string): RegExp;
  };

  it("compiles the other globs only when a file is asked about them", () => {
    const compiled = vi.spyOn(compiler, "makeRe");
    const layout = layoutWith();
    expect(layout.featureOfFolder(path.join(root, "src/lib"))).toBeUndefined();
    expect(compiled.mock.calls.map(([glob]) => glob)).toEqual(["**/src/features/*"]);
    expect(layout.isDomainFile(path.join(root, "src/features/orders/model.ts"))).toBe(true);
    expect(compiled.mock.calls.map(([glob]) => glob)).toEqual([
      "**/src/features/*",
      ...DEFAULT_TESTS,
      ...DEFAULT_ADAPTERS,
      ...DEFAULT_COMPOSITION_ROOTS,
    ]);
    compiled.mockRestore();
  });
});

// ["src/features/*", "!src/features/legacy"]: every folder but legacy was a feature ("src",
// "lib"); the segments fast path was lost too.
describe("a negated features.directories glob", () => {
  it("excludes its folders from the others' features, and nothing else is one", () => {
    const layout = layoutWith(["src/features/*", "!src/features/legacy"]);
    expect(
      [
        "src/features/orders/model.ts",
        "src/features/legacy/old.ts",
        "src/lib/strings.ts",
        "src/main.ts",
      ].map((file) => layout.featureOf(path.join(root, file))?.id ?? null),
    ).toEqual(["orders", null, null, null]);
    expect(layout.featureSegments).toEqual(["features"]);
  });
});
