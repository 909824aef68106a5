import { MSG } from '@atk/contract';
import { and, desc, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contains, listPage, type Page } from '../../db/query.ts';
import { brands } from '../../db/schema.ts';
import { deletedIs, getLive, softDelete, updateLive } from '../../db/soft-delete.ts';
import { conflict } from '../../platform/errors.ts';

type BrandRow = typeof brands.$inferSelect;

export const toBrand = (b: BrandRow) => ({
  _id: b.id,
  name: b.name,
  is_published: b.isPublished as 0 | 1,
  created_at: b.createdAt.toISOString(),
  updated_at: b.updatedAt.toISOString(),
  is_deleted: b.isDeleted,
});

export async function listBrands(db: Db, q: Page & { name?: string; is_published?: boolean; is_deleted?: boolean }) {
  const filters: SQL[] = [deletedIs(brands, q.is_deleted)];
  if (q.name) filters.push(contains(brands.name, q.name));
  if (q.is_published !== undefined) filters.push(eq(brands.isPublished, q.is_published ? 1 : 0));
  const where = and(...filters);
  const rows = db.select().from(brands).where(where).orderBy(desc(brands.createdAt), desc(brands.id)).$dynamic();
  return listPage(db, q, rows, { from: brands, where }, toBrand);
}

export async function getBrand(db: Db, id: string) {
  return toBrand(await getLive(db, brands, id, MSG.brandNotFound));
}

/**
 * Two live brands never share a name, compared trimmed and case-insensitively ('Acme' and ' ACME'). An advisory lock
 * makes brand-name writes take turns, so two operators saving the same name at once cannot both pass the check.
 */
async function assertNameFree(tx: Db, name: string, except?: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('atk:brand-names'))`);
  const same = sql`lower(btrim(${brands.name})) = lower(btrim(${name}))`;
  const [taken] = await tx
    .select({ id: brands.id })
    .from(brands)
    .where(and(same, deletedIs(brands), except ? ne(brands.id, except) : undefined))
    .limit(1);
  if (taken) throw conflict(MSG.brandNameTaken);
}

export async function createBrand(db: Db, input: { name: string; is_published: 0 | 1 }) {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    const [row] = await tx.insert(brands).values({ name: input.name, isPublished: input.is_published }).returning();
    return toBrand(row);
  });
}

export async function updateBrand(db: Db, id: string, input: { name?: string; is_published?: 0 | 1 }) {
  return db.transaction(async (tx) => {
    await getLive(tx, brands, id, MSG.brandNotFound);
    if (input.name !== undefined) await assertNameFree(tx, input.name, id);
    return toBrand(
      await updateLive(tx, brands, id, { name: input.name, isPublished: input.is_published }, MSG.brandNotFound),
    );
  });
}

export async function deleteBrand(db: Db, id: string) {
  await softDelete(db, brands, id, MSG.brandNotFound);
}
