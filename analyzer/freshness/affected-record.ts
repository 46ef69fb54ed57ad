// .agentix/affected.json: the facts `agentix affected` reads (affected/facts.ts), recorded by
// `agentix index` for every file while the program is loaded: each file's code units, regions and
// test cases, the uses the checker resolved, the import graph, entity sites. fresh.json holds its
// sha256; a verb trusts it only when the freshness check passes and the bytes match.
// Laid out so that an answer reads only what it needs: a first line (the header) holds what the
// answer reads of every file (roles, features, imports) and where each file's segment lies; one
// line per file then holds its units and uses, parsed only when the change can reach the file
// (affected/select.ts). Line starts are not recorded: the file's text, proven unchanged, gives
// them. Reading never throws for a record it did not write: undefined (the verb analyses), or a
// DamagedRecord from a segment read later (answer-affected.ts analyses then too). A record that
// is not a regular file (a FIFO, a link to /dev/zero) or is too large is not read: undefined.
import path from "node:path";
import { INDEX_FILE_LIMIT, readProjectBytes } from "../../schema/read-project-file.js";
import type { AffectedFacts, FactFile, FileSource, ImportFact } from "../affected/facts.js";
import type { FileUnits } from "../affected/units.js";
import { sha256 } from "../project/file-stamps.js";
import { INDEX_DIRECTORY } from "../index-file/write.js";
import {
  fileRow,
  fileSegment,
  headerFile,
  parseJson,
  projectFacts,
  projectRows,
  segmentRow,
  unitAt,
  type HeaderFile,
  type Segment,
  type UseRow,
} from "./affected-record-rows.js";
import { lineStartsOf } from "../affected/line-starts.js";
import { DamagedRecord, NotRecorded } from "./record-errors.js";

export { DamagedRecord, NotRecorded } from "./record-errors.js";

import { AFFECTED_FILE_NAME } from "../index-file/cache-file-names.js";

export { AFFECTED_FILE_NAME } from "../index-file/cache-file-names.js";
/**
 * Bump on any change of the layout: an older file is then stale, never misread.
 * 2: a header line and one segment line per file; rows; no line starts, no self-uses.
 * 3: a loader with a pattern target (`import(`./locales/${lang}.json`)`) imports what matches it.
 * 4: a test imports the Vitest setup files run before it; unreadable setup lists (unknownSetups).
 * 5: the tests other tsconfigs inside the root own (testOwners).
 * 6: a test's second Vitest config (vitest.e2e.config.ts) that runs it (otherVitestConfig).
 * 7: a file imports what the paths its code names hold (path-references.ts), and the sources
 *    an import of the project's own package name stands for (self-imports.ts).
 * 8: a "src/x.ts" string (a source file named from the root without "./") is a named path too.
 * 9: a function's parameter list is a deferred region of its own (code-units.ts).
 * 10: tests and hooks inside a declared function are its code, not units of their own.
 * 11: a file imports what its import.meta.glob patterns match (extract/vite-glob.ts).
 * 12: a `#` import loads its targets under every condition of package.json `imports`.
 * 13: a unit row says whether its code names process.env (touchesEnv).
 * 14: a static `#` or relative import that resolves nowhere is an unknown loader.
 * 15: a file row says whether it is a test helper no runner runs (FactFile.helper).
 * 16: an import Jest's moduleNameMapper matches loads the file it maps to (module-map-imports.ts);
 *     `jest.mock("./x")` and an import of a package load their manual mocks (manual-mocks.ts);
 *     files analysed through a symbolic link, with the file each is (linkedCopies).
 * 17: a named path the analysis holds no file of is an import of it (an unresolved target); an
 *     import with a query (`./snippet.ts?raw`) names its file by path.
 * 18: a join or resolve of strings from the root (`join("test", "fixtures")`) is a named path.
 * 19: a file with Mocha root-level hooks is setup every test imports (mocha-hook-setup.ts).
 * 20: an import.meta.glob pattern written with an alias loads what the tsconfig's `paths` map it
 *     to; one that no entry maps is an unknown loader; a `base` option moves relative patterns
 *     (one that is no literal is an unknown loader), a pattern that starts with `**` is the root's;
 *     webpack's require.context loads every file below its folder.
 * 21: an import()/require() of a template that starts with an alias (`@/locales/${x}.json`)
 *     loads what its pattern matches where `paths` map it (before: an unknown loader).
 * 22: a file that imports Playwright's test framework, with no test's name, loaded by other tests
 *     is a helper (e2e/helpers/auth.ts), as a Vitest-only one was.
 * 23: a file that uses Cypress's global `cy` (and mounts no component) imports `cypress`
 *     (cypress-globals.ts): a test that reaches it drives the application from outside; a
 *     Vitest exclude glob that matches a folder leaves out the files below it.
 * 24: a file in one of Cypress's spec folders (cypress/e2e, cypress/integration,
 *     cypress/component) that uses `cy` and declares tests is a test, whatever its name.
 * 25: more imports and uses, so an older record would miss tests: requires `createRequire` made
 *     and a `require` the file only declares; the module a runner's `vi.importActual` /
 *     `vi.mock` loads, and what a barrel it loads re-exports (runner-loads.ts); a namespace
 *     import or `import()` of a barrel names what the barrel re-exports, a member read that
 *     member alone; an import through a Vite alias the tsconfig does not mirror is an unknown
 *     loader; a relative string names the module a loader resolves it to, and every place that
 *     names a path counts.
 * 26: an instantiation expression (`makeBox<number>`) is a use of the function; a file that
 *     imports a test framework's types alone is no test.
 * 27: a `const` object, array, Set or Map, a function or a class that code changes after load
 *     (or that is exported data) holds shared state, and a descriptor built by an agentix call
 *     does not; a unit's load-time code handing the unit out (a static block or static field
 *     naming its class, a decorator) is a use by its module, so an older record would miss tests.
 */
