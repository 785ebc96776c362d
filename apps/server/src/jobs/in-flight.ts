/**
 * Counts the work under way (pg-boss's queries, job handlers) so that stopping can wait until none is left: a
 * pool closed while a fetch is still under way sees that query fail ("driver has already been destroyed").
 */
export class InFlight {
  #count = 0;

  get count(): number {
    return this.#count;
  }

  /** Counts `work` from now until it settles; returns it unchanged. */
  track<T>(work: Promise<T>): Promise<T> {
    this.#count++;
    const done = () => void this.#count--;
    work.then(done, done);
    return work;
  }

  /** Runs `fn` counted (a throw counts as settled). */
  run<T>(fn: () => Promise<T>): Promise<T> {
    return this.track(Promise.resolve().then(fn));
  }

  /**
   * Resolves true once nothing is under way at two checks in a row, a timer turn apart (work that settles starts
   * its follow-up — a fetched job's handler, its completion — within the same turn), or false at `deadline` (ms).
   */
  async idle(deadline: number, checkEveryMs = 10): Promise<boolean> {
    let quiet = 0;
    while (quiet < 2) {
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, checkEveryMs));
      quiet = this.#count === 0 ? quiet + 1 : 0;
    }
    return true;
  }
}
