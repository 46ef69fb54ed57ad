import { describe, expect, test } from "vitest";
import { readSettings, SettingsError } from "../src/settings.js";

function refused(env: Record<string, string>): string {
  try {
    readSettings(env);
  } catch (error) {
    if (error instanceof SettingsError) return error.message;
    throw error;
  }
  throw new Error("expected a SettingsError");
}

describe("readSettings", () => {
  test("defaults: port 3000, ./orders.db, nothing deterministic; empty variables count as unset", () => {
    expect(readSettings({})).toEqual({ port: 3000, databasePath: "orders.db" });
    expect(readSettings({ PORT: "", ORDERS_DB: "", ORDERS_CLOCK_START: "", ORDERS_ID_SEED: "", ORDERS_PAYMENT_ANSWERS: "" })).toEqual({ port: 3000, databasePath: "orders.db" });
  });

  test("reads the whole environment contract", () => {
    expect(
      readSettings({
        PORT: "0",
        ORDERS_DB: "/tmp/shop.db",
        ORDERS_CLOCK_START: "2026-03-01T09:00:00Z",
        ORDERS_ID_SEED: "1000",
        ORDERS_PAYMENT_ANSWERS: '["approved", "card_declined", "insufficient_funds", "limit_exceeded"]',
      }),
    ).toEqual({
      port: 0,
      databasePath: "/tmp/shop.db",
      clockStart: "2026-03-01T09:00:00Z",
      idSeed: 1000,
      paymentAnswers: ["approved", "card_declined", "insufficient_funds", "limit_exceeded"],
    });
  });

  test("refuses values it cannot use, naming the variable", () => {
    expect(refused({ PORT: "eighty" })).toBe('PORT must be a port number (0-65535), got "eighty"');
    expect(refused({ PORT: "65536" })).toBe('PORT must be a port number (0-65535), got "65536"');
    const clock = (value: string) => `ORDERS_CLOCK_START must be an ISO-8601 UTC time such as 2026-03-01T09:00:00.000Z, got ${JSON.stringify(value)}`;
    for (const value of ["yesterday", "2026-03-01", "2026-03-01T09:00:00+01:00", "2026-13-01T09:00:00Z"]) expect(refused({ ORDERS_CLOCK_START: value })).toBe(clock(value));
    for (const value of ["-1", "1.5", "1e3", "9999999999999999"]) expect(refused({ ORDERS_ID_SEED: value })).toBe(`ORDERS_ID_SEED must be a whole number (0 or more), got ${JSON.stringify(value)}`);
    const answers = (value: string) =>
      `ORDERS_PAYMENT_ANSWERS must be a JSON array of "approved", "card_declined", "insufficient_funds", "limit_exceeded", got ${JSON.stringify(value)}`;
    for (const value of ["approved", "[", '{"0":"approved"}', '["approved","maybe"]', "[null]"]) expect(refused({ ORDERS_PAYMENT_ANSWERS: value })).toBe(answers(value));
  });
});