export const AFFECTED_RECORD_FORMAT = 27;

export function affectedPath(root: string): string {
  return path.join(root, INDEX_DIRECTORY, AFFECTED_FILE_NAME);
}

/** The record's bytes: every file cut and every use resolved, from live facts. */
export function affectedRecordText(facts: AffectedFacts): string {
  const cut = new Map<string, FileUnits>();
  for (const file of facts.files) if (!file.declaration) cut.set(file.path, facts.units(file.path));
  const within = (file: string) => cut.get(file);
  const fileIndex = new Map(facts.files.map((file, at) => [file.path, at]));
  const unitIndex = new Map<string, number>();
  for (const units of cut.values()) units.units.forEach((unit, at) => unitIndex.set(unit.id, at));
  const address = (unitId: string, file: string) => {
    const at = [fileIndex.get(file), unitIndex.get(unitId)] as const;
    if (at[0] === undefined || at[1] === undefined)
      throw new Error(`affected record: ${unitId} is not a unit of ${file}`);
    return at as readonly [number, number];
  };
  const segments: string[] = [];
  let offset = 0;
  const files = facts.files.map((file) => {
    const units = cut.get(file.path);
    let segment: Segment | undefined;
    if (units !== undefined) {
      const line = JSON.stringify(segmentRow(units, facts.uses(file.path, within), address));
      segment = [offset, Buffer.byteLength(line)];
      offset += segment[1] + 1;
      segments.push(`${line}\n`);
    }
    return fileRow({ file, imports: facts.imports.get(file.path), segment });
  });
  const header = { format: AFFECTED_RECORD_FORMAT, files, ...projectRows(facts) };
  return `${JSON.stringify(header)}\n${segments.join("")}`;
}

/**
 * The facts recorded for `root` when affected.json's bytes have the digest fresh.json vouches
 * for; undefined when they do not, or the file is not one this analyzer writes.
 */
