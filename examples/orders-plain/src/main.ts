// The server process: reads its settings from the environment (see settings.ts and README.md),
// starts the server, prints one line when it listens, and shuts down cleanly on SIGINT and
// SIGTERM. A setting it cannot use, a database it cannot write or a busy port is a one-line
// error and exit code 1.
import { DatabaseUnavailable } from "./db/database.js";
import { developmentTokens } from "./http/authentication.js";
import { ScriptedGateway } from "./payments/scripted-gateway.js";
import { SimulatedGateway } from "./payments/simulated-gateway.js";
import { startServer, StartupError } from "./server.js";
import { readSettings, SettingsError, type Settings } from "./settings.js";
import { fixedClock, systemClock } from "./shared/clock.js";
import { randomIds, sequentialIds } from "./shared/ids.js";

function fail(message: string): never {
  console.error(`orders-plain: ${message}`);
  process.exit(1);
}

let settings: Settings;
try {
  settings = readSettings(process.env);
} catch (error) {
  if (error instanceof SettingsError) fail(error.message);
  throw error;
}

try {
  const server = await startServer({
    port: settings.port,
    databasePath: settings.databasePath,
    tokens: developmentTokens,
    clock: settings.clockStart === undefined ? systemClock : fixedClock(settings.clockStart),
    ids: settings.idSeed === undefined ? randomIds : sequentialIds(settings.idSeed),
    payments: settings.paymentAnswers === undefined ? new SimulatedGateway() : new ScriptedGateway(settings.paymentAnswers),
  });
  console.log(`orders-plain: listening on ${server.url} (database ${settings.databasePath})`);
  const stop = (signal: string) => {
    console.log(`orders-plain: ${signal}, shutting down`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => { fail(`shutdown failed: ${String(error)}`); },
    );
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
} catch (error) {
  if (error instanceof DatabaseUnavailable) fail(`${error.message}. Set ORDERS_DB to a file path this process can write.`);
  if (error instanceof StartupError) fail(`${error.message}. Set PORT to a free port.`);
  throw error;
}
