/**
 * Demo content: real sound made here. One performance (guitar and voice, ~22 s, 44.1 kHz mono) rendered through
 * four simulated microphones, as four published products of the demo brand in 'Microphones' → 'Studio
 * Microphones', one cross-comparable song with two sources, and an audio record per product and source
 * (processing enqueued). Goes in once per database (`app_meta.demo_content`); takes about a second.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { appMeta, audios, brands, categories, instruments, products, songs, subCategories } from '../../db/schema.ts';
import { encodeWav } from '../../platform/media/wav.ts';
import type { Queue } from '../../platform/queue/types.ts';
import type { Storage } from '../../platform/storage/types.ts';
import { MICROPHONES, throughMicrophone } from './microphones.ts';
import { performance } from './synth.ts';

export const DEMO_SONG = 'Morning Light';
const SECONDS = 22;

export async function seedDemoContent(
  db: Db,
  opts: { brandName: string; storage: Storage; queue: Queue; log?: FastifyBaseLogger; seconds?: number },
): Promise<boolean> {
  const started = Date.now();
  const [brand] = await db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.name, opts.brandName), eq(brands.isDeleted, false)));
  if (!brand) return false;
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_content'));
  if (done) return false;

  const take = performance(44100, opts.seconds ?? SECONDS);
  const audioIds = await db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: 'demo_content', value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return [];
    const [category] = await tx.insert(categories).values({ name: 'Microphones', isPublished: 1 }).returning();
    const [sub] = await tx
      .insert(subCategories)
      .values({ categoryId: category.id, name: 'Studio Microphones', isPublished: 1 })
      .returning();
    const [song] = await tx
      .insert(songs)
      .values({
        brandId: brand.id,
        subCategoryId: sub.id,
        name: DEMO_SONG,
        songWriter: 'ATK Demo Band',
        songType: 2,
        isPublished: 1,
      })
      .returning();
    const sources = await tx
      .insert(instruments)
      .values(
        take.tracks.map((t, i) => ({
          songId: song.id,
          name: t.name,
          order: i,
          isPublished: 1,
          performerName: 'ATK Demo Band',
          roomStudio: 'Simulated room',
          micDistanceSource: i === 0 ? '30 cm, 12th fret' : '15 cm',
          micAxis: 'On axis',
          preampBrand: 'Clean solid-state preamp',
          aDConverter: '44.1 kHz / 16 bit',
        })),
      )
      .returning();
    const mics = await tx
      .insert(products)
      .values(
        MICROPHONES.map((m, i) => ({
          brandId: brand.id,
          categoryId: category.id,
          subCategoryId: sub.id,
          name: m.name,
          model: m.model,
          isPublished: 1,
          order: i,
          songs: [song.id],
          listeningGuide: { content: `<p>${m.character}</p>` },
        })),
      )
      .returning();
    const rows: (typeof audios.$inferInsert)[] = [];
    for (const [m, mic] of MICROPHONES.entries()) {
      for (const [s, source] of sources.entries()) {
        const wav = encodeWav([throughMicrophone(take.tracks[s].samples, mic, take.sampleRate, m * 10 + s + 1)], 44100);
        const key = `audio/origin/${mics[m].id}/${source.id}_${started}.wav`;
        await opts.storage.put(key, wav, 'audio/wav');
        rows.push({
          productId: mics[m].id,
          songId: song.id,
          instrumentId: source.id,
          name: `${source.name} - ${mic.name}.wav`,
          key,
          url: opts.storage.publicUrl(key),
        });
      }
    }
    return (await tx.insert(audios).values(rows).returning({ id: audios.id })).map((r) => r.id);
  });
  for (const id of audioIds) await opts.queue.enqueue(id);
  if (audioIds.length > 0)
    opts.log?.info(
      `demo content: ${MICROPHONES.length} microphones × ${take.tracks.length} sources rendered in ${Date.now() - started} ms`,
    );
  return audioIds.length > 0;
}
