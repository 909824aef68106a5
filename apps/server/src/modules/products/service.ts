import { LISTENING_GUIDE_MAX, MSG, type ProductGeneral, type ProductUpdate, spotifyUri } from '@atk/contract';
import { and, count, desc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lowerContains, type Page, pageOffset } from '../../db/query.ts';
import { audios, brands, products, songs, users } from '../../db/schema.ts';
import { deletedIs } from '../../db/soft-delete.ts';
import { assertNameFree } from '../../db/unique-name.ts';
import { badRequest, forbidden, notFound } from '../../platform/errors.ts';
import { cleanRichText } from '../../platform/html.ts';
import type { Storage } from '../../platform/storage/types.ts';
import { instrumentFor, listedBrand, productFor, targetBrand } from '../access/brand-scope.ts';
import { sharedBrands } from '../access/brand-state.ts';
import { managesPlatformSongs, movesProductsBetweenBrands } from '../access/roles.ts';
import { toAudioRecord } from '../audio/record.ts';
import { type AudioDeps, assertPlayableAudio, saveAudio } from '../audio/service.ts';
import { getBrand } from '../brands/service.ts';
import { assertCategoryPair } from '../catalogue/service.ts';
import type { SessionUser } from '../sessions/service.ts';
import { assertStoredAudio, pendingTooLarge, tooLargeFile, uploadCap } from '../uploads/service.ts';
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
    // The instance picker's other brands: published products of every confirmed brand but the user's own (docs/api.md
    // "A brand's state and scope").
    if (brand) filters.push(ne(products.brandId, brand));
    filters.push(eq(products.isPublished, 1), inArray(products.brandId, sharedBrands(db)));
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
  // A brand's confirmation or deletion does not move the list versions: lists across brands are not remembered.
  const version = q.all_brand ? -1 : await listVersion(db, scope);
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
    if (!q.all_brand) caches.totals.set(filterKey, version, total);
  }
  const answer = serialize({ list, total_num: total });
  if (!q.all_brand) caches.answers.set(pageKey, version, answer);
  return answer;
}

type Ctx = Pick<AudioDeps, 'db' | 'storage'>;

