import { MSG } from '@atk/contract';
import { and, count, desc, eq, ilike, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands } from '../../db/schema.ts';
import { pageOffset } from '../../http/envelope.ts';
import { notFound } from '../../http/errors.ts';

type BrandRow = typeof brands.$inferSelect;

export const toBrand = (b: BrandRow) => ({
  _id: b.id,
  name: b.name,
  is_published: b.isPublished as 0 | 1,
  created_at: b.createdAt.toISOString(),
  updated_at: b.updatedAt.toISOString(),
  is_deleted: b.isDeleted,
});

/** `%` and `_` in a user's search are literal characters, not wildcards. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listBrands(
  db: Db,
  q: { page_num: number; page_size: number; name?: string; is_published?: boolean; is_deleted?: boolean },
) {
  const filters: SQL[] = [eq(brands.isDeleted, q.is_deleted ?? false)];
  if (q.name) filters.push(ilike(brands.name, likePattern(q.name)));
  if (q.is_published !== undefined) filters.push(eq(brands.isPublished, q.is_published ? 1 : 0));
  const where = and(...filters);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(brands)
      .where(where)
      .orderBy(desc(brands.createdAt), desc(brands.id))
      .limit(q.page_size)
      .offset(pageOffset(q)),
    db.select({ total: count() }).from(brands).where(where),
  ]);
  return { list: rows.map(toBrand), total_num: Number(total) };
}

export async function getBrand(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(brands)
    .where(and(eq(brands.id, id), eq(brands.isDeleted, false)))
    .limit(1);
  if (!row) throw notFound(MSG.brandNotFound);
  return toBrand(row);
}

export async function createBrand(db: Db, input: { name: string; is_published: 0 | 1 }) {
  const [row] = await db.insert(brands).values({ name: input.name, isPublished: input.is_published }).returning();
  return toBrand(row);
}

export async function updateBrand(db: Db, id: string, input: { name?: string; is_published?: 0 | 1 }) {
  const [row] = await db
    .update(brands)
    .set({ name: input.name, isPublished: input.is_published, updatedAt: new Date() })
    .where(and(eq(brands.id, id), eq(brands.isDeleted, false)))
    .returning();
  if (!row) throw notFound(MSG.brandNotFound);
  return toBrand(row);
}

export async function deleteBrand(db: Db, id: string) {
  const [row] = await db
    .update(brands)
    .set({ isDeleted: true, updatedAt: new Date() })
    .where(and(eq(brands.id, id), eq(brands.isDeleted, false)))
    .returning({ id: brands.id });
  if (!row) throw notFound(MSG.brandNotFound);
}
