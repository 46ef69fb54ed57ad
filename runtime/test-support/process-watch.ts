/**
 * Runs `work`, then lets timers and microtasks run for `settleMs`, recording every unhandled
 * rejection and uncaught exception the process saw meanwhile (the events that make Node exit 1).
 */
export async function watchProcess<T>(work: () => Promise<T>, settleMs = 40): Promise<{ result: T; unhandled: unknown[]; uncaught: unknown[] }> {
  const unhandled: unknown[] = [];
  const uncaught: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  const onUncaught = (error: unknown) => uncaught.push(error);
  process.on("unhandledRejection", onUnhandled);
  process.on("uncaughtException", onUncaught);
  try {
    const result = await work();
    await new Promise((resolve) => setTimeout(resolve, settleMs));
    return { result, unhandled, uncaught };
  } finally {
    process.off("unhandledRejection", onUnhandled);
    process.off("uncaughtException", onUncaught);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
