// A test that drives the application from outside (supertest against APP_URL, Playwright's
// page.goto) observes whatever serves the request or the page, which no import names: it is
// selected whole whenever application code changed, not when only tests did (brocoders'
// nestjs-boilerplate: a change to src/users/users.service.ts selected none of its e2e specs).
import { afterAll, describe, expect, it } from "vitest";
import { analyze, type Analysis } from "../../analyzer/analyze.js";
import { run } from "../../analyzer/cli/main.js";
import { affectedFor, selectionOf } from "../support/affected.js";
import {
  BUNDLER_TSCONFIG,
  recordingIO,
  removeCopies,
  writtenProject,
} from "../support/analyzer-fixtures.js";

afterAll(removeCopies);

let written: string | undefined;
const root = (): string =>
  (written ??= writtenProject(
    {
      "tsconfig.json": BUNDLER_TSCONFIG,
      "src/features/users/model.ts": "export const findUser = (id: string): string => id;\n",
      "src/features/users/handler.ts":
        'import { findUser } from "./model.js";\nexport const handle = (id: string): string => findUser(id);\n',
      "src/features/users/model.test.ts":
        'import { expect, it } from "vitest";\nimport { findUser } from "./model.js";\n\nit("finds", () => expect(findUser("a")).toBe("a"));\n',
      "test/client.ts":
        'import request from "supertest";\n\nexport const api = () => request(process.env.APP_URL ?? "http://localhost:3000");\n',
      "test/users.e2e.test.ts":
        'import { it } from "vitest";\nimport { api } from "./client.js";\n\nit("answers", async () => {\n  await api().get("/users/a").expect(200);\n});\n',
      // Drives the application and imports some of it: the imports say best why it runs.
      "test/handle.e2e.test.ts":
        'import { it } from "vitest";\nimport { api } from "./client.js";\nimport { handle } from "../src/features/users/handler.js";\n\nit("answers as handle does", async () => {\n  await api().get(`/users/${handle("a")}`).expect(200);\n});\n',
      // Playwright's: a spec and the helper it loads (no test's name: Playwright does not run it).
      "e2e/helpers/login.ts":
        'import { expect, type Page } from "@playwright/test";\n\nexport const login = async (page: Page): Promise<void> => {\n  await page.goto("/login");\n  await expect(page).toHaveURL("/login");\n};\n',
      "e2e/home.spec.ts":
        'import { test } from "@playwright/test";\nimport { login } from "./helpers/login.js";\n\ntest("home", async ({ page }) => {\n  await login(page);\n});\n',
      // Cypress's: an end-to-end spec drives the app with the global `cy`, importing nothing;
      // a component test mounts what it imports.
      "cypress/e2e/users.cy.ts":
        'describe("users", () => {\n  it("lists", () => {\n    cy.visit("/users");\n    cy.contains("a");\n  });\n});\n',
      // Cypress 9's: any name in cypress/integration, JavaScript too; a spec folder's helper
      // that declares no test, and a support file, are none.
      "cypress/integration/login.js":
        'describe("login", () => {\n  it("logs in", () => {\n    cy.visit("/login");\n  });\n});\n',
      "cypress/e2e/steps.ts": 'export const openUsers = (): void => {\n  cy.visit("/users");\n};\n',
      "cypress/support/commands.ts":
        'Cypress.Commands.add("login", () => {\n  cy.visit("/login");\n});\n',
      "src/features/users/model.cy.tsx":
        'import { findUser } from "./model.js";\n\ndescribe("model", () => {\n  it("mounts", () => {\n    cy.mount(findUser("a") as never);\n  });\n});\n',
      "test/types.e2e.test.ts":
        'import { it } from "vitest";\nimport type { Page } from "@playwright/test";\n\nexport type Seen = Page;\nit("types", () => undefined);\n',
    },
    "black-box-tests",
  ));
let project: Analysis | undefined;
const analysis = (): Analysis => (project ??= analyze({ root: root() }));

const selectedBy = (file: string) =>
  affectedFor(analysis(), { path: file, status: "modified" }).tests.files.map((test) => [
    test.file,
    test.reason,
  ]);

