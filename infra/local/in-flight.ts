/**
 * How many requests the local servers are answering, so that `npm start`'s sample load steps
 * aside: `whenIdle` resolves once none is in flight, or after `maxWaitMs`, so that steady
 * traffic slows the load but never stops it.
 */
export class RequestsInFlight {
  private count = 0;
  private waiters: Array<() => void> = [];

  enter(): void {
    this.count++;
  }

  leave(): void {
    this.count = Math.max(0, this.count - 1);
    if (this.count > 0) return;
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }

  get size(): number {
    return this.count;
  }

  whenIdle(maxWaitMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, maxWaitMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.waiters.push(done);
    });
  }
}
