import { PropertyCheckFailure } from "../index.js";

/** The PropertyCheckFailure a check throws (or rejects with); anything else fails the test. */
export async function failureOf(check: () => unknown): Promise<PropertyCheckFailure> {
  let error: unknown;
  try {
    await check();
  } catch (thrown) {
    error = thrown;
  }
  if (error instanceof PropertyCheckFailure) return error;
  throw error ?? new Error("expected a PropertyCheckFailure, the check passed");
}
