import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import tsParser from "@typescript-eslint/parser";
import { ESLint, Linter } from "eslint";
import { defineConfig } from "eslint/config";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { fixture } from "../test/support/eslint-plugin-fixtures.js";
import plugin, { typedRules } from "./index.js";
import { RULES } from "./rule-registry.js";

const packageJson = JSON.parse(
  readFileSync(new URL("../package.json", import.meta.url), "utf8"),
) as { version: string };

// The plugin's configs and rules are accepted by ESLint's own config types (typescript-eslint
// issue 11543 is why `rules` is typed for ESLint at the boundary). This is checked by tsc.
const userConfig = defineConfig([
  plugin.configs.recommended,
  { plugins: { agentix: plugin }, rules: { "agentix/no-query-writes": "off" } },
]);
// The README's eslint.config.js, both variants.
const readmeConfig = defineConfig(tseslint.configs.recommended, plugin.configs.recommended, {
  ...plugin.configs["recommended-type-checked"],
  languageOptions: {
    parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
  },
});

describe("the agentix ESLint plugin", () => {
  it("names itself and carries the package version", () => {
    expect(plugin.meta).toEqual({ name: "agentix", version: packageJson.version });
    expect(userConfig).toHaveLength(2);
    expect(readmeConfig.length).toBeGreaterThan(2);
  });

  it("has one doc page per rule, linked from the rule", () => {
    expect(Object.keys(plugin.rules).sort()).toEqual([
      "no-ambient-capabilities",
      "no-private-imports",
      "no-query-writes",
      "no-undeclared-dependencies",
    ]);
    for (const [name, rule] of Object.entries(typedRules)) {
      expect(rule.meta.docs?.url).toBe(
        `https://github.com/agentix-dev/agentix/blob/main/eslint-plugin/rules/${name}.md`,
      );
      const page = fileURLToPath(new URL(`./rules/${name}.md`, import.meta.url));
      expect(existsSync(page), page).toBe(true);
      const text = readFileSync(page, "utf8");
      for (const heading of [
        `# agentix/${name}`,
        "## Why",
        "## Incorrect",
        "## Correct",
        "## Options",
      ])
        expect(text).toContain(heading);
      expect(rule.meta.schema).toEqual([]);
    }
  });

  it("derives its rules and configs from the rule registry", () => {
    expect(Object.keys(plugin.rules).sort()).toEqual(RULES.map((rule) => rule.name).sort());
    for (const entry of RULES) {
      const docs = typedRules[entry.name].meta.docs;
      expect([entry.name, docs?.requiresTypeChecking === true]).toEqual([
        entry.name,
        entry.typeAware,
      ]);
      expect(plugin.configs.recommended.rules?.[`agentix/${entry.name}`]).toBe(
        entry.typeAware ? undefined : "error",
      );
    }
  });

  it("ships flat configs that include the plugin", () => {
    expect(plugin.configs.recommended).toEqual({
      name: "agentix/recommended",
      files: ["**/*.{ts,tsx,mts,cts}"],
      languageOptions: { parser: tsParser, sourceType: "module" },
      plugins: { agentix: plugin },
      rules: {
        "agentix/no-private-imports": "error",
        "agentix/no-ambient-capabilities": "error",
        "agentix/no-undeclared-dependencies": "error",
      },
    });
    expect(plugin.configs["recommended-type-checked"].rules).toEqual({
      ...plugin.configs.recommended.rules,
      "agentix/no-query-writes": "error",
    });
    expect(plugin.configs["recommended-type-checked"].plugins).toEqual({ agentix: plugin });
  });

  it("lints a project through ESLint's Node API with configs.recommended", async () => {
    const eslint = new ESLint({
      cwd: fixture("project"),
      overrideConfigFile: true,
      overrideConfig: [{ languageOptions: { parser: tsParser } }, plugin.configs.recommended],
    });
    const [result] = await eslint.lintText(
      `import { total } from "../orders/model.js";\nexport const at = Date.now() + total([]);\n`,
      {
        filePath: fixture("project", "src/features/customers/pricing.ts"),
      },
    );
    expect(result?.messages.map((m) => [m.ruleId, m.line, m.column])).toEqual([
      ["agentix/no-private-imports", 1, 23],
      ["agentix/no-ambient-capabilities", 2, 19],
    ]);
  });

  it("works on its own: configs.recommended sets the TypeScript parser", async () => {
    const eslint = new ESLint({
      cwd: fixture("project"),
      overrideConfigFile: true,
      overrideConfig: [plugin.configs.recommended],
    });
    const [result] = await eslint.lintText(
      `type Id = string;\nexport const at: Id = String(Date.now());\n`,
      { filePath: fixture("project", "src/features/customers/pricing.ts") },
    );
    expect(result?.messages.map((m) => [m.ruleId, m.line, m.column, m.fatal ?? false])).toEqual([
      ["agentix/no-ambient-capabilities", 2, 30, false],
    ]);
  });

  it("reports a broken agentix.config.json once per file, not once per rule", async () => {
    const eslint = new ESLint({
      cwd: fixture("bad-config"),
      overrideConfigFile: true,
      overrideConfig: [plugin.configs.recommended],
    });
    const results = await eslint.lintText(`export const x = 1;\n`, {
      filePath: fixture("bad-config", "src/features/orders/operations.ts"),
    });
    expect(results[0]?.messages.map((m) => [m.ruleId, m.line, m.column, m.message])).toEqual([
      [
        "agentix/no-private-imports",
        1,
        1,
        "agentix configuration error: test/fixtures/eslint-plugin/bad-config/agentix.config.json:3:26: /ambient/clock/allow/0 must be string",
      ],
    ]);
  });

  it("lists every registry rule, and only those, in the config schema's rules", () => {
    const schema = JSON.parse(
      readFileSync(new URL("../schema/config.v1.schema.json", import.meta.url), "utf8"),
    ) as { properties: { rules: { properties: Record<string, unknown> } } };
    expect(Object.keys(schema.properties.rules.properties).sort()).toEqual(
      RULES.map((rule) => `agentix/${rule.name}`).sort(),
    );
  });

  it("rejects options: configuration lives in agentix.config.json", () => {
    const linter = new Linter({ configType: "flat" });
    expect(() =>
      linter.verify(
        "export {};",
        [
          {
            plugins: { agentix: plugin },
            rules: { "agentix/no-private-imports": ["error", { allow: [] }] },
          },
        ],
        {
          filename: "x.js",
        },
      ),
    ).toThrow(/should NOT have more than 0 items/u);
  });
});
