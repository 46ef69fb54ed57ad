// The rows .agentix/affected.json is made of (affected-record.ts lays them out): each fact as a
// positional array, unit ids written relative to their file and uses naming units by index, so the
// record stays small. Read back with every field checked: a record that is not laid out as this
// analyzer writes it is a DamagedRecord (the verb analyses), never a TypeError deep in the answer.
import type { Entity, EntityKind } from "../affected/entity.js";
import type {
  AffectedFacts,
  AllEntities,
  EntitySite,
  FactFile,
  ImportFact,
  ImportTargetFact,
  RecordedUse,
  UnknownLoader,
  UseKind,
} from "../affected/facts.js";
import type { CodeUnit, FileUnits, UnitKind } from "../affected/units.js";
import type { FileRole } from "../index-file/types.js";
import { DamagedRecord } from "./record-errors.js";

const damaged = (what: string): never => {
  throw new DamagedRecord(`affected.json: ${what}`);
};

export function parseJson(text: string, what: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return damaged(`${what} is not JSON`);
  }
}

const list = (value: unknown, what: string): readonly unknown[] =>
  Array.isArray(value) ? value : damaged(`${what} is not a list`);
const row = (value: unknown, length: number, what: string): readonly unknown[] => {
  const fields = list(value, what);
  return fields.length === length ? fields : damaged(`${what} has ${fields.length} fields`);
};
const text = (value: unknown, what: string): string =>
  typeof value === "string" ? value : damaged(`${what} is not a string`);
const textOrNull = (value: unknown, what: string): string | null =>
  value === null ? null : text(value, what);
const flag = (value: unknown, what: string): boolean =>
  typeof value === "boolean" ? value : damaged(`${what} is not a boolean`);
const flagOrNull = (value: unknown, what: string): boolean | null =>
  value === null ? null : flag(value, what);
export const count = (value: unknown, what: string): number =>
  Number.isSafeInteger(value) && (value as number) >= 0
    ? (value as number)
    : damaged(`${what} is not a count`);
const texts = (value: unknown, what: string): string[] =>
  list(value, what).map((item) => text(item, what));

const once = <T>(compute: () => T): (() => T) => {
  let value: { readonly is: T } | undefined;
  return () => (value ??= { is: compute() }).is;
};

/** A checker for one of the names in `names` (a Record, so a new kind is a compile error here). */
const oneOf = <T extends string>(names: Record<T, true>) => {
  const known = new Set<string>(Object.keys(names));
  return (value: unknown, what: string): T =>
    typeof value === "string" && known.has(value) ? (value as T) : damaged(`${what} is unknown`);
};
const unitKind = oneOf<UnitKind>({
  module: true,
  declaration: true,
  "test-case": true,
  "test-hook": true,
});
const useKind = oneOf<UseKind>({ call: true, value: true, read: true, load: true });
const fileRole = oneOf<FileRole>({
  contract: true,
  descriptor: true,
  feature: true,
  test: true,
  adapter: true,
  "composition-root": true,
  shared: true,
  declaration: true,
});
const entityKind = oneOf<EntityKind>({
  feature: true,
  contract: true,
  operation: true,
  port: true,
  adapter: true,
  event: true,
  invariant: true,
  application: true,
});
const targetKind = oneOf<ImportTargetFact["kind"]>({
  file: true,
  package: true,
  builtin: true,
  outside: true,
  asset: true,
  unresolved: true,
});

/** Where a file's segment (its units and uses) lies in the record's body: [offset, length] in bytes. */
export type Segment = readonly [number, number];

/** A file of the header: its facts, its imports (null: not resolved), its segment (null: none). */
export interface HeaderFile {
  readonly file: FactFile;
  readonly imports: readonly ImportFact[] | undefined;
  readonly segment: Segment | undefined;
}

export function fileRow(header: HeaderFile): unknown[] {
  const { file, imports, segment } = header;
  return [
    file.path,
    file.declaration,
    file.test,
    file.helper,
    file.role,
    file.feature,
    file.vitestRuns ?? null,
    file.otherVitestConfig,
    imports?.map(importRow) ?? null,
    segment ?? null,
  ];
}

export function headerFile(value: unknown): HeaderFile {
  const [path, declaration, test, helper, role, feature, runs, other, imports, segment] = row(
    value,
    10,
    "a file",
  );
  const file: FactFile = {
    path: text(path, "a file's path"),
    declaration: flag(declaration, "declaration"),
    test: flag(test, "test"),
    helper: flag(helper, "helper"),
    role: fileRole(role, "a file's role"),
    feature: textOrNull(feature, "a file's feature"),
    vitestRuns: flagOrNull(runs, "vitestRuns") ?? undefined,
    otherVitestConfig: textOrNull(other, "a file's other Vitest config"),
  };
  const at =
    segment === null
      ? undefined
      : (row(segment, 2, "a segment").map((n) => count(n, "a segment")) as [number, number]);
  return {
    file,
    imports: imports === null ? undefined : list(imports, "imports").map(importFact),
    segment: at,
  };
}

