// The context report: for every operation of the orders example, the bytes an agent reads to
// answer the four questions (where is the contract; what can it read, change, emit or call;
// which consumers, invariants and tests can a change affect; what is the narrowest safe check)
// in each arm of the comparison.
//   agentix: `agentix inspect <operation> --json --compact` on examples/orders, plus the files it
//            points to for the answer: the operation's own file and each listed invariant's file
//            (whole files, though inspect gives their line spans).
//   plain:   examples/orders-plain's file that registers the operation's route, plus every file
//            it reaches through imports, transitively (type-only imports included, packages not):
//            the least a careful reader opens by hand to be sure of the same answers.
// Both sides count UTF-8 bytes. Run after `npm run build`: node bench/context.bench.mjs
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import ts from "typescript";

const repo = fileURLToPath(new URL("../", import.meta.url));
const agentixRoot = path.join(repo, "examples/orders");
const plainSource = path.join(repo, "examples/orders-plain/src");
const bin = path.join(repo, "dist/analyzer/cli/main.js");
const builtRoutes = path.join(agentixRoot, "dist/http.js");
for (const needed of [bin, builtRoutes]) {
  if (!existsSync(needed)) {
    console.error(`context bench: ${path.relative(repo, needed)} is missing; run \`npm run build\` first`);
    process.exit(1);
  }
}
const { routes } = await import(builtRoutes);
const run = promisify(execFile);
const bytes = (file) => readFileSync(file).byteLength;
const relative = (file) => path.relative(repo, file).split(path.sep).join("/");

/** The agentix arm of one operation: inspect's answer and the files it points to. */
async function agentixContext(operation) {
  const { stdout } = await run(process.execPath, [bin, "inspect", operation, "--json", "--compact", "--root", agentixRoot], { maxBuffer: 16 * 1024 * 1024 });
  const answer = JSON.parse(stdout);
  if (answer.operation?.id !== operation) throw new Error(`inspect ${operation} answered about ${answer.operation?.id}`);
  const pointed = [answer.operation.location, ...answer.operation.invariants.map((invariant) => invariant.location)]
    .filter((location) => location !== null)
    .map((location) => path.join(agentixRoot, location.replace(/:\d+(-\d+)?$/, "")));
  const files = [...new Set(pointed)];
  return { inspect: Buffer.byteLength(stdout), files, fileBytes: files.reduce((sum, file) => sum + bytes(file), 0) };
}

function sourceFiles(directory) {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(directory, entry.name);
    return entry.isDirectory() ? sourceFiles(file) : entry.name.endsWith(".ts") ? [file] : [];
  });
}
const plainFiles = sourceFiles(plainSource);

/** The plain file that registers `method path` (the route literal in a Hono `.get(...)`/`.post(...)` call). */
function routeFile(method, routePath) {
  const call = `.${method.toLowerCase()}(${JSON.stringify(routePath)}`;
  const found = plainFiles.filter((file) => readFileSync(file, "utf8").includes(call));
  if (found.length !== 1) throw new Error(`expected one plain file with ${call}, found ${found.length}`);
  return found[0];
}

/** `file` and every project file it reaches through its module specifiers, transitively. */
function importClosure(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const { fileName } of ts.preProcessFile(readFileSync(file, "utf8"), true, true).importedFiles) {
    if (!fileName.startsWith(".")) continue;
    const target = path.resolve(path.dirname(file), fileName).replace(/\.js$/, ".ts");
    if (!existsSync(target)) throw new Error(`${relative(file)}: ${fileName} does not resolve`);
    importClosure(target, seen);
  }
  return seen;
}

/** Runs `work` over `items`, `jobs` at a time, keeping their order. */
async function mapLimited(items, jobs, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(Array.from({ length: jobs }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  }));
  return results;
}

const started = performance.now();
const agentix = await mapLimited(routes, 2, (route) => agentixContext(route.operation));
const rows = routes.map((route, index) => {
  const plain = [...importClosure(routeFile(route.method, route.path))];
  const plainBytes = plain.reduce((sum, file) => sum + bytes(file), 0);
  const a = agentix[index];
  return { operation: route.operation, inspect: a.inspect, agentixFiles: a.files, agentixFileBytes: a.fileBytes, plain, plainBytes };
});

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const table = [
  ["operation", "inspect", "+ files", "agentix", "plain files", "plain", "plain / agentix"],
  ...rows.map((row) => {
    const agentixTotal = row.inspect + row.agentixFileBytes;
    return [row.operation, kb(row.inspect), `${kb(row.agentixFileBytes)} (${row.agentixFiles.length})`, kb(agentixTotal), String(row.plain.length), kb(row.plainBytes), `${(row.plainBytes / agentixTotal).toFixed(1)}x`];
  }),
];
const sum = (pick) => rows.reduce((total, row) => total + pick(row), 0);
const agentixSum = sum((row) => row.inspect + row.agentixFileBytes);
table.push(["all 12 (sum)", kb(sum((row) => row.inspect)), kb(sum((row) => row.agentixFileBytes)), kb(agentixSum), "", kb(sum((row) => row.plainBytes)), `${(sum((row) => row.plainBytes) / agentixSum).toFixed(1)}x`]);
const widths = table[0].map((_, column) => Math.max(...table.map((cells) => cells[column].length)));
const line = (cells) => `| ${cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]))).join(" | ")} |`;
console.log(line(table[0]));
console.log(`|${widths.map((width, column) => (column === 0 ? ` ${"-".repeat(width)} ` : ` ${"-".repeat(width - 1)}: `)).join("|")}|`);
for (const cells of table.slice(1)) console.log(line(cells));

console.log("\nfiles read per operation:");
for (const row of rows) {
  console.log(`  ${row.operation}`);
  console.log(`    agentix: inspect + ${row.agentixFiles.map(relative).join(", ")}`);
  console.log(`    plain:   ${row.plain.map((file) => path.relative(plainSource, file).split(path.sep).join("/")).join(", ")}`);
}
console.log(`\n(${Math.round(performance.now() - started)} ms; the two sides count the same unit, bytes of UTF-8 text)`);
