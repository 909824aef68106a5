/** Shared pieces of the audio tests: a disk storage, test signals, decoding, cross-correlation, fixtures. */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { Db } from '../../src/db/client.ts';
import { audios, brands, instruments, products, songs } from '../../src/db/schema.ts';
import { mediaTools } from '../../src/platform/media/binaries.ts';
import { runTool } from '../../src/platform/media/run.ts';
import { deinterleaveF32, encodeWav } from '../../src/platform/media/wav.ts';
import type { Queue } from '../../src/platform/queue/types.ts';
import { visibilityOf } from '../../src/platform/storage/keys.ts';
import { ObjectNotFound, type Storage } from '../../src/platform/storage/types.ts';

export const FILES_BASE = 'http://files.test/files';

/** The Storage interface on a directory; `get` can be slowed down (or held) to catch a job mid-way. */
export class DiskStorage implements Storage {
  readonly kind = 'local' as const;
  /** Awaited by every `get` before it reads: a delay, or a gate the test opens. */
  beforeGet: (() => Promise<void>) | null = null;

  constructor(readonly root: string) {}

  private file(key: string) {
    if (key.split('/').some((s) => s === '..' || s === '')) throw new Error(`bad key ${key}`);
    return path.join(this.root, key);
  }

  async presignPut(key: string, contentType: string) {
    return { url: `${FILES_BASE}/${key}?signed`, headers: { 'content-type': contentType } };
  }

  async put(key: string, body: Buffer | Readable, _contentType: string) {
    await mkdir(path.dirname(this.file(key)), { recursive: true });
    await writeFile(this.file(key), body);
  }

  async get(key: string): Promise<Readable> {
    await this.beforeGet?.();
    try {
      await stat(this.file(key));
    } catch {
      throw new ObjectNotFound(key);
    }
    return createReadStream(this.file(key));
  }

  async head(key: string) {
    try {
      return { size: (await stat(this.file(key))).size, contentType: null };
    } catch {
      return null;
    }
  }

  async delete(key: string) {
    await rm(this.file(key), { force: true });
  }

  publicUrl(key: string) {
    return `${FILES_BASE}/${key}`;
  }

  async readUrl(key: string) {
    return visibilityOf(key) === 'private' ? `${FILES_BASE}/${key}?signed-read` : this.publicUrl(key);
  }

  keyOf(urlOrKey: string) {
    if (urlOrKey.startsWith(`${FILES_BASE}/`)) return urlOrKey.slice(FILES_BASE.length + 1).replace(/\?.*$/, '');
    return /^[a-z]+:/i.test(urlOrKey) ? null : urlOrKey;
  }

  async read(urlOrKey: string): Promise<Buffer> {
    return readFile(this.file(this.keyOf(urlOrKey) ?? urlOrKey));
  }
}

// ── Signals ────────────────────────────────────────────────────────────────────────────────────────────

/** A sine in every channel, `dbfs` peak level. */
/** A queue that only records what was enqueued (tests that run the audio job themselves, or not at all). */
export function recordingQueue(): { queue: Queue; enqueued: string[] } {
  const enqueued: string[] = [];
  const queue: Queue = {
    kind: 'pglite',
    enqueue: async (id) => void enqueued.push(id),
    start: async () => {},
    stop: async () => {},
  };
  return { queue, enqueued };
}

export function sine(opts: { freq: number; dbfs: number; seconds: number; sampleRate: number; channels: number }) {
  const n = Math.round(opts.seconds * opts.sampleRate);
  const amp = 10 ** (opts.dbfs / 20);
  const x = new Float32Array(n);
  for (let i = 0; i < n; i++) x[i] = amp * Math.sin((2 * Math.PI * opts.freq * i) / opts.sampleRate);
  return Array.from({ length: opts.channels }, () => x);
}

export { bursts } from '../../src/bootstrap/demo/dsp.ts';

export const wav = encodeWav;

