// `npm run demo`: starts the orders example (examples/orders, built to plain JavaScript by
// `npm run build`) on a temporary SQLite database, drives a short scenario over real HTTP,
// prints each request and response, and exits 1 if any response has an unexpected status.
// The clock is fixed and ids are sequential, so the output is the same on every run.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const serverModule = fileURLToPath(new URL("../examples/orders/dist/server.js", import.meta.url));
if (!existsSync(serverModule)) {
  console.error(
    "demo: examples/orders is not built; run `npm run build` first (`npm run demo` does)",
  );
  process.exit(1);
}
const { startServer } = await import(serverModule);
const { developmentTokens } = await import(
  new URL("../examples/orders/dist/auth.js", import.meta.url).href
);
const { fakeClock, sequentialIds } = await import("agentix/testing");
const { default: Database } = await import("better-sqlite3");

const tokens = { admin: "dev-admin-token", clerk: "dev-clerk-token", auditor: "dev-auditor-token" };

/** The scenario: what each step asks, as whom, and the status it must get. */
const steps = [
  {
    title: "A clerk registers a customer",
    as: "clerk",
    method: "POST",
    path: "/customers",
    body: { name: "Ada Lovelace", email: "ada@example.com" },
    expect: 201,
  },
  {
    title: "An admin adds a product with 3 in stock",
    as: "admin",
    method: "POST",
    path: "/products",
    body: { name: "Kettle", priceCents: 2500, stock: 3 },
    expect: 201,
  },
  {
    title: "The clerk places an order for 2 kettles: stock is reserved, the order awaits payment",
    as: "clerk",
    method: "POST",
    path: "/orders",
    body: { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 2 }] },
    expect: 201,
  },
  {
    title: "The card is declined: 402, and nothing changes",
    as: "clerk",
    method: "POST",
    path: "/orders/ord_3/payment",
    body: { cardToken: "tok_declined" },
    expect: 402,
  },
  {
    title: "The order is still awaiting payment",
    as: "auditor",
    method: "GET",
    path: "/orders/ord_3",
    expect: 200,
  },
  {
    title: "Another card is approved: the payment is recorded and the order is paid",
    as: "clerk",
    method: "POST",
    path: "/orders/ord_3/payment",
    body: { cardToken: "tok_visa" },
    expect: 200,
  },
  {
    title: "The payment, as recorded",
    as: "auditor",
    method: "GET",
    path: "/payments/pay_4",
    expect: 200,
  },
  {
    title: "An auditor may read but not order: 403 before anything runs",
    as: "auditor",
    method: "POST",
    path: "/orders",
    body: { customerId: "cus_1", lines: [{ productId: "prd_2", quantity: 1 }] },
    expect: 403,
  },
  { title: "Without a token: 401", method: "GET", path: "/products/prd_2", expect: 401 },
  { title: "One kettle is left", as: "clerk", method: "GET", path: "/products/prd_2", expect: 200 },
];

const directory = mkdtempSync(join(tmpdir(), "agentix-demo-"));
const databasePath = join(directory, "orders.db");
const server = await startServer({
  databasePath,
  port: 0,
  tokens: developmentTokens,
  clock: fakeClock("2026-03-01T09:00:00.000Z"),
  ids: sequentialIds(),
});

let failures = 0;
try {
  console.log(
    "agentix demo: the orders example (examples/orders) over HTTP on 127.0.0.1, with a temporary SQLite database\n",
  );
  for (const [index, step] of steps.entries()) {
    const headers = {};
    if (step.as !== undefined) headers.authorization = `Bearer ${tokens[step.as]}`;
    if (step.body !== undefined) headers["content-type"] = "application/json";
    const body = step.body === undefined ? undefined : JSON.stringify(step.body);
    const response = await fetch(`${server.url}${step.path}`, {
      method: step.method,
      headers,
      body,
    });
    const text = await response.text();
    const ok = response.status === step.expect;
    if (!ok) failures += 1;

    console.log(`${String(index + 1).padStart(2)}. ${step.title}`);
    console.log(
      `    ${step.method} ${step.path}${step.as === undefined ? "" : `  (as ${step.as})`}${body === undefined ? "" : `  ${body}`}`,
    );
    console.log(`    -> ${response.status} ${text}${ok ? "" : `   << expected ${step.expect}`}\n`);
  }

  // The unit of work, seen from the database: each change and the event reporting it committed together.
  const db = new Database(databasePath, { readonly: true });
  const outbox = db.prepare("SELECT id, payload FROM outbox ORDER BY seq").all();
  db.close();
  console.log("Outbox (events committed in the same transaction as the change they report):");
  for (const message of outbox) console.log(`    ${message.id}  ${message.payload}`);
  console.log("");
} finally {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
}

if (failures > 0) {
  console.error(`demo: ${failures} step${failures === 1 ? "" : "s"} got an unexpected status`);
  process.exit(1);
}
console.log(
  `demo: all ${steps.length} steps answered as expected. Run the server yourself: npm run orders:serve (see examples/orders/README.md)`,
);

// The analyzer's view of the same application: the architecture check, one operation, the graph.
const { runAnalyzerDemo } = await import("./demo-analyzer.mjs");
if (!runAnalyzerDemo()) process.exit(1);
