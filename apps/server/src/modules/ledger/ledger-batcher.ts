/**
 * Group commit: posts that arrive while `maxInFlight` batches are already running wait and leave together in
 * the next batch — one round trip and one commit for many journals. Under light load a post leaves at once
 * (a batch of one), so grouping adds no latency; under load it removes most of the per-transaction cost.
 * A batch that fails as a whole (a bug in one request, a lost connection) is retried one post at a time, in
 * order, so only the faulty request sees the error; deadlocks and serialisation failures are retried (posts are
 * idempotent by their key, and a failed batch committed nothing).
 */
export interface BatcherOptions<P, R> {
  run(batch: P[]): Promise<R[]>;
  maxInFlight: number;
  maxBatch: number;
}

interface Waiting<P, R> {
  payload: P;
  resolve(r: R): void;
  reject(e: unknown): void;
}

const RETRYABLE = new Set(['40P01', '40001']);
const isRetryable = (err: unknown) => RETRYABLE.has((err as { code?: string }).code ?? '');

export function createBatcher<P, R>(opts: BatcherOptions<P, R>) {
  const queue: Waiting<P, R>[] = [];
  let inFlight = 0;

  async function runWithRetry(batch: P[]): Promise<R[]> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await opts.run(batch);
      } catch (err) {
        if (!isRetryable(err) || attempt >= 5) throw err;
        await new Promise((r) => setTimeout(r, Math.random() * 10 * attempt));
      }
    }
  }

  async function flush(batch: Waiting<P, R>[]): Promise<void> {
    try {
      const results = await runWithRetry(batch.map((w) => w.payload));
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (err) {
      if (batch.length === 1) return batch[0]!.reject(err);
      // Isolate the faulty request: the others go again alone, one after another in batch order (a later post
      // may spend what an earlier one credited).
      for (const w of batch) {
        await runWithRetry([w.payload]).then(
          (r) => w.resolve(r[0]!),
          (e: unknown) => w.reject(e),
        );
      }
    }
  }

  function pump(): void {
    while (inFlight < opts.maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, opts.maxBatch);
      inFlight++;
      void flush(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    submit(payload: P): Promise<R> {
      return new Promise<R>((resolve, reject) => {
        queue.push({ payload, resolve, reject });
        pump();
      });
    },
  };
}
