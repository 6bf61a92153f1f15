/**
 * How many requests the local servers are answering, so that `npm start`'s sample load steps aside: `whenIdle` resolves once none is in
 * flight, or after `maxWaitMs`, so that steady traffic slows the load but never stops it.
 */
export class RequestsInFlight {
  private count = 0;
  /** Resolved, and replaced, each time the last request in flight is answered. */
  private idle = Promise.withResolvers<void>();

  enter(): void {
    this.count++;
  }

  leave(): void {
    this.count = Math.max(0, this.count - 1);
    if (this.count > 0) return;
    this.idle.resolve();
    this.idle = Promise.withResolvers<void>();
  }

  get size(): number {
    return this.count;
  }

  whenIdle(maxWaitMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve();
    let timer: NodeJS.Timeout | undefined;
    const waited = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxWaitMs)));
    return Promise.race([this.idle.promise, waited]).finally(() => clearTimeout(timer));
  }
}
