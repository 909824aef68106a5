/**
 * GET /songs/{id}/recordings: which of a brand's products hold a ready recording of each source of a song
 * (docs/api.md "Who recorded a song"). Songs, sources and products are made through the API; the audio records are
 * stored as the audio worker leaves them (its processing is tested in audio-api.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { type Instrument, MSG, type Product, type Song, type SongRecordings } from '@atk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audios, products } from '../../src/db/schema.ts';
import { expectError, expectOk } from '../support/assertions.ts';
import type { TestApp } from '../support/harness.ts';
import { platformSong, publishedProduct, startWithTenants, type Tenants } from '../support/tenants.ts';

let app: TestApp;
let t: Tenants;
beforeAll(async () => {
  ({ app, t } = await startWithTenants());
});
afterAll(() => app.close());

async function crossSong(token: string, name: string): Promise<Song> {
  const res = await app.call<Song>('POST', '/songs', { token, body: { name, song_type: 2 } });
  expectOk(res, MSG.createSongSuccess);
  return res.body.data;
}

async function source(token: string, songId: string, name: string): Promise<Instrument> {
  const res = await app.call<Instrument>('POST', '/instruments', { token, body: { song_id: songId, name } });
  expectOk(res, MSG.createInstrumentSuccess);
  return res.body.data;
}

/** A product's take of a source, in the state the audio worker left it. */
async function take(product: Product, songId: string, instrumentId: string, status = 'ready') {
  await app.db.insert(audios).values({
    productId: product._id,
    songId,
    instrumentId,
    name: 'take.wav',
    key: `audio/origin/${product._id}/take.wav`,
    url: `http://files.test/files/audio/origin/${product._id}/take.wav`,
    status,
  });
}

const recordings = (token: string, songId: string, query = '') =>
  app.call<SongRecordings>('GET', `/songs/${songId}/recordings${query}`, { token });
const adminRecordings = (songId: string, query = '') =>
  app.call<SongRecordings>('GET', `/admin/songs/${songId}/recordings${query}`, { token: t.users.global_admin.token });

describe('GET /songs/{id}/recordings', () => {
  let song: Song;
  let vocal: Instrument;
  let guitar: Instrument;
  let alpha: Product;
  let beta: Product;

  beforeAll(async () => {
    song = await crossSong(t.a.token, 'Shared Take');
    vocal = await source(t.a.token, song._id, 'Vocal');
    guitar = await source(t.a.token, song._id, 'Guitar');
    // named so that their order by name differs from the order they were made in
    beta = await publishedProduct(app, t, t.a.token, 'Beta Mic');
    alpha = await publishedProduct(app, t, t.a.token, 'Alpha Mic');
  });

  it('needs a brand user: 401 without a token, 403 for atk, and the admin path for admins only', async () => {
    expectError(await app.call('GET', `/songs/${song._id}/recordings`), 401, MSG.unauthorized);
    expectError(
      await app.call('GET', `/songs/${song._id}/recordings`, { token: t.users.atk.token }),
      403,
      MSG.forbidden,
    );
    expectError(await app.call('GET', `/admin/songs/${song._id}/recordings`, { token: t.a.token }), 403, MSG.forbidden);
  });

  it('lists each source, by position, with the products holding a ready recording of it, by name', async () => {
    const empty = await recordings(t.a.token, song._id);
    expectOk(empty);
    expect(empty.body.data).toEqual({
      sources: [
        { instrument_id: vocal._id, products: [] },
        { instrument_id: guitar._id, products: [] },
      ],
    });

    await take(beta, song._id, vocal._id);
    await take(alpha, song._id, vocal._id);
    // a take still processing, or one that failed, is not comparable yet
    await take(alpha, song._id, guitar._id, 'processing');
    await take(beta, song._id, guitar._id, 'failed');
    const res = await recordings(t.a.token, song._id);
    expectOk(res);
    expect(res.body.data).toEqual({
      sources: [
        {
          instrument_id: vocal._id,
          products: [
            { _id: alpha._id, name: 'Alpha Mic' },
            { _id: beta._id, name: 'Beta Mic' },
          ],
        },
        { instrument_id: guitar._id, products: [] },
      ],
    });
    // an admin reads the same for the song's brand, named or not
    expect((await adminRecordings(song._id)).body.data).toEqual(res.body.data);
    expect((await adminRecordings(song._id, `?brand_id=${t.brandA.id}`)).body.data).toEqual(res.body.data);
  });

  it('leaves out deleted products and deleted sources', async () => {
    const gone = await publishedProduct(app, t, t.a.token, 'Gone Mic');
    const bass = await source(t.a.token, song._id, 'Bass');
    await take(gone, song._id, vocal._id);
    await take(gone, song._id, bass._id);
    const names = async () =>
      (await recordings(t.a.token, song._id)).body.data.sources.map((s) => s.products.map((p) => p.name));
    expect(await names()).toEqual([['Alpha Mic', 'Beta Mic', 'Gone Mic'], [], ['Gone Mic']]);
    // no endpoint deletes a product: it is marked deleted as the data of an older portal may be
    await app.db.update(products).set({ isDeleted: true }).where(eq(products.id, gone._id));
    expect(await names()).toEqual([['Alpha Mic', 'Beta Mic'], [], []]);
    // the only product that recorded it is deleted, so the source may go
    expectOk(await app.call('DELETE', `/instruments/${bass._id}`, { token: t.a.token }), MSG.deleteSuccess);
    expect(await names()).toEqual([['Alpha Mic', 'Beta Mic'], []]);
  });

  it("another brand's song is a 404; on a platform song each brand sees only its own products", async () => {
    expectError(await recordings(t.b.token, song._id), 404, MSG.songNotFound);
    expectError(await recordings(t.a.token, randomUUID()), 404, MSG.songNotFound);

    const atk = await platformSong(app, 'Platform Take');
    const drums = await app.call<Instrument>('POST', '/admin/instruments', {
      token: t.users.global_admin.token,
      body: { song_id: atk.id, name: 'Drums' },
    });
    const theirs = await publishedProduct(app, t, t.b.token, 'Their Mic');
    await take(alpha, atk.id, drums.body.data._id);
    await take(theirs, atk.id, drums.body.data._id);
    const names = async (reply: Promise<{ body: { data: SongRecordings } }>) =>
      (await reply).body.data.sources.map((s) => s.products.map((p) => p.name));
    expect(await names(recordings(t.a.token, atk.id))).toEqual([['Alpha Mic']]);
    expect(await names(recordings(t.b.token, atk.id))).toEqual([['Their Mic']]);
    // a customer cannot widen it to another brand
    expect(await names(recordings(t.a.token, atk.id, `?brand_id=${t.brandB.id}`))).toEqual([['Alpha Mic']]);
    // an admin names the brand, or sees every brand's on a platform song
    expect(await names(adminRecordings(atk.id, `?brand_id=${t.brandB.id}`))).toEqual([['Their Mic']]);
    expect(await names(adminRecordings(atk.id))).toEqual([['Alpha Mic', 'Their Mic']]);
  });

  it('names the bad input', async () => {
    expectError(await recordings(t.a.token, 'not-an-id'), 400, 'id must be a valid id');
    expectError(await adminRecordings(song._id, '?brand_id=nope'), 400, 'brand_id must be a valid id');
  });
});
