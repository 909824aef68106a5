/**
 * The public player read is remembered per process (src/modules/player/cache.ts): every edit of what it shows,
 * made through the API, is seen by the next read with a new ETag, by this server and (on PostgreSQL) by a second
 * server on the same database, which learns of it from the change feed. Unpublishing is a 404; a matching
 * If-None-Match is a 304.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, type FrequencyBands, hashPassword, type PlayerInstance } from '@atk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DEMO_MASTER_BRAND } from '../../src/bootstrap/demo/accounts.ts';
import { seed } from '../../src/bootstrap/seed.ts';
import { loadConfig } from '../../src/config.ts';
import { changeFeed } from '../../src/db/changes.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { processAudio } from '../../src/modules/audio/jobs.ts';
import { writeSetting } from '../../src/modules/settings/service.ts';
import { roleId } from '../../src/modules/users/profile.ts';
import { hashSecret } from '../../src/platform/crypto.ts';
import { DiskStorage, freshPostgres, recordingQueue, sine, until, wav } from '../support/audio.ts';

interface Server {
  app: Awaited<ReturnType<typeof buildApp>>;
  database: Database;
  base: string;
}

let databaseUrl: string | undefined;
let drop = async () => {};
let dir: string;
let storage: DiskStorage;
const servers: Server[] = [];
const { queue, enqueued } = recordingQueue();
let token: string;
let instanceId: string;

async function startServer(database: Database): Promise<Server> {
  const app = await buildApp({
    config: { ...loadConfig({}), databaseUrl },
    db: database.db,
    storage,
    queue,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return {
    app,
    database,
    base: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${API_BASE}`,
  };
}

/** Audio saved but not processed yet, processed now (the queue is the test's). */
async function processEnqueued() {
  const db = servers[0].database.db;
  while (enqueued.length) expect(await processAudio({ db, storage }, enqueued.shift() as string)).toBe('ready');
}

beforeAll(async () => {
  if (process.env.DATABASE_URL) ({ url: databaseUrl, drop } = await freshPostgres());
  dir = await mkdtemp(path.join(tmpdir(), 'atk-player-cache-'));
  storage = new DiskStorage(dir);
  const first = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  // The demo data: a published instance of four products on a song with two sources, made by the services.
  await seed(first.db, { demo: true, storage, queue });
  servers.push(await startServer(first));
  // A second server process on the same PostgreSQL database (its own pool, feed and memory).
  if (databaseUrl) servers.push(await startServer(await openDatabase({ databaseUrl, dataDir: 'memory://' })));
  for (const { database } of servers) await until(async () => changeFeed(database.db).live || undefined);
  await processEnqueued();

  const email = 'cache-admin@test.example';
  await first.db.insert(users).values({
    email,
    passwordHash: await hashSecret(hashPassword('Test!2345')),
    roleId: await roleId(first.db, 'global_admin'),
  });
  const login = await api<{ token: string }>('POST', '/users/login', { email, password: hashPassword('Test!2345') });
  token = login.data.token;
  const landing = await api<{ content: { instance: { _id: string } } }>('GET', '/widget/settings/landing_instance');
  instanceId = landing.data.content.instance._id;
}, 120_000);

