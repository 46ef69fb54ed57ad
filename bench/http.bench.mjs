// The orders server (examples/orders, agentix) against the same API written without agentix
// (examples/orders-plain: Hono, zod, better-sqlite3; same schema, same transactions), both
// started from their built main.js as processes on 127.0.0.1 with a fresh SQLite file. One
// bounded load generator (undici, a fixed number of keep-alive connections, a fixed number of
// requests per round) drives them in alternating rounds, so a burst of load on the machine hits
// both sides of a round alike; each ratio is the median of the rounds' ratios, with their range
// (lowest-highest) beside it, so a ratio that one stalled round decided shows as such.
//
//   node bench/http.bench.mjs [--connections 50] [--requests 1000] [--rounds 9]
//   HTTP_BENCH_NODE_OPTIONS="--cpu-prof --cpu-prof-dir=/tmp/prof" node bench/http.bench.mjs
//     (passes the options to the agentix server; HTTP_BENCH_PLAIN_OPTIONS to the plain one)
// Besides requests/s and latency it prints each server's CPU time per request (from /proc), the
// figure a loaded machine disturbs least, and what each server's event loop went through
// (bench/http-probe.mjs, loaded into both with --import): the 99th percentile of its delay and
// the time spent in GC pauses. A loop delay close to the p99 latency says the tail is the
// process being stalled (by the machine or a GC), not the requests' own work.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Pool } from "undici";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values: flags } = parseArgs({
  options: {
    connections: { type: "string", default: "50" },
    requests: { type: "string", default: "1000" },
    rounds: { type: "string", default: "9" },
  },
});
const connections = positive("connections");
const perRound = positive("requests");
const rounds = positive("rounds");
const warmupRequests = Math.min(perRound, 1000);

function positive(name) {
  const value = Number(flags[name]);
  if (!Number.isSafeInteger(value) || value < 1) throw new Error(`--${name} must be a positive integer, got ${flags[name]}`);
  return value;
}

const probe = ["--import", join(root, "bench/http-probe.mjs")];
const apps = [
  { name: "agentix", main: "examples/orders/dist/main.js", nodeOptions: [...probe, ...(process.env.HTTP_BENCH_NODE_OPTIONS?.split(/\s+/).filter(Boolean) ?? [])] },
  { name: "plain", main: "examples/orders-plain/dist/main.js", nodeOptions: [...probe, ...(process.env.HTTP_BENCH_PLAIN_OPTIONS?.split(/\s+/).filter(Boolean) ?? [])] },
];
for (const app of apps) {
  if (!existsSync(join(root, app.main))) throw new Error(`${app.main} is missing: run \`npm run build\` first`);
}

const clerk = { authorization: "Bearer dev-clerk-token", "content-type": "application/json" };
const admin = { authorization: "Bearer dev-admin-token", "content-type": "application/json" };

/** Starts `node <main>` on a free port with a fresh database; resolves once it listens. */
async function start(app, dir) {
  const child = spawn(process.execPath, [...app.nodeOptions, join(root, app.main)], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", PORT: "0", ORDERS_DB: join(dir, `${app.name}.db`) },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${app.name} did not start within 20 s:\n${output}`)), 20_000);
    const onData = (chunk) => {
      output += chunk;
      const found = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (found !== null) {
        clearTimeout(timer);
        resolve(found[1]);
      }
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code) => reject(new Error(`${app.name} exited with ${code} before listening:\n${output}`)));
  });
  const pool = new Pool(url, { connections, pipelining: 1, headersTimeout: 30_000, bodyTimeout: 30_000 });
  return { ...app, child, url, pool };
}

/** What the server's event loop went through since the last call (bench/http-probe.mjs). */
function loopReport(server) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${server.name}: no answer from bench/http-probe.mjs within 10 s`)), 10_000);
    const onMessage = (message) => {
      if (message?.probe === undefined) return;
      clearTimeout(timer);
      server.child.off("message", onMessage);
      resolve(message.probe);
    };
    server.child.on("message", onMessage);
    server.child.send("http-bench:probe");
  });
}

async function stop(server) {
  await server.pool.close();
  if (server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

async function call(server, method, path, headers, body, expected) {
  const response = await server.pool.request({ method, path, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.body.text();
  if (response.statusCode !== expected) {
    throw new Error(`${server.name}: ${method} ${path} answered ${response.statusCode}, expected ${expected}: ${text.slice(0, 300)}`);
  }
  return text;
}

/** A customer and a product with ample stock; what every workload's requests refer to. */
async function seed(server) {
  const customer = JSON.parse(await call(server, "POST", "/customers", clerk, { name: "Bench", email: "bench@example.com" }, 201));
  const product = JSON.parse(await call(server, "POST", "/products", admin, { name: "Widget", priceCents: 1200, stock: 1_000_000_000 }, 201));
  server.customerId = customer.id;
  server.productId = product.id;
  server.pending = []; // orders created and not yet paid
  server.paid = [];
}

// Each workload's request i of a round; `after` keeps what later workloads need.
const workloads = [
  {
    name: "create order",
    request: (server) => ({
      method: "POST",
      path: "/orders",
      headers: clerk,
      body: { customerId: server.customerId, lines: [{ productId: server.productId, quantity: 1 }] },
      expected: 201,
      after: (text) => server.pending.push(JSON.parse(text).id),
    }),
  },
  {
    name: "pay order",
    request: (server) => {
      const orderId = server.pending.pop();
      if (orderId === undefined) throw new Error(`${server.name}: no pending order left to pay`);
      return {
        method: "POST",
        path: `/orders/${orderId}/payment`,
        headers: clerk,
        body: { cardToken: "tok_visa" },
        expected: 200,
        after: () => server.paid.push(orderId),
      };
    },
  },
  {
    name: "get order",
    request: (server, index) => ({ method: "GET", path: `/orders/${server.paid[index % server.paid.length]}`, headers: clerk, expected: 200 }),
  },
];

/** Server process CPU time in ms (Linux /proc), or undefined where it cannot be read. */
function cpuMs(server) {
  try {
    const fields = readFileSync(`/proc/${server.child.pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime + stime, in ticks of 10 ms
  } catch {
    return undefined;
  }
}

