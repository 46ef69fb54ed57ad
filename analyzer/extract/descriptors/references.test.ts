// A descriptor imported from another package (a workspace package's port, contract or feature)
// cannot be followed: the warning said it "is not one", which is false for a port.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { analyze } from "../../analyze.js";
import { buildValidatedIndex } from "../../index-builder/build-index.js";

const root = mkdtempSync(path.join(tmpdir(), "agentix-references-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

it("says that a descriptor from a package is not followed, not that it is no descriptor", () => {
  write("package.json", '{ "name": "app", "type": "module" }\n');
  write(
    "tsconfig.json",
    '{ "compilerOptions": { "module": "NodeNext", "strict": true, "noEmit": true, "types": [] }, "include": ["src"] }\n',
  );
  write(
    "node_modules/@x/billing/package.json",
    '{ "name": "@x/billing", "type": "module", "exports": { "./invoices": "./invoices.d.ts" } }\n',
  );
  write("node_modules/@x/billing/invoices.d.ts", "export declare const InvoiceStore: object;\n");
  write(
    "src/store.test.ts",
    'import { memoryPort } from "agentix/testing";\nimport { InvoiceStore } from "@x/billing/invoices";\n\nexport const store = memoryPort(InvoiceStore);\n',
  );
  expect(buildValidatedIndex(analyze({ root })).unresolved).toEqual([
    {
      kind: "reference",
      file: "src/store.test.ts",
      line: 4,
      column: 33,
      reason:
        'memoryPort(...): expected a port (definePort); InvoiceStore comes from the package "@x/billing/invoices", whose descriptors agentix does not follow',
    },
  ]);
});
