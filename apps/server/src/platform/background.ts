import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request starts but does not wait for (a password-reset mail): it begins after the answer is written,
 * a failure is logged, and closing the app waits for what is still running.
 */
export interface Background {
  run(what: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has ended. */
  settle(): Promise<void>;
}

export function createBackground(log: FastifyBaseLogger): Background {
  const running = new Set<Promise<void>>();
  return {
    run(what, task) {
      const done: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(task)
        .then(
          () => undefined,
          (err) => log.error({ err }, `${what} failed`),
        )
        .finally(() => running.delete(done));
      running.add(done);
    },
    async settle() {
      while (running.size > 0) await Promise.all(running);
    },
  };
}
