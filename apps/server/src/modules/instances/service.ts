import {
  DEFAULT_BUTTONS,
  DEFAULT_FEATURES,
  DEFAULT_IMAGES,
  type InstanceGeneral,
  type InstanceProduct,
  type InstanceSong,
  type InstanceUpdate,
  MSG,
  PERMISSION,
} from '@atk/contract';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listPage, lowerContains, type Page } from '../../db/query.ts';
import { brands, instances, instruments, products, songs } from '../../db/schema.ts';
import { deletedIs, softDelete } from '../../db/soft-delete.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { instanceFor, listedBrand, targetBrand } from '../access/brand-scope.ts';
import { getBrand } from '../brands/service.ts';
import { assertCategoryPair } from '../catalogue/service.ts';
import type { SessionUser } from '../sessions/service.ts';
import {
  assertFeaturesAllowed,
  atkSongsLimit,
  brandSubscription,
  paymentRequired,
  productsLimit,
} from '../subscriptions/service.ts';
import { present } from './present.ts';
import { type AvailableSong, byOrder, deriveSources, sameSourceSet, sameSources, sortSources } from './sources.ts';

type InstanceRow = typeof instances.$inferSelect;

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────────

export async function listInstances(
  db: Db,
  user: SessionUser,
  q: Page & { name?: string; is_published?: boolean; brand_id?: string },
) {
  const brandId = listedBrand(user, q.brand_id);
  const filters: SQL[] = [deletedIs(instances)];
  if (brandId) filters.push(eq(instances.brandId, brandId));
  if (q.is_published !== undefined) filters.push(eq(instances.isPublished, q.is_published ? 1 : 0));
  // lower(name) LIKE … uses the trigram index.
  if (q.name) filters.push(lowerContains(instances.name, q.name));
  const where = and(...filters);
  const rows = db
    .select({
      id: instances.id,
      brandId: instances.brandId,
      name: instances.name,
      isPublished: instances.isPublished,
      updatedAt: instances.updatedAt,
    })
    .from(instances)
    .where(where)
    .orderBy(desc(instances.updatedAt), desc(instances.id))
    .$dynamic();
  return listPage(db, q, rows, { from: instances, where }, (r) => ({
    _id: r.id,
    brand_id: r.brandId,
    general: { name: r.name, is_published: r.isPublished as 0 | 1 },
    updated_at: r.updatedAt.toISOString(),
  }));
}

export async function getInstance(db: Db, user: SessionUser, id: string) {
  return present(db, await instanceFor(db, user, id));
}

// ── Songs an instance may play ───────────────────────────────────────────────────────────────────────

/** The sources (not deleted) of these songs, per song in their order. */
async function sourcesOf(db: Db, songIds: string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(songIds.map((id) => [id, []]));
  if (songIds.length === 0) return out;
  const rows = await db
    .select({ id: instruments.id, songId: instruments.songId })
    .from(instruments)
    .where(and(inArray(instruments.songId, songIds), deletedIs(instruments)))
    .orderBy(asc(instruments.order), asc(instruments.createdAt), asc(instruments.id));
  for (const r of rows) out.get(r.songId)?.push(r.id);
  return out;
}

/**
 * The songs of these products (in the products' order; each product's songs, then its platform songs), each
 * once, without deleted songs or products, with their sources.
 */
export async function productSongs(db: Db, productIds: string[]): Promise<AvailableSong[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .select({ id: products.id, songs: products.songs, atkSongs: products.atkSongs })
    .from(products)
    .where(and(inArray(products.id, productIds), deletedIs(products)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const songIds = [
    ...new Set(productIds.flatMap((id) => [...(byId.get(id)?.songs ?? []), ...(byId.get(id)?.atkSongs ?? [])])),
  ];
  if (songIds.length === 0) return [];
  const found = await db
    .select({ id: songs.id, isAtk: songs.isAtk })
    .from(songs)
    .where(and(inArray(songs.id, songIds), deletedIs(songs)));
  const isAtk = new Map(found.map((s) => [s.id, s.isAtk === 1]));
  const present = songIds.filter((id) => isAtk.has(id));
  const sources = await sourcesOf(db, present);
  return present.map((id) => ({ song_id: id, is_atk: isAtk.get(id) ?? false, instruments: sources.get(id) ?? [] }));
}

/** The brand's own songs (not platform songs, not deleted) with their sources: what my_sources follows. */
export async function brandSongs(db: Db, brandId: string): Promise<AvailableSong[]> {
  const rows = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(eq(songs.brandId, brandId), eq(songs.isAtk, 0), deletedIs(songs)))
    .orderBy(asc(songs.order), asc(songs.createdAt), asc(songs.id));
  const sources = await sourcesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ song_id: r.id, is_atk: false, instruments: sources.get(r.id) ?? [] }));
}

const activeProductIds = (row: Pick<InstanceRow, 'products' | 'otherProducts'>) =>
  [...row.products, ...row.otherProducts].filter((p) => p.is_active === 1).map((p) => p.product_id);

