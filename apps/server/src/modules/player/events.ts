import { createHash } from 'node:crypto';
import { type InstanceSong, MSG, type PlayerEvents, pageUrl } from '@atk/contract';
import { and, eq, sql } from 'drizzle-orm';
import { changeFeed, Remembered } from '../../db/changes.ts';
import { type Db, perDatabase } from '../../db/client.ts';
import { brands, instances, mobileInstanceProducts, mobileInstances, NO_ID, products } from '../../db/schema.ts';
import { deletedIs } from '../../db/soft-delete.ts';
import { tooManyRequests } from '../../platform/errors.ts';
import { NOWHERE, placeOf } from '../../platform/geo.ts';
import { LIMITS, sweepExpired, takeHit } from '../../platform/rate-limit.ts';
import { type CheckedEvent, foldBatch } from '../statistics/ingest.ts';
import { strictVisitorId } from '../statistics/salts.ts';
import { issueToken, tokenIssued } from '../statistics/tokens.ts';
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
    .select({ sources: mobileInstances.sources })
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

/**
 * Stores a batch of the player's events (POST /widget/events) and folds it into the statistics, in one
 * statement (modules/statistics/ingest.ts). An event is dropped, silently (a visitor's page cannot do anything
 * about it), when its instance is unknown, unpublished or deleted, or when it names a product, song or source
 * that the instance does not list. `address` (the client's, behind TRUST_PROXY) only places a visitor who
 * launches: it is looked up and forgotten. Answers how many were stored. A batch with widget_type 'mobile' names
 * mobile instances (mobileEventScope). Counts the batch against its address's limit (in the fold's statement when
 * it stores events) and refuses it with 429, storing nothing, once the window is full.
 *
 * Events other than a launch count only with the batch's valid token for their instance and visitor
 * (../statistics/tokens.ts); what the caps and budgets let through is decided in the fold (docs/api.md "How hard the
 * statistics are to inflate"), and what they drop is counted there. Answers a token: the launched instance's new one,
 * else the batch's own renewed, else null.
 *
 * A strict batch (privacy 'strict') sends no visitor id: its visitor is the day's salted hash of the address, the
 * user agent and its first instance (../statistics/salts.ts), and the fold keeps no visitor across days for it.
 */
export async function recordPlayerEvents(
  db: Db,
  sent: Omit<PlayerEvents, 'privacy'> & Partial<Pick<PlayerEvents, 'privacy'>>,
  address: string | undefined,
  secret: Buffer,
  userAgent = '',
): Promise<{ accepted: number; token: string | null }> {
  const strict = sent.privacy === 'strict';
  const batch = {
    ...sent,
    visitor_id: strict
      ? await strictVisitorId(db, address ?? '', userAgent, sent.events[0].instance_id)
      : (sent.visitor_id as string),
  };
  const ids = [...new Set(batch.events.map((e) => e.instance_id.toLowerCase()))];
  const read = batch.widget_type === 'mobile' ? mobileEventScope : eventScope;
  const scopeOf = (id: string) => eventScopes(db).get(`${batch.widget_type}:${id}`, () => read(db, id));
  const known = new Map(
    (await Promise.all(ids.map(async (id) => [id, await scopeOf(id)] as const))).filter(
      (entry): entry is readonly [string, EventScope] => entry[1] !== null,
    ),
  );
  const tokenOf = (instance: string) => ({ widget: batch.widget_type, instance, visitor: batch.visitor_id });
  const issued = new Map([...known.keys()].map((id) => [id, tokenIssued(secret, tokenOf(id), batch.token)]));
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
        issued: issued.get(e.instance_id.toLowerCase()) ?? null,
      },
    ];
  });
  const held = [...issued].find(([, at]) => at !== null)?.[0];
  if (!values.length) {
    await countEventsHit(db, address);
    return { accepted: 0, token: held ? issueToken(secret, tokenOf(held)) : null };
  }
  const launches = values.some((e) => e.type === 'launch');
  await sweepExpired(db);
  const addressKey = addressDigest(address ?? '');
  const folded = await foldBatch(db, {
    visitorId: batch.visitor_id,
    strict,
    widgetType: batch.widget_type,
    pageUrl: launches ? pageUrl(batch.page_url) : '',
    place: launches ? await placeOf(address) : NOWHERE,
    events: values,
    hit: { key: `player_events:addr:${addressKey}`, limit: LIMITS.playerEventsPerAddress },
    addressKey,
  });
  if (!folded.allowed) throw tooManyRequests(MSG.playerEventsTooMany);
  const tokenFor = folded.launched[0] ?? held;
  return { accepted: folded.accepted, token: tokenFor ? issueToken(secret, tokenOf(tokenFor)) : null };
}

/**
 * Counts a batch against its address's limit (LIMITS.playerEventsPerAddress) on its own, refusing it when the window
 * is full: for a batch that stores nothing (invalid, or no event its instance allows). A batch that stores events
 * counts its hit in its fold's statement (recordPlayerEvents).
 */
export const countEventsHit = (db: Db, address: string | undefined) =>
  takeHit(db, eventsLimitKey(address ?? ''), LIMITS.playerEventsPerAddress, MSG.playerEventsTooMany);

/**
 * The rate-limit key of an address's event batches: a digest of the address, not the address, so no table holds
 * a visitor's address (the row itself lives a minute).
 */
export const eventsLimitKey = (address: string) => `player_events:addr:${addressDigest(address)}`;

const addressDigest = (address: string) => createHash('sha256').update(address).digest('base64url');
