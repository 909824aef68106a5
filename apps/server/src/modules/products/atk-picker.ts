import { MSG } from '@atk/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { listPage, type Page } from '../../db/query.ts';
import { brands, products } from '../../db/schema.ts';
import { deletedIs, getLive } from '../../db/soft-delete.ts';

/**
 * GET /api/v1/atk/admin/products, the product picker of the atk operator's statistics and mobile screens (it has no
 * brand of its own, and no access to the brands' product administration; admins may read it too: it tells nothing
 * the admin product list does not). The brand's products (not deleted, or only deleted ones with is_deleted=true),
 * by name; 404 for a brand gone, and for a user who sees only active brands (the atk operator) a brand not confirmed
 * yet (docs/api.md "A brand's state and scope").
 */
export async function listBrandProducts(
  db: Db,
  q: Page & { brand_id: string; is_deleted?: boolean },
  onlyActive: boolean,
) {
  const confirmed = onlyActive ? eq(brands.isPublished, 1) : undefined;
  await getLive(db, brands, q.brand_id, MSG.brandNotFound, { where: confirmed });
  const where = and(eq(products.brandId, q.brand_id), deletedIs(products, q.is_deleted));
  const rows = db
    .select({ _id: products.id, name: products.name, model: products.model })
    .from(products)
    .where(where)
    .orderBy(asc(products.name), asc(products.id))
    .$dynamic();
  return listPage(db, q, rows, { from: products, where }, (row) => row);
}
