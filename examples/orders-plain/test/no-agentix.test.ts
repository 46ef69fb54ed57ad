// The plain app is the baseline agentix is compared with, so it must not lean on agentix or
// on the agentix example: every module it loads is its own, Node's, or a package it names here.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, test } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const packages = ["zod", "hono", "@hono/node-server", "better-sqlite3", "vitest", "typescript", "eslint", "typescript-eslint"];

/** Every module specifier `source` mentions: imports, re-exports, `import()`, `require()`, `import type`. */
function specifiers(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

/** Why `specifier`, in `file`, is not allowed; `undefined` when it is. */
function refusal(file: string, specifier: string): string | undefined {
  if (specifier.startsWith("node:")) return undefined;
  if (specifier.startsWith(".")) {
    const target = relative(root, resolve(file, "..", specifier));
    return target.startsWith("..") ? `${specifier} leaves examples/orders-plain` : undefined;
  }
  const name = specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : (specifier.split("/")[0] ?? specifier);
  return packages.includes(name) ? undefined : `${specifier} is not one of the app's packages`;
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return entry.name === "dist" || entry.name === "node_modules" ? [] : sourceFiles(path);
    return /\.[cm]?[jt]s$/.test(entry.name) ? [path] : [];
  });
}

describe("examples/orders-plain", () => {
  test("imports nothing of agentix, nothing outside its folder, and only the packages it names", () => {
    const files = sourceFiles(root);
    expect(files.length).toBeGreaterThan(25);
    const refusals = files.flatMap((file) =>
      specifiers(readFileSync(file, "utf8")).flatMap((specifier) => {
        const why = refusal(file, specifier);
        return why === undefined ? [] : [`${relative(root, file)}: ${why}`];
      }),
    );
    expect(refusals).toEqual([]);
  });

  test("the check sees every form an import can take", () => {
    const file = join(root, "src/example.ts");
    const source = [
      'import { s } from "agentix";',
      'import type { Outcome } from "agentix";',
      'export * from "agentix/http";',
      'const testing = await import("agentix/testing");',
      'const plugin = require("agentix/eslint-plugin");',
      'import app = require("../../orders/src/app.js");',
      'import "@hono/node-server-extra";',
    ].join("\n");
    expect(specifiers(source).map((specifier) => refusal(file, specifier))).toEqual([
      "agentix is not one of the app's packages",
      "agentix is not one of the app's packages",
      "agentix/http is not one of the app's packages",
      "agentix/testing is not one of the app's packages",
      "agentix/eslint-plugin is not one of the app's packages",
      "../../orders/src/app.js leaves examples/orders-plain",
      "@hono/node-server-extra is not one of the app's packages",
    ]);
  });
});