/** ffmpeg-encodes a file into another format (FLAC, AIFF, MP3, M4A, Ogg, …) by the target's extension. */
export async function convert(input: string, output: string, extra: string[] = []) {
  await runTool(mediaTools().ffmpeg, ['-v', 'error', '-y', '-i', input, ...extra, output]);
}

/** Decodes any file with ffmpeg to float channels at its own rate. */
export async function decode(file: string, channels = 1): Promise<Float32Array[]> {
  const { stdout } = await runTool(mediaTools().ffmpeg, [
    ...['-v', 'error', '-i', file, '-ac', String(channels)],
    ...['-c:a', 'pcm_f32le', '-f', 'f32le', 'pipe:1'],
  ]);
  return deinterleaveF32(stdout, channels);
}

/** What ffmpeg's ebur128 says about a file, run directly (the independent measure). */
export async function ebur128(file: string): Promise<{ lufs: number; truePeak: number }> {
  const { stderr } = await runTool(mediaTools().ffmpeg, [
    ...['-nostats', '-hide_banner', '-i', file, '-af', 'ebur128=peak=true:framelog=verbose'],
    ...['-f', 'null', '-'],
  ]);
  const s = stderr.slice(stderr.lastIndexOf('Summary:'));
  return {
    lufs: Number(/I:\s*(-?[\d.]+)\s*LUFS/.exec(s)?.[1]),
    truePeak: Number(/Peak:\s*(-?[\d.]+)\s*dB/.exec(s)?.[1]),
  };
}

/**
 * The lag (in samples) of `b` against `a` that best lines them up: b[i + lag] ≈ a[i]. Normalised
 * cross-correlation over `window` samples starting at `from`, lags in [-maxLag, maxLag].
 */
export function lagOf(a: Float32Array, b: Float32Array, maxLag = 2000, from = 4000, window = 48000): number {
  let best = Number.NEGATIVE_INFINITY;
  let lag = 0;
  const end = Math.min(from + window, a.length - maxLag, b.length - maxLag);
  for (let L = -maxLag; L <= maxLag; L++) {
    let s = 0;
    for (let i = from; i < end; i++) s += a[i] * b[i + L];
    if (s > best) {
      best = s;
      lag = L;
    }
  }
  return lag;
}

// ── Database fixtures ─────────────────────────────────────────────────────────────────────────────────

/** A brand with one cross-comparable song, `sources` instruments and `productCount` products. */
export async function audioFixture(db: Db, productCount = 1, sources = 1) {
  const [brand] = await db
    .insert(brands)
    .values({ name: `Audio ${randomBytes(3).toString('hex')}`, isPublished: 1 })
    .returning();
  const [song] = await db.insert(songs).values({ brandId: brand.id, name: 'Song', songType: 2 }).returning();
  const instrumentRows = await db
    .insert(instruments)
    .values(Array.from({ length: sources }, (_, i) => ({ songId: song.id, name: `Source ${i + 1}` })))
    .returning();
  const productRows = await db
    .insert(products)
    .values(
      Array.from({ length: productCount }, (_, i) => ({ brandId: brand.id, name: `Mic ${i + 1}`, songs: [song.id] })),
    )
    .returning();
  return { brand, song, instruments: instrumentRows, products: productRows };
}

export async function audioRow(db: Db, id: string) {
  const [row] = await db.select().from(audios).where(eq(audios.id, id));
  return row;
}

/** Polls until `check` returns a value (not undefined), or fails after `ms`. */
export async function until<T>(check: () => Promise<T | undefined>, ms = 20_000, what = 'condition'): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A new PostgreSQL database next to DATABASE_URL's (dropped by `drop`). */
export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const admin = process.env.DATABASE_URL;
  if (!admin) throw new Error('DATABASE_URL is not set');
  const name = `atk_audio_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Half a second of a 440 Hz tone as a WAV: the smallest upload the attach-time probe takes for audio. */
export const shortTake = () => wav(sine({ freq: 440, dbfs: -18, seconds: 0.5, sampleRate: 48000, channels: 1 }), 48000);
