import PgBoss from 'pg-boss';
import type { Db } from '../../db/client.ts';
import type { GiveUpHandler, JobHandler, Queue } from './types.ts';

export type { GiveUpHandler, JobContext, JobHandler, Queue } from './types.ts';

/** The PostgreSQL schema pg-boss keeps its tables in. */
export const QUEUE_SCHEMA = 'pgboss';

export interface QueueSettings {
  /** Attempts after the first (with exponential backoff from `retryDelaySeconds`). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** A job still active after this long is taken as lost (its worker died) and retried. */
  expireInSeconds: number;
  /** How often an idle worker looks for jobs (a job enqueued in the same process starts at once). */
  pollingSeconds: number;
  /** How often expired jobs are looked for (one process of the cluster does it). */
  maintenanceSeconds: number;
  /** Jobs run at the same time by this process. */
  concurrency: number;
}

/** JOB_RETRY_LIMIT, JOB_RETRY_DELAY_SECONDS, JOB_EXPIRE_SECONDS, JOB_POLL_SECONDS, JOB_MAINTENANCE_SECONDS, JOB_CONCURRENCY. */
export function queueSettings(env: NodeJS.ProcessEnv = process.env): QueueSettings {
  const num = (name: string, fallback: number, min: number) => {
    const value = Number(env[name]);
    return env[name] && Number.isFinite(value) && value >= min ? value : fallback;
  };
  return {
    retryLimit: Math.floor(num('JOB_RETRY_LIMIT', 3, 0)),
    retryDelaySeconds: Math.floor(num('JOB_RETRY_DELAY_SECONDS', 10, 0)),
    expireInSeconds: Math.floor(num('JOB_EXPIRE_SECONDS', 600, 1)),
    pollingSeconds: num('JOB_POLL_SECONDS', 2, 0.5),
    maintenanceSeconds: Math.floor(num('JOB_MAINTENANCE_SECONDS', 60, 1)),
    concurrency: Math.floor(num('JOB_CONCURRENCY', 1, 1)),
  };
}

export interface QueueOptions {
  /** The job's name, e.g. `audio.process`; jobs that ran out of attempts go to `{name}.dead`. */
  name: string;
  db: Db;
  kind: 'postgres' | 'pglite';
  /** Ids to enqueue when workers start: records saved whose job may never have been sent (a crash in between). */
  pending?: () => Promise<string[]>;
  settings?: Partial<QueueSettings>;
  log?: { info(msg: string): void; warn(msg: string): void; error(msg: string): void };
}

interface SqlResult {
  rows: unknown[];
}

/** The app's connection: a pg Pool (PostgreSQL) or the PGlite instance. */
interface SqlClient {
  query(text: string, values?: unknown[]): Promise<SqlResult | SqlResult[]>;
  /** PGlite: several statements, no parameters. */
  exec?(text: string): Promise<SqlResult[]>;
  /** pg Pool: a connection of its own. */
  connect?(): Promise<SqlClient & { release(): void }>;
}

const lastRows = (r: SqlResult | SqlResult[]) => (Array.isArray(r) ? (r.at(-1)?.rows ?? []) : r.rows);

/**
 * pg-boss over the app's own database connection, on PostgreSQL and on PGlite alike (pg-boss takes any
 * `executeSql`). PostgreSQL: any number of processes share the queue; `FOR UPDATE SKIP LOCKED` hands each job to
 * one worker; a worker that dies leaves its job active until `expireInSeconds`, then maintenance retries it.
 * PGlite: one process owns the database, so at start every job left active is from a dead process and is retried
 * at once.
 */
