// A corpus shaped like real application code, for the no-private-imports bench: extensionless
// relative imports (0 of ~14,000 imports in hono, typeorm and a NestJS app carried an
// extension), `index.ts` barrels imported as folders, tsconfig `paths` aliases, packages and
// Node built-ins; a third of the files hold a route string ("/m001/part-3"); about 3 KB a file,
// the size real files have (1.4 to 5.4 KB on average in hono, tRPC, Outline and formbricks). `featuresFolder` names where the capsules live: "features" puts them under
// the default `**/src/features/*`; any other name gives the same code with no feature folders.
// Deterministic: the same arguments give the same files.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** Writes the corpus into `root` (emptied first); returns the number of TypeScript files. */
export function generateRealShaped(root, { features = 80, filesPerFeature = 22, libs = 40, featuresFolder = "features" } = {}) {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = (n) => Math.floor(random() * n);
  const files = new Map();
  const write = (path, text) => files.set(path, text);
  const id = (i) => `m${String(i).padStart(3, "0")}`;
  const lib = (i) => `lib${String(i).padStart(2, "0")}`;

  write("package.json", JSON.stringify({ name: "bench-real-shaped", private: true, type: "module" }, null, 2));
  write(
    "tsconfig.json",
    JSON.stringify(
      {
        compilerOptions: {
          module: "ESNext",
          moduleResolution: "Bundler",
          strict: true,
          noEmit: true,
          baseUrl: ".",
          paths: { "@lib/*": ["src/lib/*"], "@app/*": [`src/${featuresFolder}/*`] },
        },
        include: ["src"],
      },
      null,
      2,
    ),
  );
  // Bodies of the sizes real files have (hono, typeorm, tRPC, Outline, formbricks: 1.4 to 5.4 KB a
  // file, about 3.5 KB typical): doc comments, classes, messages with prose and URLs, template
  // literals, parsing; text a rule that reads the file's text must pass over.
  const units = [
    (name, k) => `
/**
 * Totals the rows of a ${name} statement: refunds count against it, and a row without an
 * amount is skipped (the importer fills those in later, from the provider's export).
 */
export function ${name}Total${k}(rows: readonly ${name}Row${k}[]): number {
  let total = 0;
  for (const row of rows) {
    if (row.amount === undefined) continue;
    total += row.kind === "refund" ? -row.amount : row.amount;
  }
  return total;
}
export interface ${name}Row${k} { readonly id: string; readonly kind: "sale" | "refund"; readonly amount?: number }`,
    (name, k) => `
export class ${name}Store${k} {
  private readonly items = new Map<string, { id: string; label: string; updatedAt: number }>();
  constructor(private readonly limit = ${k + 10}) {}
  /** Adds or replaces an item; past the limit, the oldest one is dropped. */
  put(id: string, label: string, at: number): void {
    this.items.set(id, { id, label, updatedAt: at });
    if (this.items.size > this.limit) {
      const oldest = [...this.items.values()].sort((a, b) => a.updatedAt - b.updatedAt)[0];
      if (oldest) this.items.delete(oldest.id);
    }
  }
  find(query: string): string[] {
    return [...this.items.values()].filter((item) => item.label.includes(query)).map((item) => item.id);
  }
}`,
    (name, k) => `
export const ${name}Messages${k} = {
  empty: "Nothing here yet: add the first item to get started, or import a file.",
  failed: (reason: string) => \`Could not save the changes (\${reason}); try again in a moment.\`,
  help: "See the documentation for the fields, their defaults and their limits.",
  link: "https://example.com/docs/${name.toLowerCase()}/${k}#settings",
} as const;`,
    (name, k) => `
export function ${name}Parse${k}(input: unknown): { ok: true; value: number } | { ok: false; error: string } {
  if (typeof input === "number" && Number.isFinite(input)) return { ok: true, value: input };
  if (typeof input === "string") {
    const parsed = Number.parseFloat(input.trim());
    return Number.isNaN(parsed) ? { ok: false, error: \`not a number: \${input}\` } : { ok: true, value: parsed };
  }
  return { ok: false, error: "expected a number, or a string that holds one" };
}`,
  ];
  const body = (name, n) => Array.from({ length: n }, (_, k) => units[k % units.length](name, k)).join("\n");

  for (let l = 0; l < libs; l += 1) {
    write(`src/lib/${lib(l)}/index.ts`, `export * from "./core";\nexport { helper${l} } from "./helpers";\n`);
    write(`src/lib/${lib(l)}/core.ts`, `import { helper${l} } from "./helpers";\nexport const core${l} = () => helper${l}() + 1;\n${body(`L${l}`, 5)}\n`);
    write(`src/lib/${lib(l)}/helpers.ts`, `export const helper${l} = () => ${l};\n${body(`H${l}`, 3)}\n`);
  }
  for (let i = 0; i < features; i += 1) {
    const me = id(i);
    const dir = `src/${featuresFolder}/${me}`;
    const other = (k) => id((i + 1 + ((k * 7) % (features - 1))) % features);
    write(`${dir}/contract.ts`, `export const ${me}Contract = { id: "${me}" } as const;\nexport type ${me}Id = string;\n`);
    write(`${dir}/feature.ts`, `import { ${me}Contract } from "./contract";\nimport { ${other(1)}Contract } from "../${other(1)}/contract";\nexport const ${me} = { contract: ${me}Contract, dependencies: [${other(1)}Contract] };\n`);
    write(`${dir}/internal/index.ts`, `export * from "./rules";\n`);
    write(`${dir}/internal/rules.ts`, `export const rule${i} = ${i};\n${body(`R${me}`, 3)}\n`);
    for (let p = 0; p < filesPerFeature - 4; p += 1) {
      const lines = [
        `import { rule${i} } from "./internal";`,
        `import { core${pick(libs)} } from "@lib/${lib(pick(libs))}";`,
        `import { helper${p % libs} } from "../../lib/${lib(p % libs)}";`,
        `import { ${other(p + 2)}Contract } from "../${other(p + 2)}/contract";`,
        `import type { ${other(p + 3)}Id } from "@app/${other(p + 3)}/contract";`,
        `import { z } from "zod";`,
        `import { createHash } from "node:crypto";`,
      ];
      if (p > 0) lines.push(`import { part${p - 1} } from "./part-${p - 1}";`);
      if (pick(12) === 0) lines.push(`import { rule${(i + 1) % features} } from "../${other(p + 4)}/internal";`); // private
      if (pick(20) === 0) lines.push(`import { part0 as foreign } from "@app/${other(p + 5)}/part-0";`); // private, aliased
      lines.push(`export const part${p} = () => [rule${i}, z, createHash];`);
      // A route or an href: a string that starts with "/" (155 of documenso's 539 app files hold one).
      if ((i + p) % 3 === 0) lines.push(`export const route${p} = "/${me}/part-${p}";`);
      lines.push(body(`P${me}x${p}`, 6));
      write(`${dir}/part-${p}.ts`, `${lines.join("\n")}\n`);
    }
  }
  write("src/main.ts", `import { ${id(0)} } from "./${featuresFolder}/${id(0)}/feature";\nexport const app = [${id(0)}];\n`);

  rmSync(root, { recursive: true, force: true });
  for (const [path, text] of files) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return [...files.keys()].filter((path) => path.endsWith(".ts")).length;
}