function importRow(fact: ImportFact): unknown[] {
  const { target } = fact;
  const name = target.kind === "file" ? target.path : "name" in target ? target.name : null;
  return [
    target.kind,
    name,
    fact.position,
    fact.typeOnly,
    fact.resolution,
    fact.edgeTarget,
    fact.specifier,
  ];
}

function importFact(value: unknown): ImportFact {
  const [kind, name, position, typeOnly, resolution, edgeTarget, specifier] = row(
    value,
    7,
    "an import",
  );
  const targetOf = (k: ImportTargetFact["kind"]): ImportTargetFact =>
    k === "file"
      ? { kind: k, path: text(name, "an import's file") }
      : k === "package" || k === "builtin"
        ? { kind: k, name: text(name, "an import's name") }
        : { kind: k };
  return {
    target: targetOf(targetKind(kind, "an import's target")),
    position: count(position, "an import's position"),
    typeOnly: flag(typeOnly, "typeOnly"),
    resolution: text(resolution, "an import's resolution"),
    edgeTarget: textOrNull(edgeTarget, "an import's edge target"),
    specifier: textOrNull(specifier, "an import's specifier"),
  };
}

/** The facts about the whole project besides its files. */
export type ProjectRows = Pick<
  AffectedFacts,
  | "unknownLoaders"
  | "unknownSetups"
  | "testOwners"
  | "linkedCopies"
  | "operations"
  | "entitySites"
  | "everything"
  | "foreignSchemas"
>;

export function projectRows(facts: ProjectRows) {
  return {
    unknownLoaders: facts.unknownLoaders.map((l) => [l.file, l.line, l.reason]),
    unknownSetups: facts.unknownSetups.map((l) => [l.file, l.line, l.reason]),
    testOwners: facts.testOwners.map((t) => [t.test, t.owner]),
    linkedCopies: facts.linkedCopies.map((l) => [l.file, l.copy]),
    operations: facts.operations.map((o) => [o.id, o.file, o.callStart]),
    entitySites: facts
      .entitySites()
      .map((s) => [s.entity.kind, s.entity.id, s.entity.feature, s.file, s.start, s.end]),
    everything: facts.everything(),
    foreignSchemas: facts.foreignSchemas().map((f) => [f.file, f.line, f.vendor]),
  };
}

export function projectFacts(header: Record<string, unknown>): ProjectRows {
  const loaders = (name: "unknownLoaders" | "unknownSetups") =>
    list(header[name], name).map((value): UnknownLoader => {
      const [file, line, reason] = row(value, 3, "an unknown loader");
      return {
        file: text(file, "a loader's file"),
        line: count(line, "a loader's line"),
        reason: text(reason, "a loader's reason"),
      };
    });
  const unknownLoaders = loaders("unknownLoaders");
  const unknownSetups = loaders("unknownSetups");
  const testOwners = list(header["testOwners"], "testOwners").map((value) => {
    const [test, owner] = row(value, 2, "a test's owner");
    return { test: text(test, "a test"), owner: text(owner, "a test's owner") };
  });
  const linkedCopies = list(header["linkedCopies"], "linkedCopies").map((value) => {
    const [file, copy] = row(value, 2, "a linked copy");
    return { file: text(file, "a linked file"), copy: text(copy, "a linked copy") };
  });
  const operations = list(header["operations"], "operations").map((value) => {
    const [id, file, callStart] = row(value, 3, "an operation");
    return {
      id: text(id, "an operation's id"),
      file: text(file, "an operation's file"),
      callStart: count(callStart, "an operation's call"),
    };
  });
  const entitySites = (): EntitySite[] =>
    list(header["entitySites"], "entitySites").map((value): EntitySite => {
      const [kind, id, feature, file, start, end] = row(value, 6, "an entity site");
      const entity: Entity = {
        kind: entityKind(kind, "an entity's kind"),
        id: text(id, "an entity's id"),
        feature: textOrNull(feature, "an entity's feature"),
      };
      return {
        entity,
        file: text(file, "an entity's file"),
        start: count(start, "an entity's start"),
        end: count(end, "an entity's end"),
      };
    });
  const everything = (): AllEntities => {
    const all = header["everything"];
    if (typeof all !== "object" || all === null) return damaged("everything is not an object");
    const field = (name: keyof AllEntities) => texts((all as Record<string, unknown>)[name], name);
    return {
      files: field("files"),
      features: field("features"),
      operations: field("operations"),
      ports: field("ports"),
      adapters: field("adapters"),
      events: field("events"),
      invariants: field("invariants"),
    };
  };
  const foreignSchemas = () =>
    list(header["foreignSchemas"], "foreignSchemas").map((value) => {
      const [file, line, vendor] = row(value, 3, "a foreign schema");
      return {
        file: text(file, "a schema's file"),
        line: count(line, "a schema's line"),
        vendor: text(vendor, "a schema's vendor"),
      };
    });
  return {
    unknownLoaders,
    unknownSetups,
    testOwners,
    linkedCopies,
    operations,
    // Read only by the answers that name them (a widened one names everything).
    entitySites: once(entitySites),
    everything: once(everything),
    foreignSchemas: once(foreignSchemas),
  };
}

