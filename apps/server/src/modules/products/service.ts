import {
  AUDIO_MAX_BYTES,
  isAdminRole,
  LISTENING_GUIDE_MAX,
  MSG,
  type ProductGeneral,
  type ProductUpdate,
  spotifyUri,
} from '@atk/contract';
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lowerContains, type Page, pageOffset } from '../../db/query.ts';
import { audios, brands, products, songs, users } from '../../db/schema.ts';
import { deletedIs } from '../../db/soft-delete.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { cleanRichText } from '../../platform/html.ts';
import { toAudioRecord } from '../audio/record.ts';
import { type AudioDeps, saveAudio } from '../audio/service.ts';
import { getBrand } from '../brands/service.ts';
import { assertCategoryPair } from '../catalogue/service.ts';
import type { SessionUser } from '../sessions/service.ts';
import { instrumentFor, listedBrand, productFor, targetBrand } from '../tenancy.ts';
import { assertStoredAudio, tooLargeFile } from '../uploads/service.ts';
import { type ListScope, listVersion, VersionedCache } from './list-cache.ts';

type ProductRow = typeof products.$inferSelect;

const general = (
  p: Pick<ProductRow, 'name' | 'model' | 'isPublished' | 'brandId' | 'categoryId' | 'subCategoryId'>,
  brandName: string,
) => ({
  name: p.name,
  model: p.model,
  is_published: p.isPublished as 0 | 1,
  brand_id: p.brandId,
  brand_name: brandName,
  category_id: p.categoryId,
  sub_category_id: p.subCategoryId,
});

const listColumns = {
  id: products.id,
  updatedAt: products.updatedAt,
  name: products.name,
  model: products.model,
  isPublished: products.isPublished,
  brandId: products.brandId,
  categoryId: products.categoryId,
  subCategoryId: products.subCategoryId,
  brandName: brands.name,
};

type ListItem = {
  _id: string;
  updated_at: string;
  general: ReturnType<typeof general>;
};

/**
 * Per-app memory of the product list, valid while its scope's list version stands: whole answers per page, already
 * serialized (a page asked again costs no query and no serializing), and totals per filter (paging spares the count).
 */
export function productListCaches() {
  return {
    // Pages run up to 1,000 products: the answers are bounded by their size, 32 M characters in all.
    answers: new VersionedCache<string>(32 * 1024 * 1024, (answer) => answer.length),
    totals: new VersionedCache<number>(),
  };
}
export type ProductListCaches = ReturnType<typeof productListCaches>;

/** One page of the product list, as the serialized answer `serialize` makes of it. */
export async function listProducts(
  db: Db,
  caches: ProductListCaches,
  user: SessionUser,
  q: Page & {
    name?: string;
    is_published?: boolean;
    brand_id?: string;
    all_brand?: boolean;
    category_id?: string;
    is_deleted?: boolean;
  },
  serialize: (page: { list: ListItem[]; total_num: number }) => string,
): Promise<string> {
  const brand = listedBrand(user, q.brand_id);
  const name = q.name?.toLowerCase();
  const filters: SQL[] = [deletedIs(products, q.is_deleted)];
  let scope: ListScope = '*';
  if (q.all_brand) {
    // The instance picker's other brands: published products of every brand but the user's own.
    if (brand) filters.push(ne(products.brandId, brand));
    filters.push(eq(products.isPublished, 1));
  } else if (brand) {
    scope = brand;
    filters.push(eq(products.brandId, scope));
  }
  if (q.is_published !== undefined) filters.push(eq(products.isPublished, q.is_published ? 1 : 0));
  if (q.category_id) filters.push(eq(products.categoryId, q.category_id));
  // lower(name) LIKE … uses the trigram index.
  if (name) filters.push(lowerContains(products.name, name));
  const where = and(...filters);

  const filterKey = JSON.stringify([
    scope,
    brand,
    q.all_brand,
    q.brand_id,
    q.is_published,
    q.category_id,
    q.is_deleted,
    name,
  ]);
  const pageKey = `${filterKey}|${q.page_num}|${q.page_size}`;
  // Read before the data, so an answer is never remembered under a version newer than what it shows.
  const version = await listVersion(db, scope);
  const cached = caches.answers.get(pageKey, version);
  if (cached !== undefined) return cached;

  const offset = pageOffset(q);
  const rows = await db
    .select(listColumns)
    .from(products)
    .innerJoin(brands, eq(brands.id, products.brandId))
    .where(where)
    .orderBy(desc(products.updatedAt), desc(products.id))
    .limit(q.page_size)
    .offset(offset);
  const list = rows.map((r) => ({
    _id: r.id,
    updated_at: r.updatedAt.toISOString(),
    general: general(r, r.brandName),
  }));
  let total = caches.totals.get(filterKey, version);
  if (total === undefined) {
    // A page that is not full ends the list: its position is the total, and the count is spared.
    if (list.length < q.page_size && (list.length > 0 || offset === 0)) total = offset + list.length;
    else {
      const [row] = await db.select({ total: count() }).from(products).where(where);
      total = Number(row.total);
    }
    caches.totals.set(filterKey, version, total);
  }
  const answer = serialize({ list, total_num: total });
  caches.answers.set(pageKey, version, answer);
  return answer;
}

