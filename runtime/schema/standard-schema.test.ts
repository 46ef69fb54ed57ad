// Any Standard Schema V1 validator works wherever a descriptor takes a schema.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { assertInvariant, createApplication, defineCommand, defineContract, defineEvent, defineFeature, defineInvariant, definePort, implementPort, portOperation, s, type DefectHook, type DefectReport, type PortSchemaViolation } from "../index.js";

const Note = z.object({ title: z.string().min(1), pages: z.number().int().positive() }).strict();
const NoteFiled = defineEvent({ id: "notes.filed", version: 1, payload: z.object({ title: z.string() }) });
const Archive = definePort({
  id: "notes.archive",
  operations: { put: portOperation({ id: "notes.archive.put", kind: "write", input: Note, output: z.object({ shelf: z.string() }) }) },
});
const contract = defineContract({ id: "notes", ports: [Archive], events: [NoteFiled] });
const shelved = defineInvariant({ id: "notes.shelved", dependsOn: [contract], evidence: z.object({ shelf: z.string().min(1) }), check: ({ shelf }) => shelf !== "lost" });

const fileNote = defineCommand({
  id: "notes.file",
  input: Note,
  output: z.object({ shelf: z.string(), title: z.string() }),
  errors: { TOO_LONG: z.object({ pages: z.number() }) },
  effects: { put: Archive.put },
  emits: { filed: NoteFiled },
  invariants: [shelved],
  async execute({ input, effects, emit, fail }) {
    if (input.pages > 500) return fail("TOO_LONG", { pages: input.pages });
    const { shelf } = await effects.put(input);
    assertInvariant(shelved, { shelf });
    emit.filed({ title: input.title });
    return { shelf, title: input.title };
  },
});

function app(shelf: unknown, onDefect: DefectHook = () => {}) {
  const feature = defineFeature({ id: "notes", contract, operations: [fileNote], invariants: [shelved] });
  return createApplication({ features: [feature], adapters: [implementPort(Archive, { put: () => ({ shelf }) as never })], onDefect });
}

describe("foreign Standard Schema validators (zod 4) in descriptor slots", () => {
  it("validates input, adapter output, events and output", async () => {
    expect(await app("A3").dispatch("notes.file", { title: "Dune", pages: 412 })).toEqual({
      ok: true,
      value: { shelf: "A3", title: "Dune" },
      events: [{ event: "notes.filed", version: 1, payload: { title: "Dune" } }],
    });
  });

  it("reports a foreign input issue as INVALID_INPUT with a JSON pointer", async () => {
    const outcome = await app("A3").dispatch("notes.file", { title: "Dune", pages: -1 });
    expect(outcome).toMatchObject({ ok: false, error: { code: "INVALID_INPUT", details: { issues: [{ code: "invalid", path: "/pages" }] } } });
  });

  it("rejects unknown keys when the foreign schema is strict", async () => {
    const outcome = await app("A3").dispatch("notes.file", { title: "Dune", pages: 1, isbn: "x" } as never);
    expect(outcome).toMatchObject({ ok: false, error: { code: "INVALID_INPUT" } });
  });

  it("validates declared error details and adapter results with the foreign schema", async () => {
    expect(await app("A3").dispatch("notes.file", { title: "Dune", pages: 900 })).toEqual({ ok: false, error: { code: "TOO_LONG", details: { pages: 900 } } });
    const defects: DefectReport[] = [];
    expect(await app(7, (report) => defects.push(report)).dispatch("notes.file", { title: "Dune", pages: 1 })).toEqual({
      ok: false,
      error: {
        code: "DEFECT",
        message: "the adapter for notes.archive.put returned a result that breaks its schema",
        details: { portOperation: "notes.archive.put", phase: "output" },
      },
    });
    expect(defects.map((defect) => (defect.cause as PortSchemaViolation).issues)).toMatchObject([[{ code: "invalid", path: "/shelf" }]]);
  });

  it("runs invariants with foreign evidence schemas", async () => {
    expect(await app("lost").dispatch("notes.file", { title: "Dune", pages: 1 })).toEqual({
      ok: false,
      error: { code: "DEFECT", message: "invariant notes.shelved does not hold after notes.file", details: { invariant: "notes.shelved" } },
    });
  });

  it("infers types from the foreign schema", () => {
    const input: Parameters<typeof Note.parse>[0] = { title: "x", pages: 1 };
    expect(Note.parse(input)).toEqual(input);
    // s.* and zod schemas sit side by side in one descriptor.
    const mixed = defineCommand({ id: "mixed", input: s.object({ a: s.string() }), output: z.string(), execute: ({ input }) => input.a });
    expect(mixed.id).toBe("mixed");
  });
});
