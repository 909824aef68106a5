/**
 * The demo player: a published instance of the demo brand with its four microphones (three in the featured slots)
 * and the demo song, made by the demo customer through the instances service (so it obeys the same rules as one
 * made in the console), and set as the landing page's instance. Once per database (`app_meta.demo_instance`),
 * after the demo content.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.ts';
import { appMeta, brands, products, roles, songs, subCategories, users } from '../../db/schema.ts';
import { createInstance, updateInstance } from '../../modules/instances/service.ts';
import { writeLandingInstance } from '../../modules/settings/service.ts';
import { DEMO_SONG } from './content.ts';

export const DEMO_INSTANCE = 'Demo Audio Microphones';

export async function seedDemoInstance(db: Db, opts: { brandName: string; log?: FastifyBaseLogger }) {
  const [done] = await db.select().from(appMeta).where(eq(appMeta.key, 'demo_instance'));
  if (done) return false;
  const [found] = await db
    .select({ brandId: brands.id, subCategoryId: subCategories.id, categoryId: subCategories.categoryId })
    .from(songs)
    .innerJoin(brands, eq(brands.id, songs.brandId))
    .innerJoin(subCategories, eq(subCategories.id, songs.subCategoryId))
    .where(and(eq(brands.name, opts.brandName), eq(songs.name, DEMO_SONG), eq(songs.isDeleted, false)));
  const [customer] = found
    ? await db
        .select({ id: users.id })
        .from(users)
        .innerJoin(roles, eq(roles.id, users.roleId))
        .where(and(eq(users.isDemo, true), eq(roles.name, 'customer'), eq(users.masterBrandId, found.brandId)))
    : [];
  if (!found || !customer) return false;
  const user = { id: customer.id, role: 'customer' as const, masterBrandId: found.brandId };
  const created = await db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const claimed = await tx
      .insert(appMeta)
      .values({ key: 'demo_instance', value: { at: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning();
    if (claimed.length === 0) return null;
    const instance = await createInstance(tx, user, {
      name: DEMO_INSTANCE,
      category_id: found.categoryId,
      sub_category_id: found.subCategoryId,
      is_published: 1,
    });
    // The microphones in their catalogue order, all active, the first three featured.
    const mics = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.brandId, found.brandId), eq(products.subCategoryId, found.subCategoryId)))
      .orderBy(asc(products.order), asc(products.id));
    const listed = new Set(instance.products.map((p) => p.product_id));
    await updateInstance(tx, user, instance._id, {
      products: mics
        .filter((m) => listed.has(m.id))
        .map((m, i) => ({ product_id: m.id, brand_id: found.brandId, is_active: 1, order: i < 3 ? i + 1 : null })),
      other_products: [],
    });
    await writeLandingInstance(tx, 'landing_instance', instance._id);
    return instance;
  });
  if (created) opts.log?.info(`demo instance '${created.general.name}' is the landing page's player`);
  return created !== null;
}
