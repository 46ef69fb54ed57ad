// .agentix/affected.json: the facts `agentix affected` reads (affected/facts.ts), recorded by
// `agentix index` for every file while the program is loaded: each file's code units, regions and
// test cases, the uses the checker resolved, the import graph, line starts, entity sites. fresh.json
// holds its sha256; a verb trusts it only when the freshness check passes and the bytes match.
// Reading it back never throws: anything unexpected is `undefined` (stale: the verb analyses).
import { readFileSync } from "node:fs";
import path from "node:path";
import type {
  AffectedFacts,
  AllEntities,
  EntitySite,
  FactFile,
  FileSource,
  ImportFact,
  RecordedUse,
  UnknownLoader,
} from "../affected/facts.js";
import type { CodeUnit, FileUnits, Region, TestCaseInfo, UnitKind } from "../affected/units.js";
import type { UseKind } from "../affected/facts.js";
import { sha256 } from "../project/file-stamps.js";
import { INDEX_DIRECTORY } from "../index-file/write.js";

export const AFFECTED_FILE_NAME = "affected.json";
/** Bump on any change of the layout below: an older file is then stale, never misread. */
export const AFFECTED_RECORD_FORMAT = 1;

export function affectedPath(root: string): string {
  return path.join(root, INDEX_DIRECTORY, AFFECTED_FILE_NAME);
}

/** [id, kind, name, line, start, end, descriptor, sharedState] */
type UnitRow = [string, UnitKind, string, number, number, number, string | null, boolean];
/** [start, end, unit index, eager, typeOnly] */
type RegionRow = [number, number, number, boolean, boolean];
/** [unit index, hook indexes, shared hook indexes, line, parameterised, runs] */
type CaseRow = [number, number[], number[], number, boolean, number];
/** [target, target file, by, kind, eager, line, testCall] */
type UseRow = [string, string, string, UseKind, boolean, number, string | null];

interface RecordedFile {
  readonly file: Omit<FactFile, "vitestRuns"> & { readonly vitestRuns: boolean | null };
  readonly imports?: readonly ImportFact[];
  readonly units?: { units: UnitRow[]; regions: RegionRow[]; cases: CaseRow[]; isTest: boolean };
  readonly uses?: readonly UseRow[];
  readonly lineStarts?: readonly number[];
}

interface AffectedRecord {
  readonly format: typeof AFFECTED_RECORD_FORMAT;
  /** In the analysis' order; `imports` only for files the analysis resolved imports of. */
  readonly files: readonly RecordedFile[];
  readonly unknownLoaders: readonly UnknownLoader[];
  readonly operations: AffectedFacts["operations"];
  readonly entitySites: readonly EntitySite[];
  readonly everything: AllEntities;
  readonly foreignSchemas: ReturnType<AffectedFacts["foreignSchemas"]>;
}

/** The record's bytes: every file cut and every use resolved, from live facts. */
export function affectedRecordText(facts: AffectedFacts): string {
  const cut = new Map<string, FileUnits>();
  for (const file of facts.files) if (!file.declaration) cut.set(file.path, facts.units(file.path));
  const within = (file: string) => cut.get(file);
  const files: RecordedFile[] = facts.files.map((file) => {
    const units = cut.get(file.path);
    const imports = facts.imports.get(file.path);
    return {
      file: { ...file, vitestRuns: file.vitestRuns ?? null },
      ...(imports === undefined ? {} : { imports }),
      ...(units === undefined
        ? {}
        : {
            units: unitRows(units),
            uses: facts.uses(file.path, within).map(useRow),
            lineStarts: facts.source(file.path).lineStarts,
          }),
    };
  });
  const record: AffectedRecord = {
    format: AFFECTED_RECORD_FORMAT,
    files,
    unknownLoaders: facts.unknownLoaders,
    operations: facts.operations,
    entitySites: facts.entitySites(),
    everything: facts.everything(),
    foreignSchemas: facts.foreignSchemas(),
  };
  return `${JSON.stringify(record)}\n`;
}

function unitRows(units: FileUnits) {
  const index = new Map(units.units.map((unit, at) => [unit.id, at]));
  const at = (unit: CodeUnit) => index.get(unit.id) as number;
  return {
    units: units.units.map((u): UnitRow => [
      u.id,
      u.kind,
      u.name,
      u.line,
      u.start,
      u.end,
      u.descriptor ?? null,
      u.sharedState,
    ]),
    regions: units.regions.map((r): RegionRow => [r.start, r.end, at(r.unit), r.eager, r.typeOnly]),
    cases: units.testCases.map((c): CaseRow => [
      at(c.unit),
      c.hooks.map(at),
      c.sharedHooks.map(at),
      c.line,
      c.parameterised,
      c.runs,
    ]),
    isTest: units.isTest,
  };
}