async function present(db: Db, row: ProductRow) {
  const [[brand], audioRows] = await Promise.all([
    db.select({ name: brands.name }).from(brands).where(eq(brands.id, row.brandId)),
    db.select().from(audios).where(eq(audios.productId, row.id)),
  ]);
  return {
    _id: row.id,
    general: general(row, brand?.name ?? ''),
    price: (row.price as never) ?? null,
    images: (row.images as never) ?? null,
    songs: row.songs,
    atk_songs: row.atkSongs,
    audio: audioRows.map(toAudioRecord),
    listening_guide: (row.listeningGuide as never) ?? null,
    discography: (row.discography as never) ?? [],
    tech_specs: row.techSpecs ?? null,
    frequency_graph: (row.frequencyGraph as never) ?? null,
    is_active: row.isActive as 0 | 1,
    order: row.order,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function getProduct(db: Db, user: SessionUser, id: string) {
  return present(db, await productFor(db, user, id));
}

export async function createProduct(db: Db, user: SessionUser, input: ProductGeneral) {
  const brandId = targetBrand(user, input.brand_id);
  await getBrand(db, brandId);
  await assertCategoryPair(db, input.category_id, input.sub_category_id);
  const [row] = await db
    .insert(products)
    .values({
      brandId,
      name: input.name,
      model: input.model ?? null,
      isPublished: input.is_published,
      categoryId: input.category_id ?? null,
      subCategoryId: input.sub_category_id ?? null,
    })
    .returning();
  return present(db, row);
}

/** PUT /products/{id}: one section at a time (spec 3 §4). */
export async function updateProduct(deps: AudioDeps, user: SessionUser, id: string, update: ProductUpdate) {
  const { db } = deps;
  const current = await productFor(db, user, id);
  const set: Partial<ProductRow> = { updatedAt: new Date() };
  switch (update.type) {
    case 'general': {
      const g = update.content;
      await assertCategoryPair(db, g.category_id, g.sub_category_id);
      if (g.brand_id && g.brand_id !== current.brandId) {
        if (!isAdminRole(user.role)) throw badRequest('brand_id cannot be changed');
        await getBrand(db, g.brand_id);
        set.brandId = g.brand_id;
      }
      Object.assign(set, {
        name: g.name,
        model: g.model ?? null,
        isPublished: g.is_published,
        categoryId: g.category_id ?? null,
        subCategoryId: g.sub_category_id ?? null,
      });
      break;
    }
    case 'price':
      set.price = update.content;
      break;
    case 'images':
      set.images = update.content;
      break;
    case 'songs':
      set.songs = await brandSongs(db, current.brandId, update.content);
      break;
    case 'atk_songs':
      // The platform's songs a product offers are the operators' choice; brands only see them (spec 3 §6).
      if (!isAdminRole(user.role)) throw forbidden();
      set.atkSongs = await platformSongs(db, update.content);
      break;
    case 'listening_guide':
      set.listeningGuide = { content: cleanRichText(update.content.content, 'content.content', LISTENING_GUIDE_MAX) };
      break;
    case 'discography':
      set.discography = update.content.map((d) => ({
        ...d,
        spotify_link: d.spotify_link ? spotifyUri(d.spotify_link) : d.spotify_link,
      }));
      break;
    case 'tech_specs':
      set.techSpecs = update.content;
      break;
    case 'frequency_graph':
      set.frequencyGraph = update.content;
      break;
    case 'audio': {
      const { instrument, song } = await instrumentFor(db, user, update.content.instrument_id, { write: true });
      if (song.id !== update.content.song_id) throw notFound(MSG.instrumentNotFound);
      const key = deps.storage.keyOf(update.content.url);
      // Only files uploaded for this product through its presigned URLs may be attached to it.
      if (!key?.startsWith(`audio/origin/${current.id}/`))
        throw badRequest('url must be a file uploaded for this product');
      // A presigned PUT to S3 cannot cap the size: the stored object is checked before it is accepted.
      const stored = await deps.storage.head(key);
      if (!stored) throw badRequest(MSG.uploadMissing);
      if (stored.size > AUDIO_MAX_BYTES) {
        await deps.storage.delete(key);
        throw tooLargeFile();
      }
      await assertStoredAudio(deps.storage, key);
      await saveAudio(deps, {
        productId: current.id,
        songId: song.id,
        instrumentId: instrument.id,
        key,
        name: update.content.name,
      });
      if (song.isAtk !== 1 && !current.songs.includes(song.id)) set.songs = [...current.songs, song.id];
      // An operator's take of a platform song attaches it to the product, as a brand song's upload does.
      if (song.isAtk === 1 && !current.atkSongs.includes(song.id)) set.atkSongs = [...current.atkSongs, song.id];
      break;
    }
  }
  const [row] = await db.update(products).set(set).where(eq(products.id, id)).returning();
  return present(db, row);
}

/** Song ids for a product's `songs` section: its own brand's songs, each once, in the order given. */
async function brandSongs(db: Db, brandId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(inArray(songs.id, unique), deletedIs(songs), eq(songs.brandId, brandId)));
  if (found.length !== unique.length) throw notFound(MSG.songNotFound);
  return unique;
}

/**
 * Song ids for a product's `atk_songs` section: platform (is_atk) songs, each once, in the order given. An unknown
 * or deleted song is 404; a brand's song is 400 (it belongs in `songs`).
 */
async function platformSongs(db: Db, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: songs.id, isAtk: songs.isAtk })
    .from(songs)
    .where(and(inArray(songs.id, unique), deletedIs(songs)));
  if (found.length !== unique.length) throw notFound(MSG.songNotFound);
  if (found.some((s) => s.isAtk !== 1)) throw badRequest(MSG.notAtkSong);
  return unique;
}

