import { MOBILE_SLOTS, type MobilePlayerInstance, MSG, ORDERED_FEATURES, type PlayerInstance } from '@atk/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, mobileInstanceProducts, mobileInstances, products, retailers, settings } from '../../db/schema.ts';
import { deletedIs, liveById } from '../../db/soft-delete.ts';
import { notFound } from '../../platform/errors.ts';
import {
  imageOrderOf,
  offeredSources,
  playerSongPlan,
  playerSongsOf,
  songRowsOf,
  toPlayerProduct,
  UUID,
} from '../player/service.ts';
import { frequencyBandsOf, mobileInfosOf, mobileMenuOf } from '../settings/service.ts';

/**
 * What the mobile widget shows of a product: everything (a mobile instance has no feature switches; the widget's
 * menu, chosen by the operator, decides what is offered), the price included.
 */
const MOBILE_FEATURES: PlayerInstance['features'] = {
  ordered: [...ORDERED_FEATURES],
  display_price: 1,
  products_in_player: Number.MAX_SAFE_INTEGER,
  listener_votes: 0,
  abx_trials: 0,
  // the UTM tags are a desktop instance's Features tab switch; a mobile instance has none
  utm_tags: 0,
};

export interface MobileRead {
  instance: MobilePlayerInstance;
  /** A recording of an active product on an offered source is still being processed: read again soon. */
  preparing: boolean;
}

/** One active product's choices, as `slotsOf` orders them. */
export interface SlotCandidate {
  id: string;
  isFeatured: number;
  featuredOrder: number | null;
  playerPosition: number | null;
  placementPriority: number | null;
}

const nullsLast = (a: number | null, b: number | null) =>
  (a ?? Number.MAX_SAFE_INTEGER) - (b ?? Number.MAX_SAFE_INTEGER);

/**
 * The products on screen at launch, slot 1 first: a featured product with a player position takes that slot; the
 * other featured ones fill the free slots by placement priority, then featured order. With nothing featured the
 * first active products (in the order given) fill the slots, so the widget never opens on an empty screen.
 */
export function slotsOf(candidates: SlotCandidate[]): string[] {
  const featured = candidates.filter((c) => c.isFeatured === 1);
  if (featured.length === 0) return candidates.slice(0, MOBILE_SLOTS).map((c) => c.id);
  const slots: (string | null)[] = Array.from({ length: MOBILE_SLOTS }, () => null);
  const placed = new Set<string>();
  for (const c of featured) {
    const at = c.playerPosition;
    if (at !== null && at >= 1 && at <= MOBILE_SLOTS && slots[at - 1] === null) {
      slots[at - 1] = c.id;
      placed.add(c.id);
    }
  }
  const rest = featured
    .filter((c) => !placed.has(c.id))
    .sort((a, b) => nullsLast(a.placementPriority, b.placementPriority) || nullsLast(a.featuredOrder, b.featuredOrder));
  for (const c of rest) {
    const free = slots.indexOf(null);
    if (free < 0) break;
    slots[free] = c.id;
  }
  return slots.filter((id): id is string => id !== null);
}

/**
 * GET /widget/mobile_instances/{id}: a published, non-deleted mobile instance with its active products (published,
 * not deleted, of brands not deleted; each mapped as the desktop read maps a product), the slots, the songs of its
 * active sources with every active product's ready versions, the operator's menu, info pages and frequency bands
 * (the mobile_… settings, defaults until saved), its image order and the active retailers. Unknown, unpublished, deleted or
 * malformed ids are one 404. The tables of modules/mobile and modules/retailers are read directly.
 */
export async function readMobilePlayer(db: Db, id: string): Promise<MobileRead> {
  if (!UUID.test(id)) throw notFound(MSG.instanceNotFound);
  const [row] = await db.select().from(mobileInstances).where(liveById(mobileInstances, id)).limit(1);
  if (row?.isPublished !== 1) throw notFound(MSG.instanceNotFound);

  const plan = playerSongPlan(row.sources ?? [], []);
  const [productRows, settingRows, retailerRows] = await Promise.all([
    db
      .select({
        product: products,
        brandName: brands.name,
        isFeatured: mobileInstanceProducts.isFeatured,
        featuredOrder: mobileInstanceProducts.featuredOrder,
        playerPosition: mobileInstanceProducts.playerPosition,
        placementPriority: mobileInstanceProducts.placementPriority,
      })
      .from(mobileInstanceProducts)
      .innerJoin(products, eq(products.id, mobileInstanceProducts.productId))
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(
        and(
          eq(mobileInstanceProducts.instanceId, row.id),
          eq(mobileInstanceProducts.isActive, 1),
          eq(products.isPublished, 1),
          deletedIs(products),
          eq(brands.isPublished, 1),
          deletedIs(brands),
        ),
      )
      .orderBy(asc(brands.name), asc(products.name), asc(products.id)),
    db
      .select({ type: settings.type, content: settings.content })
      .from(settings)
      .where(inArray(settings.type, ['mobile_menu', 'mobile_infos', 'mobile_freq_graph'])),
    db
      .select({ id: retailers.id, name: retailers.name, image: retailers.image, website: retailers.website })
      .from(retailers)
      .where(and(eq(retailers.status, '1'), deletedIs(retailers)))
      .orderBy(asc(retailers.name), asc(retailers.id)),
  ]);

  // Products: the slots first (slot order), then the other active ones, featured first by featured order.
  const slots = slotsOf(
    productRows.map((r) => ({
      id: r.product.id,
      isFeatured: r.isFeatured,
      featuredOrder: r.featuredOrder,
      playerPosition: r.playerPosition,
      placementPriority: r.placementPriority,
    })),
  );
  const others = productRows
    .filter((r) => !slots.includes(r.product.id))
    .sort((a, b) => b.isFeatured - a.isFeatured || nullsLast(a.featuredOrder, b.featuredOrder));
  const ordered = [...slots.map((sid) => productRows.find((r) => r.product.id === sid)), ...others].flatMap((r) =>
    r ? [r] : [],
  );
  const playerProducts = ordered.map((r) => toPlayerProduct(r.product, r.brandName, MOBILE_FEATURES));
  const productIds = playerProducts.map((p) => p._id);

  const [songRows, instrumentRows, audioRows] = await Promise.all(songRowsOf(db, plan, productIds));
  const songs = playerSongsOf(plan, songRows, instrumentRows, audioRows, productIds);
  const offered = offeredSources(plan, instrumentRows);
  const preparing = audioRows.some((a) => a.status !== 'ready' && offered.has(a.instrumentId));

  const stored = (type: string) => settingRows.find((s) => s.type === type)?.content ?? null;
  return {
    instance: {
      _id: row.id,
      name: row.name,
      products: playerProducts,
      slots,
      songs,
      menu: mobileMenuOf(stored('mobile_menu')),
      infos: mobileInfosOf(stored('mobile_infos')),
      frequency_bands: frequencyBandsOf(stored('mobile_freq_graph')),
      image_order: imageOrderOf(row.images),
      retailers: retailerRows.map((r) => ({
        _id: r.id,
        name: r.name,
        image: r.image?.url ?? null,
        website: r.website ?? null,
      })),
      preparing: preparing ? 1 : 0,
      listener_votes: row.listenerVotes === 1 ? 1 : 0,
      updated_at: row.updatedAt.toISOString(),
    },
    preparing,
  };
}
