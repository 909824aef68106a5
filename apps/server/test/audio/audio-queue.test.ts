/**
 * Durable jobs across processes (real child processes running the production queue and job):
 * PostgreSQL: a worker killed (-9) in the middle of a job → another worker finishes it; two workers on one
 * database → each job's handler runs exactly once. PGlite: a server killed mid-job finishes it when it starts
 * again. The PostgreSQL cases need DATABASE_URL (`npm test` runs the suite on both databases).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { createAudioQueue, removeStaleWorkDirs } from '../../src/modules/audio/jobs.ts';
import { saveAudio } from '../../src/modules/audio/service.ts';
import { createQueue } from '../../src/platform/queue/index.ts';
import type { Queue } from '../../src/platform/queue/types.ts';
import { audioFixture, audioRow, DiskStorage, freshPostgres, sine, until, wav } from '../support/audio.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
/** Fast job timings for the tests: a lost job is retried ~3 s after it started. */
const JOB_ENV = {
  JOB_EXPIRE_SECONDS: '3',
  JOB_MAINTENANCE_SECONDS: '1',
  JOB_RETRY_DELAY_SECONDS: '1',
  JOB_POLL_SECONDS: '0.5',
};
const settings = { expireInSeconds: 3, retryDelaySeconds: 1, pollingSeconds: 0.5, maintenanceSeconds: 60 };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => {});
});

interface Setup {
  database: Database;
  queue: Queue;
  storage: DiskStorage;
  dir: string;
  log: string;
  env: Record<string, string>;
}

async function setup(
  kind: 'postgres' | 'pglite',
  overrides: Partial<typeof settings & { retryLimit: number }> = {},
): Promise<Setup> {
  const dir = await mkdtemp(path.join(tmpdir(), 'atk-jobs-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const env: Record<string, string> = {
    ...JOB_ENV,
    FILES_DIR: path.join(dir, 'files'),
    WORK_ROOT: path.join(dir, 'work'),
    JOB_LOG: path.join(dir, 'jobs.log'),
  };
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    const fresh = await freshPostgres();
    cleanups.push(fresh.drop);
    databaseUrl = fresh.url;
    env.DATABASE_URL = fresh.url;
  } else {
    env.DATABASE_URL = '';
    env.DATA_DIR = path.join(dir, 'data');
  }
  const database = await openDatabase({ databaseUrl, dataDir: env.DATA_DIR ?? 'memory://' });
  const queue = createAudioQueue({ db: database.db, kind: database.kind, settings: { ...settings, ...overrides } });
  cleanups.push(async () => {
    await queue.stop();
    await database.close();
  });
  return { database, queue, storage: new DiskStorage(env.FILES_DIR), dir, log: env.JOB_LOG, env };
}

/** `count` audio rows (one per product), their WAVs stored, saved (and so enqueued). */
async function audioRows(s: Setup, count: number, seconds = 2) {
  const fixture = await audioFixture(s.database.db, count);
  const ids: string[] = [];
  for (const product of fixture.products) {
    const key = `audio/origin/${product.id}/${fixture.instruments[0].id}_1.wav`;
    await s.storage.put(
      key,
      wav(sine({ freq: 220, dbfs: -12, seconds, sampleRate: 48000, channels: 2 }), 48000),
      'audio/wav',
    );
    const row = await saveAudio(
      { db: s.database.db, storage: s.storage, queue: s.queue },
      {
        productId: product.id,
        songId: fixture.song.id,
        instrumentId: fixture.instruments[0].id,
        key,
        name: 'take.wav',
      },
    );
    ids.push(row.id);
  }
  return ids;
}

function worker(s: Setup, extra: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/support/audio-worker-process.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    env: { ...process.env, ...s.env, ...extra },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  cleanups.push(() => stopped(child, 'SIGKILL'));
  return child;
}

async function stopped(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exit = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  await exit;
}

const lines = (s: Setup) => (existsSync(s.log) ? readFileSync(s.log, 'utf8').trim().split('\n') : []);
const logged = (s: Setup, line: string) =>
  until(async () => (lines(s).includes(line) ? true : undefined), 30_000, line);

async function jobStates(s: Setup) {
  const result = await s.database.db.execute<{ id: string; state: string; retry_count: number }>(
    // the retried job first: a worker starting may also queue a record's job anew, and rows come in no set order
    sql`select data->>'id' as id, state::text as state, retry_count from pgboss.job where name = 'audio.process'
        order by retry_count desc, created_on`,
  );
  return ((result as unknown as { rows?: unknown[] }).rows ?? result) as {
    id: string;
    state: string;
    retry_count: number;
  }[];
}

