// The HTTP host: opens the SQLite database, composes the application with the server's
// adapters, and serves agentix/http's handler with @hono/node-server. main.ts calls this with
// settings from the environment; tests and the demo call it with a temporary database, port
// 0 and deterministic clock and ids.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { randomIds, systemClock, type Adapter, type Clock, type DefectHook, type Ids } from "agentix";
import { createHttpHandler } from "agentix/http";
import { simulatedGateway } from "./adapters/payments/simulated-gateway.js";
import { openDatabase, sqliteStorage } from "./adapters/sqlite/index.js";
import { createOrdersApplication } from "./app.js";
import { principalFromBearerToken, type TokenGrant } from "./auth.js";
import type { Payments } from "./features/payments/contract.js";
import { errorStatus, routes } from "./http.js";

export interface ServerOptions {
  /** The SQLite file; created and migrated when needed. */
  readonly databasePath: string;
  /** Default 3000; 0 picks a free port (see `RunningServer.port`). */
  readonly port?: number;
  /** Default 127.0.0.1: reachable from this machine only. */
  readonly hostname?: string;
  /** Bearer token -> principal and role (see auth.ts). */
  readonly tokens: Readonly<Record<string, TokenGrant>>;
  /** Defaults: the system clock, random UUIDs, the simulated payment gateway. */
  readonly clock?: Adapter<typeof Clock>;
  readonly ids?: Adapter<typeof Ids>;
  readonly payments?: Adapter<typeof Payments>;
  /** Receives the cause of every DEFECT (clients only see a 500). Default: console.error. */
  readonly onDefect?: DefectHook;
}

export interface RunningServer {
  /** e.g. `http://127.0.0.1:3000` */
  readonly url: string;
  readonly port: number;
  /** Stops accepting requests, waits for those in flight, closes the database. */
  close(): Promise<void>;
}

/** The server could not start; the message says why, for a start-up error. */
export class StartupError extends Error {
  override readonly name = "StartupError";
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const db = openDatabase(options.databasePath);
  const app = createOrdersApplication(
    {
      storage: sqliteStorage(db),
      payments: options.payments ?? simulatedGateway(),
      clock: options.clock ?? systemClock,
      ids: options.ids ?? randomIds,
    },
    options.onDefect === undefined ? {} : { onDefect: options.onDefect },
  );
  const handler = createHttpHandler(app, { routes, errorStatus, principal: principalFromBearerToken(options.tokens) });

  const hostname = options.hostname ?? "127.0.0.1";
  const requestedPort = options.port ?? 3000;
  let server: Server;
  try {
    server = await new Promise<Server>((resolve, reject) => {
      // Keep Node's own Request/Response: the handler only needs the Web standard ones.
      const started = serve({ fetch: handler, port: requestedPort, hostname, overrideGlobalObjects: false }) as Server;
      started.once("error", reject);
      started.once("listening", () => {
        started.off("error", reject);
        resolve(started);
      });
    });
  } catch (cause) {
    db.close();
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new StartupError(`cannot listen on ${hostname}:${requestedPort}: ${reason}`, { cause });
  }

  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${hostname}:${port}`,
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
