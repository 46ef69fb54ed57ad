// Jest's `projects` given as paths (`projects: ["<rootDir>/packages/*"]`): each names a folder
// with a Jest config of its own (or a config file), whose setup files run before that project's
// tests and whose transform (ts-jest) type-checks them. Inline project objects are read where
// the config is; these were skipped, so a change reaching a project's setup file selected no
// test and verify passed (helper-29 repro-5). Read as text, never run; no TypeScript here (the
// ts-jest check runs on the fresh-index path).
import path from "node:path";
import picomatch from "picomatch";
import { JEST_CONFIG_NAMES } from "./jest-config-file.js";

export interface ProjectsReader {
  read(file: string): string | undefined;
  isFile(file: string): boolean;
  /** The folder's entries `matches` accepts (recorded by VitestInputs); none when unreadable. */
  list(dir: string, key: string, matches: (name: string) => boolean): readonly string[];
}

/** A project folder's Jest config: a jest.config.* file, or its package.json "jest" field. */
export interface ProjectConfig {
  readonly file: string;
  readonly dir: string;
}

/** The string entries of a config's `projects` (a JSON value, or a JavaScript config's text). */
export function projectEntries(config: unknown): string[] {
  if (typeof config === "string") {
    const list = /\bprojects\s*:\s*\[([^\]]{0,10000})\]/u.exec(config)?.[1] ?? "";
    return [...list.matchAll(/(["'`])((?:(?!\1)[^\\\n]){1,500})\1/gu)].map((m) => m[2] as string);
  }
  const projects =
    typeof config === "object" && config !== null
      ? (config as Record<string, unknown>)["projects"]
      : undefined;
  return Array.isArray(projects)
    ? projects.filter((entry): entry is string => typeof entry === "string")
    : [];
}

/** The configs `entries` name, from the folder `rootDir` stands for; at most 200. */
export function projectConfigs(
  entries: readonly string[],
  rootDir: string,
  reader: ProjectsReader,
): ProjectConfig[] {
  const found: ProjectConfig[] = [];
  for (const entry of entries) {
    const absolute = path.resolve(rootDir, entry.replaceAll("<rootDir>", rootDir));
    for (const match of expand(absolute, reader)) {
      if (found.length >= 200) return found;
      if (reader.isFile(match)) {
        found.push({ file: match, dir: path.dirname(match) });
        continue;
      }
      const file = [...JEST_CONFIG_NAMES, "package.json"]
        .map((name) => path.join(match, name))
        .find((candidate) => reader.isFile(candidate));
      if (file !== undefined) found.push({ file, dir: match });
    }
  }
  return found;
}

/** The paths a glob names, segment by segment (`*`, `**` not followed: one level per segment). */
function expand(absolute: string, reader: ProjectsReader): string[] {
  const segments = absolute.split(path.sep);
  let paths = [segments[0] === "" ? path.sep : (segments[0] as string)];
  for (const segment of segments.slice(1)) {
    if (segment === "") continue;
    if (!picomatch.scan(segment).isGlob) {
      paths = paths.map((dir) => path.join(dir, segment));
      continue;
    }
    const matches = picomatch(segment, { dot: false });
    paths = paths.flatMap((dir) =>
      reader.list(dir, `jest projects ${segment}`, matches).map((name) => path.join(dir, name)),
    );
  }
  return paths;
}