describe("a test that drives the application from outside", () => {
  it("is selected whole by a change to application code it does not import", () => {
    expect(selectedBy("src/features/users/handler.ts")).toEqual([
      [
        "cypress/e2e/users.cy.ts",
        "drives the application from outside (cypress): what serves it cannot be followed",
      ],
      [
        "cypress/integration/login.js",
        "drives the application from outside (cypress): what serves it cannot be followed",
      ],
      [
        "e2e/home.spec.ts",
        "drives the application from outside (@playwright/test): what serves it cannot be followed",
      ],
      // Its imports reach the change for all of it: their chain is the reason, not the driver.
      ["test/handle.e2e.test.ts", "imports src/features/users/handler.ts; changed"],
      [
        "test/users.e2e.test.ts",
        "drives the application from outside (supertest): what serves it cannot be followed",
      ],
    ]);
    expect(
      selectionOf(
        affectedFor(analysis(), { path: "src/features/users/model.ts", status: "modified" }),
      ),
    ).toEqual([
      "cypress/e2e/users.cy.ts",
      "cypress/integration/login.js",
      "e2e/home.spec.ts",
      "src/features/users/model.cy.tsx",
      "src/features/users/model.test.ts",
      "test/handle.e2e.test.ts",
      "test/users.e2e.test.ts",
    ]);
  });

  it("a Playwright helper is no test of its own: a change to it selects the specs that load it", () => {
    expect(selectedBy("e2e/helpers/login.ts")).toEqual([
      ["e2e/home.spec.ts", "imports e2e/helpers/login.ts; changed"],
    ]);
  });

  it("is not selected by a change to a test alone", () => {
    expect(selectedBy("src/features/users/model.test.ts").map(([file]) => file)).toEqual([
      "src/features/users/model.test.ts",
    ]);
  });

  it("a Cypress spec is Cypress's to run, never planned for Vitest (here not installed)", async () => {
    const { io, stdout } = recordingIO(root());
    const args = ["affected", "src/features/users/model.ts", "--format", "test-invocations"];
    expect(await run(args, io)).toBe(0);
    const { invocations, unrunnable } = JSON.parse(stdout()) as {
      invocations: { runner: string; args: string[] }[];
      unrunnable: { runner: string; why: string; files: string[] }[];
    };
    expect(invocations.flatMap((run) => run.args).filter((arg) => arg.includes(".cy."))).toEqual(
      [],
    );
    expect(unrunnable.filter((tests) => tests.runner === "Cypress")).toEqual([
      {
        package: null,
        runner: "Cypress",
        why: "cypress is not installed for this project",
        files: [
          "cypress/e2e/users.cy.ts",
          "cypress/integration/login.js",
          "src/features/users/model.cy.tsx",
        ],
      },
    ]);
  });
});

describe("Cypress specs another tsconfig owns (cypress/tsconfig.json)", () => {
  it("are selected by a change to application code the project's tsconfig compiles", async () => {
    const owned = writtenProject(
      {
        "tsconfig.json": JSON.stringify({
          compilerOptions: { module: "ESNext", moduleResolution: "Bundler", strict: true },
          include: ["src"],
        }),
        "cypress/tsconfig.json": JSON.stringify({
          extends: "../tsconfig.json",
          include: ["./**/*.ts"],
        }),
        "cypress.config.ts": "export default {};\n",
        "src/page.ts": 'export const title = (): string => "home";\n',
        "src/page.test.ts":
          'import { expect, it } from "vitest";\nimport { title } from "./page.js";\n\nit("titles", () => expect(title()).toBe("home"));\n',
        "cypress/e2e/home.cy.ts": 'it("shows", () => {\n  cy.visit("/");\n});\n',
        // In that tsconfig's program: a spec by its folder, with no test's name.
        "cypress/integration/legacy.ts": 'it("opens", () => {\n  cy.visit("/");\n});\n',
      },
      "cypress-owned",
    );
    const { io, stdout } = recordingIO(owned);
    expect(await run(["affected", "src/page.ts", "--json"], io)).toBe(0);
    const result = JSON.parse(stdout()) as { tests: { files: { file: string; reason: string }[] } };
    expect(result.tests.files.map(({ file, reason }) => [file, reason])).toEqual([
      [
        "cypress/e2e/home.cy.ts",
        "drives the application from outside (cypress): what serves it cannot be followed",
      ],
      [
        "cypress/integration/legacy.ts",
        "drives the application from outside (cypress): what serves it cannot be followed",
      ],
      ["src/page.test.ts", "imports src/page.ts; changed"],
    ]);
  });
});