describe('audio jobs across processes', () => {
  it.skipIf(!onPostgres)(
    'PostgreSQL (needs DATABASE_URL): kill -9 mid-job, restart: the orphaned job is resumed at once and finishes',
    async () => {
      // A 10-minute lease: only the restart's own look at the jobs of dead processes can resume it within a minute.
      const s = await setup('postgres', { expireInSeconds: 600 });
      const env = { JOB_EXPIRE_SECONDS: '600' };
      const [id] = await audioRows(s, 1, 2);
      const first = worker(s, { ...env, STORAGE_DELAY_MS: '60000' });
      await logged(s, `${first.pid} ${id} start`);
      await until(async () => ((await audioRow(s.database.db, id)).status === 'processing' ? true : undefined));
      // The job claims the row, then makes its folder: wait for the folder too.
      const folder = await until(async () => (await readdir(s.env.WORK_ROOT).catch(() => []))[0]);
      const work = path.join(s.env.WORK_ROOT, folder);
      expect(path.basename(work)).toMatch(new RegExp(`^${first.pid}-`));
      await stopped(first, 'SIGKILL');
      expect((await audioRow(s.database.db, id)).status).toBe('processing');
      expect((await jobStates(s)).map((j) => j.state)).toEqual(['active']);

      const restarted = Date.now();
      const second = worker(s, env);
      await logged(s, `${second.pid} ${id} ready`);
      expect(Date.now() - restarted).toBeLessThan(60_000);
      // The dead process's temporary folder went when the new one started.
      expect(lines(s)).toContain(`${second.pid} removed ${path.basename(work)}`);
      expect(existsSync(work)).toBe(false);
      const row = await audioRow(s.database.db, id);
      expect(row).toMatchObject({ status: 'ready', durationMs: 2000, error: null });
      expect(row.processedUrl).toContain('processed');
      const runs = lines(s).filter((l) => l.includes(` ${id} `));
      expect(runs.slice(0, 3)).toEqual([
        `${first.pid} ${id} start`,
        `${second.pid} ${id} start`,
        `${second.pid} ${id} ready`,
      ]);
      await until(async () => ((await jobStates(s))[0]?.state === 'completed' ? true : undefined));
      const [job] = await jobStates(s);
      expect(job).toMatchObject({ id, state: 'completed' });
      expect(job.retry_count).toBeGreaterThanOrEqual(1);
      await stopped(second, 'SIGTERM');
    },
    90_000,
  );

  it.skipIf(!onPostgres)(
    'PostgreSQL (needs DATABASE_URL): a worker of another host killed mid-job; the job expires and another worker finishes it',
    async () => {
      const s = await setup('postgres');
      const [id] = await audioRows(s, 1, 2);
      const first = worker(s, { STORAGE_DELAY_MS: '60000' });
      await logged(s, `${first.pid} ${id} start`);
      await stopped(first, 'SIGKILL');
      // As if it had run elsewhere: this host cannot tell whether that process is gone, so the lease decides.
      await s.database.db.execute(
        sql`update pgboss.job set output = jsonb_set(output, '{owner,host}', '"another-host"') where name = 'audio.process'`,
      );
      const second = worker(s);
      await logged(s, `${second.pid} ${id} ready`);
      expect(await audioRow(s.database.db, id)).toMatchObject({ status: 'ready', durationMs: 2000, error: null });
      const [job] = await jobStates(s);
      expect(job.retry_count).toBeGreaterThanOrEqual(1);
      await stopped(second, 'SIGTERM');
    },
    60_000,
  );

  it.skipIf(!onPostgres)(
    'PostgreSQL (needs DATABASE_URL): a job whose workers keep dying is given up, and the record says so',
    async () => {
      const s = await setup('postgres', { retryLimit: 0 });
      const [id] = await audioRows(s, 1, 1);
      const first = worker(s, { STORAGE_DELAY_MS: '60000' });
      await logged(s, `${first.pid} ${id} start`);
      await stopped(first, 'SIGKILL');
      await s.database.db.execute(
        sql`update pgboss.job set output = jsonb_set(output, '{owner,host}', '"another-host"') where name = 'audio.process'`,
      );
      const second = worker(s);
      const failed = await until(
        async () => {
          const row = await audioRow(s.database.db, id);
          return row.status === 'failed' ? row : undefined;
        },
        // the lease's expiry and pg-boss's maintenance pass: seconds, more when other work holds the CPUs (a worker
        // process starting under load took most of 50 s)
        80_000,
        'the record to fail',
      );
      expect(failed.error).toBe('Processing did not finish: job failed by timeout in active state');
      expect(lines(s).filter((l) => l.includes(id))).toEqual([`${first.pid} ${id} start`]);
      await stopped(second, 'SIGTERM');
    },
    120_000,
  );

  it.skipIf(!onPostgres)(
    'PostgreSQL (needs DATABASE_URL): two workers on one database run each job exactly once',
    async () => {
      // A long expiry: on a busy machine a job may take longer than the 3 s the crash tests use, and an expired
      // job is retried (by design), which would count as a second run here.
      const s = await setup('postgres', { expireInSeconds: 120 });
      const workers = [worker(s, { STORAGE_DELAY_MS: '300' }), worker(s, { STORAGE_DELAY_MS: '300' })];
      for (const w of workers) await logged(s, `${w.pid} worker ready`);
      const ids = await audioRows(s, 8, 1);
      await until(
        async () => {
          const rows = await Promise.all(ids.map((id) => audioRow(s.database.db, id)));
          return rows.every((r) => r.status === 'ready') ? true : undefined;
        },
        45_000,
        'every job ready',
      ).catch(async (err) => {
        console.error(lines(s).join('\n'), JSON.stringify(await jobStates(s)));
        throw err;
      });
      const starts = lines(s).filter((l) => l.endsWith(' start'));
      expect(starts.map((l) => l.split(' ')[1]).sort()).toEqual([...ids].sort());
      // Both processes took jobs.
      expect(new Set(starts.map((l) => l.split(' ')[0])).size).toBe(2);
      expect(lines(s).filter((l) => / [0-9a-f-]{36} ready$/.test(l))).toHaveLength(ids.length);
      await until(async () => ((await jobStates(s)).every((j) => j.state === 'completed') ? true : undefined));
      const jobs = await jobStates(s);
      expect(jobs.map((j) => j.id).sort()).toEqual([...ids].sort());
      expect(jobs.every((j) => j.retry_count === 0)).toBe(true);
      await Promise.all(workers.map((w) => stopped(w, 'SIGTERM')));
    },
    60_000,
  );

  it.skipIf(onPostgres)(
    'PGlite: a server killed mid-job finishes the job when it starts again',
    async () => {
      const s = await setup('pglite');
      const [id] = await audioRows(s, 1, 2);
      // One process owns a PGlite directory: the test lets go of it while the workers run.
      await s.queue.stop();
      await s.database.close();

      const first = worker(s, { STORAGE_DELAY_MS: '60000' });
      await logged(s, `${first.pid} ${id} start`);
      await stopped(first, 'SIGKILL');
      const second = worker(s);
      await logged(s, `${second.pid} ${id} ready`);
      await stopped(second, 'SIGTERM');

      const database = await openDatabase({ dataDir: s.env.DATA_DIR });
      try {
        expect(await audioRow(database.db, id)).toMatchObject({ status: 'ready', durationMs: 2000, error: null });
      } finally {
        await database.close();
      }
    },
    60_000,
  );

  it('every start removes the temporary folders of processes that are gone, and only those', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'atk-work-'));
    cleanups.push(() => rm(root, { recursive: true, force: true }));
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => gone.once('exit', r));
    const alive = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
    cleanups.push(() => stopped(alive, 'SIGKILL'));
    const own = Date.now() / 1000 - process.uptime() - 60;
    for (const name of [`${gone.pid}-aaaaaa`, `${alive.pid}-bbbbbb`, `${process.pid}-old`, `${process.pid}-new`, 'x'])
      await mkdir(path.join(root, name, 'inner'), { recursive: true });
    // The folder this pid had before this process started (pid 1 of a restarted container).
    await utimes(path.join(root, `${process.pid}-old`), own, own);
    expect((await removeStaleWorkDirs(root)).sort()).toEqual([`${gone.pid}-aaaaaa`, `${process.pid}-old`].sort());
    expect((await readdir(root)).sort()).toEqual([`${alive.pid}-bbbbbb`, `${process.pid}-new`, 'x'].sort());
  });

  it("a run's lease: the base at the start, then extended by the handler (the audio job: by the file's duration)", async () => {
    const s = await setup(onPostgres ? 'postgres' : 'pglite');
    const queue = createQueue({
      name: 'lease.test',
      db: s.database.db,
      kind: s.database.kind,
      settings: { expireInSeconds: 30, maxLeaseSeconds: 1000, pollingSeconds: 0.5 },
    });
    cleanups.push(() => queue.stop());
    const left = async () => {
      const result = await s.database.db.execute<{ left: number; expire: number }>(
        sql`select extract(epoch from started_on + expire_in - now())::float8 as left, extract(epoch from expire_in)::float8 as expire
            from pgboss.job where name = 'lease.test' and state = 'active'`,
      );
      return (((result as unknown as { rows?: unknown[] }).rows ?? result) as { left: number; expire: number }[])[0];
    };
    const seen: { left: number; expire: number }[] = [];
    let done: () => void = () => {};
    const finished = new Promise<void>((r) => {
      done = r;
    });
    await queue.start(async (_id, ctx) => {
      seen.push(await left());
      await ctx.extendLease?.(600);
      seen.push(await left());
      await ctx.extendLease?.(5000);
      seen.push(await left());
      done();
    });
    await queue.enqueue('00000000-0000-4000-8000-000000000001');
    await finished;
    // Sent with the ceiling (pg-boss's own in-process timeout never comes first); the deadline moves.
    expect(seen.map((x) => x.expire)).toEqual([1000, 1000, 1000]);
    expect(seen[0].left).toBeGreaterThan(25);
    expect(seen[0].left).toBeLessThanOrEqual(30);
    expect(seen[1].left).toBeGreaterThan(625);
    expect(seen[1].left).toBeLessThanOrEqual(630);
    expect(seen[2].left).toBeGreaterThan(995);
    expect(seen[2].left).toBeLessThanOrEqual(1000);
  });
});