async function present(db: Db, storage: Storage, row: ProductRow) {
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
    audio: await Promise.all(audioRows.map((a) => toAudioRecord(storage, a))),
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

export async function getProduct({ db, storage }: Ctx, user: SessionUser, id: string) {
  return present(db, storage, await productFor(db, user, id));
}

/** A brand's products never share a name (db/unique-name.ts): the brand's list and its players tell them apart. */
const productName = (tx: Db, brandId: string, name: string, except?: string) =>
  assertNameFree(tx, products, name, {
    kind: 'product',
    taken: MSG.productNameTaken,
    scope: { column: products.brandId, id: brandId },
    except,
  });

export async function createProduct({ db, storage }: Ctx, user: SessionUser, input: ProductGeneral) {
  const brandId = targetBrand(user, input.brand_id);
  await getBrand(db, brandId);
  const row = await db.transaction(async (tx) => {
    await assertCategoryPair(tx, input.category_id, input.sub_category_id);
    await productName(tx, brandId, input.name);
    const [created] = await tx
      .insert(products)
      .values({
        brandId,
        name: input.name,
        model: input.model ?? null,
        isPublished: input.is_published,
        categoryId: input.category_id,
        subCategoryId: input.sub_category_id ?? null,
      })
      .returning();
    return created;
  });
  return present(db, storage, row);
}

/**
 * PUT /products/{id}: one section at a time (docs/api.md "Brand content"). In one transaction with the product row
 * locked, and the songs it names held until it commits (docs/api.md "A brand's state and scope"); an audio attach has
 * its own path.
 */
export async function updateProduct(deps: AudioDeps, user: SessionUser, id: string, update: ProductUpdate) {
  if (update.type === 'audio') return attachAudio(deps, user, id, update.content);
  const row = await deps.db.transaction(async (db) => {
    const current = await productFor(db, user, id, { lock: true });
    const set: Partial<ProductRow> = { updatedAt: new Date() };
    switch (update.type) {
      case 'general': {
        const g = update.content;
        await assertCategoryPair(db, g.category_id, g.sub_category_id);
        if (g.brand_id && g.brand_id !== current.brandId) {
          if (!movesProductsBetweenBrands(user)) throw badRequest('brand_id cannot be changed');
          await getBrand(db, g.brand_id);
          set.brandId = g.brand_id;
        }
        await productName(db, set.brandId ?? current.brandId, g.name, current.id);
        Object.assign(set, {
          name: g.name,
          model: g.model ?? null,
          isPublished: g.is_published,
          categoryId: g.category_id,
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
        // The platform's songs a product offers are the operators' choice; brands only see them (docs/api.md
        // "A product's ATK songs").
        if (!managesPlatformSongs(user)) throw forbidden();
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
    }
    const [saved] = await db.update(products).set(set).where(eq(products.id, current.id)).returning();
    return saved;
  });
  return present(deps.db, deps.storage, row);
}

/**
 * PUT /products/{id} {type: 'audio'}: a file uploaded for this product attached to one of its sources. Storage is
 * read here (outside any transaction); the audio record and the product's songs are written by saveAudio and below.
 */
async function attachAudio(
  deps: AudioDeps,
  user: SessionUser,
  id: string,
  content: Extract<ProductUpdate, { type: 'audio' }>['content'],
) {
  const { db } = deps;
  const current = await productFor(db, user, id);
  const { instrument, song } = await instrumentFor(db, user, content.instrument_id, { write: true });
  if (song.id !== content.song_id) throw notFound(MSG.instrumentNotFound);
  const key = deps.storage.keyOf(content.url);
  // Only files uploaded for this product through its presigned URLs may be attached to it.
  if (!key?.startsWith(`audio/origin/${current.id}/`)) throw badRequest('url must be a file uploaded for this product');
  // A presigned PUT to S3 cannot cap the size: the stored object is checked before it is accepted.
  const stored = await deps.storage.head(key);
  if (!stored) throw badRequest(MSG.uploadMissing);
  const cap = await uploadCap(db, current.brandId);
  if (stored.size > cap.maxBytes) {
    await deps.storage.delete(key);
    throw cap.pending ? pendingTooLarge() : tooLargeFile();
  }
  await assertStoredAudio(deps.storage, key);
  await assertPlayableAudio(deps.storage, key);
  await saveAudio(deps, {
    productId: current.id,
    songId: song.id,
    instrumentId: instrument.id,
    key,
    name: content.name,
  });
  const set: Partial<ProductRow> = { updatedAt: new Date() };
  if (song.isAtk !== 1 && !current.songs.includes(song.id)) set.songs = [...current.songs, song.id];
  // An operator's take of a platform song attaches it to the product, as a brand song's upload does.
  if (song.isAtk === 1 && !current.atkSongs.includes(song.id)) set.atkSongs = [...current.atkSongs, song.id];
  const [row] = await db.update(products).set(set).where(eq(products.id, id)).returning();
  return present(db, deps.storage, row);
}

/** Song ids for a product's `songs` section: its own brand's songs, each once, in the order given. */
async function brandSongs(db: Db, brandId: string, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: songs.id })
    .from(songs)
    .where(and(inArray(songs.id, unique), deletedIs(songs), eq(songs.brandId, brandId)))
    .for('share');
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
    .where(and(inArray(songs.id, unique), deletedIs(songs)))
    .for('share');
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
    // The names rule (db/unique-name.ts): trimmed, any case; the source's own twins are copied once.
    const key = (name: string) => name.trim().toLowerCase();
    const taken = new Set(existing.map((p) => key(p.name)));
    const source = await tx
      .select()
      .from(products)
      .where(and(eq(products.brandId, input.brand_id), deletedIs(products)));
    const copies: (typeof products.$inferInsert)[] = [];
    for (const { id: _id, createdAt: _c, updatedAt: _u, songs: _s, atkSongs: _a, ...rest } of source) {
      if (taken.has(key(rest.name))) continue;
      taken.add(key(rest.name));
      copies.push({ ...rest, brandId: target });
    }
    if (copies.length) await tx.insert(products).values(copies);
    return { imported: copies.length };
  });
}
