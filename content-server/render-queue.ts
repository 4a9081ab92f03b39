/**
 * A FIFO of tasks, `concurrency` running at a time, where a waiting task
 * whose signal aborts leaves the queue at once: it never starts, and its
 * place counts no more against the bound of waiting tasks. (p-limit keeps a
 * cancelled task queued until its turn.) A running task is not touched: it
 * reads its signal itself.
 */
export class RenderQueue {
  private active = 0;
  /** Insertion-ordered: the first is the oldest. */
  private readonly waiting = new Set<() => void>();

  constructor(private readonly concurrency: number) {
    if (!Number.isInteger(concurrency) || concurrency < 1) throw new RangeError("concurrency must be 1 or more");
  }

  /** Tasks waiting for their turn. */
  get pending(): number {
    return this.waiting.size;
  }

  /** Tasks running now. */
  get running(): number {
    return this.active;
  }

  /**
   * Runs `task` when a place is free. Rejects with the signal's reason, without
   * running it, when the signal aborts first.
   */
  run<T>(task: () => Promise<T>, signal: AbortSignal): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      const start = () => {
        signal.removeEventListener("abort", onAbort);
        this.active++;
        // the place is free again before the caller hears of the result
        const release = () => {
          this.active--;
          this.next();
        };
        void (async () => task())().finally(release).then(resolve, reject);
      };
      const onAbort = () => {
        if (this.waiting.delete(start)) reject(signal.reason);
      };
      if (this.active < this.concurrency) {
        start();
        return;
      }
      this.waiting.add(start);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  private next(): void {
    while (this.active < this.concurrency) {
      const first = this.waiting.values().next();
      if (first.done) return;
      this.waiting.delete(first.value);
      first.value();
    }
  }
}
