import { type Currency, MSG } from '@atk/contract';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contains, likePattern, listPage, type Page } from '../../db/query.ts';
import { categories, currencies, subCategories } from '../../db/schema.ts';
import { deletedIs, getLive, liveById, softDelete, updateLive } from '../../db/soft-delete.ts';
import { assertNameFree } from '../../db/unique-name.ts';
import { notFound } from '../../platform/errors.ts';
import { assertUnused, categoryUses, subCategoryUses } from './usage.ts';

type CategoryRow = typeof categories.$inferSelect;

const toCategory = (c: CategoryRow) => ({
  _id: c.id,
  name: c.name,
  is_published: c.isPublished as 0 | 1,
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

export async function listCategories(
  db: Db,
  q: Page & { name?: string; is_published?: boolean; is_deleted?: boolean },
) {
  const filters: SQL[] = [deletedIs(categories, q.is_deleted)];
  if (q.name) filters.push(contains(categories.name, q.name));
  if (q.is_published !== undefined) filters.push(eq(categories.isPublished, q.is_published ? 1 : 0));
  const where = and(...filters);
  const rows = db.select().from(categories).where(where).orderBy(asc(categories.name)).$dynamic();
  return listPage(db, q, rows, { from: categories, where }, toCategory);
}

export async function getCategory(db: Db, id: string) {
  return toCategory(await getLive(db, categories, id, MSG.categoryNotFound));
}

const categoryName = (tx: Db, name: string, except?: string) =>
  assertNameFree(tx, categories, name, { kind: 'category', taken: MSG.categoryNameTaken, except });

export async function createCategory(db: Db, input: { name: string; is_published: 0 | 1 }) {
  const row = await db.transaction(async (tx) => {
    await categoryName(tx, input.name);
    const [created] = await tx
      .insert(categories)
      .values({ name: input.name, isPublished: input.is_published })
      .returning();
    return created;
  });
  return toCategory(row);
}

export async function updateCategory(db: Db, id: string, input: { name?: string; is_published?: 0 | 1 }) {
  return db.transaction(async (tx) => {
    await getLive(tx, categories, id, MSG.categoryNotFound);
    if (input.name !== undefined) await categoryName(tx, input.name, id);
    return toCategory(
      await updateLive(tx, categories, id, { name: input.name, isPublished: input.is_published }, MSG.categoryNotFound),
    );
  });
}

export async function deleteCategory(db: Db, id: string) {
  await db.transaction(async (tx) => {
    await getLive(tx, categories, id, MSG.categoryNotFound, { lock: true });
    assertUnused(await categoryUses(tx, id));
    await softDelete(tx, categories, id, MSG.categoryNotFound);
  });
}

const subCategoryColumns = {
  sub: subCategories,
  categoryName: categories.name,
};

const toSubCategory = (r: { sub: typeof subCategories.$inferSelect; categoryName: string }) => ({
  _id: r.sub.id,
  category_id: r.sub.categoryId,
  category_name: r.categoryName,
  name: r.sub.name,
  is_published: r.sub.isPublished as 0 | 1,
  created_at: r.sub.createdAt.toISOString(),
  updated_at: r.sub.updatedAt.toISOString(),
});

export async function listSubCategories(
  db: Db,
  q: Page & { name?: string; is_published?: boolean; is_deleted?: boolean; category_id?: string },
) {
  const filters: SQL[] = [deletedIs(subCategories, q.is_deleted)];
  if (q.name) filters.push(contains(subCategories.name, q.name));
  if (q.is_published !== undefined) filters.push(eq(subCategories.isPublished, q.is_published ? 1 : 0));
  if (q.category_id) filters.push(eq(subCategories.categoryId, q.category_id));
  const where = and(...filters);
  const rows = db
    .select(subCategoryColumns)
    .from(subCategories)
    .innerJoin(categories, eq(categories.id, subCategories.categoryId))
    .where(where)
    .orderBy(asc(subCategories.name))
    .$dynamic();
  return listPage(db, q, rows, { from: subCategories, where }, toSubCategory);
}

export async function getSubCategory(db: Db, id: string) {
  const [row] = await db
    .select(subCategoryColumns)
    .from(subCategories)
    .innerJoin(categories, eq(categories.id, subCategories.categoryId))
    .where(liveById(subCategories, id))
    .limit(1);
  if (!row) throw notFound(MSG.subCategoryNotFound);
  return toSubCategory(row);
}

export async function createSubCategory(db: Db, input: { name: string; category_id: string; is_published: 0 | 1 }) {
  await getCategory(db, input.category_id);
  const [row] = await db
    .insert(subCategories)
    .values({ name: input.name, categoryId: input.category_id, isPublished: input.is_published })
    .returning();
  return getSubCategory(db, row.id);
}

export async function updateSubCategory(
  db: Db,
  id: string,
  input: { name?: string; category_id?: string; is_published?: 0 | 1 },
) {
  if (input.category_id) await getCategory(db, input.category_id);
  await updateLive(
    db,
    subCategories,
    id,
    { name: input.name, categoryId: input.category_id, isPublished: input.is_published },
    MSG.subCategoryNotFound,
  );
  return getSubCategory(db, id);
}

export async function deleteSubCategory(db: Db, id: string) {
  await db.transaction(async (tx) => {
    await getLive(tx, subCategories, id, MSG.subCategoryNotFound, { lock: true });
    assertUnused(await subCategoryUses(tx, id));
    await softDelete(tx, subCategories, id, MSG.subCategoryNotFound);
  });
}

/** A sub category must belong to the category it is saved with. */
export async function assertCategoryPair(db: Db, categoryId?: string | null, subCategoryId?: string | null) {
  // Held until the caller's transaction ends: a delete of either (which locks it FOR UPDATE) waits, then counts the
  // record that now names it and refuses, so no record is left naming a deleted category.
  if (categoryId) await getLive(db, categories, categoryId, MSG.categoryNotFound, { lock: 'share' });
  if (!subCategoryId) return;
  const sub = await getLive(db, subCategories, subCategoryId, MSG.subCategoryNotFound, { lock: 'share' });
  if (categoryId && sub.categoryId !== categoryId) {
    throw notFound(MSG.subCategoryNotFound);
  }
}

export async function listCurrencies(db: Db, q: Page & { name?: string }) {
  const filters: SQL[] = [deletedIs(currencies)];
  if (q.name) {
    const p = likePattern(q.name);
    filters.push(sql`(${currencies.currency} ilike ${p} or ${currencies.name} ilike ${p})`);
  }
  const where = and(...filters);
  const rows = db
    .select()
    .from(currencies)
    .where(where)
    .orderBy(desc(sql`${currencies.currency} in ('USD','EUR','GBP','JPY','CAD','AUD')`), asc(currencies.currency))
    .$dynamic();
  return listPage(
    db,
    q,
    rows,
    { from: currencies, where },
    (c): Currency => ({
      _id: c.id,
      currency: c.currency,
      name: c.name,
      symbol: c.symbol,
    }),
  );
}

/** The ISO 4217 list with English names and narrow symbols, from the runtime's own Unicode data. */
export function iso4217() {
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  return Intl.supportedValuesOf('currency').map((code) => {
    const parts = new Intl.NumberFormat('en', {
      style: 'currency',
      currency: code,
      currencyDisplay: 'narrowSymbol',
    }).formatToParts(1);
    return {
      currency: code,
      name: names.of(code) ?? code,
      symbol: parts.find((p) => p.type === 'currency')?.value ?? code,
    };
  });
}

export async function seedCurrencies(db: Db) {
  await db.insert(currencies).values(iso4217()).onConflictDoNothing();
}
