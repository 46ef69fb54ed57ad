import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { removeCopies, writtenProject } from "../../test/support/analyzer-fixtures.js";
import { fileInputs } from "../../test/support/file-inputs.js";
import { mappedNames, readJestModuleMap } from "./jest-module-map.js";

afterEach(removeCopies);

const project = (files: Record<string, string>) => writtenProject(files, "jest-module-map");

const inputs = fileInputs;

describe("readJestModuleMap", () => {
  it("reads a JavaScript config's literal mapper in order, <rootDir> replaced, $n kept for the match", () => {
    const dir = project({
      "jest.config.js":
        'module.exports = { rootDir: "src", moduleNameMapper: { "^@app/(.*)$": ["<rootDir>/$1", "<rootDir>/legacy/$1"], "^~/(.*)$": "./stubs/$1" } };\n',
    });
    const entries = readJestModuleMap(dir, inputs)!;
    expect(entries.map((entry) => [entry.pattern.source, entry.targets])).toEqual([
      ["^@app\\/(.*)$", [`${dir}/src/$1`, `${dir}/src/legacy/$1`]],
      ["^~\\/(.*)$", ["./stubs/$1"]],
    ]);
    expect(mappedNames(entries, "@app/clock")).toEqual([
      `${dir}/src/clock`,
      `${dir}/src/legacy/clock`,
    ]);
    expect(mappedNames(entries, "~/x")).toEqual(["./stubs/x"]);
    expect(mappedNames(entries, "lodash")).toBeUndefined();
  });

  it("the first matching entry wins, as in Jest; a group that did not take part is empty", () => {
    const dir = project({
      "package.json": JSON.stringify({
        jest: {
          moduleNameMapper: {
            "^@app/clock$": "<rootDir>/fake.ts",
            "^@app/(x)?(.*)$": "<rootDir>/$1$2",
          },
        },
      }),
    });
    const entries = readJestModuleMap(dir, inputs)!;
    expect(mappedNames(entries, "@app/clock")).toEqual([path.join(dir, "fake.ts")]);
    expect(mappedNames(entries, "@app/y")).toEqual([`${dir}/y`]);
  });

  it("reads inline projects' mappers; skips keys Jest would refuse and values that are no strings", () => {
    const dir = project({
      "jest.config.json": JSON.stringify({
        moduleNameMapper: { "([": "<rootDir>/x.ts", "^a$": 3 },
        projects: [{ moduleNameMapper: { "^b$": "<rootDir>/b.ts" } }, "packages/*"],
      }),
    });
    const entries = readJestModuleMap(dir, inputs)!;
    expect(entries.map((entry) => [entry.pattern.source, entry.targets])).toEqual([
      ["^b$", [`${dir}/b.ts`]],
    ]);
  });

  it("is undefined without a config, without a mapper, or with one that is no literal", () => {
    expect(readJestModuleMap(project({ "package.json": "{}" }), inputs)).toBeUndefined();
    expect(
      readJestModuleMap(
        project({
          "jest.config.js":
            'const { pathsToModuleNameMapper } = require("ts-jest");\nmodule.exports = { moduleNameMapper: pathsToModuleNameMapper({}) };\n',
        }),
        inputs,
      ),
    ).toBeUndefined();
  });
});
