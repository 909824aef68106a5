/**
 * Private originals on local storage (docs/api.md "Private originals"): the uploaded master
 * (`audio/origin/…`) is served only through the short-lived signed link an authorised read hands out; the processed
 * MP3 and peaks the player plays stay public.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG } from '@atk/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { processAudio } from '../../src/modules/audio/jobs.ts';
import { createStorage, type Storage } from '../../src/platform/storage/index.ts';
import { READ_URL_SECONDS } from '../../src/platform/storage/keys.ts';
import { expectError, expectOk } from '../support/assertions.ts';
import { sine, wav } from '../support/audio.ts';
import { makeBrand, makeUser, startTestApp, type TestApp } from '../support/harness.ts';
import { makeContent } from '../support/uploads.ts';

interface AudioAnswer {
  _id: string;
  status: string;
  url: string;
  original_url: string;
  peaks_url: string | null;
}

let app: TestApp;
let dataDir: string;
/** The same files and secret as the app's (what a worker process opens). */
let storage: Storage;
let tokens: { a: string; b: string; admin: string; atk: string };
let content: Awaited<ReturnType<typeof makeContent>>;
let key: string;
const master = wav(sine({ freq: 440, dbfs: -18, seconds: 1, sampleRate: 48000, channels: 2 }), 48000);

/** The app answers its public URL (`http://portal.test`); the test reaches the same paths on its port. */
const local = (url: string) => url.replace('http://portal.test', app.url);
const get = async (url: string, init?: RequestInit) => {
  const res = await fetch(local(url), init);
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
};

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'atk-originals-'));
  app = await startTestApp({ dataDir });
  storage = await createStorage({ ...loadConfig({}), dataDir, publicUrl: 'http://portal.test' });
  const [brandA, brandB] = [await makeBrand(app.db), await makeBrand(app.db)];
  content = await makeContent(app, brandA.id);
  tokens = {
    a: (await makeUser(app, 'customer', { brandId: brandA.id })).token,
    b: (await makeUser(app, 'customer', { brandId: brandB.id })).token,
    admin: (await makeUser(app, 'super_admin')).token,
    atk: (await makeUser(app, 'atk')).token,
  };
  // Brand A uploads a master as the console does: a link, the PUT, the save.
  const q = new URLSearchParams({
    mine_type: 'wav',
    product_id: content.product.id,
    song_id: content.song.id,
    instrument_id: content.instrument.id,
  });
  const link = await app.call<{ presigned_url: string; key: string; headers: Record<string, string> }>(
    'GET',
    `/aws/presigned_url?${q}`,
    { token: tokens.a },
  );
  expectOk(link);
  key = link.body.data.key;
  const put = await get(link.body.data.presigned_url, { method: 'PUT', headers: link.body.data.headers, body: master });
  expect(put.status).toBe(200);
  const saved = await app.call('PUT', `/products/${content.product.id}`, {
    token: tokens.a,
    body: {
      type: 'audio',
      content: { song_id: content.song.id, instrument_id: content.instrument.id, url: key, name: 'master.wav' },
    },
  });
  expectOk(saved, MSG.uploadSuccess);
});

