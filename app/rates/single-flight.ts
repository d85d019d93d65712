/**
 * Concurrent callers asking for the same key share one run of the work: the first caller starts
 * it, the others wait on the same promise, and the key is free again once it settles.
 */
export class SingleFlight<V> {
  private readonly inFlight = new Map<string, Promise<V>>();

  get size(): number {
    return this.inFlight.size;
  }

  /** Runs `work` unless a run for `key` is under way; `shared` says whether this caller joined one. */
  run(key: string, work: () => Promise<V>): { promise: Promise<V>; shared: boolean } {
    const running = this.inFlight.get(key);
    if (running) return { promise: running, shared: true };
    const promise = work().finally(() => {
      if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
    });
    this.inFlight.set(key, promise);
    return { promise, shared: false };
  }
}
