import "../../test/setup/rule-tester.js";
import { RuleTester } from "@typescript-eslint/rule-tester";
import { fixture } from "../../test/support/eslint-plugin-fixtures.js";
import { noQueryWrites } from "./no-query-writes.js";

// Type-aware: the fixture's tsconfig maps "agentix" to the runtime's sources.
const ruleTester = new RuleTester({
  languageOptions: {
    parserOptions: { project: "./tsconfig.json", tsconfigRootDir: fixture("typed") },
  },
});

// With `project`, RuleTester resolves file names against tsconfigRootDir.
const filename = "src/features/catalog/queries.ts";

const imports = [
  `import { Clock, Ids, defineCommand, defineQuery, s } from "agentix";`,
  `import { CatalogStore, Notifier, Product, ProductViewed } from "./contract.js";`,
].join("\n");

/** A query with `extra` spliced into its definition, starting on line 4. */
const query = (extra: string, head = "defineQuery") =>
  `${imports}\nexport const findProduct = ${head}({\n  ${extra}\n  id: "catalog.find",\n  input: s.string(),\n  output: Product,\n  async execute() { return { id: "p1", name: "Pen" }; },\n});`;

const save = {
  query: '"catalog.find"',
  effect: "save",
  operation: 'port operation "catalog.store.save"',
  kind: "write",
};

