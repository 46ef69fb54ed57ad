/** What `race` answers when the request's deadline passed or its client went away first. */
export const ABANDONED: unique symbol = Symbol("abandoned");

/**
 * One request's deadline: a signal that aborts when the client goes away (`request.signal`) or
 * when `timeoutMs` passes, whichever is first. Dispose of it when the response is ready.
 */
export class RequestDeadline {
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout> | undefined;
  private readonly client: AbortSignal | undefined;
  private readonly onClientAbort = () => this.controller.abort(this.client?.reason);

  constructor(request: Request, timeoutMs: number | undefined) {
    const client = (request as { signal?: unknown }).signal;
    this.client = client instanceof AbortSignal ? client : undefined;
    if (this.client?.aborted === true) this.onClientAbort();
    else this.client?.addEventListener("abort", this.onClientAbort, { once: true });
    if (timeoutMs !== undefined && !this.controller.signal.aborted) {
      this.timer = setTimeout(
        () => this.controller.abort(new DOMException(`the request did not finish within ${timeoutMs} ms`, "TimeoutError")),
        timeoutMs,
      );
    }
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Whether it ended because the client went away (rather than at the deadline). */
  get clientAborted(): boolean {
    return this.client?.aborted === true;
  }

  /** The value of `start()`, or ABANDONED if the signal aborts first (a late rejection is ignored). */
  race<T>(start: () => T | PromiseLike<T>): Promise<Awaited<T> | typeof ABANDONED> {
    const signal = this.controller.signal;
    if (signal.aborted) return Promise.resolve(ABANDONED);
    return new Promise((resolve, reject) => {
      const onAbort = () => resolve(ABANDONED);
      signal.addEventListener("abort", onAbort, { once: true });
      const settle = () => signal.removeEventListener("abort", onAbort);
      let pending: Promise<Awaited<T>>;
      try {
        pending = Promise.resolve(start()) as Promise<Awaited<T>>;
      } catch (error) {
        settle();
        reject(error);
        return;
      }
      pending.then(
        (value) => {
          settle();
          resolve(value);
        },
        (error: unknown) => {
          settle();
          reject(error);
        },
      );
    });
  }

  dispose(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.client?.removeEventListener("abort", this.onClientAbort);
  }
}
