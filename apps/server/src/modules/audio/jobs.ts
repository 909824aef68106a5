import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { MSG } from '@atk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { audioMaxSeconds } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { audios } from '../../db/schema.ts';
import { NotAudioError, processAudioFile, TooLongError } from '../../platform/media/index.ts';
import { pidAlive } from '../../platform/process.ts';
import {
  createQueue,
  type JobContext,
  type Queue,
  type QueueSettings,
  queueSettings,
} from '../../platform/queue/index.ts';
import type { Storage } from '../../platform/storage/types.ts';
import { audioTooLongMessage } from './service.ts';

/** The job's name in pg-boss; its data is `{id}`, the audio row's id. */
export const AUDIO_JOB = 'audio.process';

export interface Log {
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string): void;
}

export interface AudioJobDeps {
  db: Db;
  storage: Storage;
  log?: Log;
  /** Longest audio accepted, in seconds; default AUDIO_MAX_MINUTES (15 minutes). */
  maxSeconds?: number;
  /** Where jobs make their temporary folders; default `{os tmpdir}/atk-audio`. */
  workRoot?: string;
}

/** The parent of the jobs' temporary folders, one `{pid}-{random}` folder per run. */
export const defaultWorkRoot = () => path.join(tmpdir(), 'atk-audio');

/**
 * Removes the temporary folders of runs whose process is gone (its pid no longer exists, or is this process's
 * own pid, taken over from a dead process, e.g. pid 1 of a restarted container); other live processes' folders
 * are left alone. Called when workers start. Returns the names removed.
 */
export async function removeStaleWorkDirs(root = defaultWorkRoot()): Promise<string[]> {
  const startedAt = Date.now() - process.uptime() * 1000;
  const names = await readdir(root).catch(() => [] as string[]);
  const removed: string[] = [];
  for (const name of names) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    if (!Number.isInteger(pid) || pid <= 0) continue;
    // This pid's folders made before this process started belong to the process that had the pid before.
    const made = pid === process.pid ? (await stat(path.join(root, name)).catch(() => null))?.mtimeMs : undefined;
    const stale = pid === process.pid ? made !== undefined && made < startedAt : !pidAlive(pid);
    if (!stale) continue;
    await rm(path.join(root, name), { recursive: true, force: true }).catch(() => {});
    removed.push(name);
  }
  return removed;
}

export type AudioJobOutcome = 'ready' | 'failed' | 'skipped' | 'stale';

const ERROR_MAX = 500;
const quiet: Log = { info() {}, warn() {}, error() {} };

/**
 * The job: processes the audio row's current file. Idempotent: a row already ready (or failed, or gone) is
 * left alone; the row is claimed for the key it has now, and the results are written in one UPDATE guarded by
 * that key and the 'processing' state, so a job for a file that has since been replaced writes nothing (and
 * removes what it stored). A row left 'processing' by a worker that died is taken over by the retry.
 * Not audio → 'failed' with MSG.notAudio at once; longer than `maxSeconds` → 'failed' with MSG.audioTooLong at
 * once (refused at the probe, before any decoding); other errors throw for a retry, and on the last attempt the
 * row is 'failed' with the reason. Once the probe knows the duration the run's lease becomes the queue's base
 * lease plus one second per second of audio (processing runs 20–35× faster than real time).
 */
