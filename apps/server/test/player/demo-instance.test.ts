/**
 * A fresh start plays: the demo data leaves a published player of the demo brand as the landing page's instance,
 * whose public read offers the four microphones and the demo song once its audio is processed (and says the audio
 * is being prepared until then).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_BASE, type PlayerInstance } from '@atk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { DEMO_MASTER_BRAND } from '../../src/bootstrap/demo/accounts.ts';
import { DEMO_SONG } from '../../src/bootstrap/demo/content.ts';
import { DEMO_INSTANCE } from '../../src/bootstrap/demo/instance.ts';
import { MICROPHONES } from '../../src/bootstrap/demo/microphones.ts';
import { seed } from '../../src/bootstrap/seed.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { brands, instances } from '../../src/db/schema.ts';
import { processAudio } from '../../src/modules/audio/jobs.ts';
import { createInstance } from '../../src/modules/instances/service.ts';
import { readPublicLanding, writeLandingInstance } from '../../src/modules/settings/service.ts';
import { DiskStorage, freshPostgres, recordingQueue } from '../support/audio.ts';

let database: Database;
let drop = async () => {};
let dir: string;
let storage: DiskStorage;
let app: Awaited<ReturnType<typeof buildApp>>;
let base: string;
const { queue, enqueued } = recordingQueue();

beforeAll(async () => {
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) ({ url: databaseUrl, drop } = await freshPostgres());
  database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  dir = await mkdtemp(path.join(tmpdir(), 'atk-demo-instance-'));
  storage = new DiskStorage(dir);
  await seed(database.db, { demo: true, storage, queue });
  app = await buildApp({ config: { ...loadConfig({}), databaseUrl }, db: database.db, storage, queue, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}${API_BASE}`;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const get = async <T>(p: string) => {
  const res = await fetch(`${base}${p}`);
  return { status: res.status, cache: res.headers.get('cache-control'), body: (await res.json()) as { data: T } };
};
const landingId = async () =>
  (await get<{ content: { instance: { _id: string } | null } }>('/widget/settings/landing_instance')).body.data.content
    .instance?._id;

describe('the demo landing instance', () => {
  it('is set, published, and says its audio is being prepared until it is processed', async () => {
    const id = await landingId();
    expect(id).toBeTruthy();
    const res = await get<PlayerInstance>(`/widget/instances/${id}`);
    expect(res.status).toBe(200);
    const player = res.body.data;
    expect(player).toMatchObject({ name: DEMO_INSTANCE, brand_name: DEMO_MASTER_BRAND, preparing: 1, songs: [] });
    expect(player.products.map((p) => p.name)).toEqual(MICROPHONES.map((m) => m.name));
    expect(player.featured).toEqual(player.products.slice(0, 3).map((p) => p._id));
    // Read again soon: not kept by caches for a minute.
    expect(res.cache).toBe('public, no-cache');
  });

  it('offers the four microphones on the demo song and both its sources once the audio is ready', async () => {
    expect(enqueued).toHaveLength(8);
    for (const audioId of enqueued) expect(await processAudio({ db: database.db, storage }, audioId)).toBe('ready');
    const res = await get<PlayerInstance>(`/widget/instances/${await landingId()}`);
    const player = res.body.data;
    expect(player.preparing).toBe(0);
    expect(res.cache).toBe('public, max-age=60');
    expect(player.songs.map((s) => s.name)).toEqual([DEMO_SONG]);
    const [song] = player.songs;
    expect(song.sources.map((s) => s.name)).toEqual(['Acoustic Guitar', 'Vocal']);
    for (const source of song.sources)
      expect(source.versions.map((v) => v.product_id)).toEqual(player.products.map((p) => p._id));
  }, 120_000);

  it('goes in once per database', async () => {
    await seed(database.db, { demo: true, storage, queue });
    expect(await database.db.select().from(instances)).toHaveLength(1);
    expect(enqueued).toHaveLength(8);
  });
});

describe('a database that had demo data before the demo instance existed', () => {
  it("gets the demo instance, and keeps an operator's landing choice", async () => {
    let databaseUrl: string | undefined;
    let dropOwn = async () => {};
    if (process.env.DATABASE_URL) ({ url: databaseUrl, drop: dropOwn } = await freshPostgres());
    const own = await openDatabase({ databaseUrl, dataDir: 'memory://' });
    try {
      // Accounts only (a start without a file store), then an operator's published landing instance.
      await seed(own.db, { demo: true });
      const [brand] = await own.db.select().from(brands).where(eq(brands.name, 'Northfield Microphones'));
      const operator = { id: randomUUID(), role: 'global_admin' as const, masterBrandId: null };
      const chosen = await createInstance(own.db, operator, { name: 'Chosen', brand_id: brand.id, is_published: 1 });
      await writeLandingInstance(own.db, 'landing_instance', chosen._id);

      await seed(own.db, { demo: true, storage, queue: { ...queue, enqueue: async () => {} } });
      const names = (await own.db.select({ name: instances.name }).from(instances)).map((r) => r.name).sort();
      expect(names).toEqual(['Chosen', DEMO_INSTANCE]);
      expect(await readPublicLanding(own.db, 'landing_instance')).toEqual({ instance: { _id: chosen._id } });
    } finally {
      await own.close();
      await dropOwn();
    }
  }, 60_000);
});
