import { MSG } from '@atk/contract';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contains, listPage, type Page } from '../../db/query.ts';
import { brands, users } from '../../db/schema.ts';
import { deletedIs, getLive, softDelete, updateLive } from '../../db/soft-delete.ts';
import { assertNameFree as assertNameFreeOf, lockNames, sameNamed } from '../../db/unique-name.ts';
import { conflict } from '../../platform/errors.ts';
import { escapeHtml } from '../../platform/html.ts';
import type { Mailer } from '../../platform/mail.ts';

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
 * Brand names follow the names rule (db/unique-name.ts): writes and confirmations take turns under one lock, taken
 * before any brand row is locked, so the paths cannot deadlock.
 */
const lockBrandNames = (tx: Db) => lockNames(tx, 'brand');
const assertNameFree = (tx: Db, name: string, except?: string) =>
  assertNameFreeOf(tx, brands, name, { kind: 'brand', taken: MSG.brandNameTaken, except });

export async function createBrand(db: Db, input: { name: string; is_published: 0 | 1 }) {
  return db.transaction(async (tx) => {
    await assertNameFree(tx, input.name);
    const [row] = await tx.insert(brands).values({ name: input.name, isPublished: input.is_published }).returning();
    return toBrand(row);
  });
}

/**
 * Confirms a pending brand, in the caller's transaction (docs/api.md "A brand's state and scope"): refused with the
 * other brand named when a live brand has its name (a self sign-up names its brand freely, so the clash is caught
 * here, by the operator), else published, and its users still `pending` become `active`. Answers whether the
 * brand went from pending to active, so the caller mails its owners once (after the commit): a brand already
 * active, or deleted, is left alone.
 */
export async function confirmBrand(tx: Db, id: string): Promise<boolean> {
  await lockBrandNames(tx);
  const [row] = await tx
    .select({ name: brands.name, isPublished: brands.isPublished })
    .from(brands)
    .where(and(eq(brands.id, id), deletedIs(brands)))
    .for('update');
  if (!row || row.isPublished === 1) return false;
  const other = await sameNamed(tx, brands, row.name, { except: id });
  if (other !== null) throw conflict(MSG.brandConfirmClash.replace('{name}', other));
  const now = new Date();
  await tx.update(brands).set({ isPublished: 1, updatedAt: now }).where(eq(brands.id, id));
  await tx
    .update(users)
    .set({ masterBrandStatus: 'active', updatedAt: now })
    .where(and(eq(users.masterBrandId, id), eq(users.masterBrandStatus, 'pending')));
  return true;
}

/**
 * PUT /admin/brands/{id}: a rename is checked against the other live brands' names; switching a pending brand to
 * active is its confirmation (`confirmBrand`), whose `confirmed` tells the route to mail the owners.
 */
export async function updateBrand(db: Db, id: string, input: { name?: string; is_published?: 0 | 1 }) {
  return db.transaction(async (tx) => {
    if (input.name !== undefined || input.is_published === 1) await lockBrandNames(tx);
    const before = await getLive(tx, brands, id, MSG.brandNotFound);
    // The Edit dialog sends the name it shows: only a new name is a rename, so a clash met on Active is named.
    if (input.name !== undefined && input.name !== before.name) await assertNameFree(tx, input.name, id);
    const publishes = input.is_published === 1;
    await updateLive(
      tx,
      brands,
      id,
      { name: input.name, isPublished: publishes ? undefined : input.is_published },
      MSG.brandNotFound,
    );
    const confirmed = publishes && (await confirmBrand(tx, id));
    return { brand: toBrand(await getLive(tx, brands, id, MSG.brandNotFound)), confirmed };
  });
}

/**
 * The mail to a confirmed brand's users (its owner, and anyone invited to it meanwhile), sent after the answer:
 * from now on its published players are public.
 */
export function confirmationMail(db: Db, mailer: Mailer, publicUrl: string, id: string) {
  return async () => {
    const [brand] = await db.select({ name: brands.name }).from(brands).where(eq(brands.id, id)).limit(1);
    if (!brand) return;
    const owners = await db
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.masterBrandId, id), deletedIs(users)));
    for (const { email } of owners) await mailer.send(confirmedMail(email, brand.name, publicUrl));
  };
}

const confirmedMail = (to: string, brand: string, publicUrl: string) => ({
  to,
  subject: `Your brand ${brand} is confirmed on ATK Player`,
  text: `An operator confirmed your brand ${brand}. Your published players are now public: visitors see them on your pages, and the upload limits of a pending brand no longer apply.\n\nSign in at ${publicUrl}/login to manage your players.`,
  html: `<p>An operator confirmed your brand <strong>${escapeHtml(brand)}</strong>. Your published players are now public: visitors see them on your pages, and the upload limits of a pending brand no longer apply.</p><p><a href="${publicUrl}/login">Sign in</a> to manage your players.</p>`,
  link: `${publicUrl}/login`,
});

export async function deleteBrand(db: Db, id: string) {
  await softDelete(db, brands, id, MSG.brandNotFound);
}