export async function processAudio(
  deps: AudioJobDeps,
  audioId: string,
  ctx: JobContext = { attempt: 0, final: true },
): Promise<AudioJobOutcome> {
  const { db, storage } = deps;
  const maxSeconds = deps.maxSeconds ?? audioMaxSeconds();
  const log = deps.log ?? quiet;
  const [row] = await db.select().from(audios).where(eq(audios.id, audioId));
  if (!row || (row.status !== 'uploaded' && row.status !== 'processing')) return 'skipped';
  const mine = and(eq(audios.id, audioId), eq(audios.key, row.key));
  const [claimed] = await db
    .update(audios)
    .set({ status: 'processing', error: null, updatedAt: new Date() })
    .where(and(mine, inArray(audios.status, ['uploaded', 'processing'])))
    .returning({ id: audios.id });
  if (!claimed) return 'skipped';

  const fail = async (reason: string) => {
    await db
      .update(audios)
      .set({ status: 'failed', error: reason.slice(0, ERROR_MAX), updatedAt: new Date() })
      .where(and(mine, eq(audios.status, 'processing')));
  };
  const started = performance.now();
  const root = deps.workRoot ?? defaultWorkRoot();
  await mkdir(root, { recursive: true });
  const work = await mkdtemp(path.join(root, `${process.pid}-`));
  const stored: string[] = [];
  try {
    const source = path.join(work, `source${path.extname(row.key).toLowerCase()}`);
    await pipeline(await storage.get(row.key), createWriteStream(source));
    const result = await processAudioFile(source, work, {
      maxSeconds,
      onProbe: (probe) => ctx.extendLease?.(Math.ceil(probe.durationSeconds ?? maxSeconds)),
    });
    if (result.mp3Samples !== result.samples)
      log.warn(
        `audio ${audioId}: the MP3 decodes to ${result.mp3Samples} samples, the source to ${result.samples}: the decoder did not honour the gapless header`,
      );
    const base = `${row.productId}/${row.instrumentId}_${Date.now()}`;
    const processedKey = `audio/processed/${base}.mp3`;
    const peaksKey = `audio/peaks/${base}.json`;
    stored.push(processedKey);
    await storage.put(processedKey, await readFile(result.mp3File), 'audio/mpeg');
    stored.push(peaksKey);
    await storage.put(peaksKey, Buffer.from(JSON.stringify(result.peaks)), 'application/json');
    const [done] = await db
      .update(audios)
      .set({
        status: 'ready',
        error: null,
        processedKey,
        processedUrl: storage.publicUrl(processedKey),
        peaksUrl: storage.publicUrl(peaksKey),
        lufs: result.loudness.lufs,
        truePeak: result.loudness.truePeak,
        durationMs: result.durationMs,
        sampleRate: result.sampleRate,
        channels: result.channels,
        updatedAt: new Date(),
      })
      .where(and(mine, eq(audios.status, 'processing')))
      .returning({ id: audios.id });
    if (!done) {
      await removeKeys(storage, stored);
      log.info(`audio ${audioId}: its file was replaced while processing; results dropped`);
      return 'stale';
    }
    log.info(
      `audio ${audioId}: ready in ${Math.round(performance.now() - started)} ms (${result.durationMs} ms, ${result.loudness.lufs} LUFS, ${result.loudness.truePeak} dBTP)`,
    );
    return 'ready';
  } catch (err) {
    await removeKeys(storage, stored);
    if (err instanceof TooLongError) {
      log.info(`audio ${audioId}: too long (${err.message})`);
      await fail(audioTooLongMessage(maxSeconds));
      return 'failed';
    }
    if (err instanceof NotAudioError) {
      log.info(`audio ${audioId}: not audio (${err.message})`);
      await fail(MSG.notAudio);
      return 'failed';
    }
    const message = err instanceof Error ? err.message : String(err);
    if (!ctx.final) {
      log.warn(`audio ${audioId}: attempt ${ctx.attempt + 1} failed, will retry: ${message}`);
      throw err;
    }
    log.error(`audio ${audioId}: processing failed: ${message}`);
    await fail(`Processing failed: ${message}`);
    return 'failed';
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A job that ran out of attempts without finishing (its workers kept dying): the row says so. */
export async function giveUpAudio(db: Db, audioId: string, reason: string): Promise<void> {
  await db
    .update(audios)
    .set({ status: 'failed', error: `Processing did not finish: ${reason}`.slice(0, ERROR_MAX), updatedAt: new Date() })
    .where(and(eq(audios.id, audioId), inArray(audios.status, ['uploaded', 'processing'])));
}

async function removeKeys(storage: Storage, keys: string[]) {
  await Promise.all(keys.map((k) => storage.delete(k).catch(() => {})));
}

/**
 * The audio processing queue (pg-boss, schema `pgboss`, job `audio.process`). When workers start they also
 * enqueue rows still 'uploaded' (saved, but the job may have been lost), and on PGlite, where this process is
 * the only one, rows left 'processing' too.
 */
export function createAudioQueue(opts: {
  db: Db;
  kind: 'postgres' | 'pglite';
  log?: Log;
  settings?: Partial<QueueSettings>;
  /** Longest audio accepted (default AUDIO_MAX_MINUTES): a run's lease can grow by that much. */
  maxSeconds?: number;
}): Queue {
  const { db, kind } = opts;
  const base = { ...queueSettings(), ...opts.settings };
  return createQueue({
    name: AUDIO_JOB,
    db,
    kind,
    log: opts.log,
    settings: {
      ...opts.settings,
      maxLeaseSeconds: Math.max(base.maxLeaseSeconds, base.expireInSeconds + (opts.maxSeconds ?? audioMaxSeconds())),
    },
    async pending() {
      const states = kind === 'pglite' ? ['uploaded', 'processing'] : ['uploaded'];
      const rows = await db.select({ id: audios.id }).from(audios).where(inArray(audios.status, states));
      return rows.map((r) => r.id);
    },
  });
}

/** Starts working audio jobs in this process (the server, or `npm run worker`). */
export async function startAudioJobs(deps: AudioJobDeps & { queue: Queue }): Promise<void> {
  const removed = await removeStaleWorkDirs(deps.workRoot);
  if (removed.length > 0) deps.log?.info(`audio: removed ${removed.length} temporary folder(s) of stopped processes`);
  await deps.queue.start(
    async (id, ctx) => {
      await processAudio(deps, id, ctx);
    },
    (id, reason) => giveUpAudio(deps.db, id, reason),
  );
}
