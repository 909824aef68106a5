/**
 * Audio processing with real ffmpeg, on the database of the run (PostgreSQL when DATABASE_URL is set, else PGlite):
 * results, formats, refusals, idempotency, replacement, retries, and the record the API answers.
 */
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { audioRecord, MSG } from '@atk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { audios } from '../../src/db/schema.ts';
import { createAudioQueue, giveUpAudio, processAudio } from '../../src/modules/audio/jobs.ts';
import { saveAudio, toAudioRecord } from '../../src/modules/audio/service.ts';
import { mediaTools } from '../../src/platform/media/binaries.ts';
import { decodePeaks, type PeaksFile } from '../../src/platform/media/peaks.ts';
import { NotAudioError, probeAudio, TooLongError } from '../../src/platform/media/probe.ts';
import { runTool } from '../../src/platform/media/run.ts';
import type { Queue } from '../../src/platform/queue/types.ts';
import {
  audioFixture,
  audioRow,
  convert,
  DiskStorage,
  ebur128,
  freshPostgres,
  sine,
  until,
  wav,
} from '../support/audio.ts';

let database: Database;
let drop = async () => {};
let dir: string;
let storage: DiskStorage;
let queue: Queue;

beforeAll(async () => {
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) ({ url: databaseUrl, drop } = await freshPostgres());
  database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  dir = await mkdtemp(path.join(tmpdir(), 'atk-audio-test-'));
  storage = new DiskStorage(path.join(dir, 'files'));
  queue = createAudioQueue({
    db: database.db,
    kind: database.kind,
    settings: { pollingSeconds: 0.5, retryDelaySeconds: 0, maintenanceSeconds: 5 },
  });
});

