/**
 * The products API's audio save, end to end over HTTP: presigned upload → PUT /products/{id} type 'audio' →
 * the record is 'uploaded' and one `audio.process` job waits → the job → the product answers the processed MP3.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG } from '@atk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { instruments, products, songs } from '../../src/db/schema.ts';
import { processAudio } from '../../src/modules/audio/jobs.ts';
import { createStorage } from '../../src/platform/storage/index.ts';
import { expectError, expectOk } from '../support/assertions.ts';
import { sine, wav } from '../support/audio.ts';
import { makeBrand, makeUser, startTestApp, type TestApp } from '../support/harness.ts';

let app: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atk-audio-api-'));
  app = await startTestApp({ dataDir });
});

afterAll(async () => {
  await app?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

interface AudioAnswer {
  _id: string;
  status: string;
  url: string;
  original_url: string;
  lufs: number | null;
  duration_ms: number | null;
}

describe("PUT /products/{id} type 'audio'", () => {
  it('saves the record, enqueues one job, and once processed the product answers the processed MP3', async () => {
    const brand = await makeBrand(app.db);
    const customer = await makeUser(app, 'customer', { brandId: brand.id });
    const [product] = await app.db.insert(products).values({ brandId: brand.id, name: 'Mic' }).returning();
    const [song] = await app.db.insert(songs).values({ brandId: brand.id, name: 'Song', songType: 2 }).returning();
    const [source] = await app.db.insert(instruments).values({ songId: song.id, name: 'Vocal' }).returning();
    const token = customer.token;

    const query = new URLSearchParams({
      mine_type: 'wav',
      product_id: product.id,
      song_id: song.id,
      instrument_id: source.id,
    });
    const link = await app.call<{ presigned_url: string; key: string; headers: Record<string, string> }>(
      'GET',
      `/aws/presigned_url?${query}`,
      { token },
    );
    expectOk(link);
    const file = wav(sine({ freq: 440, dbfs: -18, seconds: 1.5, sampleRate: 48000, channels: 2 }), 48000);
    const put = await fetch(link.body.data.presigned_url.replace('http://portal.test', app.url), {
      method: 'PUT',
      headers: link.body.data.headers,
      body: file,
    });
    expect(put.status).toBeLessThan(300);
    await put.arrayBuffer();

    const content = { song_id: song.id, instrument_id: source.id, url: link.body.data.key, name: 'vocal.wav' };
    const saved = await app.call<{ audio: AudioAnswer[] }>('PUT', `/products/${product.id}`, {
      token,
      body: { type: 'audio', content },
    });
    expectOk(saved, MSG.uploadSuccess);
    const [audio] = saved.body.data.audio;
    expect(audio).toMatchObject({ status: 'uploaded', lufs: null });
    const jobs = await app.db.execute(
      sql`select data->>'id' as id, state::text as state from pgboss.job where name = 'audio.process'`,
    );
    expect((jobs as unknown as { rows: unknown[] }).rows).toEqual([{ id: audio._id, state: 'created' }]);

    // What a worker does with the job (the test app runs none).
    const storage = await createStorage({ ...loadConfig({}), dataDir, publicUrl: 'http://portal.test' });
    expect(await processAudio({ db: app.db, storage }, audio._id)).toBe('ready');
    const read = await app.call<{ audio: AudioAnswer[] }>('GET', `/products/${product.id}`, { token });
    expect(read.body.data.audio[0]).toMatchObject({ _id: audio._id, status: 'ready', duration_ms: 1500 });
    expect(read.body.data.audio[0].url).toContain('processed');
    // The original is private: each read answers a fresh signed link to the same file.
    const address = (url: string) => url.split('?')[0];
    expect(address(read.body.data.audio[0].original_url)).toBe(address(audio.original_url));
    const mp3 = await storage.head(storage.keyOf(read.body.data.audio[0].url) as string);
    expect(mp3?.size).toBeGreaterThan(40_000);
  });

  it('refuses a stored file that cannot be audio (an S3 PUT is not looked at), removes it and enqueues nothing', async () => {
    const brand = await makeBrand(app.db);
    const customer = await makeUser(app, 'customer', { brandId: brand.id });
    const [product] = await app.db.insert(products).values({ brandId: brand.id, name: 'Mic' }).returning();
    const [song] = await app.db.insert(songs).values({ brandId: brand.id, name: 'Song', songType: 2 }).returning();
    const [source] = await app.db.insert(instruments).values({ songId: song.id, name: 'Vocal' }).returning();
    // Written straight into the store, as a presigned PUT to S3 would write it.
    const storage = await createStorage({ ...loadConfig({}), dataDir, publicUrl: 'http://portal.test' });
    const key = `audio/origin/${product.id}/${source.id}_${Date.now()}.wav`;
    await storage.put(key, Buffer.from('These are liner notes, not a recording.\n'.repeat(20)), 'audio/wav');
    const jobCount = async () =>
      ((await app.db.execute(sql`select count(*)::int as n from pgboss.job`)) as unknown as { rows: { n: number }[] })
        .rows[0].n;
    const jobsBefore = await jobCount();

    const saved = await app.call('PUT', `/products/${product.id}`, {
      token: customer.token,
      body: { type: 'audio', content: { song_id: song.id, instrument_id: source.id, url: key, name: 'notes.wav' } },
    });
    expectError(saved, 400, MSG.notAudio);
    expect(await storage.head(key)).toBeNull();
    const read = await app.call<{ audio: AudioAnswer[]; songs: string[] }>('GET', `/products/${product.id}`, {
      token: customer.token,
    });
    expect(read.body.data.audio).toEqual([]);
    expect(read.body.data.songs).toEqual([]);
    expect(await jobCount()).toBe(jobsBefore);
  });

  it('refuses a record whose file never reached the storage', async () => {
    const brand = await makeBrand(app.db);
    const customer = await makeUser(app, 'customer', { brandId: brand.id });
    const [product] = await app.db.insert(products).values({ brandId: brand.id, name: 'Mic' }).returning();
    const [song] = await app.db.insert(songs).values({ brandId: brand.id, name: 'Song', songType: 2 }).returning();
    const [source] = await app.db.insert(instruments).values({ songId: song.id, name: 'Vocal' }).returning();
    const content = {
      song_id: song.id,
      instrument_id: source.id,
      url: `audio/origin/${product.id}/${source.id}_1.wav`,
      name: 'never-sent.wav',
    };
    const saved = await app.call('PUT', `/products/${product.id}`, {
      token: customer.token,
      body: { type: 'audio', content },
    });
    expectError(saved, 400, MSG.uploadMissing);
    const read = await app.call<{ audio: AudioAnswer[] }>('GET', `/products/${product.id}`, { token: customer.token });
    expect(read.body.data.audio).toEqual([]);
  });
});