/** `count` requests over the pool's connections, `connections` in flight at a time. */
async function load(server, workload, count) {
  const latencies = new Float64Array(count);
  let next = 0;
  await loopReport(server); // starts the loop's figures afresh for this round
  const cpuBefore = cpuMs(server);
  const started = performance.now();
  const worker = async () => {
    for (let index = next++; index < count; index = next++) {
      const { method, path, headers, body, expected, after } = workload.request(server, index);
      const sent = performance.now();
      const text = await call(server, method, path, headers, body, expected);
      latencies[index] = performance.now() - sent;
      after?.(text);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const wall = performance.now() - started;
  const cpuAfter = cpuMs(server);
  const loop = await loopReport(server);
  latencies.sort();
  return {
    loopP99: loop.loopP99Ms,
    gcPerThousand: (loop.gcMs * 1000) / count,
    rps: (count * 1000) / wall,
    p50: latencies[Math.floor(count * 0.5)],
    p99: latencies[Math.min(count - 1, Math.floor(count * 0.99))],
    cpuPerRequest: cpuBefore === undefined || cpuAfter === undefined ? undefined : (cpuAfter - cpuBefore) / count,
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const range = (values) => `${Math.min(...values).toFixed(2)}-${Math.max(...values).toFixed(2)}`;
const pad = (text, width) => String(text).padStart(width);

const dir = mkdtempSync(join(tmpdir(), "agentix-http-bench-"));
const servers = [];
try {
  for (const app of apps) servers.push(await start(app, dir));
  for (const server of servers) await seed(server);
  const [agentix, plain] = servers;
  console.log(
    `HTTP end to end: examples/orders (agentix) vs examples/orders-plain (Hono, zod, better-sqlite3), ` +
      `${connections} connections, ${rounds} rounds x ${perRound} requests per side (after ${warmupRequests} warm-up), alternating; ` +
      `load average ${loadavg().map((value) => value.toFixed(1)).join(" ")}`,
  );
  console.log(
    `${"workload".padEnd(14)} ${"side".padEnd(8)} ${pad("req/s", 8)} ${pad("p50 ms", 8)} ${pad("p99 ms", 8)} ${pad("CPU ms/req", 11)} ${pad("loop p99 ms", 12)} ${pad("GC ms/1k req", 13)}`,
  );
  const verdicts = [];
  for (const workload of workloads) {
    for (const server of servers) await load(server, workload, warmupRequests);
    const results = { agentix: [], plain: [] };
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [agentix, plain] : [plain, agentix];
      for (const server of order) results[server.name].push(await load(server, workload, perRound));
    }
    const hasCpu = [...results.agentix, ...results.plain].every((r) => r.cpuPerRequest !== undefined);
    const typical = (side, field) => median(results[side].map((r) => r[field]));
    for (const side of ["agentix", "plain"]) {
      const name = side === "agentix" ? workload.name : "";
      console.log(
        `${name.padEnd(14)} ${side.padEnd(8)} ${pad(typical(side, "rps").toFixed(0), 8)} ${pad(typical(side, "p50").toFixed(1), 8)} ${pad(typical(side, "p99").toFixed(1), 8)} ` +
          `${pad(hasCpu ? typical(side, "cpuPerRequest").toFixed(2) : "-", 11)} ${pad(typical(side, "loopP99").toFixed(1), 12)} ${pad(typical(side, "gcPerThousand").toFixed(1), 13)}`,
      );
    }
    // Each round's agentix/plain ratio; the median decides, the range shows how far rounds spread.
    const ratios = (field) => results.agentix.map((r, i) => r[field] / results.plain[i][field]);
    const shown = (field) => `${median(ratios(field)).toFixed(2)}x (${range(ratios(field))})`;
    const throughput = median(ratios("rps"));
    const p99 = median(ratios("p99"));
    verdicts.push(throughput >= 0.8 && p99 <= 1.25);
    console.log(
      `${"".padEnd(14)} ${"ratio".padEnd(8)} throughput ${shown("rps")}, p50 ${shown("p50")}, p99 ${shown("p99")}, CPU per request ${hasCpu ? shown("cpuPerRequest") : "-"}`,
    );
    console.log(
      `${"".padEnd(14)} ${"".padEnd(8)} throughput goal >= 0.8x: ${throughput >= 0.8 ? "met" : "NOT met"}; p99 goal <= 1.25x: ${p99 <= 1.25 ? "met" : "NOT met"}`,
    );
  }
  console.log(
    `goals ${verdicts.every(Boolean) ? "met" : "NOT met"} in ${verdicts.filter(Boolean).length} of ${verdicts.length} workloads; ` +
      `load average at the end ${loadavg().map((value) => value.toFixed(1)).join(" ")}`,
  );
} finally {
  for (const server of servers) await stop(server);
  rmSync(dir, { recursive: true, force: true });
}
