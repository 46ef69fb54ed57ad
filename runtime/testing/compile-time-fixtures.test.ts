// The pattern for compile-time fixtures (README, "Compile-time fixtures"): `*.test-d.ts` files
// that pin type-level guarantees with `@ts-expect-error` and `expectTypeOf`, checked by the
// typecheck. This proves the typecheck covers them, and that a lost guarantee fails it with a
// diagnostic at the line that pins it.
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const config = ts.getParsedCommandLineOfConfigFile(path.join(root, "tsconfig.json"), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });

describe("compile-time fixtures", () => {
  it("are part of the typecheck: the runtime's own and the orders example's", () => {
    const files = (config?.fileNames ?? []).map((file) => path.relative(root, file));
    expect(files).toEqual(expect.arrayContaining(["runtime/types.test-d.ts", "examples/orders/test/types.test-d.ts"]));
    // Fixtures that must fail are kept out of it, and checked here instead.
    expect(files.filter((file) => file.endsWith(".fail.ts"))).toEqual([]);
  });

  it("fail the typecheck where a guarantee was lost, at the line that pins it", () => {
    const fixture = path.join(import.meta.dirname, "fixtures/lost-guarantees.fail.ts");
    // Without @types/node: the fixture does not need it, and the check takes a third of the time.
    const program = ts.createProgram([fixture], { ...config?.options, types: [], noEmit: true });
    const diagnostics = ts.getPreEmitDiagnostics(program, program.getSourceFile(fixture)).map((diagnostic) => ({
      code: diagnostic.code,
      line: diagnostic.file === undefined ? 0 : diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1,
      message: ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n").split("\n")[0],
    }));
    expect(diagnostics).toEqual([
      { code: 2578, line: 12, message: "Unused '@ts-expect-error' directive." },
      {
        code: 2322,
        line: 17,
        message: "Type '{ readonly sku: string; readonly quantity?: number; }' is not assignable to type '{ readonly sku: string; readonly quantity: number; }'.",
      },
    ]);
  });
});
