import { randomUUID } from 'node:crypto';
import { MSG, type Song, songEndpoints } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, expectOk } from '../support/assertions.ts';
import type { TestApp } from '../support/harness.ts';
import { platformSong, startWithTenants, type Tenants } from '../support/tenants.ts';

let app: TestApp;
let t: Tenants;
beforeAll(async () => {
  ({ app, t } = await startWithTenants());
});
afterAll(() => app.close());

type List<T> = { list: T[]; total_num: number };
type Instrument = {
  _id: string;
  name: string;
  performer: string | null;
  performer_name: string | null;
  song_id: string;
  order: number;
  room_studio: string | null;
};

const newSong = (token: string, body: Record<string, unknown> = {}) =>
  app.call<Song>('POST', '/songs', {
    token,
    body: { name: 'Night Drive', song_writer: 'The Demos', song_type: 2, ...body },
  });

describe('songs', () => {
  it('need a brand user: 401 without a token, 403 for atk', async () => {
    expectError(await app.call('GET', '/songs'), 401, MSG.unauthorized);
    expectError(await app.call('POST', '/songs', { body: { name: 'x' } }), 401, MSG.unauthorized);
    expectError(await app.call('GET', '/songs', { token: t.users.atk.token }), 403, MSG.forbidden);
    expectError(await app.call('GET', '/admin/songs', { token: t.a.token }), 403, MSG.forbidden);
  });

  it("a customer's song belongs to its master brand and reads back", async () => {
    const res = await newSong(t.a.token, { brand_id: t.brandB.id });
    expectOk(res, MSG.createSongSuccess);
    // The brand_id a customer sends is ignored: its songs are its own brand's.
    expect(res.body.data).toMatchObject({
      name: 'Night Drive',
      song_writer: 'The Demos',
      song_type: 2,
      is_atk: 0,
      brand_id: t.brandA.id,
      // Active when no status is sent (the Audio tab has no status control; docs/api.md "Catalogue").
      is_published: 1,
    });
    const read = await app.call<Song>('GET', `/songs/${res.body.data._id}`, { token: t.a.token });
    expect(read.body.data.name).toBe('Night Drive');
    const updated = await app.call<Song>('PUT', `/songs/${res.body.data._id}`, {
      token: t.a.token,
      body: { name: 'Night Drive (Edit)', song_writer: 'Demo Band' },
    });
    expectOk(updated, MSG.updateSongSuccess);
    const cross = await app.call<List<Song>>('GET', '/songs?song_type=2', { token: t.a.token });
    expect(cross.body.data.list.map((s) => s.name)).toContain('Night Drive (Edit)');
    const byIds = await app.call<List<Song>>('GET', `/songs?ids=${res.body.data._id}`, { token: t.a.token });
    expect(byIds.body.data.list.map((s) => s._id)).toEqual([res.body.data._id]);
  });

  it("another brand's song is a 404 for every call", async () => {
    const { song, songs, updateSong, removeSong, instruments, createInstrument } = songEndpoints;
    const theirs = (await newSong(t.b.token, { name: 'B side' })).body.data;
    const token = t.a.token;
    const params = { id: theirs._id };
    expectError(await app.send(song.own, { token, params }), 404, MSG.songNotFound);
    expectError(await app.send(updateSong.own, { token, params, body: { name: 'stolen' } }), 404, MSG.songNotFound);
    expectError(await app.send(removeSong.own, { token, params }), 404, MSG.songNotFound);
    expectError(await app.send(instruments.own, { token, query: { song_id: theirs._id } }), 404, MSG.songNotFound);
    expectError(
      await app.send(createInstrument.own, { token, body: { song_id: theirs._id, name: 'Vocal' } }),
      404,
      MSG.songNotFound,
    );
    const list = await app.send(songs.own, { token, query: { ids: theirs._id } });
    expect(list.body.data.total_num).toBe(0);
  });

  it('platform (is_atk) songs are readable but refuse edits and new sources', async () => {
    const atk = await platformSong(app);
    const listed = await app.call<List<Song>>('GET', `/songs?ids=${atk.id}&is_atk=true`, { token: t.a.token });
    expect(listed.body.data.list).toEqual([expect.objectContaining({ _id: atk.id, is_atk: 1 })]);
    expect((await app.call('GET', `/songs/${atk.id}`, { token: t.a.token })).status).toBe(200);
    expectError(
      await app.call('PUT', `/songs/${atk.id}`, { token: t.a.token, body: { name: 'mine now' } }),
      409,
      MSG.atkSongReadOnly,
    );
    expectError(await app.call('DELETE', `/songs/${atk.id}`, { token: t.a.token }), 409, MSG.atkSongReadOnly);
    expectError(
      await app.call('POST', '/instruments', { token: t.a.token, body: { song_id: atk.id, name: 'Vocal' } }),
      409,
      MSG.atkSongReadOnly,
    );
    // Admins manage the platform's songs.
    const admin = t.users.global_admin.token;
    expectOk(
      await app.call('POST', '/admin/instruments', {
        token: admin,
        body: { song_id: atk.id, name: 'Lead Vocal', is_published: 1 },
      }),
      MSG.createInstrumentSuccess,
    );
  });

  it('admins make songs for a brand (brand_id required) or for the platform', async () => {
    const admin = t.users.super_admin.token;
    expectError(
      await app.call('POST', '/admin/songs', { token: admin, body: { name: 'x' } }),
      400,
      'brand_id is required',
    );
    const forB = await app.call<Song>('POST', '/admin/songs', {
      token: admin,
      body: { name: 'For B', brand_id: t.brandB.id },
    });
    expect(forB.body.data.brand_id).toBe(t.brandB.id);
    const listB = await app.call<List<Song>>('GET', `/admin/songs?brand_id=${t.brandB.id}`, { token: admin });
    expect(listB.body.data.list.map((s) => s.name)).toContain('For B');
    const platform = await app.call<Song>('POST', '/admin/songs', {
      token: admin,
      body: { name: 'ATK Jam', is_atk: 1 },
    });
    expect(platform.body.data).toMatchObject({ is_atk: 1, brand_id: null });
  });

  it('names the field of bad input', async () => {
    expectError(await newSong(t.a.token, { name: '' }), 400, 'name is required');
    expectError(await newSong(t.a.token, { song_type: 3 }), 400, 'song_type must be 1 or 2');
    expectError(
      await app.call('GET', '/songs?ids=abc', { token: t.a.token }),
      400,
      'ids must be a comma-separated list of ids',
    );
    expectError(await app.call('GET', `/songs/${randomUUID()}`, { token: t.a.token }), 404, MSG.songNotFound);
  });
});

