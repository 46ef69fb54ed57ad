// The public template of a feature capsule: the smallest conventional feature that passes the
// lint rules, type-checks under strict settings, indexes cleanly and tests itself.
import path from "node:path";
import type { FeatureNames } from "./feature-name.js";

export interface TemplateFile {
  /** Relative to the feature folder, POSIX. */
  readonly path: string;
  readonly content: string;
}

/** Where the template puts the configured entries, relative to the feature folder, POSIX. */
export interface TemplateEntries {
  /** The public entry (`features.contract`, the first listed, `{id}` replaced). */
  readonly contract: string;
  /** The descriptor (`features.descriptor`, `{id}` replaced). */
  readonly descriptor: string;
}

/** The files the template writes besides the entries. */
export function privateTemplatePaths(names: FeatureNames): readonly string[] {
  return ["model.ts", "operations.ts", `${names.id}.test.ts`];
}

const JS_EXTENSION: Readonly<Record<string, string>> = {
  ".ts": ".js",
  ".tsx": ".jsx",
  ".mts": ".mjs",
  ".cts": ".cjs",
};

/** The relative specifier `from` imports `to` by (NodeNext: the emitted JavaScript extension). */
function specifier(from: string, to: string): string {
  const extension = path.posix.extname(to);
  const target = to.slice(0, to.length - extension.length) + (JS_EXTENSION[extension] ?? extension);
  const relative = path.posix.relative(path.posix.dirname(from), target);
  return relative.startsWith(".") ? relative : `./${relative}`;
}

/** The names a template uses, derived from the feature's. */
interface TemplateNames extends FeatureNames {
  readonly entries: TemplateEntries;
  /** `./contract.js` as written from `file` (a path relative to the feature folder). */
  readonly contractFrom: (file: string) => string;
  readonly item: string;
  readonly itemId: string;
  readonly store: string;
  readonly contract: string;
  readonly create: string;
  readonly get: string;
}

export function featureTemplate(names: FeatureNames, entries: TemplateEntries): TemplateFile[] {
  const { pascal, camel } = names;
  const all: TemplateNames = {
    ...names,
    entries,
    contractFrom: (file) => specifier(file, entries.contract),
    item: `${pascal}Item`,
    itemId: `${pascal}ItemId`,
    store: `${pascal}Store`,
    contract: `${camel}Contract`,
    create: `create${pascal}Item`,
    get: `get${pascal}Item`,
  };
  return [contractFile(all), modelFile(all), operationsFile(all), featureFile(all), testFile(all)];
}

/** The contract: the item schema, its store port and the contract itself. */
function contractFile({ id, item, itemId, store, contract, entries }: TemplateNames): TemplateFile {
  return {
    path: entries.contract,
    content: `// The ${id} feature's public surface: the only file of this folder other features import.
import { defineContract, definePort, portOperation, s, type Infer } from "agentix";

export const ${itemId} = s.brand("${itemId}", s.string({ minLength: 1, maxLength: 64 }));
export type ${itemId} = Infer<typeof ${itemId}>;

export const ${item} = s.object({
  id: ${itemId},
  name: s.string({ minLength: 1, maxLength: 200 }),
});
export type ${item} = Infer<typeof ${item}>;

/** Where ${id} items are kept. Bind an adapter for it in the composition root. */
export const ${store} = definePort({
  id: "${id}.store",
  operations: {
    get: portOperation({ id: "${id}.store.get", kind: "read", input: ${itemId}, output: s.union([${item}, s.literal(null)]) }),
    save: portOperation({ id: "${id}.store.save", kind: "write", input: ${item}, output: s.literal(null) }),
  },
});

export const ${contract} = defineContract({
  id: "${id}",
  schemas: { ${itemId}, ${item} },
  ports: [${store}],
});
`,
  };
}