// ── Writing ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /instances: a new instance of the user's master brand (admins name the brand), pending unless said
 * otherwise, with the default features, images and buttons. With a category its products are the brand's
 * published products of that category (and sub category, when one is given): by default all in-category products
 * are available, the first ones active up to the Products in Player limit. Its sources follow (docs/api.md
 * "Instances and subscriptions").
 */
export async function createInstance(db: Db, user: SessionUser, g: InstanceGeneral) {
  const brandId = targetBrand(user, g.brand_id, 'general.brand_id');
  await getBrand(db, brandId);
  const sub = await brandSubscription(db, brandId);
  const inCategory = g.category_id
    ? await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(
            eq(products.brandId, brandId),
            deletedIs(products),
            eq(products.isPublished, 1),
            eq(products.categoryId, g.category_id),
            g.sub_category_id ? eq(products.subCategoryId, g.sub_category_id) : undefined,
          ),
        )
        .orderBy(asc(products.name), asc(products.id))
        .limit(1000)
    : [];
  const limit = productsLimit(DEFAULT_FEATURES, sub);
  const available: InstanceProduct[] = inCategory.map((p, i) => ({
    product_id: p.id,
    brand_id: brandId,
    is_active: i < limit ? 1 : 0,
    order: null,
  }));
  const row = await db.transaction(async (tx) => {
    await assertCategoryPair(tx, g.category_id, g.sub_category_id);
    const [created] = await tx
      .insert(instances)
      .values({
        brandId,
        name: g.name,
        categoryId: g.category_id ?? null,
        subCategoryId: g.sub_category_id ?? null,
        isPublished: g.is_published,
        website: g.website || null,
        features: DEFAULT_FEATURES,
        products: available,
        otherProducts: [],
        images: DEFAULT_IMAGES,
        buttons: DEFAULT_BUTTONS,
      })
      .returning();
    const sources = deriveSources([], await productSongs(tx, activeProductIds(created)), {
      atkLimit: atkSongsLimit(created.features, sub),
    });
    const mySources = deriveSources([], await brandSongs(tx, brandId));
    const [saved] = await tx
      .update(instances)
      .set({ sources, mySources })
      .where(eq(instances.id, created.id))
      .returning();
    return saved;
  });
  return present(db, row);
}

/** PUT /instances/{id}: one part, in one transaction with the instance row locked. */
export async function updateInstance(db: Db, user: SessionUser, id: string, update: InstanceUpdate) {
  const row = await db.transaction(async (tx) => {
    const current = await instanceFor(tx, user, id, { lock: true });
    const set: Partial<InstanceRow> = { updatedAt: new Date() };
    if ('general' in update) Object.assign(set, await generalPart(tx, current, update.general));
    else if ('features' in update) {
      assertFeaturesAllowed(update.features, await brandSubscription(tx, current.brandId));
      set.features = update.features;
    } else if ('products' in update) return saveProducts(tx, current, update.products, update.other_products);
    else if ('sources' in update) set.sources = await sourcesPart(tx, current, update.sources);
    else if ('my_sources' in update) set.mySources = await mySourcesPart(tx, current, update.my_sources);
    else if ('images' in update) set.images = byOrder(update.images);
    else if ('buttons' in update) set.buttons = update.buttons;
    const [saved] = await tx.update(instances).set(set).where(eq(instances.id, current.id)).returning();
    return saved;
  });
  return present(db, row);
}

async function generalPart(db: Db, current: InstanceRow, g: InstanceGeneral): Promise<Partial<InstanceRow>> {
  if (g.brand_id && g.brand_id !== current.brandId) throw badRequest('general.brand_id cannot be changed');
  await assertCategoryPair(db, g.category_id, g.sub_category_id);
  return {
    name: g.name,
    categoryId: g.category_id ?? null,
    subCategoryId: g.sub_category_id ?? null,
    isPublished: g.is_published,
    // Read-only in the console, so usually not sent: kept unless given.
    website: g.website === undefined ? current.website : g.website || null,
  };
}

/**
 * products + other_products: the brand's own products, and other brands' published products; each once. Then
 * the subscription: other brands' products need other_brands_products; the active products of both lists may not
 * exceed the instance's Products in Player within the subscription's. The sources are derived again from the
 * active products, in the same transaction.
 */
