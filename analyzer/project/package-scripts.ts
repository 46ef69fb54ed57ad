// The scripts of a package.json's text, read for the options they give a tool (a Vitest or Jest
// `--config`, Mocha's `--require`): `[name, command]` pairs, none for text that is not a
// manifest with a scripts object.
export function packageScripts(manifest: string | undefined): [string, string][] {
  let scripts: unknown;
  try {
    scripts = (JSON.parse(manifest ?? "null") as { scripts?: unknown } | null)?.scripts;
  } catch {
    return [];
  }
  if (typeof scripts !== "object" || scripts === null) return [];
  return Object.entries(scripts).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string",
  );
}