describe('instruments (sources)', () => {
  it('are created on a song with their recording fields, ordered, and read back', async () => {
    const song = (await newSong(t.a.token, { name: 'Sources Song' })).body.data;
    const body = {
      song_id: song._id,
      name: 'Lead Vocal',
      performer: 'Ada',
      room_studio: 'Studio A',
      mic_axis: 'on-axis',
      order: 2,
    };
    // The first source of a song is 1 whatever order it asks for: orders stay 1..n (ordering.ts).
    const created = await app.call<Instrument>('POST', '/instruments', { token: t.a.token, body });
    expectOk(created, MSG.createInstrumentSuccess);
    expect(created.body.data).toMatchObject({
      name: 'Lead Vocal',
      performer: 'Ada',
      performer_name: 'Ada',
      room_studio: 'Studio A',
      order: 1,
    });
    await app.call('POST', '/instruments', {
      token: t.a.token,
      body: { song_id: song._id, name: 'Acoustic Guitar', order: 1 },
    });
    const list = await app.call<List<Instrument>>(
      'GET',
      `/instruments?song_id=${song._id}&page_num=1&page_size=1000&is_deleted=false&sort=order`,
      { token: t.a.token },
    );
    expect(list.body.data.list.map((i) => i.name)).toEqual(['Acoustic Guitar', 'Lead Vocal']);
    const id = created.body.data._id;
    expectOk(
      await app.call('PUT', `/instruments/${id}`, { token: t.a.token, body: { performer_name: 'Grace' } }),
      MSG.updateInstrumentSuccess,
    );
    expect((await app.call<Instrument>('GET', `/instruments/${id}`, { token: t.a.token })).body.data.performer).toBe(
      'Grace',
    );
    // Brand B's customer cannot see it.
    expectError(await app.call('GET', `/instruments/${id}`, { token: t.b.token }), 404, MSG.instrumentNotFound);
    expectError(
      await app.call('PUT', `/instruments/${id}`, { token: t.b.token, body: { name: 'x' } }),
      404,
      MSG.instrumentNotFound,
    );
    expectError(await app.call('DELETE', `/instruments/${id}`, { token: t.b.token }), 404, MSG.instrumentNotFound);
    expectOk(await app.call('DELETE', `/instruments/${id}`, { token: t.a.token }), MSG.deleteSuccess);
    expectError(await app.call('GET', `/instruments/${id}`, { token: t.a.token }), 404, MSG.instrumentNotFound);
  });

  it('names the field of bad input', async () => {
    expectError(await app.call('GET', '/instruments', { token: t.a.token }), 400, 'song_id is required');
    expectError(
      await app.call('POST', '/instruments', { token: t.a.token, body: { name: 'x' } }),
      400,
      'song_id is required',
    );
    expectError(
      await app.call('POST', '/instruments', {
        token: t.a.token,
        body: { song_id: randomUUID(), name: 'x', room_studio: 'y'.repeat(501) },
      }),
      400,
      'room_studio must be at most 500 characters',
    );
  });
});