/** Where a unit is: the index of its file in the header, its index among the file's units. */
export type UnitAddress = (unitId: string, file: string) => readonly [number, number];

/**
 * One file's segment: its units (ids relative to the file), regions, test cases and the uses of
 * units of other units (a unit naming itself changes nothing and is left out).
 */
export function segmentRow(
  units: FileUnits,
  uses: readonly RecordedUse[],
  address: UnitAddress,
): unknown[] {
  const local = (unit: CodeUnit) => address(unit.id, units.file)[1];
  const { file } = units;
  return [
    units.units.map((u) => [
      u.id.startsWith(file) ? u.id.slice(file.length) : [u.id],
      u.kind,
      u.name,
      u.line,
      u.start,
      u.end,
      u.descriptor ?? null,
      u.sharedState,
      u.touchesEnv,
    ]),
    units.regions.map((r) => [r.start, r.end, local(r.unit), r.eager, r.typeOnly]),
    units.testCases.map((c) => [
      local(c.unit),
      c.hooks.map(local),
      c.sharedHooks.map(local),
      c.line,
      c.parameterised,
      c.runs,
    ]),
    units.isTest,
    uses
      .filter((u) => u.target !== u.by)
      .map((u) => [
        ...address(u.target, u.targetFile),
        address(u.by, file)[1],
        u.kind,
        u.eager,
        u.line,
        u.testCall ?? null,
      ]),
  ];
}

/** A use as recorded: its target by address, resolved once the target's file is read. */
export interface UseRow {
  readonly targetFile: number;
  readonly targetUnit: number;
  readonly by: CodeUnit;
  readonly kind: UseKind;
  readonly eager: boolean;
  readonly line: number;
  readonly testCall: string | undefined;
}

export function fileSegment(
  file: string,
  value: unknown,
): { readonly units: FileUnits; readonly uses: readonly UseRow[] } {
  const [unitRows, regionRows, caseRows, isTest, useRows] = row(value, 5, `${file}'s segment`);
  const all = list(unitRows, "units").map((value): CodeUnit => {
    const [id, kind, name, line, start, end, descriptor, sharedState, touchesEnv] = row(
      value,
      9,
      "a unit",
    );
    return {
      id: Array.isArray(id) ? text(id[0], "a unit's id") : file + text(id, "a unit's id"),
      kind: unitKind(kind, "a unit's kind"),
      file,
      name: text(name, "a unit's name"),
      line: count(line, "a unit's line"),
      start: count(start, "a unit's start"),
      end: count(end, "a unit's end"),
      descriptor: textOrNull(descriptor, "a unit's descriptor") ?? undefined,
      sharedState: flag(sharedState, "sharedState"),
      touchesEnv: flag(touchesEnv, "touchesEnv"),
    };
  });
  const unit = (at: unknown): CodeUnit =>
    all[count(at, "a unit index")] ?? damaged(`no unit ${at}`);
  const regions = list(regionRows, "regions").map((value) => {
    const [start, end, at, eager, typeOnly] = row(value, 5, "a region");
    return {
      start: count(start, "a region's start"),
      end: count(end, "a region's end"),
      unit: unit(at),
      eager: flag(eager, "eager"),
      typeOnly: flag(typeOnly, "typeOnly"),
    };
  });
  const testCases = list(caseRows, "test cases").map((value) => {
    const [at, hooks, sharedHooks, line, parameterised, runs] = row(value, 6, "a test case");
    return {
      unit: unit(at),
      hooks: list(hooks, "hooks").map(unit),
      sharedHooks: list(sharedHooks, "shared hooks").map(unit),
      line: count(line, "a case's line"),
      parameterised: flag(parameterised, "parameterised"),
      runs: count(runs, "a case's runs"),
    };
  });
  const uses = list(useRows, "uses").map((value): UseRow => {
    const [targetFile, targetUnit, by, kind, eager, line, testCall] = row(value, 7, "a use");
    return {
      targetFile: count(targetFile, "a use's file"),
      targetUnit: count(targetUnit, "a use's unit"),
      by: unit(by),
      kind: useKind(kind, "a use's kind"),
      eager: flag(eager, "eager"),
      line: count(line, "a use's line"),
      testCall: textOrNull(testCall, "a use's test call") ?? undefined,
    };
  });
  const units: FileUnits = {
    file,
    module: unit(0),
    units: all,
    regions,
    testCases,
    isTest: flag(isTest, "isTest"),
  };
  return { units, uses };
}

/** The unit a recorded address names, in its file's units. */
export const unitAt = (units: FileUnits, at: number): CodeUnit =>
  units.units[at] ?? damaged(`${units.file} has no unit ${at}`);
