// Jest's setup lists read from hostile configs: a field of the wrong type, JSON that is not JSON,
// entries that are not strings. None of them crashes the load; each names only what is there.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readJestSetup } from "./jest-setup.js";
import { VitestInputs } from "./vitest-inputs.js";

// A test may make several; each is removed after it.
const made: string[] = [];
afterEach(() => {
  for (const folder of made.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function projectWith(files: Record<string, string>) {
  const root = mkdtempSync(path.join(os.tmpdir(), "agentix-jest-"));
  made.push(root);
  mkdirSync(path.join(root, "test"));
  writeFileSync(path.join(root, "test/setup.ts"), "export {};\n");
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(root, file), text);
  const read = readJestSetup(root, new VitestInputs());
  return read && { file: read.file, files: [...read.setup.files], problems: read.setup.problems };
}

describe("Jest's setup lists", () => {
  it("take only the strings of a JSON list", () => {
    expect(
      projectWith({
        "jest.config.json": JSON.stringify({
          setupFiles: [null, 1, { a: 1 }, "<rootDir>/test/setup.ts"],
          globalSetup: 42,
        }),
      }),
    ).toEqual({ file: "jest.config.json", files: ["test/setup.ts"], problems: [] });
  });

  it("read nothing from a jest.config.json that is not JSON, or that is not an object", () => {
    expect(projectWith({ "jest.config.json": "{ setupFiles: [" })).toEqual({
      file: "jest.config.json",
      files: [],
      problems: [],
    });
    expect(projectWith({ "jest.config.json": "[1, 2]" })?.files).toEqual([]);
  });

  it("take no config from a package.json whose jest field is not an object, or that is not JSON", () => {
    expect(
      projectWith({ "package.json": JSON.stringify({ jest: "./jest.json" }) }),
    ).toBeUndefined();
    expect(projectWith({ "package.json": JSON.stringify({ jest: null }) })).toBeUndefined();
    expect(projectWith({ "package.json": "{ not json" })).toBeUndefined();
  });

  it("follow a literal rootDir, and warn at a rootDir that is not one", () => {
    expect(
      projectWith({
        "jest.config.js":
          'module.exports = { rootDir: "test", setupFiles: ["<rootDir>/setup.ts"] };\n',
      })?.files,
    ).toEqual(["test/setup.ts"]);
    expect(
      projectWith({
        "jest.config.js": "module.exports = { rootDir: here, setupFiles: [] };\n",
      })?.problems.map(({ code, line, column }) => `${code} ${line}:${column}`),
    ).toEqual(["test-config-not-literal 1:29"]);
  });
});

// helper-29 repro-5: `projects: ["<rootDir>/packages/*"]`, each package with a jest.config.js of
// its own that lists a setup file: the string entries were skipped, so a change reaching the
// setup file selected no test.
describe("projects given as paths", () => {
  function workspace(root: Record<string, string>, packages: Record<string, string>) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "agentix-jest-projects-"));
    made.push(dir);
    for (const [file, text] of Object.entries({ ...root, ...packages })) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    const read = readJestSetup(dir, new VitestInputs());
    return read && [...read.setup.files];
  }
  const PACKAGES = {
    "packages/a/jest.config.js":
      'module.exports = { setupFilesAfterEnv: ["<rootDir>/test/setup.ts"] };\n',
    "packages/a/test/setup.ts": "export {};\n",
    "packages/b/package.json": JSON.stringify({ jest: { setupFiles: ["./b-setup.ts"] } }),
    "packages/b/b-setup.ts": "export {};\n",
    "packages/c/readme.txt": "no config here\n",
  };

  it("read each named folder's own config (a jest.config.*, or package.json's jest field)", () => {
    expect(
      workspace(
        { "jest.config.js": 'module.exports = { projects: ["<rootDir>/packages/*"] };\n' },
        PACKAGES,
      ),
    ).toEqual(["packages/a/test/setup.ts", "packages/b/b-setup.ts"]);
    expect(
      workspace(
        {
          "package.json": JSON.stringify({
            jest: { projects: ["packages/a", "packages/b/package.json"] },
          }),
        },
        PACKAGES,
      ),
    ).toEqual(["packages/a/test/setup.ts", "packages/b/b-setup.ts"]);
  });

  it("names nothing for a path that leads nowhere", () => {
    expect(
      workspace(
        { "jest.config.json": JSON.stringify({ projects: ["<rootDir>/missing/*", "nope"] }) },
        {},
      ),
    ).toEqual([]);
  });
});
