import { describe, expect, it } from "vitest";
import { ts } from "../project/ts-morph.js";
import { cypressDrives } from "./cypress-globals.js";

const drives = (text: string) =>
  cypressDrives(ts.createSourceFile("spec.cy.ts", text, ts.ScriptTarget.Latest, true));

describe("cypressDrives", () => {
  it("finds the first use of the global cy", () => {
    const text = 'it("a", () => {\n  cy.visit("/");\n  cy.request("/api");\n});\n';
    expect(drives(text)).toBe(text.indexOf("cy.visit"));
    expect(drives('it("a", () => cy.login());\n')).toBe('it("a", () => '.length);
  });

  it("is none for a component test (cy.mount), a cy of the file's own, or no cy", () => {
    expect(
      drives('import { A } from "./a";\nit("a", () => {\n  cy.mount(A);\n  cy.get("b");\n});\n'),
    ).toBeUndefined();
    expect(drives('const cy = { visit: (url: string) => url };\ncy.visit("/");\n')).toBeUndefined();
    expect(drives('import { cy } from "./driver";\ncy.visit("/");\n')).toBeUndefined();
    expect(
      drives('export const run = (cy: { visit(url: string): void }) => cy.visit("/");\n'),
    ).toBeUndefined();
    expect(
      drives("export const run = ({ cy }: { cy: { visit(): void } }) => cy.visit();\n"),
    ).toBeUndefined();
    expect(drives("this.cy.visit();\nwindow.cy.visit();\n")).toBeUndefined();
    expect(
      drives('const fancy = { visit() {} };\nfancy.visit();\nconst x = "cy.visit(";\n'),
    ).toBeUndefined();
  });
});
