/**
 * Audio refused at attach time (docs/api.md "Audio refused at attach time"): the audio save probes the stored
 * file and answers the job's refusal at once (400, the same msg), with no job enqueued; a good file still attaches
 * and is processed.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG } from '@atk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AUDIO_MAX_MINUTES, loadConfig } from '../../src/config.ts';
import { instruments, products, songs } from '../../src/db/schema.ts';
import { processAudio } from '../../src/modules/audio/jobs.ts';
import { assertPlayableAudio } from '../../src/modules/audio/service.ts';
import { mediaTools, runTool } from '../../src/platform/media/index.ts';
import { createStorage } from '../../src/platform/storage/index.ts';
import { expectError, expectOk } from '../support/assertions.ts';
import { DiskStorage, sine, wav } from '../support/audio.ts';
import { makeBrand, makeUser, startTestApp, type TestApp } from '../support/harness.ts';

let app: TestApp;
let dataDir: string;
let threeHours: Buffer;
const tooLong = MSG.audioTooLong.replace('{minutes}', String(DEFAULT_AUDIO_MAX_MINUTES));

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atk-audio-attach-'));
  // The file: 3 hours of silence as FLAC, about 2 MB (8 kHz mono keeps its encoding quick).
  const file = path.join(dataDir, 'three-hours.flac');
  await runTool(mediaTools().ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=8000:cl=mono', '-t', '10800', '-c:a', 'flac', file],
  ]);
  threeHours = await readFile(file);
  app = await startTestApp({ dataDir });
});

afterAll(async () => {
  await app?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Jobs ever enqueued (the queue makes its tables at the first enqueue: none yet is 0). */
async function jobCount(): Promise<number> {
  try {
    const res = await app.db.execute(sql`select count(*)::int as n from pgboss.job`);
    return (res as unknown as { rows: { n: number }[] }).rows[0].n;
  } catch {
    return 0;
  }
}

/** A customer's product with one source, and the upload of `file` through the presigned link. */
async function uploaded(file: Buffer, ext: string) {
  const brand = await makeBrand(app.db);
  const customer = await makeUser(app, 'customer', { brandId: brand.id });
  const [product] = await app.db.insert(products).values({ brandId: brand.id, name: 'Mic' }).returning();
  const [song] = await app.db.insert(songs).values({ brandId: brand.id, name: 'Song', songType: 2 }).returning();
  const [source] = await app.db.insert(instruments).values({ songId: song.id, name: 'Vocal' }).returning();
  const query = new URLSearchParams({
    mine_type: ext,
    product_id: product.id,
    song_id: song.id,
    instrument_id: source.id,
  });
  const link = await app.call<{ presigned_url: string; key: string; headers: Record<string, string> }>(
    'GET',
    `/aws/presigned_url?${query}`,
    { token: customer.token },
  );
  expectOk(link);
  const put = await fetch(link.body.data.presigned_url.replace('http://portal.test', app.url), {
    method: 'PUT',
    headers: link.body.data.headers,
    body: file,
  });
  expect(put.status).toBeLessThan(300);
  await put.arrayBuffer();
  const save = () =>
    app.call<{ audio: { _id: string; status: string }[] }>('PUT', `/products/${product.id}`, {
      token: customer.token,
      body: {
        type: 'audio',
        content: { song_id: song.id, instrument_id: source.id, url: link.body.data.key, name: `take.${ext}` },
      },
    });
  const read = () => app.call<{ audio: unknown[] }>('GET', `/products/${product.id}`, { token: customer.token });
  return { key: link.body.data.key, save, read };
}

describe("PUT /products/{id} type 'audio': refusals at attach time", () => {
  it('a 3-hour FLAC is refused at once with the msg of AUDIO_MAX_MINUTES; no job, no record, the file removed', async () => {
    const { key, save, read } = await uploaded(threeHours, 'flac');
    const jobsBefore = await jobCount();
    const started = performance.now();
    const saved = await save();
    const took = performance.now() - started;
    expectError(saved, 400, tooLong);
    expect(took).toBeLessThan(5_000);
    expect(await jobCount()).toBe(jobsBefore);
    expect((await read()).body.data.audio).toEqual([]);
    const storage = await createStorage({ ...loadConfig({}), dataDir, publicUrl: 'http://portal.test' });
    expect(await storage.head(key)).toBeNull();
  });

  it('a file that starts like audio but is not (a WAV header on text) is refused at once with the msg', async () => {
    const header = Buffer.alloc(12);
    header.write('RIFF', 0, 'latin1');
    header.writeUInt32LE(4000, 4);
    header.write('WAVE', 8, 'latin1');
    const fake = Buffer.concat([header, Buffer.from('These are liner notes, not a recording.\n'.repeat(100))]);
    const { save, read } = await uploaded(fake, 'wav');
    const jobsBefore = await jobCount();
    expectError(await save(), 400, MSG.notAudio);
    expect(await jobCount()).toBe(jobsBefore);
    expect((await read()).body.data.audio).toEqual([]);
  });

  it('a normal file still attaches, is enqueued, and is processed', async () => {
    const file = wav(sine({ freq: 440, dbfs: -18, seconds: 1.5, sampleRate: 48000, channels: 2 }), 48000);
    const { save } = await uploaded(file, 'wav');
    const jobsBefore = await jobCount();
    const saved = await save();
    expectOk(saved, MSG.uploadSuccess);
    const [audio] = saved.body.data.audio;
    expect(audio.status).toBe('uploaded');
    expect(await jobCount()).toBe(jobsBefore + 1);
    const storage = await createStorage({ ...loadConfig({}), dataDir, publicUrl: 'http://portal.test' });
    expect(await processAudio({ db: app.db, storage }, audio._id)).toBe('ready');
  });
});

describe('the attach-time probe on a store read as a stream (S3)', () => {
  it('refuses the 3-hour FLAC from its first bytes and a long WAV by its size, and lets a normal file through', async () => {
    const storage = new DiskStorage(await mkdtemp(path.join(dataDir, 'stream-')));
    await storage.put('audio/origin/p/long.flac', threeHours, 'audio/flac');
    await expect(assertPlayableAudio(storage, 'audio/origin/p/long.flac', 900)).rejects.toMatchObject({
      code: 400,
      message: tooLong,
    });
    expect(await storage.head('audio/origin/p/long.flac')).toBeNull();
    // A WAV from a stream states no length: its size bounds it (17 minutes of 1 kHz 8-bit mono, about 1 MB).
    const longWav = path.join(dataDir, 'seventeen-minutes.wav');
    await runTool(mediaTools().ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'anullsrc=r=1000:cl=mono', '-t', '1020', '-c:a', 'pcm_u8', longWav],
    ]);
    await storage.put('audio/origin/p/long.wav', await readFile(longWav), 'audio/wav');
    await expect(assertPlayableAudio(storage, 'audio/origin/p/long.wav', 900)).rejects.toMatchObject({
      code: 400,
      message: tooLong,
    });
    const file = wav(sine({ freq: 440, dbfs: -18, seconds: 1, sampleRate: 48000, channels: 1 }), 48000);
    await storage.put('audio/origin/p/ok.wav', file, 'audio/wav');
    await expect(assertPlayableAudio(storage, 'audio/origin/p/ok.wav', 900)).resolves.toBeUndefined();
  });
});