export function createQueue(opts: QueueOptions): Queue {
  const settings = { ...queueSettings(), ...opts.settings };
  const dead = `${opts.name}.dead`;
  const client = (opts.db as unknown as { $client: SqlClient }).$client;
  const log = opts.log ?? { info() {}, warn: console.warn, error: console.error };
  const workerIds: string[] = [];
  let starting: Promise<PgBoss> | null = null;
  let working = false;

  /**
   * pg-boss's `executeSql` over the app's connection. Parameterised commands are single statements; the others
   * may be several, some inside BEGIN … COMMIT: those run on one connection and are rolled back on error, so no
   * connection is left inside a failed transaction.
   */
  const executeSql = async (text: string, values?: unknown[]): Promise<SqlResult> => {
    if (values && values.length > 0) return { rows: lastRows(await client.query(text, values)) };
    const several = (c: SqlClient) => (c.exec ? c.exec(text) : c.query(text));
    if (!/\bBEGIN\b/i.test(text)) return { rows: lastRows(await several(client)) };
    const conn = client.connect ? await client.connect() : null;
    const c = conn ?? client;
    try {
      return { rows: lastRows(await several(c)) };
    } catch (err) {
      await c.query('ROLLBACK').catch(() => {});
      throw err;
    } finally {
      conn?.release();
    }
  };

  const ready = () => {
    starting ??= (async () => {
      // Two processes installing pg-boss's schema at once can collide (the loser's catalog cache misses the
      // winner's schema, an error pg-boss does not expect): try again, by then it is installed.
      for (let attempt = 1; ; attempt++) {
        const b = new PgBoss({
          db: { executeSql },
          schema: QUEUE_SCHEMA,
          schedule: false,
          supervise: true,
          migrate: true,
          maintenanceIntervalSeconds: settings.maintenanceSeconds,
        });
        b.on('error', (err) => log.error(`queue ${opts.name}: ${err.message}`));
        try {
          await b.start();
          await b.createQueue(dead, { name: dead, policy: 'standard' });
          // 'short': at most one waiting job per key (the record id), so asking twice queues one job.
          await b.createQueue(opts.name, { name: opts.name, policy: 'short', deadLetter: dead });
          return b;
        } catch (err) {
          await b.stop({ graceful: false, close: false }).catch(() => {});
          if (attempt >= 3) throw err;
          log.warn(`queue ${opts.name}: start failed (${(err as Error).message}), trying again`);
          await new Promise((r) => setTimeout(r, 200 * attempt));
        }
      }
    })().catch((err) => {
      starting = null;
      throw err;
    });
    return starting;
  };

  const sendOptions = () => ({
    retryLimit: settings.retryLimit,
    retryDelay: settings.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: settings.expireInSeconds,
    deadLetter: dead,
  });

  const enqueue = async (id: string) => {
    const b = await ready();
    await b.send(opts.name, { id }, { ...sendOptions(), singletonKey: id });
    for (const w of workerIds) b.notifyWorker(w);
  };

  return {
    kind: opts.kind,
    enqueue,
    async start(handler: JobHandler, onGiveUp?: GiveUpHandler) {
      const b = await ready();
      if (working) throw new Error(`queue ${opts.name} is already working`);
      working = true;
      if (opts.kind === 'pglite') {
        const { rows } = await executeSql(`SELECT id FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND state = 'active'`, [
          opts.name,
        ]);
        const ids = (rows as { id: string }[]).map((r) => r.id);
        if (ids.length > 0) {
          log.info(`queue ${opts.name}: retrying ${ids.length} job(s) left running by the last process`);
          for (const id of ids) await b.fail(opts.name, id, { message: 'the process stopped while the job ran' });
        }
      }
      // Before any worker fetches, so a record whose job is waiting is not queued twice.
      for (const id of (await opts.pending?.()) ?? []) await enqueue(id);
      for (let i = 0; i < settings.concurrency; i++) {
        let self = '';
        self = await b.work<{ id: string }>(
          opts.name,
          { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: settings.pollingSeconds },
          async ([job]) => {
            try {
              await handler(job.data.id, { attempt: job.retryCount, final: job.retryCount >= job.retryLimit });
            } finally {
              // Look for the next job at once instead of after the polling interval: a backlog drains quickly.
              if (self) b.notifyWorker(self);
            }
          },
        );
        workerIds.push(self);
      }
      await b.work<{ id: string }>(
        dead,
        { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: Math.max(settings.pollingSeconds, 5) },
        async ([job]) => {
          const output = job.output as { message?: string; value?: { message?: string } } | null;
          const reason = output?.message ?? output?.value?.message ?? 'the job ran out of attempts';
          await onGiveUp?.(job.data.id, reason);
        },
      );
    },
    async stop() {
      if (!starting) return;
      const b = await starting.catch(() => null);
      await b?.stop({ graceful: true, timeout: 30_000, close: false });
      starting = null;
      working = false;
      workerIds.length = 0;
    },
  };
}
