/** What a deadline ends when it passes. `expire` runs at most once, and never after `cancel`. */
export interface Expiry {
  expire(): void;
}

/** A deadline set with `setDeadline`. */
export interface Deadline {
  /** Cancelling twice, or after the deadline passed, does nothing. */
  cancel(): void;
}

type Timer = ReturnType<typeof setTimeout> & { ref?(): unknown; unref?(): unknown };

class Entry implements Deadline {
  constructor(
    readonly at: number,
    /** Cleared when the entry fires or is cancelled, so the queue never keeps its target alive. */
    public target: Expiry | undefined,
    private readonly queue: DeadlineQueue,
  ) {}

  cancel(): void {
    if (this.target === undefined) return;
    this.target = undefined;
    this.queue.cancelled();
  }
}

/**
 * Every pending deadline in one min-heap by time, behind one timer: setting and cancelling a
 * deadline costs a heap entry instead of a Node timer each (which dominated a dispatch with a
 * `timeoutMs`). Cancelled entries stay until they reach the top or the heap is rebuilt, which
 * happens once they outnumber the live ones, so it stays within a few times the live count.
 * The timer keeps the process alive only while some deadline is live, as a timer per deadline
 * would.
 */
class DeadlineQueue {
  private heap: Entry[] = [];
  private live = 0;
  private timer: Timer | undefined;
  /** The time the timer fires at; it is never later than the earliest live deadline. */
  private armedFor = Infinity;

  // The clock and the timers in use when the queue was made: fake timers installed later (in
  // a test) get a queue of their own, so the two clocks are never compared.
  constructor(
    private readonly clock: { now(): number },
    private readonly schedule: typeof setTimeout,
    private readonly unschedule: typeof clearTimeout,
  ) {}

  add(ms: number, target: Expiry): Entry {
    const entry = new Entry(this.clock.now() + ms, target, this);
    this.push(entry);
    if (this.live++ === 0) this.timer?.ref?.();
    if (entry.at < this.armedFor) this.arm(entry.at);
    return entry;
  }

  cancelled(): void {
    this.live--;
    if (this.live === 0) {
      // Nothing is pending: drop every entry, and let the process exit. The armed timer stays:
      // when it fires early for a later deadline, it is armed again for that one.
      this.heap = [];
      this.timer?.unref?.();
    } else if (this.heap.length > 2 * this.live + 64) {
      this.rebuild();
    }
  }

  private readonly fire = (): void => {
    this.timer = undefined;
    this.armedFor = Infinity;
    const now = this.clock.now();
    for (;;) {
      const top = this.heap[0];
      if (top === undefined) break;
      if (top.target !== undefined && top.at > now) {
        this.arm(top.at);
        break;
      }
      this.pop();
      const target = top.target;
      if (target === undefined) continue;
      top.target = undefined;
      this.live--;
      try {
        target.expire();
      } catch (error) {
        // Never let one expiry stop the others; the error surfaces as a timer's would.
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  };

  private arm(at: number): void {
    if (this.timer !== undefined) this.unschedule(this.timer);
    this.armedFor = at;
    this.timer = this.schedule(this.fire, Math.max(0, Math.ceil(at - this.clock.now()))) as Timer;
    if (this.live === 0) this.timer.unref?.();
  }

  private rebuild(): void {
    const kept = this.heap.filter((entry) => entry.target !== undefined);
    this.heap = [];
    for (const entry of kept) this.push(entry);
  }

  private push(entry: Entry): void {
    const heap = this.heap;
    let index = heap.push(entry) - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if ((heap[parent] as Entry).at <= entry.at) break;
      heap[index] = heap[parent] as Entry;
      index = parent;
    }
    heap[index] = entry;
  }

  private pop(): void {
    const heap = this.heap;
    const last = heap.pop() as Entry;
    if (heap.length === 0) return;
    let index = 0;
    for (;;) {
      const left = 2 * index + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child = right < heap.length && (heap[right] as Entry).at < (heap[left] as Entry).at ? right : left;
      if ((heap[child] as Entry).at >= last.at) break;
      heap[index] = heap[child] as Entry;
      index = child;
    }
    heap[index] = last;
  }
}

const queues = new WeakMap<typeof setTimeout, DeadlineQueue>();

/** Calls `target.expire()` `ms` milliseconds from now, unless the answer's `cancel` comes first. */
export function setDeadline(ms: number, target: Expiry): Deadline {
  const schedule = globalThis.setTimeout;
  let queue = queues.get(schedule);
  if (queue === undefined) {
    queue = new DeadlineQueue(globalThis.performance, schedule, globalThis.clearTimeout);
    queues.set(schedule, queue);
  }
  return queue.add(ms, target);
}
