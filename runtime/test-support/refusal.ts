import { expect } from "vitest";

/** The message of the TypeError `run` throws, so tests compare whole messages, not substrings. */
export function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    return (error as Error).message;
  }
  throw new Error("expected a TypeError, nothing was thrown");
}

/** A function as plain JavaScript calls it: the types no longer stop a wrong argument. */
export function untyped(fn: unknown): (...args: unknown[]) => unknown {
  return (...args) => (fn as (...args: unknown[]) => unknown)(...args);
}
