import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { notFound } from '../platform/errors.ts';
import type { Db } from './client.ts';

/** A table whose rows are soft-deleted: `is_deleted` set, never removed, and `updated_at` moved. */
export type SoftDeletable = PgTable & { id: PgColumn; isDeleted: PgColumn; updatedAt: PgColumn };
type Row<T extends SoftDeletable> = T['$inferSelect'];

/** The list filter: rows deleted or not (`is_deleted` of the list queries, not deleted by default). */
export const deletedIs = (table: Pick<SoftDeletable, 'isDeleted'>, deleted = false) => eq(table.isDeleted, deleted);

/** The row `id` unless it is deleted, narrowed further by `where` (a brand's scope, for one). */
export const liveById = (table: SoftDeletable, id: string, where?: SQL) =>
  and(eq(table.id, id), eq(table.isDeleted, false), where);

/**
 * The row `id` not deleted (and within `where`), or a 404 with `missing`. `lock` holds it until the transaction ends:
 * `true` to change it (FOR UPDATE), `'share'` to keep it from changing or being deleted meanwhile (FOR SHARE).
 */
export async function getLive<T extends SoftDeletable>(
  db: Db,
  table: T,
  id: string,
  missing: string,
  opts: { where?: SQL; lock?: boolean | 'share' } = {},
): Promise<Row<T>> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(liveById(table, id, opts.where))
    .limit(1);
  const [row] = opts.lock ? await query.for(opts.lock === 'share' ? 'share' : 'update') : await query;
  if (!row) throw notFound(missing);
  return row as Row<T>;
}

/** Updates the row `id` unless it is deleted (moving `updated_at`), or a 404 with `missing`. */
export async function updateLive<T extends SoftDeletable>(
  db: Db,
  table: T,
  id: string,
  set: PgUpdateSetSource<T>,
  missing: string,
): Promise<Row<T>> {
  const [row] = (await db
    .update(table)
    .set({ ...set, updatedAt: new Date() })
    .where(liveById(table, id))
    .returning()) as Row<T>[];
  if (!row) throw notFound(missing);
  return row;
}

/** Soft-deletes the row `id`, or a 404 with `missing` when there is none (or it is deleted already). */
export async function softDelete(db: Db, table: SoftDeletable, id: string, missing: string): Promise<void> {
  await updateLive(db, table, id, { isDeleted: true } as PgUpdateSetSource<SoftDeletable>, missing);
}
