// aliasScope: files of one scope share the rule's answers for their bare specifiers (aliases and
// packages, import-landings.ts), so a scope must never hold two folders TypeScript resolves a
// bare specifier differently from: another tsconfig, another package.json (name, `type`,
// `imports`), a node_modules on the way up, or Classic resolution (which searches each folder).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { createModuleResolver } from "./module-resolver.js";

const base = mkdtempSync(path.join(tmpdir(), "agentix-alias-scope-"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function write(file: string, text = "export {};\n"): string {
  const absolute = path.join(base, file);
  mkdirSync(path.dirname(absolute), { recursive: true });
  writeFileSync(absolute, text);
  return absolute;
}

/** A package at `dir` with the given compiler options; its files' paths below it. */
function project(dir: string, compilerOptions: object = { moduleResolution: "Bundler" }) {
  write(`${dir}/package.json`, JSON.stringify({ name: dir.replaceAll("/", "-") }));
  write(`${dir}/tsconfig.json`, JSON.stringify({ compilerOptions }));
  return (file: string) => write(`${dir}/${file}`);
}

it("gives every folder of one package one scope, however deep", () => {
  const file = project("one");
  const resolver = createModuleResolver();
  const scopes = ["src/a.ts", "src/b/c.ts", "src/b/d/e/f.ts", "lib/g.ts"].map((name) =>
    resolver.aliasScope(file(name)),
  );
  expect(new Set(scopes).size).toBe(1);
});

it("gives a folder below a node_modules of its own another scope, and its subfolders that one", () => {
  const file = project("nested-modules");
  mkdirSync(path.join(base, "nested-modules/src/app/node_modules/zod"), { recursive: true });
  const resolver = createModuleResolver();
  const outer = resolver.aliasScope(file("src/a.ts"));
  const app = resolver.aliasScope(file("src/app/b.ts"));
  const deep = resolver.aliasScope(file("src/app/deep/c.ts"));
  expect(app).not.toBe(outer);
  expect(deep).toBe(app);
  expect(resolver.aliasScope(file("src/other/d.ts"))).toBe(outer);
});

it("gives a folder under another package.json another scope (its type and imports are its own)", () => {
  const file = project("typed");
  write("typed/src/esm/package.json", JSON.stringify({ type: "module" }));
  const resolver = createModuleResolver();
  expect(resolver.aliasScope(file("src/esm/a.ts"))).not.toBe(resolver.aliasScope(file("src/b.ts")));
});

it("gives a folder under another tsconfig another scope", () => {
  const file = project("configs");
  write("configs/tools/tsconfig.json", JSON.stringify({ compilerOptions: { baseUrl: "." } }));
  const resolver = createModuleResolver();
  expect(resolver.aliasScope(file("tools/a.ts"))).not.toBe(resolver.aliasScope(file("src/b.ts")));
});

it("gives each folder its own scope under Classic resolution, which searches from the importer up", () => {
  const file = project("classic", { moduleResolution: "Classic" });
  const resolver = createModuleResolver();
  const [a, b, again] = ["src/a/x.ts", "src/b/y.ts", "src/a/z.ts"].map((name) =>
    resolver.aliasScope(file(name)),
  );
  expect(a).not.toBe(b);
  expect(again).toBe(a);
});
