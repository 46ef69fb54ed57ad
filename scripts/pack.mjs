// The package as npm packs it: the built tree (dist/, `npm run build`) with each entry's
// JavaScript and declarations bundled by Rolldown (and rolldown-plugin-dts) into a few files:
// dist/<entry>.js and .d.ts at the paths `exports` names, beside shared dist/chunks/. The same code
// as tsc wrote, in 65 files instead of 523: a lean install counts disk blocks, and each small
// module costs a 4 KiB block. Unminified: JSDoc, function names (keepNames) and a
// `// dist/<module>.js` comment before each module's code are kept.
//
//   node scripts/pack.mjs --stage <dir>   a complete package folder at <dir> (`npm pack <dir>`)
//   node scripts/pack.mjs                 prepack: dist/ becomes that bundled tree; the tsc tree
//                                         waits in node_modules/.cache/agentix-pack/
//   node scripts/pack.mjs --restore       postpack: the tsc tree back in dist/
import { execFileSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  renameSync,
  rmSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { rolldown } from "rolldown";
import { dts } from "rolldown-plugin-dts";

const repo = fileURLToPath(new URL("../", import.meta.url));
const dist = path.join(repo, "dist");
const parked = path.join(repo, "node_modules/.cache/agentix-pack/dist");
/** The module that loads the build's precompiled validators by relative `require`. */
const VALIDATOR_LOADER = path.join(dist, "schema/ajv.js");

const manifest = JSON.parse(readFileSync(path.join(repo, "package.json"), "utf8"));

/** Every `exports` condition target and the bin under dist/, split into code and declarations. */
function entryFiles() {
  const targets = [
    ...Object.values(manifest.exports).flatMap((target) =>
      typeof target === "string" ? [target] : Object.values(target),
    ),
    ...Object.values(manifest.bin),
  ]
    .map((target) => path.join(repo, target))
    .filter((file) => file.startsWith(dist + path.sep));
  return {
    code: targets.filter((file) => file.endsWith(".js")),
    types: targets.filter((file) => file.endsWith(".d.ts")),
  };
}

/** The files npm packs from the repository other than dist/ (README, LICENSE, docs, schemas). */
function packedFilesBesideDist() {
  const [result] = JSON.parse(
    execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: repo,
      encoding: "utf8",
    }),
  );
  return result.files.map((file) => file.path).filter((file) => !file.startsWith("dist/"));
}

/** Bundles the entries' JavaScript into `out`, keeping each entry's path; packages stay imports. */
async function bundleCode(entries, out) {
  const input = Object.fromEntries(
    entries.map((file) => [path.relative(dist, file).replace(/\.js$/u, ""), file]),
  );
  const bundle = await rolldown({
    input,
    cwd: repo,
    platform: "node",
    external: (id) => !id.startsWith(".") && !path.isAbsolute(id),
  });
  try {
    const { output } = await bundle.write({
      dir: out,
      format: "esm",
      entryFileNames: "[name].js",
      chunkFileNames: "chunks/[name]-[hash].js",
      keepNames: true,
      // Editors read the declarations, which keep their JSDoc: the JavaScript needs none
      // (168 KiB of the production install's 5 MiB).
      comments: { legal: true, annotation: true, jsdoc: false },
    });
    return output.filter((item) => item.type === "chunk");
  } finally {
    await bundle.close();
  }
}

/**
 * rolldown-plugin-dts drops an `export import ts = tsMorph.ts;` alias of a required package (its
 * uses become "Cannot find namespace 'ts'"): rewritten as the named import and export it means.
 */
const requiredAliasExports = {
  name: "agentix:required-alias-exports",
  transform: {
    filter: { id: /\.d\.ts$/u },
    handler(code) {
      const required = new Map(
        [...code.matchAll(/^import (?:type )?(\w+) = require\(("[^"]+")\);$/gmu)].map((match) => [
          match[1],
          match[2],
        ]),
      );
      const rewritten = code.replace(
        /^export import (\w+) = (\w+)\.(\w+);$/gmu,
        (line, alias, namespace, member) =>
          required.has(namespace)
            ? `import { ${member} as ${alias} } from ${required.get(namespace)};\nexport { ${alias} };`
            : line,
      );
      return rewritten === code ? null : rewritten;
    },
  },
};

/** Bundles the entries' declarations into `out` the same way: one `.d.ts` per entry beside shared chunks. */
async function bundleDeclarations(entries, out) {
  const input = Object.fromEntries(
    entries.map((file) => [path.relative(dist, file).replace(/\.d\.ts$/u, ""), file]),
  );
  const bundle = await rolldown({
    input,
    cwd: repo,
    platform: "node",
    external: (id) => !id.startsWith(".") && !path.isAbsolute(id),
    plugins: [requiredAliasExports, dts({ dtsInput: true, tsconfig: false, emitDtsOnly: true })],
    checks: { bundlerTimings: false },
  });
  try {
    await bundle.write({
      dir: out,
      format: "esm",
      entryFileNames: "[name].ts",
      chunkFileNames: "chunks/[name]-[hash].d.ts",
    });
  } finally {
    await bundle.close();
  }
}

/** Writes the complete package folder at `stage`: what `npm pack` of it and of the repository at prepack hold. */
export async function stagePackage(stage) {
  if (!existsSync(VALIDATOR_LOADER))
    throw new Error(`${VALIDATOR_LOADER} is missing: run npm run build first`);
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  for (const file of ["package.json", ...packedFilesBesideDist()])
    cpSync(path.join(repo, file), path.join(stage, file));
  const { code, types } = entryFiles();
  const chunks = await bundleCode(code, path.join(stage, "dist"));
  // The validators are loaded relative to the loader's module, now inside one output file.
  const loaders = chunks.filter((chunk) => chunk.moduleIds.includes(VALIDATOR_LOADER));
  if (loaders.length !== 1)
    throw new Error(`schema/ajv.js is in ${loaders.length} output files, not 1`);
  const beside = path.dirname(path.join(stage, "dist", loaders[0].fileName));
  for (const name of ["index.v2", "config.v1"])
    cpSync(
      path.join(dist, "schema", `${name}.validate.cjs`),
      path.join(beside, `${name}.validate.cjs`),
    );
  await bundleDeclarations(types, path.join(stage, "dist"));
}

/** prepack: the bundled tree replaces dist/, the tsc tree parked until postpack. */
async function bundleInPlace() {
  const stage = mkdtempSync(path.join(tmpdir(), "agentix-pack-"));
  try {
    await stagePackage(stage);
    rmSync(path.dirname(parked), { recursive: true, force: true });
    mkdirSync(path.dirname(parked), { recursive: true });
    renameSync(dist, parked);
    cpSync(path.join(stage, "dist"), dist, { recursive: true });
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/** postpack: the tsc tree back in dist/ (after a failed pack, `npm run build` does the same). */
function restore() {
  if (!existsSync(parked)) return;
  rmSync(dist, { recursive: true, force: true });
  renameSync(parked, dist);
}

const args = process.argv.slice(2);
if (args[0] === "--stage" && args[1] !== undefined) await stagePackage(path.resolve(args[1]));
else if (args[0] === "--restore") restore();
else if (args.length === 0) await bundleInPlace();
else {
  process.stderr.write("usage: node scripts/pack.mjs [--stage <dir> | --restore]\n");
  process.exit(2);
}
