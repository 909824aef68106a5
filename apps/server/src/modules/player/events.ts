import type { PlayerEvents } from '@atk/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, instances, playerEvents } from '../../db/schema.ts';
import { deletedIs } from '../../db/soft-delete.ts';

/**
 * Stores a batch of the player's events (POST /widget/events) in one INSERT. An event is dropped, silently (a
 * visitor's page cannot do anything about it), when its instance is unknown, unpublished or deleted, or when it
 * names a product, song or source that the instance does not list. Answers how many were stored.
 */
export async function recordPlayerEvents(db: Db, batch: PlayerEvents): Promise<{ accepted: number }> {
  const ids = [...new Set(batch.events.map((e) => e.instance_id))];
  const rows = await db
    .select({
      id: instances.id,
      brandId: instances.brandId,
      products: instances.products,
      otherProducts: instances.otherProducts,
      sources: instances.sources,
      mySources: instances.mySources,
    })
    .from(instances)
    .innerJoin(brands, eq(brands.id, instances.brandId))
    .where(and(inArray(instances.id, ids), eq(instances.isPublished, 1), deletedIs(instances), deletedIs(brands)));
  const known = new Map(
    rows.map((r) => {
      const songs = [...(r.sources ?? []), ...(r.mySources ?? [])];
      return [
        r.id,
        {
          brandId: r.brandId,
          products: new Set([...(r.products ?? []), ...(r.otherProducts ?? [])].map((p) => p.product_id)),
          songs: new Set(songs.map((s) => s.song_id)),
          sources: new Set(songs.flatMap((s) => (s.instruments ?? []).map((i) => i.instrument_id))),
        },
      ];
    }),
  );
  const values = batch.events.flatMap((e) => {
    const inst = known.get(e.instance_id);
    if (!inst) return [];
    if (e.product_id && !inst.products.has(e.product_id)) return [];
    if (e.song_id && !inst.songs.has(e.song_id)) return [];
    if (e.source_id && !inst.sources.has(e.source_id)) return [];
    return [
      {
        instanceId: e.instance_id,
        brandId: inst.brandId,
        visitorId: batch.visitor_id,
        type: e.type,
        productId: e.product_id ?? null,
        songId: e.song_id ?? null,
        sourceId: e.source_id ?? null,
        seconds: e.seconds ?? null,
      },
    ];
  });
  if (values.length) await db.insert(playerEvents).values(values);
  return { accepted: values.length };
}
