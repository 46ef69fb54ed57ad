// The HTTP host: opens the database, composes the services, serves the Hono app with
// @hono/node-server. main.ts calls this with settings from the environment; tests call it
// with a temporary database, port 0, and a fixed clock and sequential ids.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { createApp, createServices } from "./app.js";
import { openDatabase } from "./db/database.js";
import { principalFor, type TokenGrant } from "./http/authentication.js";
import type { PaymentGateway } from "./payments/payment-gateway.js";
import { SimulatedGateway } from "./payments/simulated-gateway.js";
import { systemClock, type Clock } from "./shared/clock.js";
import { randomIds, type IdGenerator } from "./shared/ids.js";

export interface ServerOptions {
  /** The SQLite file; created and migrated when needed. */
  readonly databasePath: string;
  /** Default 3000; 0 picks a free port (see `RunningServer.port`). */
  readonly port?: number;
  /** Default 127.0.0.1: reachable from this machine only. */
  readonly hostname?: string;
  /** Bearer token -> principal and role. */
  readonly tokens: Readonly<Record<string, TokenGrant>>;
  /** Defaults: the system clock, random UUIDs, the simulated payment gateway. */
  readonly clock?: Clock;
  readonly ids?: IdGenerator;
  readonly payments?: PaymentGateway;
  readonly onDefect?: (error: unknown) => void;
}

export interface RunningServer {
  /** e.g. `http://127.0.0.1:3000` */
  readonly url: string;
  readonly port: number;
  /** Stops accepting requests, waits for those in flight, closes the database. */
  close(): Promise<void>;
}

/** The server could not start; the message says why. */
export class StartupError extends Error {
  override readonly name = "StartupError";
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const db = openDatabase(options.databasePath);
  const services = createServices({
    db,
    payments: options.payments ?? new SimulatedGateway(),
    clock: options.clock ?? systemClock,
    ids: options.ids ?? randomIds,
  });
  const app = createApp(services, { principalFor: principalFor(options.tokens), ...(options.onDefect === undefined ? {} : { onDefect: options.onDefect }) });

  const hostname = options.hostname ?? "127.0.0.1";
  const requestedPort = options.port ?? 3000;
  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      const started = serve({ fetch: app.fetch, port: requestedPort, hostname, overrideGlobalObjects: false }) as Server;
      started.once("error", reject);
      started.once("listening", () => {
        started.off("error", reject);
        resolve(started);
      });
    });
  } catch (cause) {
    db.close();
    throw new StartupError(`cannot listen on ${hostname}:${String(requestedPort)}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }

  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${hostname}:${String(port)}`,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => {
          db.close();
          if (error === undefined) resolve();
          else reject(error);
        });
        server.closeIdleConnections();
      }),
  };
}