export function readAffectedRecord(root: string, digest: string | null): AffectedFacts | undefined {
  if (digest === null) return undefined;
  let bytes: Buffer;
  try {
    bytes = readProjectBytes(affectedPath(root), AFFECTED_FILE_NAME, INDEX_FILE_LIMIT);
  } catch {
    return undefined;
  }
  if (sha256(bytes) !== digest) return undefined;
  try {
    return recordedFacts(root, bytes);
  } catch (error) {
    if (error instanceof DamagedRecord) return undefined;
    throw error;
  }
}

function recordedFacts(root: string, bytes: Buffer): AffectedFacts | undefined {
  const newline = bytes.indexOf(0x0a);
  if (newline < 0) throw new DamagedRecord("affected.json has no header line");
  const header = parseJson(bytes.toString("utf8", 0, newline), "the header");
  if (typeof header !== "object" || header === null || Array.isArray(header))
    throw new DamagedRecord("the header is not an object");
  const fields = header as Record<string, unknown>;
  if (fields["format"] !== AFFECTED_RECORD_FORMAT) return undefined;
  if (!Array.isArray(fields["files"])) throw new DamagedRecord("the header lists no files");
  const body = bytes.subarray(newline + 1);
  const entries = new Map<string, HeaderFile>();
  const paths: string[] = [];
  for (const value of fields["files"] as unknown[]) {
    const entry = headerFile(value);
    const [offset, length] = entry.segment ?? [0, 0];
    if (offset + length > body.length)
      throw new DamagedRecord(`${entry.file.path}'s segment lies past the end`);
    entries.set(entry.file.path, entry);
    paths.push(entry.file.path);
  }
  const factFiles: FactFile[] = [...entries.values()].map((entry) => entry.file);
  const imports = new Map<string, readonly ImportFact[]>();
  for (const { file, imports: list } of entries.values())
    if (list !== undefined) imports.set(file.path, list);

  const segments = new Map<string, { units: FileUnits; uses: readonly UseRow[] }>();
  const segmentOf = (file: string) => {
    let found = segments.get(file);
    if (found === undefined) {
      const at = entries.get(file)?.segment;
      if (at === undefined) throw new NotRecorded(`${file} has no units recorded`);
      const text = body.toString("utf8", at[0], at[0] + at[1]);
      segments.set(file, (found = fileSegment(file, parseJson(text, `${file}'s segment`))));
    }
    return found;
  };
  const pathAt = (at: number): string => {
    const found = paths[at];
    if (found === undefined) throw new DamagedRecord(`a use names no file ${at}`);
    return found;
  };

  return {
    root,
    files: factFiles,
    file: (file) => entries.get(file)?.file,
    imports,
    ...projectFacts(fields),
    units: (file) => segmentOf(file).units,
    uses: (file, within) =>
      segmentOf(file).uses.flatMap((use) => {
        const targetFile = pathAt(use.targetFile);
        if (within(targetFile) === undefined) return [];
        const target = unitAt(segmentOf(targetFile).units, use.targetUnit);
        const { by, kind, eager, line, testCall } = use;
        return [{ target: target.id, targetFile, by: by.id, kind, eager, line, testCall }];
      }),
    source: (file): FileSource => {
      segmentOf(file);
      // fresh.json proved the file's text is the one the record was made from.
      const text = textOf(path.resolve(root, file));
      return { text, lineStarts: lineStartsOf(text) };
    },
    outside: () => {
      throw new NotRecorded("changes outside the project are not recorded");
    },
    wouldImport: () => {
      throw new NotRecorded("module resolution is not recorded");
    },
  };
}

/**
 * A source file's text (fresh.json proved it a regular file, unchanged); one replaced since by
 * something that is not (a FIFO) is not read: no answer from the record.
 */
function textOf(file: string): string {
  let text: string;
  try {
    text = readProjectBytes(file, file, INDEX_FILE_LIMIT).toString("utf8");
  } catch (error) {
    throw new DamagedRecord(error instanceof Error ? error.message : String(error));
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
