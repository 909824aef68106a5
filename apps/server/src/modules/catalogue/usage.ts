import { MSG } from '@atk/contract';
import { and, count, countDistinct, eq, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonArrayHas } from '../../db/query.ts';
import { audios, instances, instruments, products, songs, subCategories } from '../../db/schema.ts';
import { deletedIs, type SoftDeletable } from '../../db/soft-delete.ts';
import { conflict } from '../../platform/errors.ts';

/** A kind of record that refers to another, counted in the refusal: [singular, plural]. */
type Noun = readonly [string, string];
const SUB_CATEGORY: Noun = ['sub category', 'sub categories'];
const SONG: Noun = ['song', 'songs'];
const SOURCE: Noun = ['source', 'sources'];
const PRODUCT: Noun = ['product', 'products'];
const INSTANCE: Noun = ['instance', 'instances'];

type Use = { noun: Noun; count: number };

/** 'Used by 12 products and 3 instances' from the uses that are not zero. */
function usedBy(uses: Use[]): string | null {
  const parts = uses.filter((u) => u.count > 0).map((u) => `${u.count} ${u.count === 1 ? u.noun[0] : u.noun[1]}`);
  if (!parts.length) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
  return MSG.usedBy.replace('{uses}', list);
}

/** Refuses (409) to delete a record other live records still refer to, saying which and how many. */
export function assertUnused(uses: Use[]) {
  const msg = usedBy(uses);
  if (msg) throw conflict(msg);
}

async function countLive(db: Db, table: SoftDeletable, where: SQL | undefined, noun: Noun): Promise<Use> {
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(and(deletedIs(table), where));
  return { noun, count: row.n };
}

export async function categoryUses(db: Db, id: string): Promise<Use[]> {
  return [
    await countLive(db, subCategories, eq(subCategories.categoryId, id), SUB_CATEGORY),
    await countLive(db, products, eq(products.categoryId, id), PRODUCT),
    await countLive(db, instances, eq(instances.categoryId, id), INSTANCE),
  ];
}

export async function subCategoryUses(db: Db, id: string): Promise<Use[]> {
  return [
    await countLive(db, songs, eq(songs.subCategoryId, id), SONG),
    await countLive(db, products, eq(products.subCategoryId, id), PRODUCT),
    await countLive(db, instances, eq(instances.subCategoryId, id), INSTANCE),
  ];
}

/**
 * A song is used by its live sources and the products that list it. Instances and mobile instances are not counted:
 * their sources follow the catalogue (a deleted song or source drops out at their next read and sync).
 */
export async function songUses(db: Db, id: string): Promise<Use[]> {
  return [
    await countLive(db, instruments, eq(instruments.songId, id), SOURCE),
    await countLive(db, products, or(jsonArrayHas(products.songs, id), jsonArrayHas(products.atkSongs, id)), PRODUCT),
  ];
}

/** A source is used by the live products holding a recording of it (instances follow, as for songs). */
export async function instrumentUses(db: Db, id: string): Promise<Use[]> {
  const [recorded] = await db
    .select({ n: countDistinct(audios.productId) })
    .from(audios)
    .innerJoin(products, eq(products.id, audios.productId))
    .where(and(eq(audios.instrumentId, id), deletedIs(products)));
  return [{ noun: PRODUCT, count: recorded.n }];
}