async function saveProducts(db: Db, current: InstanceRow, mine: InstanceProduct[], others: InstanceProduct[]) {
  const all = [...mine, ...others];
  if (new Set(all.map((p) => p.product_id)).size !== all.length)
    throw badRequest('products and other_products must list each product once');
  // Held (for share) until the save commits: a product or brand deleted meanwhile waits for it, and the next save
  // sees it gone.
  const found = all.length
    ? await db
        .select({
          id: products.id,
          brandId: products.brandId,
          isPublished: products.isPublished,
          brandShared: brands.isPublished,
        })
        .from(products)
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(
          and(
            inArray(
              products.id,
              all.map((p) => p.product_id),
            ),
            deletedIs(products),
            deletedIs(brands),
          ),
        )
        .for('share')
    : [];
  const byId = new Map(found.map((p) => [p.id, p]));
  // Another brand's products: published, of a confirmed brand (docs/api.md "A brand's state and scope").
  const available = (p: InstanceProduct, other: boolean) => {
    const f = byId.get(p.product_id);
    if (!f || f.brandId !== p.brand_id) return false;
    return other
      ? f.brandId !== current.brandId && f.isPublished === 1 && f.brandShared === 1
      : f.brandId === current.brandId;
  };
  if (!mine.every((p) => available(p, false)) || !others.every((p) => available(p, true)))
    throw notFound(MSG.productsNotAvailable);
  const sub = await brandSubscription(db, current.brandId);
  if (others.length > 0 && sub.other_brands_products.is_enable !== 1) throw paymentRequired(PERMISSION.products);
  if (all.filter((p) => p.is_active === 1).length > productsLimit(current.features, sub))
    throw paymentRequired(PERMISSION.products);

  const [saved] = await db
    .update(instances)
    .set({ products: mine, otherProducts: others, updatedAt: new Date() })
    .where(eq(instances.id, current.id))
    .returning();
  const sources = deriveSources(saved.sources, await productSongs(db, activeProductIds(saved)), {
    atkLimit: atkSongsLimit(saved.features, sub),
  });
  const [withSources] = await db.update(instances).set({ sources }).where(eq(instances.id, current.id)).returning();
  return withSources;
}

/** A sources save reorders and switches the songs and sources the instance has: never adds or removes one. */
function assertReorderOnly(submitted: InstanceSong[], stored: InstanceSong[]) {
  if (!sameSourceSet(submitted, stored)) throw badRequest(MSG.sourcesMismatch);
  if (sameSources(submitted, stored)) throw badRequest(MSG.sourcesUnchanged);
}

async function sourcesPart(db: Db, current: InstanceRow, submitted: InstanceSong[]) {
  assertReorderOnly(submitted, current.sources);
  const active = submitted.filter((s) => s.is_active === 1).map((s) => s.song_id);
  if (active.length) {
    const [{ n }] = await db
      .select({ n: count() })
      .from(songs)
      .where(and(inArray(songs.id, active), eq(songs.isAtk, 1)));
    const sub = await brandSubscription(db, current.brandId);
    if (Number(n) > atkSongsLimit(current.features, sub)) throw paymentRequired(PERMISSION.sources);
  }
  return sortSources(submitted);
}

/**
 * my_sources: an active song needs My Audio in the subscription ('permission error - my_sources') and then
 * switched on in the instance's features ('permission error - my_audio').
 */
async function mySourcesPart(db: Db, current: InstanceRow, submitted: InstanceSong[]) {
  assertReorderOnly(submitted, current.mySources);
  if (submitted.some((s) => s.is_active === 1)) {
    const sub = await brandSubscription(db, current.brandId);
    if (sub.my_audio.is_enable !== 1) throw paymentRequired(PERMISSION.mySources);
    const features = { ...DEFAULT_FEATURES, ...current.features };
    if (features.my_audio.is_enable !== 1) throw paymentRequired(PERMISSION.myAudio);
  }
  return sortSources(submitted);
}

/**
 * POST /instances/{id}/sync_songs: my_sources follow the brand's songs again, and sources the songs of the
 * active products (both keep what was chosen and append what is new).
 */
export async function syncSongs(db: Db, user: SessionUser, id: string) {
  const row = await db.transaction(async (tx) => {
    const current = await instanceFor(tx, user, id, { lock: true });
    const sub = await brandSubscription(tx, current.brandId);
    const sources = deriveSources(current.sources, await productSongs(tx, activeProductIds(current)), {
      atkLimit: atkSongsLimit(current.features, sub),
    });
    const mySources = deriveSources(current.mySources, await brandSongs(tx, current.brandId));
    const [saved] = await tx
      .update(instances)
      .set({ sources, mySources, updatedAt: new Date() })
      .where(eq(instances.id, current.id))
      .returning();
    return saved;
  });
  return present(db, row);
}

/** POST /instances/copy: every part copied, named '<name> (copy)', pending. */
export async function copyInstance(db: Db, user: SessionUser, id: string) {
  const { id: _id, createdAt: _c, updatedAt: _u, ...source } = await instanceFor(db, user, id);
  const [row] = await db
    .insert(instances)
    .values({ ...source, name: `${source.name} (copy)`, isPublished: 0 })
    .returning();
  return present(db, row);
}

/** DELETE /instances/{id}: soft delete. */
export async function deleteInstance(db: Db, user: SessionUser, id: string) {
  await softDelete(db, instances, (await instanceFor(db, user, id)).id, MSG.instanceNotFound);
}
