// The server on a real socket (port 0): what only a connection shows.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, expect, test } from "vitest";
import { developmentTokens } from "../src/http/authentication.js";
import { startServer, StartupError, type RunningServer } from "../src/server.js";
import { fixedClock } from "../src/shared/clock.js";
import { sequentialIds } from "../src/shared/ids.js";

let directory: string;
let server: RunningServer;
beforeEach(async () => {
  directory = mkdtempSync(join(tmpdir(), "orders-plain-"));
  server = await startServer({ databasePath: join(directory, "orders.db"), port: 0, tokens: developmentTokens, clock: fixedClock("2026-03-01T09:00:00Z"), ids: sequentialIds() });
});
afterEach(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

const register = (body: string) =>
  fetch(`${server.url}/customers`, { method: "POST", headers: { authorization: "Bearer dev-clerk-token", "content-type": "application/json" }, body });

test("an oversized body is refused without breaking the connection for the requests after it", async () => {
  // Found by the acceptance contract: opening the body stream before refusing it left the
  // keep-alive connection unusable two requests later.
  expect((await register(" ".repeat(1024 * 1024 + 1))).status).toBe(413);
  for (const email of ["a@example.com", "b@example.com", "c@example.com"]) {
    expect((await register(JSON.stringify({ name: "A", email }))).status).toBe(201);
  }
});

test("a busy port is a StartupError naming it", async () => {
  await expect(startServer({ databasePath: join(directory, "other.db"), port: server.port, tokens: developmentTokens })).rejects.toThrow(
    new StartupError(`cannot listen on 127.0.0.1:${String(server.port)}: listen EADDRINUSE: address already in use 127.0.0.1:${String(server.port)}`),
  );
});
