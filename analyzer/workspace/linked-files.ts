// With a workspace's node_modules installed, `@acme/contracts` resolves through the link
// `node_modules/@acme/contracts -> ../../packages/contracts` to that package's sources, and each
// importing package's program compiles them itself. Those files are another package's: the
// cross-package links (links.ts) carry their changes, so they must not count as code outside the
// project that it compiles (which widens). This finds them: the program files a package reaches
// only through imports of other workspace packages by name. A file it also reaches another way
// (a relative import out of the package, a `paths` alias, an include) stays outside code.
import path from "node:path";
import type { Analysis } from "../analyze.js";
import { isInNodeModules, relativeToRoot } from "../project/paths.js";
import { ts } from "../project/ts-morph.js";
import { packageName, type ProgramWithResolutions } from "../resolve/module-resolution.js";
import type { Workspace, WorkspacePackage } from "./discover.js";

/** A source file's import literals, as the program resolved them (internal, stable since 4.x). */
interface SourceFileWithImports {
  readonly imports?: readonly ts.StringLiteralLike[];
}

/**
 * The absolute names of the program files of `pkg` outside its own files that it reaches only
 * through imports, by name, of other workspace packages (and what those files import in turn).
 * Empty when the program does not expose its resolutions (nothing is then taken for linked).
 */
export function linkedFiles(
  workspace: Workspace,
  pkg: WorkspacePackage,
  analysis: Analysis,
): Set<string> {
  const { program, fileByName } = analysis.loaded;
  const resolutions = program as unknown as ProgramWithResolutions;
  if (resolutions.getResolvedModule === undefined) return new Set();
  const names = new Set(
    workspace.packages.filter((entry) => entry.path !== pkg.path).map((entry) => entry.name),
  );
  const linked = new Set<string>();
  const direct = new Set<string>();
  const queue: { file: ts.SourceFile; state: "own" | "linked" | "direct" }[] = [];
  const reach = (file: ts.SourceFile, state: "linked" | "direct") => {
    const name = path.resolve(file.fileName);
    // Only the workspace's own sources matter (and only they lead back into it).
    if (relativeToRoot(workspace.root, name) === undefined || isInNodeModules(name)) return;
    if (fileByName.has(file.fileName) || fileByName.has(name) || direct.has(name)) return;
    if (state === "linked" && linked.has(name)) return;
    (state === "linked" ? linked : direct).add(name);
    if (state === "direct") linked.delete(name);
    queue.push({ file, state });
  };
  for (const file of program.getSourceFiles())
    if (fileByName.has(file.fileName)) queue.push({ file, state: "own" });
  // Files the tsconfig itself names outside the package (`include`, `files`) are its own choice.
  for (const root of program.getRootFileNames()) {
    const file = program.getSourceFile(root);
    if (file !== undefined) reach(file, "direct");
  }
  while (queue.length > 0) {
    const { file, state } = queue.shift() as (typeof queue)[number];
    // A file reached directly after it was queued as linked is handled by its direct entry.
    if (state === "linked" && direct.has(path.resolve(file.fileName))) continue;
    for (const literal of (file as SourceFileWithImports).imports ?? []) {
      const mode = program.getModeForUsageLocation(file, literal);
      const resolved = resolutions.getResolvedModule(file, literal.text, mode)?.resolvedModule;
      const target = resolved && program.getSourceFile(resolved.resolvedFileName);
      if (target === undefined) continue;
      const byName = !literal.text.startsWith(".") && names.has(packageName(literal.text));
      reach(
        target,
        state === "direct" ? "direct" : state === "linked" || byName ? "linked" : "direct",
      );
    }
    for (const reference of file.referencedFiles) {
      const target = program.getSourceFile(
        path.resolve(path.dirname(file.fileName), reference.fileName),
      );
      if (target !== undefined) reach(target, state === "linked" ? "linked" : "direct");
    }
  }
  return linked;
}