/**
 * POST /admin/products/import: copies the products of `brand_id` (without their audio) into the master brand
 * of the customer, skipping names already there. One transaction: all or nothing.
 */
export async function importProducts(db: Db, input: { customer_id: string; brand_id: string }) {
  const [customer] = await db
    .select({ masterBrandId: users.masterBrandId })
    .from(users)
    .where(and(eq(users.id, input.customer_id), deletedIs(users)));
  if (!customer) throw notFound(MSG.customerNotFound);
  if (!customer.masterBrandId) throw badRequest(MSG.noMasterBrand);
  await getBrand(db, input.brand_id);
  const target = customer.masterBrandId;
  if (target === input.brand_id) return { imported: 0 };
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ name: products.name })
      .from(products)
      .where(and(eq(products.brandId, target), deletedIs(products)));
    const taken = new Set(existing.map((p) => p.name.toLowerCase()));
    const source = await tx
      .select()
      .from(products)
      .where(and(eq(products.brandId, input.brand_id), deletedIs(products)));
    const copies = source
      .filter((p) => !taken.has(p.name.toLowerCase()))
      .map(({ id: _id, createdAt: _c, updatedAt: _u, songs: _s, atkSongs: _a, ...rest }) => ({
        ...rest,
        brandId: target,
      }));
    if (copies.length) await tx.insert(products).values(copies);
    return { imported: copies.length };
  });
}
