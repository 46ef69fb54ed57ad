// Composition root of the server process, and the one place that reads the environment:
//   PORT       port to listen on (default 3000; 0 picks a free one)
//   ORDERS_DB  path of the SQLite file (default ./orders.db; created and migrated if needed)
// Prints one line when listening, shuts down cleanly on SIGINT/SIGTERM, and exits 1 with a
// one-line reason when it cannot start (bad PORT, a database it cannot write, a busy port).
import { developmentTokens } from "./auth.js";
import { DatabaseUnavailable } from "./adapters/sqlite/index.js";
import { startServer, StartupError } from "./server.js";

function fail(message: string): never {
  console.error(`orders: ${message}`);
  process.exit(1);
}

const portText = process.env["PORT"] ?? "3000";
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65535) fail(`PORT must be a port number (0-65535), got ${JSON.stringify(portText)}`);
const databasePath = process.env["ORDERS_DB"] || "orders.db";

try {
  const server = await startServer({ port, databasePath, tokens: developmentTokens });
  console.log(`orders: listening on ${server.url} (database ${databasePath})`);
  const stop = (signal: string) => {
    console.log(`orders: ${signal}, shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => fail(`shutdown failed: ${String(error)}`),
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  if (error instanceof DatabaseUnavailable) fail(`${error.message}. Set ORDERS_DB to a file path this process can write.`);
  if (error instanceof StartupError) fail(`${error.message}. Set PORT to a free port.`);
  throw error;
}
