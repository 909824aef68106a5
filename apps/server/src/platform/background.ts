import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work a request starts but does not wait for (a password-reset mail): it begins once the answer has been written
 * (so it cannot delay it, nor tell by the time taken that it exists), a failure is logged, and closing the app
 * waits for what is still running.
 */
export interface Background {
  afterReply(reply: FastifyReply, what: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has ended. */
  settle(): Promise<void>;
}

const PAUSE_MS = 20;

export function createBackground(log: FastifyBaseLogger): Background {
  const running = new Set<Promise<void>>();
  return {
    afterReply(reply, what, task) {
      const answered = new Promise<void>((resolve) => {
        // A short pause after the answer's bytes went out lets this turn of the event loop deliver other answers
        // first (a client in this process, as in the tests, included): the task never shows in their timing.
        const start = () => setTimeout(resolve, PAUSE_MS);
        if (reply.raw.writableFinished || reply.raw.destroyed) return start();
        reply.raw.once('finish', start);
        reply.raw.once('close', start);
      });
      const done: Promise<void> = answered
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
