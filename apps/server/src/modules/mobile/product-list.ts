/**
 * A mobile instance's Products tab list: every brand's published products with the instance's row of each, filtered,
 * sorted and paged, deep pages read through a hashed set (docs/api.md "Mobile instances").
 */
import type { MobileProductRow, MobileProductSort } from '@atk/contract';
import { type AnyColumn, and, asc, count, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { lowerContains, type Page, pageOffset } from '../../db/query.ts';
import { brands, mobileInstanceProducts, products } from '../../db/schema.ts';

import { mobileFor } from './service.ts';

const mp = mobileInstanceProducts;

/**
 * From which offset a page by name is read through the hashed set of the instance's rows (`deepIds`): walking the
 * name index probes the primary key for every row skipped, while the set costs one scan of the rows, cheaper
 * past this offset. `maxRows` keeps the set within PostgreSQL's hash memory (work_mem × hash_mem_multiplier,
 * 4 MB × 2 by default, ~32 bytes a row): a set it would not hash is a subplan run again for every row walked.
 */
export const DEEP_PAGE = { offset: 10_000, maxRows: 150_000 };

/**
 * GET /admin/mobile_instances/products: one page of an instance's product rows with brand, model, name and
 * default price. Filters, sort and paging are SQL: the rows are reached through the primary key
 * (instance_id, product_id) or the partial indexes of the active and of the featured rows (migration 0016), the
 * name search through the products' trigram index. Sorts: `name` (product name, case-insensitive); `featured_order` and
 * `player_position` with the rows lacking one last, then by name; the id breaks ties so pages never overlap.
 */
export async function listMobileProducts(
  db: Db,
  q: Page & {
    instance_id: string;
    name?: string;
    is_active?: boolean;
    is_featured?: boolean;
    sort: MobileProductSort;
  },
): Promise<{ products: MobileProductRow[]; total_num: number }> {
  await mobileFor(db, q.instance_id);
  // The filters on the instance's rows, and the name search on their products.
  const rowFilters: SQL[] = [eq(mp.instanceId, q.instance_id)];
  if (q.is_active !== undefined) rowFilters.push(eq(mp.isActive, q.is_active ? 1 : 0));
  if (q.is_featured !== undefined) rowFilters.push(eq(mp.isFeatured, q.is_featured ? 1 : 0));
  const nameFilter = q.name ? lowerContains(products.name, q.name) : undefined;
  const where = and(...rowFilters, nameFilter);
  // Case-insensitive, as people read names ('alpha' before 'Bravo' on either database's collation). The
  // order products_name_order_idx (lower(name), name, id) holds, so a page is read walking it (migration 0014).
  const byName = [sql`lower(${products.name}) asc`, asc(products.name), asc(products.id)];
  const counted = (extra?: SQL) =>
    (q.name
      ? db.select({ total: count() }).from(mp).innerJoin(products, eq(products.id, mp.productId))
      : db.select({ total: count() }).from(mp)
    )
      .where(and(where, extra))
      .then(([r]) => Number(r.total));
  // The count first: how deep a page may be read decides on it.
  const total = await counted();
  const hashable = !q.name && total <= DEEP_PAGE.maxRows;
  /**
   * The ids of a deep page by name: the name index walked in order with the instance's rows as a hashed set (one
   * scan of them), where probing its primary key for each of the rows skipped costs more than that scan. Written
   * `(… in (…)) is true` so that it stays such a filter: a plain IN becomes a semi-join, which PostgreSQL answers
   * by sorting every row of the instance.
   */
  const deepIds = (extra: SQL | undefined, limit: number, offset: number) =>
    db
      .select({ id: products.id })
      .from(products)
      .where(sql`(${products.id} in (select ${mp.productId} from ${mp} where ${and(...rowFilters, extra)})) is true`)
      .orderBy(...byName)
      .limit(limit)
      .offset(offset);
  const pageOf = (extra: SQL | undefined, keyed: AnyColumn | null, limit: number, offset: number) => {
    if (limit <= 0) return Promise.resolve([]);
    const rows = db
      .select({
        productId: mp.productId,
        isActive: mp.isActive,
        isFeatured: mp.isFeatured,
        featuredOrder: mp.featuredOrder,
        playerPosition: mp.playerPosition,
        placementPriority: mp.placementPriority,
        brandId: products.brandId,
        brandName: brands.name,
        name: products.name,
        model: products.model,
        price: sql<MobileProductRow['price']>`${products.price} -> 'default'`,
      })
      .from(mp)
      .innerJoin(products, eq(products.id, mp.productId))
      .innerJoin(brands, eq(brands.id, products.brandId));
    if (!keyed && hashable && offset >= DEEP_PAGE.offset)
      return rows.where(and(where, extra, inArray(mp.productId, deepIds(extra, limit, offset)))).orderBy(...byName);
    return rows
      .where(and(where, extra))
      .orderBy(...(keyed ? [asc(keyed), ...byName] : byName))
      .limit(limit)
      .offset(offset);
  };
  const offset = pageOffset(q);
  const key = q.sort === 'featured_order' ? mp.featuredOrder : q.sort === 'player_position' ? mp.playerPosition : null;
  let rows: Awaited<ReturnType<typeof pageOf>>;
  if (!key) rows = await pageOf(undefined, null, q.page_size, offset);
  else {
    // Nulls last, then name: the few rows with the key first (by the key), then the rest by name, walking the name
    // index. Two reads instead of one sort of the whole instance (100,000 rows) for every page.
    const withKey = await counted(isNotNull(key));
    const head = await pageOf(isNotNull(key), key, Math.min(q.page_size, withKey - offset), offset);
    const tail = await pageOf(isNull(key), null, q.page_size - head.length, Math.max(0, offset - withKey));
    rows = [...head, ...tail];
  }
  return {
    products: rows.map((r) => ({
      product_id: r.productId,
      is_active: r.isActive as 0 | 1,
      is_featured: r.isFeatured as 0 | 1,
      featured_order: r.featuredOrder,
      player_position: r.playerPosition,
      placement_priority: r.placementPriority,
      brand_id: r.brandId,
      brand_name: r.brandName,
      name: r.name,
      model: r.model,
      price: r.price ?? null,
    })),
    total_num: total,
  };
}
