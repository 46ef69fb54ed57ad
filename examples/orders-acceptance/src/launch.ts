// Starts an app under test as a real process, the way the environment contract says (README.md):
// a free port in PORT, a fresh SQLite file in ORDERS_DB, the scenario's clock, ids and payment
// answers; the app is ready when it prints `listening on <url>` on stdout.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import type { Environment } from "./scenario.js";

export interface AppUnderTest {
  /** Shown in reports, e.g. `agentix app`. */
  readonly name: string;
  /** The built entry point, run as `node <main>`. */
  readonly main: string;
}

export interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export type Launch =
  | { readonly kind: "listening"; readonly url: string; stop(): Promise<Exit> }
  | { readonly kind: "exited"; readonly exit: Exit }
  | { readonly kind: "failed"; readonly reason: string; readonly exit: Exit };

export interface LaunchOptions {
  readonly environment: Environment;
  readonly databasePath: string;
  /** Raw variables set last (a scenario trying values the app must refuse). */
  readonly variables?: Readonly<Record<string, string>>;
  readonly startTimeoutMs?: number;
}

/** The environment contract as variables. */
export function contractVariables(environment: Environment, port: number, databasePath: string): Record<string, string> {
  return {
    PORT: String(port),
    ORDERS_DB: databasePath,
    ORDERS_CLOCK_START: environment.clockStart,
    ORDERS_ID_SEED: String(environment.idSeed),
    ORDERS_PAYMENT_ANSWERS: JSON.stringify(environment.paymentAnswers),
  };
}

export async function launch(app: AppUnderTest, options: LaunchOptions): Promise<Launch> {
  // A port found free can be taken before the app binds it; try another a few times.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    const launched = await start(app, { ...contractVariables(options.environment, port, options.databasePath), ...options.variables }, port, options.startTimeoutMs ?? 15_000);
    if (launched.kind === "exited" && launched.exit.stderr.includes("EADDRINUSE") && attempt < 3) continue;
    return launched;
  }
}

function start(app: AppUnderTest, variables: Record<string, string>, port: number, timeoutMs: number): Promise<Launch> {
  const child = spawn(process.execPath, [app.main], { env: { PATH: process.env["PATH"] ?? "", ...variables }, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<Exit>((resolve) => {
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
    child.on("error", (error) => {
      stderr += String(error);
      resolve({ code: null, signal: null, stdout, stderr });
    });
  });

  return new Promise<Launch>((resolve) => {
    // Whichever comes first decides: the ready line, the timeout, or the process exiting.
    let decided = false;
    const decide = (launch: Launch | Promise<Launch>) => {
      if (decided) return;
      decided = true;
      clearTimeout(timer);
      child.stdout.off("data", onData);
      void Promise.resolve(launch).then(resolve);
    };
    const timer = setTimeout(() => {
      decide(stop(child, exited).then((exit) => ({ kind: "failed", reason: `did not print "listening on <url>" within ${String(timeoutMs)} ms`, exit })));
    }, timeoutMs);
    const onData = () => {
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url === undefined) return;
      if (new URL(url).port !== String(port)) {
        decide(stop(child, exited).then((exit) => ({ kind: "failed", reason: `listened on ${url}, not on PORT ${String(port)}`, exit })));
      } else {
        decide({ kind: "listening", url, stop: () => stop(child, exited) });
      }
    };
    child.stdout.on("data", onData);
    void exited.then((exit) => {
      decide({ kind: "exited", exit });
    });
  });
}

/** SIGTERM, then SIGKILL if it has not exited after 5 s. */
async function stop(child: ChildProcess, exited: Promise<Exit>): Promise<Exit> {
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
  const exit = await exited;
  clearTimeout(timer);
  return exit;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => {
        if (address !== null && typeof address === "object") resolve(address.port);
        else reject(new Error("no port"));
      });
    });
  });
}
