/**
 * Runs async work one at a time per key, in arrival order. The active GM answers players' requests with it,
 * so two clicks on the same defense or damage button are handled one after the other: the second sees the
 * first's result and is refused, never applied twice. Pure JavaScript, no Foundry.
 */
export class SerialLock {
  #tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => undefined);
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return next;
  }

  /** Keys with work queued or running (for tests and diagnostics). */
  get size(): number {
    return this.#tails.size;
  }
}