afterAll(async () => {
  for (const { app, database } of servers) {
    await app.close();
    await database.close();
  }
  await drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** An API call through the first server. */
async function api<T>(method: string, p: string, body?: unknown): Promise<{ code: number; msg: string; data: T }> {
  const res = await fetch(`${servers[0].base}${p}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { code: number; msg: string; data: T };
  expect(json.code, json.msg).toBe(200);
  return json;
}

interface Read {
  status: number;
  etag: string | null;
  cache: string | null;
  player: PlayerInstance | null;
}

async function read(server: Server, ifNoneMatch?: string): Promise<Read> {
  const res = await fetch(`${server.base}/widget/instances/${instanceId}`, {
    headers: ifNoneMatch ? { 'if-none-match': ifNoneMatch } : {},
  });
  const text = await res.text();
  const player = res.status === 200 ? (JSON.parse(text) as { data: PlayerInstance }).data : null;
  return { status: res.status, etag: res.headers.get('etag'), cache: res.headers.get('cache-control'), player };
}

/**
 * Reads on every server (twice, so each remembers the answer), makes the edit, then expects every server's next
 * read to show it with another ETag. The server the edit went through sees it at once; another process as soon
 * as the change feed's notification arrives (well under a second).
 */
async function expectSeen(edit: () => Promise<void>, seen: (read: Read) => boolean) {
  const before = [];
  for (const server of servers) {
    await read(server);
    const r = await read(server);
    expect(r.status).toBe(200);
    expect(seen(r)).toBe(false);
    before.push(r);
  }
  await edit();
  const first = await read(servers[0]);
  expect(seen(first)).toBe(true);
  expect(first.etag).not.toBe(before[0].etag);
  for (const [i, server] of servers.entries()) {
    if (i === 0) continue;
    const after = await until(
      async () => {
        const r = await read(server);
        return seen(r) ? r : undefined;
      },
      2000,
      'the other server to hear the change',
    );
    expect(after.etag).not.toBe(before[i].etag);
    expect(after.etag).toBe(first.etag);
  }
}

describe('the remembered player read', () => {
  it('answers 304 to a matching If-None-Match and 200 to another', async () => {
    for (const server of servers) {
      const r = await read(server);
      expect(r).toMatchObject({ status: 200, cache: 'public, max-age=60' });
      expect(r.player?.preparing).toBe(0);
      const again = await read(server, r.etag as string);
      expect(again.status).toBe(304);
      expect(again.etag).toBe(r.etag);
      expect((await read(server, `W/${r.etag}, "other"`)).status).toBe(304);
      expect((await read(server, '"something-else"')).status).toBe(200);
    }
  });

  it("sees the instance's edits", async () => {
    const current = await api<{ general: Record<string, unknown> }>('GET', `/admin/instances/${instanceId}`);
    const { brand_name: _, ...general } = current.data.general;
    await expectSeen(
      async () =>
        void (await api('PUT', `/admin/instances/${instanceId}`, { general: { ...general, name: 'Renamed Player' } })),
      (r) => r.player?.name === 'Renamed Player',
    );
  });

  it("sees a product's edits", async () => {
    const productId = (await read(servers[0])).player?.products[0]._id as string;
    const current = await api<{ general: Record<string, unknown> }>('GET', `/admin/products/${productId}`);
    const { brand_name: _, ...general } = current.data.general;
    await expectSeen(
      async () =>
        void (await api('PUT', `/admin/products/${productId}`, {
          type: 'general',
          content: { ...general, name: 'Renamed Mic' },
        })),
      (r) => r.player?.products[0].name === 'Renamed Mic',
    );
  });

  it("sees a song's and a source's edits", async () => {
    const song = (await read(servers[0])).player?.songs[0] as PlayerInstance['songs'][number];
    await expectSeen(
      async () => void (await api('PUT', `/admin/songs/${song._id}`, { name: 'Evening Light' })),
      (r) => r.player?.songs[0]?.name === 'Evening Light',
    );
    await expectSeen(
      async () => void (await api('PUT', `/admin/instruments/${song.sources[0]._id}`, { name: 'Nylon Guitar' })),
      (r) => r.player?.songs[0]?.sources[0]?.name === 'Nylon Guitar',
    );
  });

  it('sees new audio as being prepared (not remembered) and then the processed version', async () => {
    const player = (await read(servers[0])).player as PlayerInstance;
    const [song] = player.songs;
    const source = song.sources[0];
    const productId = player.products[0]._id;
    const oldUrl = source.versions[0].url;
    const key = `audio/origin/${productId}/${source._id}_${Date.now()}.wav`;
    await storage.put(
      key,
      wav(sine({ freq: 220, dbfs: -20, seconds: 1, sampleRate: 44100, channels: 1 }), 44100),
      'audio/wav',
    );
    await expectSeen(
      async () =>
        void (await api('PUT', `/admin/products/${productId}`, {
          type: 'audio',
          content: { song_id: song._id, instrument_id: source._id, url: key, name: 'replaced.wav' },
        })),
      (r) => r.player?.preparing === 1,
    );
    for (const server of servers) expect((await read(server)).cache).toBe('public, no-cache');
    await processEnqueued();
    for (const server of servers) {
      const r = await until(
        async () => {
          const x = await read(server);
          return x.player?.preparing === 0 ? x : undefined;
        },
        2000,
        'the processed version',
      );
      expect(r.cache).toBe('public, max-age=60');
      const version = r.player?.songs[0].sources[0].versions.find((v) => v.product_id === productId);
      expect(version?.url).toBeTruthy();
      expect(version?.url).not.toBe(oldUrl);
    }
  }, 60_000);

  it('sees the tooltips, the frequency bands and info pages settings and the brand', async () => {
    const tips = await api<{ list: { _id: string; content: string }[] }>('GET', '/admin/tooltips?page_size=100');
    await expectSeen(
      async () => void (await api('PUT', `/admin/tooltips/${tips.data.list[0]._id}`, { content: 'A new tip' })),
      (r) => r.player?.tooltips.some((t) => t.content === 'A new tip') ?? false,
    );
    // The operator's bands and info pages (ATK PLAYER EDIT), and a setting written in SQL.
    const bands = (await api<{ content: FrequencyBands }>('GET', '/admin/settings/freq_graph')).data.content;
    await expectSeen(
      async () =>
        void (await api('PUT', '/admin/settings/freq_graph', {
          content: { ...bands, low: { min: 10, max: 99, desc: 'Lows' } },
        })),
      (r) => r.player?.frequency_bands.low.max === 99,
    );
    await expectSeen(
      async () =>
        void (await api('PUT', '/admin/settings/infos', {
          content: { home: '<p>Hello</p>', listening_tips: '', about_us: '', faq: '' },
        })),
      (r) => r.player?.infos.home === '<p>Hello</p>',
    );
    await expectSeen(
      () => writeSetting(servers[0].database.db, 'freq_graph', { low: { min: 11, max: 98, desc: 'Lows' } }),
      (r) => r.player?.frequency_bands.low.max === 98,
    );
    const brands = await api<{ list: { _id: string; name: string }[] }>('GET', '/admin/brands?page_size=100');
    const brand = brands.data.list.find((b) => b.name === DEMO_MASTER_BRAND) as { _id: string };
    await expectSeen(
      async () => void (await api('PUT', `/admin/brands/${brand._id}`, { name: 'Demo Audio Works' })),
      (r) => r.player?.brand_name === 'Demo Audio Works',
    );
  });

  it('stops offering a source or a song once unpublished, and offers it again once published', async () => {
    const song = (await read(servers[0])).player?.songs[0] as PlayerInstance['songs'][number];
    const [kept, switched] = song.sources;
    const offers = (r: Read, id: string) => r.player?.songs.some((s) => s.sources.some((x) => x._id === id)) ?? false;
    await expectSeen(
      async () => void (await api('PUT', `/admin/instruments/${switched._id}`, { is_published: 0 })),
      (r) => !offers(r, switched._id) && offers(r, kept._id),
    );
    await expectSeen(
      async () => void (await api('PUT', `/admin/instruments/${switched._id}`, { is_published: 1 })),
      (r) => offers(r, switched._id),
    );
    await expectSeen(
      async () => void (await api('PUT', `/admin/songs/${song._id}`, { is_published: 0 })),
      (r) => r.player?.songs.length === 0,
    );
    await expectSeen(
      async () => void (await api('PUT', `/admin/songs/${song._id}`, { is_published: 1 })),
      (r) => r.player?.songs.some((s) => s._id === song._id) ?? false,
    );
  });

  it('is a 404 once unpublished, on every server', async () => {
    for (const server of servers) expect((await read(server)).status).toBe(200);
    const current = await api<{ general: Record<string, unknown> }>('GET', `/admin/instances/${instanceId}`);
    const { brand_name: _, ...general } = current.data.general;
    await api('PUT', `/admin/instances/${instanceId}`, { general: { ...general, is_published: 0 } });
    expect((await read(servers[0])).status).toBe(404);
    for (const server of servers)
      await until(async () => ((await read(server)).status === 404 ? true : undefined), 2000, 'a 404');
  });
});
