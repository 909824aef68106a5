/**
 * How an instance is answered: its lists of sources and products named as the console shows them, and whether each
 * product is one visitors will see (docs/api.md "Products visitors will not see").
 */
import {
  DEFAULT_FEATURES,
  type Instance,
  type InstanceProduct,
  type InstanceProductNamed,
  type InstanceSong,
  type InstanceSongNamed,
  type ProductHiddenReason,
} from '@atk/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, type instances, instruments, products, songs } from '../../db/schema.ts';

type InstanceRow = typeof instances.$inferSelect;

/** Sources with the names the console shows: every song and source in two queries, whoever's they are. */
export async function named(db: Db, lists: InstanceSong[][]): Promise<InstanceSongNamed[][]> {
  const songIds = [...new Set(lists.flat().map((s) => s.song_id))];
  const instrumentIds = [...new Set(lists.flat().flatMap((s) => s.instruments.map((i) => i.instrument_id)))];
  const [songRows, instrumentRows] = await Promise.all([
    songIds.length
      ? db
          .select({ id: songs.id, name: songs.name, songWriter: songs.songWriter })
          .from(songs)
          .where(inArray(songs.id, songIds))
      : [],
    instrumentIds.length
      ? db
          .select({ id: instruments.id, name: instruments.name, performer: instruments.performerName })
          .from(instruments)
          .where(inArray(instruments.id, instrumentIds))
      : [],
  ]);
  const songById = new Map(songRows.map((r) => [r.id, r]));
  const instrumentById = new Map(instrumentRows.map((r) => [r.id, r]));
  return lists.map((list) =>
    list.map((s) => ({
      ...s,
      name: songById.get(s.song_id)?.name ?? '',
      song_writer: songById.get(s.song_id)?.songWriter ?? null,
      instruments: s.instruments.map((i) => ({
        ...i,
        name: instrumentById.get(i.instrument_id)?.name ?? '',
        performer: instrumentById.get(i.instrument_id)?.performer ?? null,
      })),
    })),
  );
}

/**
 * Products with the name and brand the console shows, and why visitors would not see one (`hidden`, the player
 * read's rules: ../player/service.ts), in one query.
 */
async function namedProducts(db: Db, brandId: string, lists: InstanceProduct[][]): Promise<InstanceProductNamed[][]> {
  const ids = [...new Set(lists.flat().map((p) => p.product_id))];
  const rows = ids.length
    ? await db
        .select({
          id: products.id,
          name: products.name,
          published: products.isPublished,
          deleted: products.isDeleted,
          brandId: products.brandId,
          brandName: brands.name,
          brandPublished: brands.isPublished,
          brandDeleted: brands.isDeleted,
        })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(inArray(products.id, ids))
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const hidden = (r: (typeof rows)[number] | undefined): ProductHiddenReason | null => {
    if (!r || r.deleted) return 'deleted';
    if (r.brandDeleted || (r.brandId !== brandId && r.brandPublished !== 1)) return 'brand';
    return r.published === 1 ? null : 'pending';
  };
  return lists.map((list) =>
    list.map((p) => ({
      ...p,
      name: byId.get(p.product_id)?.name ?? '',
      brand_name: byId.get(p.product_id)?.brandName ?? '',
      hidden: hidden(byId.get(p.product_id)),
    })),
  );
}

export async function present(db: Db, row: InstanceRow): Promise<Instance> {
  const [[brand], [sources, mySources], [mine, others]] = await Promise.all([
    db.select({ name: brands.name }).from(brands).where(eq(brands.id, row.brandId)),
    named(db, [row.sources, row.mySources]),
    namedProducts(db, row.brandId, [row.products, row.otherProducts]),
  ]);
  return {
    _id: row.id,
    brand_id: row.brandId,
    general: {
      name: row.name,
      brand_id: row.brandId,
      brand_name: brand?.name ?? '',
      category_id: row.categoryId,
      sub_category_id: row.subCategoryId,
      is_published: row.isPublished as 0 | 1,
      website: row.website,
    },
    // Features saved before one existed read as its default (display price: enabled).
    features: { ...DEFAULT_FEATURES, ...row.features },
    products: mine,
    other_products: others,
    sources,
    my_sources: mySources,
    images: row.images,
    buttons: row.buttons,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
