// Runs one scenario against one app: a fresh process and database, every step over HTTP with
// fetch, then the externally observable state (what the API answers for every id the run
// could have created, and the outbox the app recorded), each compared with the expectation.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { differences, formatDifferences } from "./compare.js";
import { launch, type AppUnderTest, type Exit } from "./launch.js";
import { stateTables, type RawBody, type Request, type Scenario, type State } from "./scenario.js";

/** The development tokens both apps configure (README.md, "Tokens"). */
export const tokens = { admin: "dev-admin-token", clerk: "dev-clerk-token", auditor: "dev-auditor-token" } as const;

/** Something that did not go as the scenario expects: where, and one line per difference. */
export interface Problem {
  readonly where: string;
  readonly lines: readonly string[];
}

export interface ScenarioRun {
  readonly scenario: string;
  readonly app: string;
  readonly problems: readonly Problem[];
  readonly durationMs: number;
}

interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: unknown;
}

const requestTimeoutMs = 10_000;

export interface RunOptions {
  /** How long the app may take to print its `listening on` line. Default 15 s. */
  readonly startTimeoutMs?: number;
}

export async function runScenario(app: AppUnderTest, scenario: Scenario, options: RunOptions = {}): Promise<ScenarioRun> {
  const started = performance.now();
  const directory = mkdtempSync(join(tmpdir(), "orders-acceptance-"));
  const databasePath = join(directory, "orders.db");
  const problems: Problem[] = [];
  try {
    const launched = await launch(app, {
      environment: scenario.environment,
      databasePath,
      variables: scenario.variables,
      ...(options.startTimeoutMs === undefined ? {} : { startTimeoutMs: options.startTimeoutMs }),
    });
    if (scenario.startup !== undefined) {
      if (launched.kind === "listening") {
        await launched.stop();
        problems.push({ where: "startup", lines: [`  started, but it must refuse to (exit code ${String(scenario.startup.exitCode)})`] });
      } else {
        problems.push(...startupRefusal(launched.exit, scenario.startup));
      }
      return { scenario: scenario.id, app: app.name, problems, durationMs: performance.now() - started };
    }
    if (launched.kind !== "listening") {
      const reason = launched.kind === "failed" ? launched.reason : `exited with code ${String(launched.exit.code)} before listening`;
      problems.push({ where: "startup", lines: [`  ${reason}`, ...tail(launched.exit.stderr)] });
      return { scenario: scenario.id, app: app.name, problems, durationMs: performance.now() - started };
    }

    let exit: Exit | undefined;
    try {
      const replies = await runSteps(launched.url, scenario, problems);
      const observed = await observeApi(launched.url, scenario.environment.idSeed, replies);
      exit = await launched.stop();
      compareState(scenario.state, { ...observed, outbox: readOutbox(databasePath, problems) }, problems);
    } finally {
      exit ??= await launched.stop();
    }
    if (exit.code !== 0) problems.push({ where: "shutdown", lines: [`  SIGTERM: expected exit code 0, got ${String(exit.code ?? exit.signal)}`, ...tail(exit.stderr)] });
  } catch (error) {
    problems.push({ where: "driver", lines: [`  ${error instanceof Error ? error.message : String(error)}`] });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  return { scenario: scenario.id, app: app.name, problems, durationMs: performance.now() - started };
}

function startupRefusal(exit: Exit, expected: { readonly exitCode: number; readonly stderrIncludes: string }): Problem[] {
  const lines: string[] = [];
  if (exit.code !== expected.exitCode) lines.push(`  exit code: expected ${String(expected.exitCode)}, got ${String(exit.code ?? exit.signal)}`);
  if (exit.stdout !== "") lines.push(`  stdout: expected nothing, got ${JSON.stringify(exit.stdout)}`);
  const stderrLines = exit.stderr.split("\n").filter((line) => line !== "");
  if (stderrLines.length !== 1 || !(stderrLines[0] ?? "").includes(expected.stderrIncludes)) {
    lines.push(`  stderr: expected one line mentioning ${JSON.stringify(expected.stderrIncludes)}, got ${JSON.stringify(exit.stderr)}`);
  }
  return lines.length === 0 ? [] : [{ where: "startup", lines }];
}

async function runSteps(url: string, scenario: Scenario, problems: Problem[]): Promise<Reply[]> {
  const replies: Reply[] = [];
  for (const [index, step] of scenario.steps.entries()) {
    const number = `step ${String(index + 1)}`;
    if ("concurrently" in step) {
      const got = await Promise.all(step.concurrently.map((request) => send(url, request)));
      replies.push(...got);
      const found = bestPairing(step.concurrently, got);
      if (found.length > 0) problems.push({ where: `${number} (concurrently, in any order): ${step.concurrently.map(describe).join(" | ")}`, lines: formatDifferences(found, "    ") });
    } else {
      const reply = await send(url, step);
      replies.push(reply);
      const found = replyDifferences(step, reply);
      if (found.length > 0) problems.push({ where: `${number}: ${describe(step)}`, lines: formatDifferences(found, "    ") });
    }
  }
  return replies;
}

function describe(request: Request): string {
  const who = request.as === undefined ? (request.authorization === undefined ? "" : ` (authorization ${JSON.stringify(request.authorization)})`) : ` (as ${request.as})`;
  return `${request.do}${who}`;
}

function replyDifferences(request: Request, reply: Reply) {
  // Every answer is JSON; beyond that, only the headers a step names are compared.
  const expectedHeaders = { "content-type": "application/json", ...request.expect.headers };
  const actualHeaders = Object.fromEntries(
    Object.keys(expectedHeaders).map((name) => {
      const value = reply.headers.get(name);
      return [name, name === "content-type" ? value?.split(";")[0]?.trim().toLowerCase() : (value ?? undefined)];
    }),
  );
  return differences(
    { status: request.expect.status, headers: expectedHeaders, body: request.expect.body },
    { status: reply.status, headers: actualHeaders, body: reply.body },
  );
}

/** The order of concurrent replies is not the app's to choose: pair them with expectations as well as they can be. */
function bestPairing(requests: readonly Request[], replies: readonly Reply[]) {
  let best: ReturnType<typeof replyDifferences> | undefined;
  for (const order of permutations(replies.map((_, index) => index))) {
    const found = order.flatMap((replyIndex, position) =>
      replyDifferences(requests[position] as Request, replies[replyIndex] as Reply).map((difference) => ({ ...difference, path: `/${String(position)}${difference.path}` })),
    );
    if (best === undefined || found.length < best.length) best = found;
    if (found.length === 0) break;
  }
  return best ?? [];
}

function permutations(items: readonly number[]): number[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((item, index) => permutations([...items.slice(0, index), ...items.slice(index + 1)]).map((rest) => [item, ...rest]));
}

async function send(url: string, request: Request): Promise<Reply> {
  const space = request.do.indexOf(" ");
  const method = request.do.slice(0, space);
  const path = request.do.slice(space + 1);
  const headers: Record<string, string> = {};
  const authorization = request.as === undefined ? request.authorization : `Bearer ${tokens[request.as]}`;
  if (authorization !== undefined) headers["authorization"] = authorization;
  let body: string | Uint8Array | undefined;
  if (request.body !== undefined) body = JSON.stringify(request.body);
  else if (request.rawBody !== undefined) body = rawBody(request.rawBody);
  if (body !== undefined) headers["content-type"] = "application/json";
  Object.assign(headers, request.headers);

  const response = await fetch(`${url}${path}`, { method, headers, ...(body === undefined ? {} : { body }), signal: AbortSignal.timeout(requestTimeoutMs) });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = { "(not JSON)": text };
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

function rawBody(raw: RawBody): string | Uint8Array {
  if (typeof raw === "string") return raw;
  if ("base64" in raw) return Buffer.from(raw.base64, "base64");
  return raw.repeat.repeat(raw.times);
}

const collections = [
  ["customers", "cus"],
  ["products", "prd"],
  ["orders", "ord"],
  ["payments", "pay"],
] as const;

/**
 * What the API answers, as an admin, for every id the run could have handed out: from the
 * seed to a few past the largest id any reply mentioned (an id taken by a failed write is
 * never mentioned; one written anyway would show up here).
 */
async function observeApi(url: string, seed: number, replies: readonly Reply[]): Promise<Pick<State, "customers" | "products" | "orders" | "payments">> {
  let largest = seed - 1;
  const visit = (value: unknown): void => {
    if (typeof value === "string") {
      const id = /^(?:cus|prd|ord|pay)_(\d+)$/.exec(value)?.[1];
      if (id !== undefined) largest = Math.max(largest, Number(id));
    } else if (value !== null && typeof value === "object") {
      Object.values(value).forEach(visit);
    }
  };
  replies.forEach((reply) => visit(reply.body));

  const found: Record<string, unknown[]> = { customers: [], products: [], orders: [], payments: [] };
  for (let id = seed; id <= largest + 3; id++) {
    const answers = await Promise.all(collections.map(([collection, prefix]) => send(url, { do: `GET /${collection}/${prefix}_${String(id)}`, as: "admin", expect: { status: 200, body: null } })));
    answers.forEach((answer, index) => {
      const collection = (collections[index] as (typeof collections)[number])[0];
      if (answer.status === 200) found[collection]?.push(answer.body);
      else if (answer.status !== 404) found[collection]?.push({ status: answer.status, body: answer.body });
    });
  }
  return found as unknown as Pick<State, "customers" | "products" | "orders" | "payments">;
}

/** The outbox, as a relay would read it (README.md, "Observable state"). */
function readOutbox(databasePath: string, problems: Problem[]): unknown[] {
  try {
    const db = new BetterSqlite3(databasePath, { readonly: true, fileMustExist: true });
    try {
      return db
        .prepare<[], { id: string; event: string; version: number; payload: string; occurredAt: string }>(
          "SELECT id, event, version, payload, occurred_at AS occurredAt FROM outbox ORDER BY seq",
        )
        .all()
        .map((row) => ({ ...row, payload: JSON.parse(row.payload) as unknown }));
    } finally {
      db.close();
    }
  } catch (error) {
    problems.push({ where: "state: outbox", lines: [`    cannot read the outbox: ${error instanceof Error ? error.message : String(error)}`] });
    return [];
  }
}

function compareState(expected: State, actual: State, problems: Problem[]): void {
  for (const table of stateTables) {
    const found = differences(expected[table], actual[table]);
    if (found.length > 0) problems.push({ where: `state: ${table}`, lines: formatDifferences(found, "    ") });
  }
}

function tail(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => line !== "")
    .slice(-5)
    .map((line) => `  | ${line}`);
}
