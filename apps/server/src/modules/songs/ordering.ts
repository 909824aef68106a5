import { MSG } from '@atk/contract';
import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, instruments, songs, subCategories } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';

/**
 * Orders of songs and sources (docs/api.md "Catalogue screens"): within its group an item's `order` is its position,
 * 1..n without gaps or repeats. Changing one moves the item and shifts the ones between by one; a new item goes last
 * (or where its order puts it), a deleted one closes its gap. Every such write runs in one transaction that first locks
 * the group's parent row (`FOR NO KEY UPDATE`: the sub category, brand or song), so two operators saving at once take
 * turns and never both read the same positions. Platform songs outside a sub category have no parent row; a
 * transaction-scoped advisory lock stands in for it.
 */

/** The songs a song is ordered among: those of its sub category, else its brand's (or the platform's) without one. */
export interface SongGroup {
  subCategoryId: string | null;
  brandId: string | null;
}

export const songGroupOf = (row: { subCategoryId: string | null; brandId: string | null }): SongGroup => ({
  subCategoryId: row.subCategoryId,
  brandId: row.brandId,
});

const groupKey = (g: SongGroup) => (g.subCategoryId ? `s:${g.subCategoryId}` : g.brandId ? `b:${g.brandId}` : 'atk');

const songGroupWhere = (g: SongGroup): SQL =>
  g.subCategoryId
    ? eq(songs.subCategoryId, g.subCategoryId)
    : (and(isNull(songs.subCategoryId), g.brandId ? eq(songs.brandId, g.brandId) : isNull(songs.brandId)) as SQL);

/** Locks the groups' parents in one order (by key), so two transactions locking two groups cannot deadlock. */
export async function lockSongGroups(tx: Db, groups: SongGroup[]) {
  const byKey = new Map(groups.map((g) => [groupKey(g), g]));
  for (const key of [...byKey.keys()].sort()) {
    const g = byKey.get(key) as SongGroup;
    if (g.subCategoryId) {
      await tx
        .select({ id: subCategories.id })
        .from(subCategories)
        .where(eq(subCategories.id, g.subCategoryId))
        .for('no key update');
    } else if (g.brandId) {
      const found = await tx
        .select({ id: brands.id })
        .from(brands)
        .where(and(eq(brands.id, g.brandId), eq(brands.isDeleted, false)))
        .for('no key update');
      // An admin names the brand of a new song: an unknown one is a 404, not a foreign-key failure.
      if (!found.length) throw notFound(MSG.brandNotFound);
    } else {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('atk:platform-songs'))`);
    }
  }
}

export const sameSongGroup = (a: SongGroup, b: SongGroup) => groupKey(a) === groupKey(b);

/** Locks a song's sources (the song row), for every write of one of them. */
export async function lockSources(tx: Db, songId: string) {
  await tx.select({ id: songs.id }).from(songs).where(eq(songs.id, songId)).for('no key update');
}

/** Where an item goes: a position (1-based; past the end means last), the end, or where it already is. */
export type Placement = number | 'end' | 'keep';

type Ordered = typeof songs | typeof instruments;

/**
 * Renumbers the live items of a group 1..n in their current order (order, then age), with `moving` taken out
 * and put at its placement; writes only the orders that change, in one statement. Call it with the group locked.
 */
async function arrange(tx: Db, ordered: Ordered, where: SQL, moving?: { id: string; to: Placement }) {
  // Both tables have the same id, order, created_at and is_deleted columns; typed as one of them.
  const table = ordered as typeof songs;
  const rows = await tx
    .select({ id: table.id, order: table.order })
    .from(table)
    .where(and(where, eq(table.isDeleted, false)))
    .orderBy(asc(table.order), asc(table.createdAt), asc(table.id));
  let ids = rows.map((r) => r.id);
  if (moving) {
    const at = ids.indexOf(moving.id);
    ids = ids.filter((id) => id !== moving.id);
    const index =
      moving.to === 'end'
        ? ids.length
        : moving.to === 'keep'
          ? Math.max(0, at)
          : Math.min(Math.max(moving.to, 1), ids.length + 1) - 1;
    if (at >= 0 || moving.to !== 'keep') ids.splice(index, 0, moving.id);
  }
  const was = new Map(rows.map((r) => [r.id, r.order]));
  const changed = ids.map((id, i) => ({ id, order: i + 1 })).filter((r) => was.get(r.id) !== r.order);
  if (!changed.length) return;
  const cases = sql.join(
    changed.map((r) => sql`when ${r.id}::uuid then ${r.order}::integer`),
    sql` `,
  );
  await tx
    .update(table)
    .set({ order: sql`case ${table.id} ${cases} end` })
    .where(
      inArray(
        table.id,
        changed.map((r) => r.id),
      ),
    );
}

export const arrangeSongs = (tx: Db, group: SongGroup, moving?: { id: string; to: Placement }) =>
  arrange(tx, songs, songGroupWhere(group), moving);

export const arrangeSources = (tx: Db, songId: string, moving?: { id: string; to: Placement }) =>
  arrange(tx, instruments, eq(instruments.songId, songId), moving);
