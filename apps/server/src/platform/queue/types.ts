/**
 * A durable job queue for one kind of job, identified by the id of the record it works on.
 * Jobs survive restarts, are retried with backoff, and each is run by one worker at a time.
 */
export interface Queue {
  /** `pg-boss` on PostgreSQL, or pg-boss over the embedded PGlite (one process). */
  readonly kind: 'postgres' | 'pglite';
  /** Asks for the record to be worked on. Asking again while a job for it is still waiting adds nothing. */
  enqueue(id: string): Promise<void>;
  /** Starts working jobs in this process (at most one at a time per `concurrency`). */
  start(handler: JobHandler, onGiveUp?: GiveUpHandler): Promise<void>;
  /** Stops fetching, lets a running job finish (up to a timeout), then closes. */
  stop(): Promise<void>;
}

export interface JobContext {
  /** 0 for the first run, then 1, 2… for retries. */
  attempt: number;
  /** No retry follows when this run throws: the handler should record the failure itself. */
  final: boolean;
  /**
   * This run may go on for the queue's `expireInSeconds` plus `extraSeconds` from now (at most `maxLeaseSeconds`)
   * before it is taken as lost and retried. A run starts with `expireInSeconds`; the audio job adds the file's
   * duration once the probe has read it, so a long file is not retried while it is still being processed.
   */
  extendLease?(extraSeconds: number): Promise<void>;
}

/** Works on one record. Throwing asks for a retry (with backoff) unless `ctx.final`. */
export type JobHandler = (id: string, ctx: JobContext) => Promise<void>;

/** Called once a job has run out of attempts without the handler finishing it (e.g. the worker kept dying). */
export type GiveUpHandler = (id: string, reason: string) => Promise<void>;