afterAll(async () => {
  await queue?.stop();
  await database?.close();
  await drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const deps = () => ({ db: database.db, storage, queue });

/** Stores a source file for a new product × instrument and saves its audio record. */
async function upload(file: Buffer, ext: string, fixture?: Awaited<ReturnType<typeof audioFixture>>) {
  const f = fixture ?? (await audioFixture(database.db));
  const key = `audio/origin/${f.products[0].id}/${f.instruments[0].id}_${Date.now()}.${ext}`;
  await storage.put(key, file, 'application/octet-stream');
  const row = await saveAudio(
    { ...deps(), queue: { ...queue, enqueue: async () => {} } },
    { productId: f.products[0].id, songId: f.song.id, instrumentId: f.instruments[0].id, key, name: `take.${ext}` },
  );
  return { row, key, fixture: f };
}

/** A source made with ffmpeg from a WAV: `ext` picks the format, `args` the codec. */
async function encoded(channels: Float32Array[], rate: number, ext: string, args: string[] = []): Promise<Buffer> {
  const src = path.join(dir, `src-${Date.now()}-${Math.random().toString(36).slice(2)}.wav`);
  await writeFile(src, wav(channels, rate));
  const out = src.replace(/\.wav$/, `.${ext}`);
  await convert(src, out, args);
  return readFile(out);
}

/** Files stored under a key prefix. */
async function filesUnder(prefix: string): Promise<string[]> {
  return readdir(path.join(storage.root, prefix), { recursive: true }).catch(() => []);
}

async function mp3Stream(file: Buffer) {
  const p = path.join(dir, `check-${Date.now()}.mp3`);
  await writeFile(p, file);
  const { stdout } = await runTool(mediaTools().ffprobe, ['-v', 'error', '-show_streams', '-of', 'json', p]);
  return (JSON.parse(stdout.toString()) as { streams: { codec_name: string; bit_rate: string }[] }).streams[0];
}

describe('audio processing', () => {
  it('WAV: ready with loudness, true peak, exact duration, 8-bit peaks and a 320 kbps MP3 under a processed URL', async () => {
    // EBU Tech 3341 case 1: a 1 kHz stereo sine at -23 dBFS reads -23 LUFS; at -20 dBFS it reads -20 LUFS.
    const source = wav(sine({ freq: 1000, dbfs: -20, seconds: 3, sampleRate: 48000, channels: 2 }), 48000);
    const { row } = await upload(source, 'wav');
    expect(row.status).toBe('uploaded');
    expect(await processAudio(deps(), row.id)).toBe('ready');
    const done = await audioRow(database.db, row.id);
    expect(done).toMatchObject({ status: 'ready', error: null, durationMs: 3000, sampleRate: 48000, channels: 2 });
    expect(done.lufs).toBeGreaterThan(-20.5);
    expect(done.lufs).toBeLessThan(-19.5);
    expect(done.truePeak).toBeGreaterThan(-20.5);
    expect(done.truePeak).toBeLessThan(-19.5);
    expect(done.processedUrl).toContain('processed');
    expect(done.processedKey).toMatch(/^audio\/processed\/[\w-]+\/[\w-]+_\d+\.mp3$/);
    expect(done.updatedAt.getTime()).toBeGreaterThanOrEqual(row.updatedAt.getTime());

    const mp3 = await storage.read(done.processedUrl as string);
    expect(await mp3Stream(mp3)).toMatchObject({ codec_name: 'mp3', bit_rate: '320000' });

    const peaks = JSON.parse((await storage.read(done.peaksUrl as string)).toString()) as PeaksFile;
    expect(peaks).toMatchObject({ points_per_second: 200, sample_rate: 48000, samples: 144000, duration_ms: 3000 });
    const points = decodePeaks(peaks);
    expect(points.length).toBe(600);
    // |x| peaks of a -20 dBFS sine: 0.1 of full scale → 26 of 255 in every window.
    expect(Math.min(...points)).toBeGreaterThanOrEqual(24);
    expect(Math.max(...points)).toBeLessThanOrEqual(26);
  });

  it('FLAC at 44.1 kHz: ready, and the loudness is what ffmpeg measures on the source itself', async () => {
    const channels = sine({ freq: 440, dbfs: -14, seconds: 2.5, sampleRate: 44100, channels: 2 });
    channels[1] = channels[1].map((v) => v * 0.5);
    const flac = await encoded(channels, 44100, 'flac');
    const { row } = await upload(flac, 'flac');
    expect(await processAudio(deps(), row.id)).toBe('ready');
    const done = await audioRow(database.db, row.id);
    expect(done).toMatchObject({ status: 'ready', durationMs: 2500, sampleRate: 44100, channels: 2 });
    const srcFile = path.join(dir, 'direct.flac');
    await writeFile(srcFile, flac);
    const direct = await ebur128(srcFile);
    expect(Math.abs((done.lufs as number) - direct.lufs)).toBeLessThanOrEqual(0.2);
    expect(Math.abs((done.truePeak as number) - direct.truePeak)).toBeLessThanOrEqual(0.3);
    expect(decodePeaks(JSON.parse((await storage.read(done.peaksUrl as string)).toString())).length).toBe(500);
  });

  it('accepts AIFF, MP3, M4A/AAC and Ogg (Vorbis and Opus); a 96 kHz source becomes 48 kHz', async () => {
    const tone = (rate: number) => sine({ freq: 500, dbfs: -12, seconds: 1, sampleRate: rate, channels: 2 });
    const cases: [string, Buffer, number][] = [
      ['aiff', await encoded(tone(44100), 44100, 'aiff'), 44100],
      ['mp3', await encoded(tone(44100), 44100, 'mp3', ['-c:a', 'libmp3lame', '-b:a', '192k']), 44100],
      ['m4a', await encoded(tone(48000), 48000, 'm4a', ['-c:a', 'aac', '-b:a', '192k']), 48000],
      ['ogg', await encoded(tone(44100), 44100, 'ogg', ['-c:a', 'libvorbis']), 44100],
      ['opus', await encoded(tone(48000), 48000, 'ogg', ['-c:a', 'libopus']), 48000],
      ['wav', wav(tone(96000), 96000, 24), 48000],
    ];
    for (const [ext, file, rate] of cases) {
      const { row } = await upload(file, ext === 'opus' ? 'ogg' : ext);
      expect(`${ext}: ${await processAudio(deps(), row.id)}`).toBe(`${ext}: ready`);
      const done = await audioRow(database.db, row.id);
      expect({ ext, rate: done.sampleRate }).toEqual({ ext, rate });
      // Lossy sources carry their own encoder delay; their decoders remove it (within a frame of 1 s).
      expect(Math.abs((done.durationMs as number) - 1000)).toBeLessThanOrEqual(
        ext === 'wav' || ext === 'aiff' ? 0 : 30,
      );
      expect(Math.abs((done.lufs as number) - -12)).toBeLessThan(1);
    }
  });

  it('refuses audio longer than AUDIO_MAX_MINUTES at the probe, with the msg on the source', async () => {
    // The file: 3 hours of silence, a ~2 MB FLAC (8 kHz mono keeps the test's own encoding quick).
    const long = path.join(dir, 'three-hours.flac');
    await runTool(mediaTools().ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '10800', '-c:a', 'flac', long],
    ]);
    await expect(probeAudio(long, { maxSeconds: 900 })).rejects.toBeInstanceOf(TooLongError);
    const { row, fixture } = await upload(await readFile(long), 'flac');
    const started = performance.now();
    expect(await processAudio(deps(), row.id)).toBe('failed');
    // Refused from the container's header: no decoding (the file took 116 s of CPU to process).
    expect(performance.now() - started).toBeLessThan(5000);
    expect(await audioRow(database.db, row.id)).toMatchObject({
      status: 'failed',
      error: MSG.audioTooLong.replace('{minutes}', '15'),
      processedUrl: null,
      durationMs: null,
    });
    expect(await filesUnder(`audio/processed/${fixture.products[0].id}`)).toEqual([]);

    // A FLAC written to a pipe states no length: decoding stops once it passes the limit.
    const { stdout } = await runTool(mediaTools().ffmpeg, [
      ...['-v', 'error', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '120', '-c:a', 'flac', '-f', 'flac'],
      'pipe:1',
    ]);
    const hidden = path.join(dir, 'hidden-length.flac');
    await writeFile(hidden, stdout);
    expect((await probeAudio(hidden, { maxSeconds: 30 })).durationSeconds).toBeNull();
    const { row: sneaky } = await upload(stdout, 'flac');
    expect(await processAudio({ ...deps(), maxSeconds: 30 }, sneaky.id)).toBe('failed');
    expect(await audioRow(database.db, sneaky.id)).toMatchObject({
      status: 'failed',
      error: MSG.audioTooLong.replace('{minutes}', '0.5'),
    });
  });

  it('refuses what is not audio: failed with the reason, and nothing stored', async () => {
    const { row, fixture } = await upload(Buffer.from('hello, I am a text file\n'.repeat(50)), 'wav');
    expect(await processAudio(deps(), row.id)).toBe('failed');
    expect(await audioRow(database.db, row.id)).toMatchObject({
      status: 'failed',
      error: MSG.notAudio,
      processedUrl: null,
      lufs: null,
    });
    expect(await filesUnder(`audio/processed/${fixture.products[0].id}`)).toEqual([]);

    // A video, and audio in a container outside the list (Matroska), are refused by the probe.
    const video = path.join(dir, 'clip.mp4');
    await runTool(mediaTools().ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=1:size=64x64:rate=10'],
      ...['-f', 'lavfi', '-i', 'sine=duration=1', '-c:v', 'libx264', '-c:a', 'aac', '-shortest', video],
    ]);
    await expect(probeAudio(video)).rejects.toBeInstanceOf(NotAudioError);
    const mka = path.join(dir, 'tone.mka');
    await runTool(mediaTools().ffmpeg, [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1',
      '-c:a',
      'flac',
      mka,
    ]);
    await expect(probeAudio(mka)).rejects.toBeInstanceOf(NotAudioError);
  });

  it('is idempotent: a ready row is left alone, whatever asks again', async () => {
    const { row } = await upload(
      wav(sine({ freq: 300, dbfs: -10, seconds: 1, sampleRate: 48000, channels: 1 }), 48000),
      'wav',
    );
    expect(await processAudio(deps(), row.id)).toBe('ready');
    const first = await audioRow(database.db, row.id);
    expect(await processAudio(deps(), row.id)).toBe('skipped');
    expect(await audioRow(database.db, row.id)).toEqual(first);
    expect(await processAudio(deps(), '00000000-0000-4000-8000-000000000000')).toBe('skipped');
  });

  it('through the queue: uploaded → processing → ready, and a job asked for twice runs once', async () => {
    const fixture = await audioFixture(database.db);
    const key = `audio/origin/${fixture.products[0].id}/${fixture.instruments[0].id}_1.wav`;
    await storage.put(
      key,
      wav(sine({ freq: 200, dbfs: -6, seconds: 1, sampleRate: 44100, channels: 2 }), 44100),
      'audio/wav',
    );
    const input = {
      productId: fixture.products[0].id,
      songId: fixture.song.id,
      instrumentId: fixture.instruments[0].id,
      key,
      name: 'take.wav',
    };
    const saved = await saveAudio(deps(), input);
    expect(saved.status).toBe('uploaded');
    await queue.enqueue(saved.id);
    await saveAudio(deps(), input); // the same file again: enqueued again, still one job

    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    storage.beforeGet = () => gate;
    const runs: string[] = [];
    await queue.start(async (id, ctx) => {
      runs.push(id);
      await processAudio({ db: database.db, storage }, id, ctx);
    });
    const processing = await until(async () => {
      const r = await audioRow(database.db, saved.id);
      return r.status === 'processing' ? r : undefined;
    });
    expect(processing.updatedAt.getTime()).toBeGreaterThanOrEqual(saved.updatedAt.getTime());
    storage.beforeGet = null;
    release();
    const ready = await until(async () => {
      const r = await audioRow(database.db, saved.id);
      return r.status === 'ready' ? r : undefined;
    });
    expect(ready.updatedAt.getTime()).toBeGreaterThanOrEqual(processing.updatedAt.getTime());
    // Give a duplicate job time to show up: there is none.
    await new Promise((r) => setTimeout(r, 1500));
    expect(runs).toEqual([saved.id]);
  });

  it('replacing the file while a job runs: the old job writes nothing, the new file is processed', async () => {
    const fixture = await audioFixture(database.db);
    const at = (n: number) => `audio/origin/${fixture.products[0].id}/${fixture.instruments[0].id}_${n}.wav`;
    await storage.put(
      at(1),
      wav(sine({ freq: 100, dbfs: -6, seconds: 1, sampleRate: 48000, channels: 1 }), 48000),
      'audio/wav',
    );
    await storage.put(
      at(2),
      wav(sine({ freq: 100, dbfs: -18, seconds: 2, sampleRate: 48000, channels: 1 }), 48000),
      'audio/wav',
    );
    const input = {
      productId: fixture.products[0].id,
      songId: fixture.song.id,
      instrumentId: fixture.instruments[0].id,
    };
    const quiet = { ...deps(), queue: { ...queue, enqueue: async () => {} } };
    const first = await saveAudio(quiet, { ...input, key: at(1), name: 'one.wav' });

    let release = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const localStorage = new DiskStorage(storage.root);
    localStorage.beforeGet = () => gate;
    const running = processAudio({ db: database.db, storage: localStorage }, first.id);
    await until(async () => ((await audioRow(database.db, first.id)).status === 'processing' ? true : undefined));

    const second = await saveAudio(quiet, { ...input, key: at(2), name: 'two.wav' });
    expect(second).toMatchObject({ id: first.id, status: 'uploaded', key: at(2), name: 'two.wav', processedUrl: null });
    release();
    expect(await running).toBe('stale');
    expect(await audioRow(database.db, first.id)).toMatchObject({ status: 'uploaded', key: at(2), lufs: null });
    expect(await filesUnder(`audio/processed/${fixture.products[0].id}`)).toEqual([]);
    expect(await filesUnder(`audio/peaks/${fixture.products[0].id}`)).toEqual([]);

    expect(await processAudio(deps(), first.id)).toBe('ready');
    expect(await audioRow(database.db, first.id)).toMatchObject({ status: 'ready', durationMs: 2000, key: at(2) });
  });

  it('saving the same file keeps its results; a failed one saved again is processed again', async () => {
    const { row, key, fixture } = await upload(
      wav(sine({ freq: 700, dbfs: -9, seconds: 1, sampleRate: 48000, channels: 2 }), 48000),
      'wav',
    );
    expect(await processAudio(deps(), row.id)).toBe('ready');
    const ready = await audioRow(database.db, row.id);
    const input = {
      productId: fixture.products[0].id,
      songId: fixture.song.id,
      instrumentId: fixture.instruments[0].id,
      name: 'renamed.wav',
    };
    const enqueued: string[] = [];
    const recording = { ...deps(), queue: { ...queue, enqueue: async (id: string) => void enqueued.push(id) } };
    const again = await saveAudio(recording, { ...input, url: storage.publicUrl(key) });
    expect(again).toMatchObject({
      status: 'ready',
      name: 'renamed.wav',
      processedUrl: ready.processedUrl,
      lufs: ready.lufs,
    });
    expect(enqueued).toEqual([]);

    await database.db.update(audios).set({ status: 'failed', error: 'boom' }).where(eq(audios.id, row.id));
    const retried = await saveAudio(recording, { ...input, key });
    expect(retried).toMatchObject({ status: 'uploaded', error: null, processedUrl: null });
    expect(enqueued).toEqual([row.id]);
    await expect(saveAudio(recording, { ...input, url: 'https://elsewhere.example/x.wav' })).rejects.toThrow(
      'url must be a stored file',
    );
  });

  it('retries a transient error, then fails with the reason; a job that never finishes is given up', async () => {
    const { row } = await upload(
      wav(sine({ freq: 50, dbfs: -6, seconds: 1, sampleRate: 48000, channels: 1 }), 48000),
      'wav',
    );
    const flaky = new DiskStorage(storage.root);
    flaky.beforeGet = async () => {
      throw new Error('network down');
    };
    await expect(
      processAudio({ db: database.db, storage: flaky }, row.id, { attempt: 0, final: false }),
    ).rejects.toThrow('network down');
    expect((await audioRow(database.db, row.id)).status).toBe('processing');
    expect(await processAudio({ db: database.db, storage: flaky }, row.id, { attempt: 3, final: true })).toBe('failed');
    expect(await audioRow(database.db, row.id)).toMatchObject({
      status: 'failed',
      error: 'Processing failed: network down',
    });

    const { row: stuck } = await upload(
      wav(sine({ freq: 50, dbfs: -6, seconds: 1, sampleRate: 48000, channels: 1 }), 48000),
      'wav',
    );
    await giveUpAudio(database.db, stuck.id, 'job failed by timeout in active state');
    expect(await audioRow(database.db, stuck.id)).toMatchObject({
      status: 'failed',
      error: 'Processing did not finish: job failed by timeout in active state',
    });
  });

  it("answers the contract's audio record: the processed MP3 once ready, the upload before", async () => {
    const { row } = await upload(
      wav(sine({ freq: 900, dbfs: -15, seconds: 1, sampleRate: 44100, channels: 2 }), 44100),
      'wav',
    );
    const before = audioRecord.parse(await toAudioRecord(storage, await audioRow(database.db, row.id)));
    // The upload is the private original: answered as a read link, never its bare address.
    const original = `${row.url}?signed-read`;
    expect(before).toMatchObject({
      status: 'uploaded',
      url: original,
      original_url: original,
      lufs: null,
      peaks_url: null,
    });
    await processAudio(deps(), row.id);
    const after = audioRecord.parse(await toAudioRecord(storage, await audioRow(database.db, row.id)));
    expect(after.status).toBe('ready');
    expect(after.url).toContain('processed');
    expect(after.original_url).toBe(original);
    expect(after).toMatchObject({ duration_ms: 1000, error: null });
    expect(after.lufs).toEqual(expect.any(Number));
    expect(after.peaks_url).toContain('audio/peaks/');
  });
});
