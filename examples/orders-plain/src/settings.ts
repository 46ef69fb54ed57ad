// The process's settings, read from its environment by main.ts (the only code that sees
// `process.env`). The variables are documented in README.md; the deterministic ones
// (clock, ids, payment answers) exist for scripted runs such as the acceptance contract.
import { declineReasons } from "./payments/payment-gateway.js";
import type { ScriptedAnswer } from "./payments/scripted-gateway.js";

export interface Settings {
  readonly port: number;
  readonly databasePath: string;
  /** ORDERS_CLOCK_START: time stands still at this instant. Unset: the system clock. */
  readonly clockStart?: string;
  /** ORDERS_ID_SEED: ids count up from this number. Unset: random UUIDs. */
  readonly idSeed?: number;
  /** ORDERS_PAYMENT_ANSWERS: the provider's answers, in order. Unset: the simulated gateway. */
  readonly paymentAnswers?: readonly ScriptedAnswer[];
}

/** A variable has a value the program cannot use; the message names it. */
export class SettingsError extends Error {
  override readonly name = "SettingsError";
}

const answers: readonly string[] = ["approved", ...declineReasons];

export function readSettings(env: Readonly<Record<string, string | undefined>>): Settings {
  const value = (name: string) => (env[name] === "" ? undefined : env[name]);

  const portText = value("PORT") ?? "3000";
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port > 65_535) throw new SettingsError(`PORT must be a port number (0-65535), got ${JSON.stringify(portText)}`);

  const settings: { -readonly [K in keyof Settings]: Settings[K] } = { port, databasePath: value("ORDERS_DB") ?? "orders.db" };

  const clockStart = value("ORDERS_CLOCK_START");
  if (clockStart !== undefined) {
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/.test(clockStart) || Number.isNaN(Date.parse(clockStart))) {
      throw new SettingsError(`ORDERS_CLOCK_START must be an ISO-8601 UTC time such as 2026-03-01T09:00:00.000Z, got ${JSON.stringify(clockStart)}`);
    }
    settings.clockStart = clockStart;
  }

  const idSeed = value("ORDERS_ID_SEED");
  if (idSeed !== undefined) {
    if (!/^\d{1,15}$/.test(idSeed)) throw new SettingsError(`ORDERS_ID_SEED must be a whole number (0 or more), got ${JSON.stringify(idSeed)}`);
    settings.idSeed = Number(idSeed);
  }

  const paymentAnswers = value("ORDERS_PAYMENT_ANSWERS");
  if (paymentAnswers !== undefined) settings.paymentAnswers = parseAnswers(paymentAnswers);
  return settings;
}

function parseAnswers(text: string): ScriptedAnswer[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || !parsed.every((answer): answer is ScriptedAnswer => typeof answer === "string" && answers.includes(answer))) {
    throw new SettingsError(`ORDERS_PAYMENT_ANSWERS must be a JSON array of ${answers.map((answer) => JSON.stringify(answer)).join(", ")}, got ${JSON.stringify(text)}`);
  }
  return parsed;
}
