import { showValue } from "../descriptors/descriptor-kind.js";

/** A success status a `Response` can carry (the fetch standard refuses 1xx). */
export function isSuccessStatus(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 200 && (value as number) <= 599;
}

/** An error envelope is sent with a client or server error status. */
export function isErrorStatus(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 400 && (value as number) <= 599;
}

/** Problems of a `{ CODE: status }` map, each naming the code. */
export function errorStatusProblems(value: unknown, where: string): string[] {
  if (value === undefined) return [];
  if (value === null || typeof value !== "object" || Array.isArray(value)) return [`${where} must be an object { CODE: status }`];
  return Object.entries(value)
    .filter(([, status]) => !isErrorStatus(status))
    .map(([code, status]) => `${where}.${code} must be an integer status from 400 to 599, got ${showValue(status)}`);
}
