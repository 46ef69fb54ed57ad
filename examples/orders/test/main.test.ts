// The server process as a user starts it: the built dist/main.js under plain Node, configured
// only through PORT and ORDERS_DB. Needs `npm run build` first (npm test builds).
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { temporaryDirectory } from "./support.js";

const main = fileURLToPath(new URL("../dist/main.js", import.meta.url));

interface Exit {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs main.js with exactly these variables; `onListening` runs once it prints its URL. */
function run(env: Record<string, string>, onListening?: (url: string, stop: () => void) => Promise<void>): Promise<Exit> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [main], { env: { PATH: process.env["PATH"] ?? "", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
      const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
      if (url !== undefined && onListening !== undefined) {
        const callback = onListening;
        onListening = undefined;
        callback(url, () => child.kill("SIGTERM")).catch(reject);
      }
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("main.js", () => {
  let directory: ReturnType<typeof temporaryDirectory>;
  beforeAll(() => {
    if (!existsSync(main)) throw new Error(`${main} is missing: run \`npm run build\` first`);
  });
  beforeEach(() => {
    directory = temporaryDirectory();
  });
  afterEach(() => directory.remove());

  test("serves on the port and database from the environment, and stops cleanly on SIGTERM", async () => {
    const database = directory.file("orders.db");
    const exit = await run({ PORT: "0", ORDERS_DB: database }, async (url, stop) => {
      const response = await fetch(`${url}/customers`, {
        method: "POST",
        headers: { authorization: "Bearer dev-clerk-token", "content-type": "application/json" },
        body: JSON.stringify({ name: "Ada", email: "ada@example.com" }),
      });
      expect(response.status).toBe(201);
      stop();
    });

    expect(exit.code).toBe(0);
    expect(exit.stderr).toBe("");
    expect(exit.stdout).toMatch(new RegExp(`^orders: listening on http://127\\.0\\.0\\.1:\\d+ \\(database ${database.replaceAll(".", "\\.")}\\)\norders: SIGTERM, shutting down\n$`));
    expect(existsSync(database)).toBe(true);
  });

  test("a database path it cannot write is a one-line start-up error and exit code 1", async () => {
    const database = directory.file("missing/orders.db");
    expect(await run({ PORT: "0", ORDERS_DB: database })).toEqual({
      code: 1,
      stdout: "",
      stderr: `orders: cannot use the SQLite database at ${JSON.stringify(database)}: Cannot open database because the directory does not exist. Set ORDERS_DB to a file path this process can write.\n`,
    });
  });

  test("a PORT that is not a port number is refused before anything opens", async () => {
    expect(await run({ PORT: "eighty", ORDERS_DB: directory.file("orders.db") })).toEqual({
      code: 1,
      stdout: "",
      stderr: 'orders: PORT must be a port number (0-65535), got "eighty"\n',
    });
    expect(existsSync(directory.file("orders.db"))).toBe(false);
  });

  test("a port already in use is a start-up error naming it", async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, "127.0.0.1", resolve));
    const { port } = blocker.address() as { port: number };
    try {
      expect(await run({ PORT: String(port), ORDERS_DB: directory.file("orders.db") })).toEqual({
        code: 1,
        stdout: "",
        stderr: `orders: cannot listen on 127.0.0.1:${port}: listen EADDRINUSE: address already in use 127.0.0.1:${port}. Set PORT to a free port.\n`,
      });
    } finally {
      blocker.close();
    }
  });
});
