// `new URL("./pricing.worker.ts", import.meta.url)`: a file named relative to the module, which
// Vite and webpack bundle (a worker, an asset) and Node loads (`new Worker(url)`). TypeScript
// sees a string; the file it names is a dependency all the same.
import { AST_NODE_TYPES, type TSESTree } from "@typescript-eslint/types";
import { staticString } from "./constant-string.js";
import { isImportMeta } from "./import-meta.js";

/** What a module URL names. */
export interface ModuleUrl {
  /** The path written, as a relative specifier ("./x" for "x"; an absolute one as it is). */
  readonly specifier: string;
  /** The string literal that names it (where reports point). */
  readonly literal: TSESTree.Node;
}

/** A scheme (`https:`, `data:`, `file:`) or a host (`//cdn`): no file of the module's folder. */
const NOT_A_PATH = /^(?:[a-z][a-z\d+.-]*:|\/\/)/iu;

/** `import.meta.url`. */
function isModuleUrl(node: TSESTree.Node | undefined): boolean {
  return (
    node?.type === AST_NODE_TYPES.MemberExpression &&
    !node.computed &&
    node.property.type === AST_NODE_TYPES.Identifier &&
    node.property.name === "url" &&
    isImportMeta(node.object)
  );
}

/**
 * The file a `new URL(path, import.meta.url)` names, when `path` is a string that names a file
 * (not a folder: "./assets/" is a base other paths are built on; not another scheme or host).
 * Its query and fragment (`?worker`, `#x`) are no part of the file, and its escapes (`%20`) are
 * decoded, as `fileURLToPath` reads it.
 */
export function moduleUrlOf(node: TSESTree.NewExpression): ModuleUrl | undefined {
  const [first, second] = node.arguments;
  if (
    node.callee.type !== AST_NODE_TYPES.Identifier ||
    node.callee.name !== "URL" ||
    node.arguments.length !== 2 ||
    !first ||
    !isModuleUrl(second)
  )
    return undefined;
  const written = staticString(first);
  if (written === undefined || NOT_A_PATH.test(written)) return undefined;
  let file = written.replace(/[?#].*$/su, "");
  try {
    file = decodeURIComponent(file);
  } catch {
    // A malformed escape is left as written: URL keeps it so.
  }
  if (file === "" || file.endsWith("/") || /(?:^|\/)\.\.?$/u.test(file)) return undefined;
  const specifier = file.startsWith("/") || /^\.\.?\//u.test(file) ? file : `./${file}`;
  return { specifier, literal: first };
}

const URL_WORD = /\bURL\b/u;
const IMPORT_META_URL = /\bimport\s*\.\s*meta\s*\.\s*url\b/u;

/** Whether a file's text may hold a module URL: it names both `URL` and `import.meta.url`. */
export function mayNameModuleUrl(text: string): boolean {
  return IMPORT_META_URL.test(text) && URL_WORD.test(text);
}
