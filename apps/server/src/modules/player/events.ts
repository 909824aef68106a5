import { createHash } from 'node:crypto';
import { type InstanceSong, type PlayerEvents, pageUrl } from '@atk/contract';
import { and, eq } from 'drizzle-orm';
import { changeFeed, Remembered } from '../../db/changes.ts';
import { type Db, perDatabase } from '../../db/client.ts';
import { brands, instances, mobileInstanceProducts, mobileInstances, NO_ID, products } from '../../db/schema.ts';
import { deletedIs } from '../../db/soft-delete.ts';
import { NOWHERE, placeOf } from '../../platform/geo.ts';
import { type CheckedEvent, foldBatch } from '../statistics/ingest.ts';
import { touches } from './cache.ts';

/**
 * What an instance's events may name: a published instance of a brand that is not deleted (desktop), or a
 * published mobile instance (mobile). `products` maps each product the events may name to the brand its events
 * count for; `launchBrand` is the brand of an event naming no product (a launch).
 */
interface EventScope {
  launchBrand: string;
  products: Map<string, string>;
  songs: Set<string>;
  sources: Set<string>;
}

async function eventScope(db: Db, id: string): Promise<EventScope | null> {
  const [r] = await db
    .select({
      brandId: instances.brandId,
      products: instances.products,
      otherProducts: instances.otherProducts,
      sources: instances.sources,
      mySources: instances.mySources,
    })
    .from(instances)
    .innerJoin(brands, eq(brands.id, instances.brandId))
    .where(and(eq(instances.id, id), eq(instances.isPublished, 1), deletedIs(instances), deletedIs(brands)));
  if (!r) return null;
  const songs = [...(r.sources ?? []), ...(r.mySources ?? [])];
  return {
    launchBrand: r.brandId,
    products: new Map([...(r.products ?? []), ...(r.otherProducts ?? [])].map((p) => [p.product_id, r.brandId])),
    ...songsOf(songs),
  };
}

const songsOf = (songs: InstanceSong[]) => ({
  songs: new Set(songs.map((s) => s.song_id)),
  sources: new Set(songs.flatMap((s) => (s.instruments ?? []).map((i) => i.instrument_id))),
});

/**
 * A mobile instance compares products of any brand: each event counts for its product's brand (so a brand's
 * product statistics with widget_type=mobile show its products' plays and listening time). A launch names no
 * product and so no brand: it counts for the nil brand (NO_ID), the platform's own scope, with widget_type mobile.
 * Its products are its active ones (mobile_instance_products, the product and its brand not deleted).
 */
async function mobileEventScope(db: Db, id: string): Promise<EventScope | null> {
  const [r] = await db
    .select({ sources: mobileInstances.sources })
    .from(mobileInstances)
    .where(and(eq(mobileInstances.id, id), eq(mobileInstances.isPublished, 1), deletedIs(mobileInstances)));
  if (!r) return null;
  const rows = await db
    .select({ productId: products.id, brandId: products.brandId })
    .from(mobileInstanceProducts)
    .innerJoin(products, eq(products.id, mobileInstanceProducts.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(
      and(
        eq(mobileInstanceProducts.instanceId, id),
        eq(mobileInstanceProducts.isActive, 1),
        deletedIs(products),
        deletedIs(brands),
      ),
    );
  return {
    launchBrand: NO_ID,
    products: new Map(rows.map((p) => [p.productId, p.brandId])),
    ...songsOf(r.sources ?? []),
  };
}

/**
 * Scopes remembered per process while the change feed vouches for them (as the player read is): a player sends a
 * batch every 15 seconds, so reading its instance each time would be most of ingestion's cost. Dropped when the
 * instance row changes (`player:i:<id>`) or a brand does (`player:*`); unknown or unpublished ids are not kept.
 */
const eventScopes = perDatabase(
  (db) => new Remembered<EventScope>(changeFeed(db), (change, id) => touches(change, new Set([`i:${id}`])), 10_000),
);

/**
 * Stores a batch of the player's events (POST /widget/events) and folds it into the statistics, in one
 * statement (modules/statistics/ingest.ts). An event is dropped, silently (a visitor's page cannot do anything
 * about it), when its instance is unknown, unpublished or deleted, or when it names a product, song or source
 * that the instance does not list. `address` (the client's, behind TRUST_PROXY) only places a visitor who
 * launches: it is looked up and forgotten. Answers how many were stored. A batch with widget_type 'mobile' names
 * mobile instances (mobileEventScope).
 */
export async function recordPlayerEvents(
  db: Db,
  batch: PlayerEvents,
  address: string | undefined,
): Promise<{ accepted: number }> {
  const ids = [...new Set(batch.events.map((e) => e.instance_id.toLowerCase()))];
  // A mobile batch names mobile instances, read at every batch: the change feed does not announce the mobile
  // tables, so a remembered scope could outlive an unpublished instance.
  const scopeOf = (id: string) =>
    batch.widget_type === 'mobile' ? mobileEventScope(db, id) : eventScopes(db).get(id, () => eventScope(db, id));
  const known = new Map(
    (await Promise.all(ids.map(async (id) => [id, await scopeOf(id)] as const))).filter(
      (entry): entry is readonly [string, EventScope] => entry[1] !== null,
    ),
  );
  const values = batch.events.flatMap((e): CheckedEvent[] => {
    const inst = known.get(e.instance_id.toLowerCase());
    if (!inst) return [];
    const productBrand = e.product_id ? inst.products.get(e.product_id) : inst.launchBrand;
    if (!productBrand) return [];
    if (e.song_id && !inst.songs.has(e.song_id)) return [];
    if (e.source_id && !inst.sources.has(e.source_id)) return [];
    return [
      {
        instance_id: e.instance_id,
        brand_id: productBrand,
        type: e.type,
        product_id: e.product_id ?? null,
        song_id: e.song_id ?? null,
        source_id: e.source_id ?? null,
        seconds: e.seconds ?? null,
      },
    ];
  });
  if (!values.length) return { accepted: 0 };
  const launches = values.some((e) => e.type === 'launch');
  await foldBatch(db, {
    visitorId: batch.visitor_id,
    widgetType: batch.widget_type,
    pageUrl: launches ? pageUrl(batch.page_url) : '',
    place: launches ? await placeOf(address) : NOWHERE,
    events: values,
  });
  return { accepted: values.length };
}

/**
 * The rate-limit key of an address's event batches: a digest of the address, not the address, so no table holds
 * a visitor's address (the row itself lives a minute).
 */
export const eventsLimitKey = (address: string) =>
  `player_events:addr:${createHash('sha256').update(address).digest('base64url')}`;