afterAll(async () => {
  await app?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

afterEach(() => {
  vi.useRealTimers();
});

const productAudio = async (token: string, prefix = '') => {
  const res = await app.call<{ audio: AudioAnswer[] }>('GET', `${prefix}/products/${content.product.id}`, { token });
  expectOk(res);
  return res.body.data.audio[0];
};

describe('the original on local storage', () => {
  it('is not served to anyone without a signed link (GET, HEAD, a range, the upload link, a forged signature)', async () => {
    const address = `http://portal.test/files/${key}`;
    for (const method of ['GET', 'HEAD']) expect((await get(address, { method })).status).toBe(404);
    expect((await get(address, { headers: { range: 'bytes=0-99' } })).status).toBe(404);
    // The presign answer's `url` is the address: it no longer reads the file.
    const q = new URLSearchParams({
      mine_type: 'wav',
      product_id: content.product.id,
      song_id: content.song.id,
      instrument_id: content.instrument.id,
    });
    const link = await app.call<{ presigned_url: string; url: string }>('GET', `/aws/presigned_url?${q}`, {
      token: tokens.a,
    });
    expect((await get(link.body.data.url)).status).toBe(404);
    // An upload link's signature is not a read signature.
    const upload = await storage.presignPut(key, 'audio/wav');
    expect((await get(upload.url)).status).toBe(404);
    // A read link for another key, or with its expiry moved, does not match.
    const signed = new URL(await storage.readUrl(key));
    const other = `audio/origin/${content.product.id}/${content.instrument.id}_1.wav`;
    expect((await get(`http://portal.test/files/${other}${signed.search}`)).status).toBe(404);
    signed.searchParams.set('expires', String(Number(signed.searchParams.get('expires')) + 3600));
    expect((await get(signed.toString())).status).toBe(404);
    signed.searchParams.delete('sig');
    expect((await get(signed.toString())).status).toBe(404);
  });

  it("is read by the brand's own customer and by admins through the signed link of the product read", async () => {
    for (const [token, prefix] of [
      [tokens.a, ''],
      [tokens.admin, '/admin'],
    ]) {
      const audio = await productAudio(token, prefix);
      const link = new URL(audio.original_url);
      expect(link.pathname).toBe(`/files/${key}`);
      expect(Number(link.searchParams.get('expires'))).toBeLessThanOrEqual(Date.now() / 1000 + READ_URL_SECONDS);
      // Before processing the record's url is the original too, signed alike.
      expect(audio.url).toBe(audio.original_url);
      const got = await get(audio.original_url);
      expect(got.status).toBe(200);
      expect(got.body.equals(master)).toBe(true);
      expect(got.headers.get('cache-control')).toBe('private, no-store');
      const part = await get(audio.original_url, { headers: { range: 'bytes=0-11' } });
      expect(part.status).toBe(206);
      expect(part.body.toString('latin1', 0, 4)).toBe('RIFF');
    }
    // The sources list of the product answers the same signed link.
    const q = new URLSearchParams({ song_id: content.song.id, product_id: content.product.id });
    const sources = await app.call<{ list: { audio: AudioAnswer | null }[] }>('GET', `/instruments?${q}`, {
      token: tokens.a,
    });
    expectOk(sources);
    const listed = sources.body.data.list[0].audio?.original_url ?? '';
    expect((await get(listed)).status).toBe(200);
  });

  it('has a link that expires', async () => {
    const { original_url } = await productAudio(tokens.a);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + (READ_URL_SECONDS - 30) * 1000 });
    expect((await get(original_url)).status).toBe(200);
    vi.setSystemTime(Date.now() + 60_000);
    expect((await get(original_url)).status).toBe(404);
    vi.useRealTimers();
    expect((await get(await storage.readUrl(key, -1))).status).toBe(404);
  });

  it("is not handed to another brand's customer (404), to atk (403) or without a token (401)", async () => {
    expectError(
      await app.call('GET', `/products/${content.product.id}`, { token: tokens.b }),
      404,
      MSG.productNotFound,
    );
    const q = new URLSearchParams({ song_id: content.song.id, product_id: content.product.id });
    const sources = await app.call('GET', `/instruments?${q}`, { token: tokens.b });
    expect(sources.status).toBe(404);
    expectError(await app.call('GET', `/products/${content.product.id}`, { token: tokens.atk }), 403, MSG.forbidden);
    expectError(await app.call('GET', `/products/${content.product.id}`), 401, MSG.unauthorized);
  });

  it('the processed MP3 and its peaks stay public; the job reads the original through the storage', async () => {
    const { _id } = await productAudio(tokens.a);
    expect(await processAudio({ db: app.db, storage }, _id)).toBe('ready');
    const audio = await productAudio(tokens.a);
    expect(audio.status).toBe('ready');
    expect(audio.url).toContain('/files/audio/processed/');
    expect(new URL(audio.url).search).toBe('');
    const mp3 = await get(audio.url);
    expect(mp3.status).toBe(200);
    expect(mp3.headers.get('content-type')).toBe('audio/mpeg');
    expect(mp3.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const peaks = await get(audio.peaks_url ?? '');
    expect(peaks.status).toBe(200);
    expect(peaks.headers.get('content-type')).toBe('application/json');
    // The original stays private once processed.
    expect((await get(`http://portal.test/files/${key}`)).status).toBe(404);
    expect((await get(audio.original_url)).status).toBe(200);
  });
});