const useRow = (u: RecordedUse): UseRow => [
  u.target,
  u.targetFile,
  u.by,
  u.kind,
  u.eager,
  u.line,
  u.testCall ?? null,
];

/** A fact the record does not hold: the fast path falls back before asking for it. */
export class NotRecorded extends Error {}

/**
 * The facts recorded for `root` when affected.json's bytes have the digest fresh.json vouches
 * for; undefined when they do not, or the file is not one this analyzer writes.
 */
export function readAffectedRecord(root: string, digest: string | null): AffectedFacts | undefined {
  if (digest === null) return undefined;
  let text: string;
  try {
    text = readFileSync(affectedPath(root), "utf8");
  } catch {
    return undefined;
  }
  if (sha256(text) !== digest) return undefined;
  try {
    const record = JSON.parse(text) as AffectedRecord;
    const lists = [record?.files, record?.unknownLoaders, record?.operations, record?.entitySites];
    if (
      record?.format !== AFFECTED_RECORD_FORMAT ||
      !lists.every(Array.isArray) ||
      !Array.isArray(record.foreignSchemas) ||
      typeof record.everything !== "object" ||
      record.everything === null
    )
      return undefined;
    return recordedFacts(root, record);
  } catch {
    return undefined;
  }
}

function recordedFacts(root: string, record: AffectedRecord): AffectedFacts {
  const files = new Map<string, RecordedFile>();
  const factFiles: FactFile[] = [];
  const imports = new Map<string, readonly ImportFact[]>();
  for (const entry of record.files) {
    const { vitestRuns, ...file } = entry.file;
    const fact: FactFile = { ...file, vitestRuns: vitestRuns ?? undefined };
    if (typeof fact.path !== "string") throw new TypeError("a file without a path");
    files.set(fact.path, entry);
    factFiles.push(fact);
    if (entry.imports !== undefined) imports.set(fact.path, entry.imports);
  }
  const byPath = new Map(factFiles.map((file) => [file.path, file]));
  const units = new Map<string, FileUnits>();
  const recorded = (file: string): RecordedFile => {
    const entry = files.get(file);
    if (entry?.units === undefined) throw new NotRecorded(`${file} has no units recorded`);
    return entry;
  };
  return {
    root,
    files: factFiles,
    file: (file) => byPath.get(file),
    imports,
    unknownLoaders: record.unknownLoaders,
    operations: record.operations,
    entitySites: () => record.entitySites,
    everything: () => record.everything,
    foreignSchemas: () => record.foreignSchemas,
    units: (file) => {
      let found = units.get(file);
      if (found === undefined) units.set(file, (found = fileUnitsOf(file, recorded(file))));
      return found;
    },
    uses: (file, within) =>
      (recorded(file).uses ?? [])
        .filter((row) => within(row[1]) !== undefined)
        .map(([target, targetFile, by, kind, eager, line, testCall]) => ({
          target,
          targetFile,
          by,
          kind,
          eager,
          line,
          testCall: testCall ?? undefined,
        })),
    source: (file): FileSource => ({
      // fresh.json proved the file's text is the one the record was made from.
      text: textOf(path.resolve(root, file)),
      lineStarts: recorded(file).lineStarts ?? [],
    }),
    outside: () => {
      throw new NotRecorded("changes outside the project are not recorded");
    },
    danglingImportersOf: () => {
      throw new NotRecorded("module resolution is not recorded");
    },
  };
}

function textOf(file: string): string {
  const text = readFileSync(file, "utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

function fileUnitsOf(file: string, entry: RecordedFile): FileUnits {
  const rows = entry.units as NonNullable<RecordedFile["units"]>;
  const all: CodeUnit[] = rows.units.map(
    ([id, kind, name, line, start, end, descriptor, sharedState]) => ({
      id,
      kind,
      file,
      name,
      line,
      start,
      end,
      descriptor: descriptor ?? undefined,
      sharedState,
    }),
  );
  const unit = (at: number): CodeUnit => {
    const found = all[at];
    if (found === undefined) throw new TypeError(`${file}: no unit ${at}`);
    return found;
  };
  const regions: Region[] = rows.regions.map(([start, end, at, eager, typeOnly]) => ({
    start,
    end,
    unit: unit(at),
    eager,
    typeOnly,
  }));
  const testCases: TestCaseInfo[] = rows.cases.map(
    ([at, hooks, sharedHooks, line, parameterised, runs]) => ({
      unit: unit(at),
      hooks: hooks.map(unit),
      sharedHooks: sharedHooks.map(unit),
      line,
      parameterised,
      runs,
    }),
  );
  return { file, module: unit(0), units: all, regions, testCases, isTest: rows.isTest };
}
