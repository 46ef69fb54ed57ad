// A solution-style tsconfig (`"files": []`, no `include`, `references` to other projects: what
// `npm create vite` and hono write at their roots) and the projects it stands for, as `tsc -b`
// reads them: each reference names a tsconfig file (a .json path), or a folder meaning its
// tsconfig.json; a referenced solution stands for its own references in turn. TypeScript parses
// the JSON (comments, trailing commas), loaded only for a file whose text mentions "references".
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { readProjectFile } from "../../schema/read-project-file.js";

export interface TsconfigShape {
  /** The referenced tsconfig files (absolute, in reference order) when it is a solution. */
  readonly solution: readonly string[] | undefined;
  /** Whether it names files of its own (a non-empty `files` or `include`); false unless asked. */
  readonly namesFiles: boolean;
  /**
   * Whether it sets neither `files` nor `include` (nor references), so TypeScript compiles every
   * file below it, or an extended config decides: xstate's root tsconfig.json.
   */
  readonly includesAll: boolean;
}

/**
 * What a tsconfig is, or undefined when it does not exist or cannot be read as JSON. Only a
 * text that mentions "references" (or, asked about `namesFiles`, "files" or "include") loads
 * TypeScript to parse it: a single project's verbs answer from a fresh index without it.
 */
export function tsconfigShape(
  file: string,
  asked: { readonly namesFiles: boolean } = { namesFiles: false },
): TsconfigShape | undefined {
  let text: string;
  try {
    text = readProjectFile(file);
  } catch {
    return undefined;
  }
  const includesAll = !/"(?:references|files|include)"\s*:/u.test(text);
  const mentions = asked.namesFiles ? /"(?:references|files|include)"\s*:/u : /"references"\s*:/u;
  if (!mentions.test(text)) return { solution: undefined, namesFiles: false, includesAll };
  const ts = createRequire(import.meta.url)("typescript") as typeof import("typescript");
  const { config } = ts.parseConfigFileTextToJson(file, text);
  if (typeof config !== "object" || config === null || Array.isArray(config)) return undefined;
  const record = config as Record<string, unknown>;
  const { references, files, include } = record;
  const nonEmpty = (value: unknown) => Array.isArray(value) && value.length > 0;
  const solution =
    nonEmpty(references) &&
    Array.isArray(files) &&
    files.length === 0 &&
    (include === undefined || (Array.isArray(include) && include.length === 0));
  return {
    solution: solution ? referencedTsconfigs(file, references as unknown[]) : undefined,
    namesFiles: nonEmpty(files) || nonEmpty(include),
    includesAll,
  };
}

function referencedTsconfigs(file: string, references: readonly unknown[]): string[] {
  const targets: string[] = [];
  for (const reference of references) {
    const target = (reference as { path?: unknown } | null)?.path;
    if (typeof target !== "string") continue;
    // As tsc resolves a reference: a .json path is the tsconfig, anything else a folder.
    const absolute = path.resolve(path.dirname(file), target);
    targets.push(/\.json$/iu.test(absolute) ? absolute : path.join(absolute, "tsconfig.json"));
  }
  return targets;
}

/**
 * The projects a tsconfig stands for: itself, or for a solution the projects of each reference
 * (depth first, in reference order, each once). A reference to a file that does not exist is
 * kept: loading it reports the problem.
 */
export function solutionProjects(file: string, seen: Set<string> = new Set()): string[] {
  const absolute = path.resolve(file);
  if (seen.has(absolute)) return [];
  seen.add(absolute);
  const shape = existsSync(absolute) ? tsconfigShape(absolute) : undefined;
  if (shape?.solution === undefined) return [absolute];
  return shape.solution.flatMap((target) => solutionProjects(target, seen));
}

/**
 * The projects of one folder that its tsconfig.json (a solution) references, in reference order,
 * when there are several: tests none of them includes belong to the first. Empty otherwise.
 */
export function folderSiblings(dir: string): string[] {
  const solution = path.join(dir, "tsconfig.json");
  if (!existsSync(solution) || tsconfigShape(solution)?.solution === undefined) return [];
  const here = solutionProjects(solution).filter((file) => path.dirname(file) === dir);
  return here.length > 1 ? here : [];
}
