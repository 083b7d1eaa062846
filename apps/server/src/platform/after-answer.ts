import type { FastifyBaseLogger } from "fastify";

/**
 * Work a route does after it has answered, so that the answer's timing cannot tell what the work
 * found (password reset: whether the address is registered). A failure is logged, never sent.
 * `settled()` awaits everything started so far: the app's close, and tests, instead of waiting
 * for a while.
 */
export class AfterAnswer {
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Starts `work` on the next turn of the event loop, after the current answer has been written. */
  run(label: string, work: () => Promise<void>): void {
    const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error }, `${label}: failed after the answer`))
      .finally(() => this.pending.delete(done));
    this.pending.add(done);
  }

  /** Resolves when every piece of work started so far (and any it started) has finished. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}
