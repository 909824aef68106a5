import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import PgBoss from 'pg-boss';
import type { Db } from '../../db/client.ts';
import { pidAlive } from '../process.ts';
import type { GiveUpHandler, JobHandler, Queue } from './types.ts';

export type { GiveUpHandler, JobContext, JobHandler, Queue } from './types.ts';

/** The PostgreSQL schema pg-boss keeps its tables in. */
export const QUEUE_SCHEMA = 'pgboss';

export interface QueueSettings {
  /** Attempts after the first (with exponential backoff from `retryDelaySeconds`). */
  retryLimit: number;
  retryDelaySeconds: number;
  /**
   * A job still active after this long is taken as lost (its worker died) and retried; the handler can extend it
   * (`ctx.extendLease`), up to `maxLeaseSeconds`.
   */
  expireInSeconds: number;
  /** The longest lease a handler may ask for (the audio job: `expireInSeconds` + the longest audio accepted). */
  maxLeaseSeconds: number;
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
    maxLeaseSeconds: 0,
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

/** Who runs a job: written into the active job's `output` when a run starts (pg-boss replaces it when it ends). */
interface Owner {
  host: string;
  pid: number;
  /** Tells two processes apart that had the same pid (pid 1 in a container that restarted). */
  instance: string;
}

/**
 * A job left active by a process that is gone: on PGlite every active job (one process owns the database); on
 * PostgreSQL one whose owner ran on this host and whose process no longer exists (or had this process's pid, e.g.
 * pid 1 of a restarted container). Jobs of other hosts are left to their lease.
 */
export function orphaned(kind: 'postgres' | 'pglite', owner: Partial<Owner> | null | undefined, self: Owner): boolean {
  if (kind === 'pglite') return true;
  if (!owner || owner.host !== self.host || typeof owner.pid !== 'number') return false;
  if (owner.pid === self.pid) return owner.instance !== self.instance;
  return !pidAlive(owner.pid);
}

/**
 * pg-boss over the app's own database connection, on PostgreSQL and on PGlite alike (pg-boss takes any
 * `executeSql`). PostgreSQL: any number of processes share the queue; `FOR UPDATE SKIP LOCKED` hands each job to
 * one worker; a worker that dies leaves its job active until its lease ends, then maintenance retries it.
 * Leases: a job is sent with `expire_in` = `maxLeaseSeconds` (so pg-boss's own in-process timeout, taken from it,
 * never comes first) and each run sets its deadline by moving `started_on` (pg-boss expires a job when
 * `started_on + expire_in` has passed): `expireInSeconds` at the start, then what the handler asks for.
 * At start, jobs left active by a dead process (see `orphaned`) are retried at once: on PGlite all of them, on
 * PostgreSQL those of this host whose process is gone.
 */
export function createQueue(opts: QueueOptions): Queue {
  const merged = { ...queueSettings(), ...opts.settings };
  const settings = { ...merged, maxLeaseSeconds: Math.max(merged.maxLeaseSeconds, merged.expireInSeconds) };
  const self: Owner = { host: hostname(), pid: process.pid, instance: randomUUID() };
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
    expireInSeconds: settings.maxLeaseSeconds,
    deadLetter: dead,
  });

  /** This run may go on for `seconds` from now (capped at maxLeaseSeconds); records who runs it. */
  const lease = async (jobId: string, seconds: number) => {
    const secs = Math.min(Math.max(1, seconds), settings.maxLeaseSeconds);
    await executeSql(
      `UPDATE ${QUEUE_SCHEMA}.job SET started_on = now() + make_interval(secs => $3) - expire_in,
         output = jsonb_build_object('owner', $4::jsonb)
       WHERE name = $1 AND id = $2 AND state = 'active'`,
      [opts.name, jobId, secs, JSON.stringify(self)],
    );
  };

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
      const { rows } = await executeSql(
        `SELECT id, output->'owner' AS owner FROM ${QUEUE_SCHEMA}.job WHERE name = $1 AND state = 'active'`,
        [opts.name],
      );
      const ids = (rows as { id: string; owner: Partial<Owner> | null }[])
        .filter((r) => orphaned(opts.kind, r.owner, self))
        .map((r) => r.id);
      if (ids.length > 0) {
        log.info(`queue ${opts.name}: retrying ${ids.length} job(s) left running by a process that stopped`);
        for (const id of ids) await b.fail(opts.name, id, { message: 'the process stopped while the job ran' });
        // At once, not after the retry delay: nothing is running them.
        await executeSql(
          `UPDATE ${QUEUE_SCHEMA}.job SET start_after = now() WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'retry'`,
          [opts.name, ids],
        );
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
              await lease(job.id, settings.expireInSeconds);
              await handler(job.data.id, {
                attempt: job.retryCount,
                final: job.retryCount >= job.retryLimit,
                extendLease: (extra) => lease(job.id, settings.expireInSeconds + extra),
              });
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
