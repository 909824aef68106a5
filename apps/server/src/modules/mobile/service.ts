import {
  DEFAULT_IMAGES,
  featuredOrderRange,
  type InstanceSong,
  MOBILE_PRODUCT_RULES,
  type MobileGeneral,
  type MobileInstance,
  type MobileInstanceUpdate,
  type MobileProduct,
  MSG,
  mobileProductsProblem,
} from '@atk/contract';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type Db, resultRows } from '../../db/client.ts';
import { listPage, lowerContains, type Page } from '../../db/query.ts';
import { brands, instruments, mobileInstanceProducts, mobileInstances, products, songs } from '../../db/schema.ts';
import { deletedIs, getLive } from '../../db/soft-delete.ts';
import { badRequest, fieldRefused } from '../../platform/errors.ts';
import { named } from '../instances/present.ts';
import { type AvailableSong, byOrder, deriveSources, sortSources } from '../instances/sources.ts';

/**
 * Mobile instances, in the mobile widget operator area (/atk): the atk operator's widget configurations. Unlike a
 * desktop instance a mobile instance has no brand: it lists every published product of every published brand, one row
 * each in mobile_instance_products (100,000 products are rows to filter, sort and page in SQL, not a document). The
 * routes admit the atk role only (docs/api.md "Mobile instances").
 */

type MobileRow = typeof mobileInstances.$inferSelect;
const mp = mobileInstanceProducts;

/** The instance `id` unless deleted, or a 404; `lock` (in a transaction) holds its row until it commits. */
export const mobileFor = (db: Db, id: string, opts: { lock?: boolean } = {}) =>
  getLive(db, mobileInstances, id, MSG.instanceNotFound, { lock: opts.lock });

/** Products a mobile instance may list: published and not deleted, of a brand published and not deleted. */
const listable = and(
  eq(products.isPublished, 1),
  deletedIs(products),
  eq(brands.isPublished, 1),
  deletedIs(brands),
) as SQL;

// ── Reading ──────────────────────────────────────────────────────────────────────────────────────────

