// Composition root of the server process, and the one place that reads the environment:
//   PORT                    port to listen on (default 3000; 0 picks a free one)
//   ORDERS_DB               path of the SQLite file (default ./orders.db; created and migrated if needed)
//   ORDERS_CLOCK_START      an ISO-8601 UTC time: the clock stands still there (default: the system clock)
//   ORDERS_ID_SEED          a whole number: ids count up from it (default: random UUIDs)
//   ORDERS_PAYMENT_ANSWERS  a JSON array of "approved" or decline reasons: the payment provider's
//                           answers, in order (default: the simulated gateway)
// The last three make a run deterministic; the acceptance contract (examples/orders-acceptance)
// sets them. An empty variable counts as unset. Prints one line when listening, shuts down
// cleanly on SIGINT/SIGTERM, and exits 1 with a one-line reason when it cannot start (a bad
// variable, a database it cannot write, a busy port).
import { randomIds, systemClock } from "agentix";
import { fakeClock, sequentialIds } from "agentix/testing";
import { developmentTokens } from "./auth.js";
import { scriptedGateway, type ScriptedAnswer } from "./adapters/payments/scripted-gateway.js";
import { simulatedGateway } from "./adapters/payments/simulated-gateway.js";
import { DatabaseUnavailable } from "./adapters/sqlite/index.js";
import { startServer, StartupError } from "./server.js";

function fail(message: string): never {
  console.error(`orders: ${message}`);
  process.exit(1);
}

const variable = (name: string) => process.env[name] || undefined;

const portText = variable("PORT") ?? "3000";
const port = Number(portText);
if (!/^\d+$/.test(portText) || port > 65535) fail(`PORT must be a port number (0-65535), got ${JSON.stringify(portText)}`);
const databasePath = variable("ORDERS_DB") ?? "orders.db";

const clockStart = variable("ORDERS_CLOCK_START");
if (clockStart !== undefined && (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(clockStart) || Number.isNaN(Date.parse(clockStart)))) {
  fail(`ORDERS_CLOCK_START must be an ISO-8601 UTC time such as 2026-03-01T09:00:00.000Z, got ${JSON.stringify(clockStart)}`);
}

const idSeed = variable("ORDERS_ID_SEED");
if (idSeed !== undefined && !/^\d{1,15}$/.test(idSeed)) fail(`ORDERS_ID_SEED must be a whole number (0 or more), got ${JSON.stringify(idSeed)}`);

const answerNames: readonly string[] = ["approved", "card_declined", "insufficient_funds", "limit_exceeded"];
const answersText = variable("ORDERS_PAYMENT_ANSWERS");
let paymentAnswers: ScriptedAnswer[] | undefined;
if (answersText !== undefined) {
  let parsed: unknown;
  try {
    parsed = JSON.parse(answersText);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || !parsed.every((answer): answer is ScriptedAnswer => typeof answer === "string" && answerNames.includes(answer))) {
    fail(`ORDERS_PAYMENT_ANSWERS must be a JSON array of ${answerNames.map((name) => JSON.stringify(name)).join(", ")}, got ${JSON.stringify(answersText)}`);
  }
  paymentAnswers = parsed;
}

try {
  const server = await startServer({
    port,
    databasePath,
    tokens: developmentTokens,
    clock: clockStart === undefined ? systemClock : fakeClock(clockStart),
    ids: idSeed === undefined ? randomIds : sequentialIds({ start: Number(idSeed) }),
    payments: paymentAnswers === undefined ? simulatedGateway() : scriptedGateway(paymentAnswers),
  });
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
