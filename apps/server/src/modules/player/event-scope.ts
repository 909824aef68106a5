import { ABX_TRIALS_DEFAULT, type InstanceSong, type WidgetType } from '@atk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { changeFeed, Remembered } from '../../db/changes.ts';
import { type Db, perDatabase } from '../../db/client.ts';
import { brands, instances, mobileInstanceProducts, mobileInstances, NO_ID, products } from '../../db/schema.ts';
import { deletedIs } from '../../db/soft-delete.ts';
import { touches } from './cache.ts';

/**
 * What an instance's events may name: a published instance of a brand that is not deleted (desktop), or a
 * published mobile instance (mobile). `products` maps each product the events may name to the brand its events
 * count for; `launchBrand` is the brand of an event naming no product (a launch).
 */
export interface EventScope {
  launchBrand: string;
  products: Map<string, string>;
  songs: Set<string>;
  sources: Set<string>;
  /** Whether the instance asks blind listeners for a vote (its Listener votes feature). */
  listenerVotes: boolean;
  /** The trials of its ABX test; 0: it offers none. */
  abxTrials: number;
  /** The change feed's names (`<kind>:<id>`, modules/player/cache.ts `touches`) of the rows it was read from. */
  dependencies: Set<string>;
}

async function eventScope(db: Db, id: string): Promise<EventScope | null> {
  const [r] = await db
    .select({
      brandId: instances.brandId,
      products: instances.products,
      otherProducts: instances.otherProducts,
      sources: instances.sources,
      mySources: instances.mySources,
      features: instances.features,
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
    listenerVotes: r.features?.listener_votes?.is_enable === 1,
    abxTrials: r.features?.abx_test?.is_enable === 1 ? (r.features.abx_test.trials ?? ABX_TRIALS_DEFAULT) : 0,
    dependencies: new Set([`i:${id}`]),
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
 * Its products are its active ones (mobile_instance_products, the product and its brand not deleted). It depends on
 * its instance's rows (`m:<id>`, migration 0015) and on every product it lists, active or not (`p:<id>`: a product
 * deleted or restored); a brand's change drops every scope (`player:*`).
 */
async function mobileEventScope(db: Db, id: string): Promise<EventScope | null> {
  const [r] = await db
    .select({ sources: mobileInstances.sources, listenerVotes: mobileInstances.listenerVotes })
    .from(mobileInstances)
    .where(and(eq(mobileInstances.id, id), eq(mobileInstances.isPublished, 1), deletedIs(mobileInstances)));
  if (!r) return null;
  const rows = await db
    .select({
      productId: products.id,
      brandId: products.brandId,
      counts: sql<boolean>`${mobileInstanceProducts.isActive} = 1 and not ${products.isDeleted} and not ${brands.isDeleted}`,
    })
    .from(mobileInstanceProducts)
    .innerJoin(products, eq(products.id, mobileInstanceProducts.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(eq(mobileInstanceProducts.instanceId, id));
  return {
    launchBrand: NO_ID,
    products: new Map(rows.filter((p) => p.counts).map((p) => [p.productId, p.brandId])),
    ...songsOf(r.sources ?? []),
    listenerVotes: r.listenerVotes === 1, // its Listener votes (General tab)
    abxTrials: 0,
    dependencies: new Set([`m:${id}`, ...rows.map((p) => `p:${p.productId}`)]),
  };
}

/**
 * Scopes remembered per process while the change feed vouches for them (as the player read is): a player sends a
 * batch every 15 seconds, so reading its instance each time would be most of ingestion's cost. Keyed by widget type
 * and id; dropped when a row they were read from changes (`dependencies`) or a brand does (`player:*`); unknown or
 * unpublished ids are not kept.
 */
const eventScopes = perDatabase(
  (db) =>
    new Remembered<EventScope>(changeFeed(db), (change, _key, scope) => touches(change, scope.dependencies), 10_000),
);

/** The scope of a widget's instance (a mobile instance for 'mobile'), remembered; null: unknown or unpublished. */
export const eventScopeOf = (db: Db, widget: WidgetType, id: string) =>
  eventScopes(db).get(`${widget}:${id}`, () => (widget === 'mobile' ? mobileEventScope : eventScope)(db, id));
