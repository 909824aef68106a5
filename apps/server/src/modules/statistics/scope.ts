import { ALL_BRANDS, MSG } from '@atk/contract';
import { type Column, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands, instances, instruments, mobileInstances, NO_ID, products, songs } from '../../db/schema.ts';
import { getLive } from '../../db/soft-delete.ts';
import { badRequest } from '../../platform/errors.ts';
import { ownBrand } from '../access/brand-scope.ts';
import { isCustomer } from '../access/roles.ts';
import type { SessionUser } from '../sessions/service.ts';

/** The brand a statistics query reads, or every brand together (ALL_BRANDS, operators only). */
export type Scope = string | typeof ALL_BRANDS;

/** A brand column narrowed to the scope (nothing for all brands). */
export const ofScope = (column: Column, scope: Scope) => (scope === ALL_BRANDS ? undefined : eq(column, scope));

/** What a statistics query may name: the brand it reads (operators) and the filters that narrow it. */
export interface ScopeQuery {
  brand_id?: string;
  instance_id?: string;
  product_id?: string;
  song_id?: string;
  source_id?: string;
}

/**
 * The brand a statistics query reads, its filters checked against it. The brand: a customer's own (a `brand_id` it
 * sends is ignored); operators (admins, and the atk operator on the product paths) name it, and it must exist, or
 * name ALL_BRANDS. An instance or product filter must be of that brand: another brand's is a 404, as everywhere
 * (with all brands, any live one). A song or source filter must exist.
 *
 * `mobile`: the query reads figures that mobile instances count for the platform (the listener verdicts of
 * widget_type mobile, stored under NO_ID as the mobile launches are), so an operator reads the platform's (NO_ID),
 * and the instance filter names a mobile instance, which belongs to no brand.
 */
export async function statisticsScope(db: Db, user: SessionUser, q: ScopeQuery, mobile = false): Promise<Scope> {
  const scope = mobile && !isCustomer(user) ? NO_ID : await statisticsBrand(db, user, q.brand_id);
  await Promise.all([
    q.instance_id &&
      (mobile
        ? getLive(db, mobileInstances, q.instance_id, MSG.instanceNotFound)
        : getLive(db, instances, q.instance_id, MSG.instanceNotFound, { where: ofScope(instances.brandId, scope) })),
    q.product_id &&
      getLive(db, products, q.product_id, MSG.productNotFound, { where: ofScope(products.brandId, scope) }),
    q.song_id && getLive(db, songs, q.song_id, MSG.songNotFound),
    q.source_id && getLive(db, instruments, q.source_id, MSG.instrumentNotFound),
  ]);
  return scope;
}

async function statisticsBrand(db: Db, user: SessionUser, requested: string | undefined): Promise<Scope> {
  if (isCustomer(user)) return ownBrand(user) as string;
  if (!requested) throw badRequest('brand_id is required');
  if (requested === ALL_BRANDS) return ALL_BRANDS;
  await getLive(db, brands, requested, MSG.brandNotFound);
  return requested;
}
