/**
 * Demo content: the demo brand gets microphones whose audio is real sound, one performance through four
 * different simulated microphones, once per database, quickly; and it processes like any upload.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MASTER_BRAND } from '../../src/bootstrap/demo/accounts.ts';
import { DEMO_SONG } from '../../src/bootstrap/demo/content.ts';
import { Biquad } from '../../src/bootstrap/demo/dsp.ts';
import { MICROPHONES } from '../../src/bootstrap/demo/microphones.ts';
import { seed } from '../../src/bootstrap/seed.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { audios, brands, categories, instruments, products, songs, subCategories } from '../../src/db/schema.ts';
import { processAudio } from '../../src/modules/audio/jobs.ts';
import { audioRow, DiskStorage, decode, freshPostgres, lagOf, recordingQueue } from '../support/audio.ts';

let database: Database;
let drop = async () => {};
let dir: string;
let storage: DiskStorage;
const { queue, enqueued } = recordingQueue();
let seedMs = 0;

beforeAll(async () => {
  let databaseUrl: string | undefined;
  if (process.env.DATABASE_URL) ({ url: databaseUrl, drop } = await freshPostgres());
  database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
  dir = await mkdtemp(path.join(tmpdir(), 'atk-demo-'));
  storage = new DiskStorage(dir);
  const started = Date.now();
  await seed(database.db, { demo: true, storage, queue });
  seedMs = Date.now() - started;
});

afterAll(async () => {
  await database?.close();
  await drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Energy (dB) of a signal after one filter: how much of it lies in a band. */
function bandDb(x: Float32Array, filter: () => Biquad): number {
  const f = filter();
  let e = 0;
  for (const v of x) {
    const y = f.process(v);
    e += y * y;
  }
  let total = 0;
  for (const v of x) total += v * v;
  return 10 * Math.log10(e / total);
}

describe('demo content', () => {
  it('the demo brand has four published microphones, a cross-comparable song with two sources, and their audio', async () => {
    const db = database.db;
    const [brand] = await db.select().from(brands).where(eq(brands.name, DEMO_MASTER_BRAND));
    const [category] = await db.select().from(categories).where(eq(categories.name, 'Microphones'));
    const [sub] = await db.select().from(subCategories).where(eq(subCategories.categoryId, category.id));
    expect(sub).toMatchObject({ name: 'Studio Microphones', isPublished: 1 });
    const [song] = await db
      .select()
      .from(songs)
      .where(and(eq(songs.brandId, brand.id), eq(songs.name, DEMO_SONG)));
    expect(song).toMatchObject({ songType: 2, isAtk: 0, isPublished: 1, subCategoryId: sub.id });
    const sources = await db.select().from(instruments).where(eq(instruments.songId, song.id));
    expect(sources.map((s) => s.name).sort()).toEqual(['Acoustic Guitar', 'Vocal']);
    const mics = await db.select().from(products).where(eq(products.brandId, brand.id));
    expect(mics.map((m) => m.name).sort()).toEqual(MICROPHONES.map((m) => m.name).sort());
    for (const m of mics) {
      expect(m).toMatchObject({ isPublished: 1, categoryId: category.id, subCategoryId: sub.id, songs: [song.id] });
      expect(m.model).toBeTruthy();
    }
    const rows = await db
      .select()
      .from(audios)
      .where(
        inArray(
          audios.productId,
          mics.map((m) => m.id),
        ),
      );
    expect(rows).toHaveLength(8);
    expect(rows.every((r) => r.status === 'uploaded' && r.songId === song.id)).toBe(true);
    expect([...enqueued].sort()).toEqual(rows.map((r) => r.id).sort());
    for (const r of rows) expect((await storage.head(r.key))?.size).toBeGreaterThan(1_000_000);
    // A second start adds nothing.
    await seed(db, { demo: true, storage, queue });
    expect(await db.select().from(audios)).toHaveLength(8);
    expect(enqueued).toHaveLength(8);
  });

  it('goes in quickly (a few seconds at most)', () => {
    expect(seedMs).toBeLessThan(8000);
  });

  it('the microphones sound clearly different, and their takes are sample-aligned', async () => {
    const rows = await database.db
      .select({ key: audios.key, mic: products.model, source: instruments.name })
      .from(audios)
      .innerJoin(products, eq(products.id, audios.productId))
      .innerJoin(instruments, eq(instruments.id, audios.instrumentId));
    const highs = (x: Float32Array) => bandDb(x, () => new Biquad('highpass', 7000, 44100, 0.7));
    const lows = (x: Float32Array) => bandDb(x, () => new Biquad('lowpass', 150, 44100, 0.7));
    for (const source of ['Acoustic Guitar', 'Vocal']) {
      const take = async (mic: string) => {
        const row = rows.find((r) => r.source === source && r.mic === mic);
        return (await decode(path.join(dir, row?.key as string)))[0];
      };
      const [bright, ribbon, dynamic, pencil] = await Promise.all(['LC-1', 'VR-2', 'BD-7', 'PS-4'].map(take));
      // The condenser's presence peak against the ribbon's rolled-off top: far apart.
      expect({ source, brighter: highs(bright) - highs(ribbon) > 8 }).toEqual({ source, brighter: true });
      expect({ source, airier: highs(pencil) > highs(ribbon) && highs(bright) > highs(pencil) }).toEqual({
        source,
        airier: true,
      });
      // The dynamic's low cut against the ribbon's full low end (the guitar has the low notes).
      if (source === 'Acoustic Guitar') expect(lows(ribbon) - lows(dynamic)).toBeGreaterThan(6);
      // One performance: every take lines up with the others (to within the few samples by which the
      // microphones' different phase responses move the correlation peak, as real ones do: under 0.15 ms).
      for (const other of [ribbon, dynamic, pencil])
        expect(Math.abs(lagOf(bright, other, 200, 20000, 44100))).toBeLessThanOrEqual(6);
    }
  });

  it('processes like any upload', async () => {
    const [row] = await database.db.select().from(audios).limit(1);
    expect(await processAudio({ db: database.db, storage }, row.id)).toBe('ready');
    const done = await audioRow(database.db, row.id);
    expect(done).toMatchObject({ status: 'ready', durationMs: 22000, sampleRate: 44100, channels: 1 });
    expect(done.lufs).toBeGreaterThan(-30);
    expect(done.lufs).toBeLessThan(-8);
  });
});
