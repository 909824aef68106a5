import { type BrandState, MSG } from '@atk/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { brands } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import type { SessionUser } from '../sessions/service.ts';
import { isCustomer } from './roles.ts';

/**
 * A brand's state (docs/api.md "A brand's state and scope"): `active` once published (an operator created it so, or
 * confirmed the sign-up that made it), `pending` while not (a self sign-up waiting for an operator: nothing of it
 * is public or shared), `deleted`.
 */
export async function brandState(db: Db, brandId: string): Promise<BrandState> {
  const [row] = await db
    .select({ isDeleted: brands.isDeleted, isPublished: brands.isPublished })
    .from(brands)
    .where(eq(brands.id, brandId))
    .limit(1);
  return stateOf(row);
}

/** The state of a brand row read elsewhere (missing: deleted, as a brand that cannot be reached). */
export const stateOf = (row: { isDeleted: boolean; isPublished: number } | null | undefined): BrandState =>
  !row || row.isDeleted ? 'deleted' : row.isPublished === 1 ? 'active' : 'pending';

/** The brands whose content is shared with other brands: confirmed (published) and not deleted, as a subquery. */
export const sharedBrands = (db: Db) =>
  db
    .select({ id: brands.id })
    .from(brands)
    .where(and(eq(brands.isPublished, 1), eq(brands.isDeleted, false)));

/**
 * The one rule for every brand-content write (docs/api.md "A brand's state and scope"): a customer writes its
 * brand's content only while the brand exists; a customer of a deleted brand is answered 404 'Brand not found', as
 * creating an instance in it always was. Admins keep their writes. The auth hook asks it for every request that
 * writes brand content (http/auth.ts `writesBrandContent`: a route admitting customers by role that is not a read,
 * or is marked `brandWrite`), once the role is admitted and before any validation or effect.
 */
export async function assertBrandWritable(db: Db, user: SessionUser): Promise<void> {
  if (!isCustomer(user) || !user.masterBrandId) return; // ownBrand answers a customer without a brand.
  if ((await brandState(db, user.masterBrandId)) === 'deleted') throw notFound(MSG.brandNotFound);
}
