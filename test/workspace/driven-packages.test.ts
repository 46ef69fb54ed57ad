// A package of end-to-end tests beside the app they drive (apps/web-e2e's Playwright specs visit
// apps/web) imports nothing of it, so no link between packages reaches it: at the workspace root
// a change to the app's code selects those specs too, and a change to the app's tests does not.
import { afterAll, describe, expect, it } from "vitest";
import { run } from "../../analyzer/cli/main.js";
import { recordingIO, removeCopies, writtenProject } from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

const TSCONFIG = JSON.stringify({
  compilerOptions: { module: "ESNext", moduleResolution: "Bundler", strict: true },
  include: ["src", "e2e"],
});

let written: string | undefined;
const root = (): string =>
  (written ??= writtenProject(
    {
      "package.json": JSON.stringify({ name: "acme", private: true, workspaces: ["apps/*"] }),
      "apps/web/package.json": JSON.stringify({ name: "@acme/web", private: true }),
      "apps/web/tsconfig.json": TSCONFIG,
      "apps/web/src/page.ts": 'export const title = (): string => "home";\n',
      "apps/web/src/page.test.ts":
        'import { expect, it } from "vitest";\nimport { title } from "./page.js";\n\nit("titles", () => expect(title()).toBe("home"));\n',
      "apps/web-e2e/package.json": JSON.stringify({ name: "@acme/web-e2e", private: true }),
      "apps/web-e2e/tsconfig.json": TSCONFIG,
      "apps/web-e2e/e2e/home.spec.ts":
        'import { expect, test } from "@playwright/test";\n\ntest("home", async ({ page }) => {\n  await page.goto("/");\n  await expect(page).toHaveTitle("home");\n});\n',
      // A package that drives nothing: it is reached by no change of the app.
      "apps/docs/package.json": JSON.stringify({ name: "@acme/docs", private: true }),
      "apps/docs/tsconfig.json": TSCONFIG,
      "apps/docs/src/toc.ts": "export const toc = (): string[] => [];\n",
      "apps/docs/src/toc.test.ts":
        'import { expect, it } from "vitest";\nimport { toc } from "./toc.js";\n\nit("lists", () => expect(toc()).toEqual([]));\n',
    },
    "driven-packages",
  ));

const selected = async (file: string) => {
  const { io, stdout, stderr } = recordingIO(root());
  const code = await run(["affected", file, "--json"], io);
  expect(stderr()).toBe("");
  expect(code).toBe(0);
  const result = JSON.parse(stdout()) as { tests: { files: { file: string; reason: string }[] } };
  return result.tests.files.map(({ file, reason }) => [file, reason]);
};

describe("an end-to-end package beside the app it drives, at the workspace root", () => {
  it("is selected by a change to the app's code", async () => {
    expect(await selected("apps/web/src/page.ts")).toEqual([
      ["apps/web/src/page.test.ts", "imports src/page.ts; changed"],
      [
        "apps/web-e2e/e2e/home.spec.ts",
        "drives the application from outside (@playwright/test): what serves it cannot be followed",
      ],
    ]);
  });

  it("is not selected by a change to the app's tests alone", async () => {
    expect(await selected("apps/web/src/page.test.ts")).toEqual([
      ["apps/web/src/page.test.ts", "changed"],
    ]);
  });

  it("verify runs its tests there, and no type-check of a project nothing of which changed", async () => {
    const { io, stdout } = recordingIO(root());
    await run(["verify", "apps/web/src/page.ts", "--dry-run", "--json"], io);
    const result = JSON.parse(stdout()) as {
      packages: { path: string; steps: { step: string; status: string; why: string }[] }[];
    };
    const typecheck = (path: string) =>
      result.packages
        .find((entry) => entry.path === path)
        ?.steps.find((step) => step.step === "typecheck");
    expect(typecheck("apps/web")?.status).toBe("planned");
    expect(typecheck("apps/web-e2e")).toMatchObject({
      status: "skipped",
      why: "no file this project compiles changed or was reached: its types are as they were",
    });
    expect(
      result.packages
        .find((entry) => entry.path === "apps/web-e2e")
        ?.steps.filter((step) => step.step === "tests")
        .map((step) => step.why),
    ).toEqual([expect.stringContaining("Playwright")]);
  });
});