async function present(db: Db, row: MobileRow): Promise<MobileInstance> {
  const [[sources], [counts]] = await Promise.all([
    named(db, [row.sources]),
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${mp.isActive} = 1)`,
        featured: sql<number>`count(*) filter (where ${mp.isFeatured} = 1)`,
      })
      .from(mp)
      .where(eq(mp.instanceId, row.id)),
  ]);
  return {
    _id: row.id,
    general: { name: row.name, is_published: row.isPublished as 0 | 1, listener_votes: row.listenerVotes as 0 | 1 },
    sources,
    images: byOrder(row.images),
    product_counts: {
      total: Number(counts?.total ?? 0),
      active: Number(counts?.active ?? 0),
      featured: Number(counts?.featured ?? 0),
    },
    updated_at: row.updatedAt.toISOString(),
  };
}

/** GET /atk/mobile/instances: newest updated first; the name search is the trigram-served `lower(name) like`. */
export async function listMobileInstances(
  db: Db,
  q: Page & { name?: string; is_published?: boolean; is_deleted?: boolean },
) {
  const filters: SQL[] = [deletedIs(mobileInstances, q.is_deleted)];
  if (q.is_published !== undefined) filters.push(eq(mobileInstances.isPublished, q.is_published ? 1 : 0));
  if (q.name) filters.push(lowerContains(mobileInstances.name, q.name));
  const where = and(...filters);
  const rows = db
    .select({
      id: mobileInstances.id,
      name: mobileInstances.name,
      isPublished: mobileInstances.isPublished,
      listenerVotes: mobileInstances.listenerVotes,
      updatedAt: mobileInstances.updatedAt,
    })
    .from(mobileInstances)
    .where(where)
    .orderBy(desc(mobileInstances.updatedAt), desc(mobileInstances.id))
    .$dynamic();
  return listPage(db, q, rows, { from: mobileInstances, where }, (r) => ({
    _id: r.id,
    general: { name: r.name, is_published: r.isPublished as 0 | 1, listener_votes: r.listenerVotes as 0 | 1 },
    updated_at: r.updatedAt.toISOString(),
  }));
}

export async function getMobileInstance(db: Db, id: string) {
  return present(db, await mobileFor(db, id));
}

// ── Sources ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * The songs a mobile instance may play (decision, docs/api.md "Mobile instances"): the published, not deleted songs
 * that are cross-comparable (song_type 2) or platform songs (is_atk 1), listed by at least one ACTIVE product of the
 * instance (the product's `songs` or `atk_songs`; the product not deleted), each with its published, not deleted
 * sources. Single-product songs stay out: the widget compares products, so a song only one product has cannot be
 * compared. In the songs' catalogue order (order, created_at, id).
 */
async function mobileSongs(db: Db, instanceId: string): Promise<AvailableSong[]> {
  const listed = resultRows<{ id: string; is_atk: number }>(
    await db.execute(sql`
      with listed as (
        select distinct e.song_id
        from ${mp} m
        join ${products} p on p.id = m.product_id and p.is_deleted = false
        cross join lateral jsonb_array_elements_text(p.songs || p.atk_songs) as e(song_id)
        where m.instance_id = ${instanceId} and m.is_active = 1)
      select s.id, s.is_atk
      from ${songs} s
      join listed on listed.song_id = s.id::text
      where s.is_deleted = false and s.is_published = 1 and (s.song_type = 2 or s.is_atk = 1)
      order by s."order", s.created_at, s.id`),
  );
  if (listed.length === 0) return [];
  const sourceRows = await db
    .select({ id: instruments.id, songId: instruments.songId })
    .from(instruments)
    .where(
      and(
        inArray(
          instruments.songId,
          listed.map((s) => s.id),
        ),
        deletedIs(instruments),
        eq(instruments.isPublished, 1),
      ),
    )
    .orderBy(asc(instruments.order), asc(instruments.createdAt), asc(instruments.id));
  const bySong = new Map<string, string[]>(listed.map((s) => [s.id, []]));
  for (const r of sourceRows) bySong.get(r.songId)?.push(r.id);
  return listed.map((s) => ({ song_id: s.id, is_atk: s.is_atk === 1, instruments: bySong.get(s.id) ?? [] }));
}

/**
 * The instance's sources brought in line with its active products (deriveSources: choices kept, new songs and
 * sources appended active, vanished ones dropped, orders renumbered). No ATK Songs limit: the operator is the
 * platform. Inside the caller's transaction.
 */
async function rederiveSources(db: Db, row: MobileRow): Promise<MobileRow> {
  const sources = deriveSources(row.sources, await mobileSongs(db, row.id));
  const [saved] = await db
    .update(mobileInstances)
    .set({ sources, updatedAt: new Date() })
    .where(eq(mobileInstances.id, row.id))
    .returning();
  return saved;
}

// ── Writing ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * POST /admin/mobile_instances: the instance, listing every listable product (all inactive: the operator picks
 * what the widget offers), its sources derived (none yet, as nothing is active) and the default images. One
 * transaction, the product rows in one set-based insert.
 */
export async function createMobileInstance(db: Db, g: MobileGeneral) {
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(mobileInstances)
      .values({
        name: g.name,
        isPublished: g.is_published,
        listenerVotes: g.listener_votes,
        sources: [],
        images: DEFAULT_IMAGES,
      })
      .returning();
    // In key order: the primary key's entries are appended page by page, not scattered over the index.
    await tx.execute(sql`
      insert into ${mp} (instance_id, product_id)
      select ${created.id}::uuid, ${products.id}
      from ${products} join ${brands} on ${brands.id} = ${products.brandId}
      where ${listable}
      order by ${products.id}`);
    return rederiveSources(tx, created);
  });
  return present(db, row);
}

/**
 * A sources save switches and reorders the songs and sources the instance holds: a song or source it does not hold
 * is a 400 naming it, and every one it holds must be listed (orders contiguous: the schema checks).
 */
function sourcesPart(current: InstanceSong[], submitted: InstanceSong[]): InstanceSong[] {
  const held = new Map(current.map((s) => [s.song_id, new Set(s.instruments.map((i) => i.instrument_id))]));
  for (const song of submitted) {
    const sources = held.get(song.song_id);
    if (!sources) throw badRequest(`sources: song ${song.song_id} is not a song of this instance`);
    for (const i of song.instruments)
      if (!sources.has(i.instrument_id))
        throw badRequest(`sources: source ${i.instrument_id} is not a source of song ${song.song_id} in this instance`);
  }
  const given = new Map(submitted.map((s) => [s.song_id, new Set(s.instruments.map((i) => i.instrument_id))]));
  const complete =
    given.size === submitted.length &&
    given.size === held.size &&
    submitted.every(
      (s) => given.get(s.song_id)?.size === s.instruments.length && held.get(s.song_id)?.size === s.instruments.length,
    );
  if (!complete) throw badRequest(MSG.sourcesMismatch);
  return sortSources(submitted);
}

/** PUT /atk/mobile/instances/{id}: one part (general, sources or images), with the instance row locked. */
export async function updateMobileInstance(db: Db, id: string, update: MobileInstanceUpdate) {
  const row = await db.transaction(async (tx) => {
    const current = await mobileFor(tx, id, { lock: true });
    const set: Partial<MobileRow> = { updatedAt: new Date() };
    if ('general' in update)
      Object.assign(set, {
        name: update.general.name,
        isPublished: update.general.is_published,
        listenerVotes: update.general.listener_votes,
      });
    else if ('sources' in update) set.sources = sourcesPart(current.sources, update.sources);
    else set.images = byOrder(update.images);
    const [saved] = await tx.update(mobileInstances).set(set).where(eq(mobileInstances.id, current.id)).returning();
    return saved;
  });
  return present(db, row);
}

/**
 * PUT /admin/mobile_instances/{id} {type:'products'}: the rows given replace theirs, the others stay. In one
 * transaction with the instance row locked (two operators' saves cannot both pass the rules against the same
 * old list): each product must be one the instance lists (else MOBILE_PRODUCT_RULES.unknownProduct), then each Featured Order must be 1 to the instance's product count (a
 * field refusal), then the list as it would be after the save must pass mobileProductsProblem. Only featured rows take part in those rules, so
 * the stored featured rows not in the save are merged with the save, not the whole list. Nothing is written
 * unless all passes; then one set-based update, and the sources follow the active products.
 */
export async function saveMobileProducts(db: Db, id: string, rows: MobileProduct[]) {
  const ids = rows.map((p) => p.product_id);
  if (new Set(ids).size !== ids.length) throw badRequest('products must list each product once');
  const row = await db.transaction(async (tx) => {
    const current = await mobileFor(tx, id, { lock: true });
    const [[{ listed, live }], storedFeatured, [{ listedAll }]] = await Promise.all([
      // Any brand's products, by design, but not a deleted one (or one of a deleted brand).
      tx
        .select({
          listed: count(),
          live: sql<number>`count(*) filter (where not ${products.isDeleted} and not ${brands.isDeleted})`,
        })
        .from(mp)
        .innerJoin(products, eq(products.id, mp.productId))
        .innerJoin(brands, eq(brands.id, products.brandId))
        .where(and(eq(mp.instanceId, current.id), inArray(mp.productId, ids))),
      tx
        .select({
          product_id: mp.productId,
          is_active: mp.isActive,
          is_featured: mp.isFeatured,
          featured_order: mp.featuredOrder,
          player_position: mp.playerPosition,
          placement_priority: mp.placementPriority,
        })
        .from(mp)
        .where(and(eq(mp.instanceId, current.id), eq(mp.isFeatured, 1))),
      tx.select({ listedAll: count() }).from(mp).where(eq(mp.instanceId, current.id)),
    ]);
    if (Number(listed) !== ids.length) throw badRequest(`products: ${MOBILE_PRODUCT_RULES.unknownProduct}`);
    if (Number(live) !== ids.length) throw badRequest(`products: ${MOBILE_PRODUCT_RULES.deletedProduct}`);
    // Featured Order ranks the instance's products: beyond their count it would be stored yet mean nothing.
    const total = Number(listedAll);
    const outOfRange = rows.findIndex((p) => p.featured_order !== null && p.featured_order > total);
    if (outOfRange >= 0)
      throw fieldRefused({
        path: ['products', outOfRange, 'featured_order'],
        reason: 'too_big',
        limit: total,
        message: featuredOrderRange(total),
      });
    const given = new Set(ids);
    const merged = [...(storedFeatured as MobileProduct[]).filter((p) => !given.has(p.product_id)), ...rows];
    const problem = mobileProductsProblem(merged);
    if (problem) throw badRequest(`products: ${problem}`);
    await tx.execute(sql`
      update ${mp} set
        is_active = v.is_active, is_featured = v.is_featured, featured_order = v.featured_order,
        player_position = v.player_position, placement_priority = v.placement_priority
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(
        product_id uuid, is_active integer, is_featured integer, featured_order integer,
        player_position integer, placement_priority integer)
      where ${mp.instanceId} = ${current.id} and ${mp.productId} = v.product_id`);
    return rederiveSources(tx, current);
  });
  return present(db, row);
}

/**
 * PUT /admin/mobile_instances/sync_products: the list follows the catalogue again. Rows whose product (or its brand)
 * is deleted or unpublished go; listable products not yet listed come in inactive; every other row keeps its
 * choices. Set-based, in one transaction with the instance row locked; then the sources follow.
 */
export async function syncMobileProducts(db: Db, instanceId: string) {
  return db.transaction(async (tx) => {
    const current = await mobileFor(tx, instanceId, { lock: true });
    const removed = resultRows<{ product_id: string }>(
      await tx.execute(sql`
        delete from ${mp} m
        where m.instance_id = ${current.id}
          and not exists (
            select 1 from ${products} join ${brands} on ${brands.id} = ${products.brandId}
            where ${products.id} = m.product_id and ${listable})
        returning m.product_id`),
    ).length;
    // Only the products not listed yet (an anti-join), not every listable product tried against the key and
    // dropped by `on conflict`: a sync with nothing new writes nothing.
    const added = resultRows<{ product_id: string }>(
      await tx.execute(sql`
        insert into ${mp} (instance_id, product_id)
        select ${current.id}::uuid, ${products.id}
        from ${products} join ${brands} on ${brands.id} = ${products.brandId}
        where ${listable}
          and not exists (select 1 from ${mp} m where m.instance_id = ${current.id} and m.product_id = ${products.id})
        order by ${products.id}
        returning product_id`),
    ).length;
    await rederiveSources(tx, current);
    return { added, removed };
  });
}

/**
 * POST /atk_player/instances/copy by the atk operator: the mobile instance copied whole (name + ' (copy)', Pending,
 * its sources and images, every product row with its choices), in one transaction.
 */
export async function copyMobileInstance(db: Db, id: string) {
  const row = await db.transaction(async (tx) => {
    const source = await mobileFor(tx, id, { lock: true });
    const [copy] = await tx
      .insert(mobileInstances)
      .values({
        name: `${source.name} (copy)`,
        isPublished: 0,
        listenerVotes: source.listenerVotes,
        sources: source.sources,
        images: source.images,
      })
      .returning();
    await tx.execute(sql`
      insert into ${mp} (instance_id, product_id, is_active, is_featured, featured_order, player_position,
        placement_priority)
      select ${copy.id}::uuid, product_id, is_active, is_featured, featured_order, player_position, placement_priority
      from ${mp} where instance_id = ${source.id}`);
    return copy;
  });
  return present(db, row);
}
