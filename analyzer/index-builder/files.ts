// Stage: the file import graph: every project file, its feature, its role and its imports.
import type { FileEntry } from "../index-file/types.js";
import type { BuildContext } from "./context.js";
import { orderBy } from "./order.js";

export function fileEntries({ analysis, featureIdOfFile }: BuildContext): FileEntry[] {
  return analysis.loaded.files.map((file) => ({
    path: file.path,
    feature: featureIdOfFile(file),
    role: analysis.roles.role(file),
    imports: (analysis.imports.get(file) ?? [])
      .map((item) => item.edge)
      .sort(
        orderBy(
          (e) => e.line,
          (e) => e.specifier,
          (e) => e.form,
        ),
      ),
  }));
}