ruleTester.run("no-query-writes", noQueryWrites, {
  valid: [
    {
      name: "read, time and random effects",
      filename,
      code: query("effects: { get: CatalogStore.get, now: Clock.now, nextId: Ids.next },"),
    },
    { name: "no effects", filename, code: query("") },
    { name: "an empty emits", filename, code: query("emits: {},") },
    {
      name: "a command may write and emit",
      filename,
      code: query(
        "effects: { save: CatalogStore.save }, emits: { viewed: ProductViewed },",
        "defineCommand",
      ),
    },
    {
      name: "a defineQuery that is not agentix's",
      filename,
      code: `import { CatalogStore } from "./contract.js";\nimport { defineQuery } from "./local-define.js";\ndefineQuery({ effects: { save: CatalogStore.save } });`,
    },
    {
      name: "a type-only import of defineQuery is no call",
      filename,
      code: `import type { defineQuery } from "agentix";\ntype Q = typeof defineQuery;`,
    },
  ],
  invalid: [
    {
      name: "a write effect",
      filename,
      code: query("effects: { get: CatalogStore.get, save: CatalogStore.save },"),
      errors: [
        { messageId: "writeEffect", data: save, line: 4, column: 37, endLine: 4, endColumn: 60 },
      ],
    },
    {
      name: "an external effect",
      filename,
      code: query("effects: { send: Notifier.send },"),
      errors: [
        {
          messageId: "writeEffect",
          data: {
            ...save,
            effect: "send",
            operation: 'port operation "catalog.notifier.send"',
            kind: "external",
          },
          line: 4,
          column: 14,
        },
      ],
    },
    {
      name: "emits",
      filename,
      code: query("emits: { viewed: ProductViewed },"),
      errors: [
        {
          messageId: "emits",
          data: { query: '"catalog.find"', events: "viewed" },
          line: 4,
          column: 3,
          endColumn: 35,
        },
      ],
    },
    {
      name: "renamed import",
      filename,
      code: `import { defineQuery as query, s } from "agentix";\nimport { CatalogStore } from "./contract.js";\nquery({ id: "q", input: s.string(), output: s.string(), effects: { save: CatalogStore.save }, async execute() { return ""; } });`,
      errors: [{ messageId: "writeEffect", data: { ...save, query: '"q"' }, line: 3, column: 68 }],
    },
    {
      name: "namespace import",
      filename,
      code: `import * as agentix from "agentix";\nimport { CatalogStore } from "./contract.js";\nagentix.defineQuery({ id: "q", input: agentix.s.string(), output: agentix.s.string(), effects: { save: CatalogStore.save }, async execute() { return ""; } });`,
      errors: [{ messageId: "writeEffect", data: { ...save, query: '"q"' }, line: 3, column: 98 }],
    },
    {
      name: "through a re-export under another name",
      filename,
      code: `import { defineQuery, s } from "agentix";\nimport { Store } from "./ports.js";\nexport const q = defineQuery({ id: "q", input: s.string(), output: s.string(), effects: { store: Store.save }, async execute() { return ""; } });`,
      errors: [
        {
          messageId: "writeEffect",
          data: { ...save, query: '"q"', effect: "store" },
          line: 3,
          column: 91,
        },
      ],
    },
    {
      name: "through a local alias, shorthand property",
      filename,
      code: `${imports}\nconst save = CatalogStore.save;\nexport const q = defineQuery({ id: "q", input: s.string(), output: s.string(), effects: { save }, async execute() { return ""; } });`,
      errors: [
        {
          messageId: "writeEffect",
          data: { ...save, query: '"q"' },
          line: 4,
          column: 91,
          endColumn: 95,
        },
      ],
    },
    {
      name: "an effect map held in a variable",
      filename,
      code: `${imports}\nconst effects = { save: CatalogStore.save, get: CatalogStore.get };\nexport const q = defineQuery({ id: "q", input: s.string(), output: s.string(), effects, async execute() { return ""; } });`,
      errors: [
        {
          messageId: "writeEffect",
          data: { ...save, query: '"q"' },
          line: 4,
          column: 80,
          endColumn: 87,
        },
      ],
    },
    {
      name: "a spread effect map",
      filename,
      code: `${imports}\nconst writes = { send: Notifier.send };\nexport const q = defineQuery({ id: "q", input: s.string(), output: s.string(), effects: { ...writes }, async execute() { return ""; } });`,
      errors: [
        {
          messageId: "writeEffect",
          data: {
            query: '"q"',
            effect: "send",
            operation: 'port operation "catalog.notifier.send"',
            kind: "external",
          },
          line: 4,
          column: 91,
        },
      ],
    },
    {
      name: "a non-literal id: the query is named by its variable",
      filename,
      code: `${imports}\nconst id = "catalog." + "find";\nexport const findProduct = defineQuery({ id, input: s.string(), output: s.string(), emits: { viewed: ProductViewed }, async execute() { return ""; } });`,
      errors: [
        {
          messageId: "emits",
          data: { query: "findProduct", events: "viewed" },
          line: 4,
          column: 85,
        },
      ],
    },
    {
      name: "write effect and emits together",
      filename,
      code: query("effects: { save: CatalogStore.save }, emits: { viewed: ProductViewed },"),
      errors: [
        { messageId: "writeEffect", data: save, line: 4, column: 14 },
        {
          messageId: "emits",
          data: { query: '"catalog.find"', events: "viewed" },
          line: 4,
          column: 41,
        },
      ],
    },
    // Casts pass tsc but change nothing at run time: the rule sees through them, as the analyzer does.
    ...(
      [
        ["as any", "CatalogStore.save as any", 14],
        ["as never", "CatalogStore.save as never", 14],
        ["a cast object", "(CatalogStore as any).save", 14],
        ["a cast port's operations", "(CatalogStore.operations as never).save", 14],
        ["a non-null assertion and satisfies", "(CatalogStore.save satisfies unknown)!", 14],
        ["a disguise as a read", "CatalogStore.save as unknown as typeof CatalogStore.get", 14],
      ] as const
    ).map(([name, effect, column]) => ({
      name: `a write effect behind ${name}`,
      filename,
      code: query(`effects: { save: ${effect} },`),
      errors: [
        {
          messageId: "writeEffect" as const,
          data: save,
          line: 4,
          column,
          endLine: 4,
          endColumn: column + 6 + effect.length,
        },
      ],
    })),
    {
      name: "a write effect in a cast effect map",
      filename,
      code: query("effects: { save: CatalogStore.save as any } as never,"),
      errors: [{ messageId: "writeEffect", data: save, line: 4, column: 14, endColumn: 44 }],
    },
  ],
});