/** The pure model: building an item. */
function modelFile({ id, item, itemId, contractFrom }: TemplateNames): TemplateFile {
  return {
    path: "model.ts",
    content: `// Pure domain rules of ${id}: no effects, no ambient capabilities.
import { ${itemId}, type ${item} } from "${contractFrom("model.ts")}";

export function new${item}(id: string, input: { readonly name: string }): ${item} {
  return { id: ${itemId}.parse(id), name: input.name.trim() };
}
`,
  };
}

/** A command and a query over the store. */
function operationsFile(names: TemplateNames): TemplateFile {
  const { id, item, itemId, store, create, get, contractFrom } = names;
  return {
    path: "operations.ts",
    content: `import { defineCommand, defineQuery, Ids, s } from "agentix";
import { ${item}, ${itemId}, ${store} } from "${contractFrom("operations.ts")}";
import { new${item} } from "./model.js";

export const ${create} = defineCommand({
  id: "${id}.create",
  input: s.object({ name: s.string({ minLength: 1, maxLength: 200, pattern: "\\\\S" }) }),
  output: ${item},
  permissions: ["${id}:write"],
  effects: { nextId: Ids.next, save: ${store}.save },
  async execute({ input, effects }) {
    const item = new${item}(await effects.nextId(), input);
    await effects.save(item);
    return item;
  },
});

export const ${get} = defineQuery({
  id: "${id}.get",
  input: s.object({ id: ${itemId} }),
  output: ${item},
  errors: { NOT_FOUND: s.object({ id: s.string() }) },
  permissions: ["${id}:read"],
  effects: { get: ${store}.get },
  async execute({ input, effects, fail }) {
    return (await effects.get(input.id)) ?? fail("NOT_FOUND", { id: input.id });
  },
});
`,
  };
}

/** The descriptor the application is assembled from. */
function featureFile(names: TemplateNames): TemplateFile {
  const { id, camel, contract, create, get, entries, contractFrom } = names;
  return {
    path: entries.descriptor,
    content: `import { defineFeature } from "agentix";
import { ${contract} } from "${contractFrom(entries.descriptor)}";
import { ${create}, ${get} } from "${specifier(entries.descriptor, "operations.ts")}";

export const ${camel} = defineFeature({
  id: "${id}",
  contract: ${contract},
  dependencies: [],
  operations: [${create}, ${get}],
  invariants: [],
});
`,
  };
}

/** The feature's own test: the command, the query, a denied principal. */
function testFile({ id, store, create, get, contractFrom }: TemplateNames): TemplateFile {
  const file = `${id}.test.ts`;
  return {
    path: file,
    content: `import { assertEffects, memoryPort, sequentialIds, testCommand, testQuery } from "agentix/testing";
import { describe, expect, it } from "vitest";
import { ${store} } from "${contractFrom(file)}";
import { ${create}, ${get} } from "./operations.js";

describe("${id}", () => {
  it("creates an item with the next id", async () => {
    const store = memoryPort(${store});
    const run = await testCommand(${create}, { input: { name: " First " }, adapters: [store, sequentialIds()] });
    expect(run.outcome).toEqual({ ok: true, value: { id: "1", name: "First" }, events: [] });
    assertEffects(run, ["ids.next", "${id}.store.save"]);
    expect(store.calls).toEqual([{ operation: "${id}.store.save", input: { id: "1", name: "First" } }]);
  });

  it("answers NOT_FOUND for an unknown id", async () => {
    const run = await testQuery(${get}, { input: { id: "42" }, adapters: [memoryPort(${store}, { get: [null] })] });
    expect(run.outcome).toEqual({ ok: false, error: { code: "NOT_FOUND", details: { id: "42" } } });
  });

  it("denies a principal without ${id}:write before any effect", async () => {
    const run = await testCommand(${create}, { input: { name: "First" }, principal: null, adapters: [memoryPort(${store}), sequentialIds()] });
    expect(run.outcome).toMatchObject({ ok: false, error: { code: "FORBIDDEN" } });
    assertEffects(run, []);
  });
});
`,
  };
}
