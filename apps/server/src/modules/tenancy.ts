import { type BrandState, isAdminRole, MSG } from '@atk/contract';
import { type AnyColumn, and, eq, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { brands, instances, instruments, products, songs } from '../db/schema.ts';
import { getLive } from '../db/soft-delete.ts';
import { AppError, badRequest, notFound } from '../platform/errors.ts';
import type { SessionUser } from './sessions/service.ts';

/**
 * Tenant isolation for brand content (products, songs and their sources, uploads, instances): a customer acts only
 * on its own master brand's records; another brand's record is a 404 (never a 403, which would tell it exists).
 * Admins reach every brand, and name the brand a new record goes to.
 */
export function ownBrand(user: SessionUser): string | null {
  if (isAdminRole(user.role)) return null;
  if (!user.masterBrandId) throw notFound(MSG.noMasterBrand);
  return user.masterBrandId;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET that writes brand content all the same (an upload link): the brand write rule applies to it. */
    brandWrite?: boolean;
  }
}

/**
 * The one rule for every brand-scoped write (docs/api.md "A brand's state and scope"): a customer writes its
 * brand's content only while the brand exists. A route admitting customers by role (brand content: products,
 * songs, sources, instances, uploads, audio, images) that is not a read (or is marked `brandWrite`) answers a
 * customer of a deleted brand 404 'Brand not found', as creating an instance in it always did. Called by the auth
 * hook once the role is admitted, before any validation or effect.
 */
export async function assertBrandWritable(db: Db, req: FastifyRequest, user: SessionUser): Promise<void> {
  const access = req.routeOptions.config?.auth;
  if (user.role !== 'customer' || !Array.isArray(access) || !access.includes('customer')) return;
  const reads = req.method === 'GET' || req.method === 'HEAD';
  if (reads && !req.routeOptions.config?.brandWrite) return;
  if (!user.masterBrandId) return; // ownBrand answers this case with its own msg.
  if ((await brandState(db, user.masterBrandId)) === 'deleted') throw notFound(MSG.brandNotFound);
}

/**
 * A brand's state: `active` once published (an operator created it so, or confirmed the sign-up that made it),
 * `pending` while not (a self sign-up waiting for an operator: nothing of it is public or shared), `deleted`.
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

/** The brand a list is narrowed to: a customer's own, else the one an admin names (or none: every brand). */
export const listedBrand = (user: SessionUser, requested: string | null | undefined): string | undefined =>
  ownBrand(user) ?? (requested || undefined);

/** The brand a new record of this user goes to: its master brand, or the one an admin names in `field`. */
export function targetBrand(user: SessionUser, requested: string | null | undefined, field = 'brand_id'): string {
  const own = ownBrand(user);
  if (own) return own;
  if (!requested) throw badRequest(`${field} is required`);
  return requested;
}

/** Narrows a query on a brand's table to the user's brand (nothing for admins). */
const inOwnBrand = (user: SessionUser, brandColumn: AnyColumn): SQL | undefined => {
  const own = ownBrand(user);
  return own ? eq(brandColumn, own) : undefined;
};

/** With `lock` (inside a transaction) the row is held until it commits. */
export const productFor = (db: Db, user: SessionUser, productId: string, opts: { lock?: boolean } = {}) =>
  getLive(db, products, productId, MSG.productNotFound, { where: inOwnBrand(user, products.brandId), lock: opts.lock });

/** With `lock` (inside a transaction) the row is held until it commits. */
export const instanceFor = (db: Db, user: SessionUser, id: string, opts: { lock?: boolean } = {}) =>
  getLive(db, instances, id, MSG.instanceNotFound, { where: inOwnBrand(user, instances.brandId), lock: opts.lock });

/**
 * A song the user may see: its brand's songs, and the platform's (is_atk) songs, which everyone may read.
 * With `write`, platform songs are refused: they cannot be edited or receive sources or uploads.
 */
export async function songFor(db: Db, user: SessionUser, songId: string, opts: { write?: boolean } = {}) {
  const own = ownBrand(user);
  const row = await getLive(db, songs, songId, MSG.songNotFound);
  if (own && row.isAtk !== 1 && row.brandId !== own) throw notFound(MSG.songNotFound);
  if (opts.write && row.isAtk === 1 && !isAdminRole(user.role)) throw new AppError(409, MSG.atkSongReadOnly);
  return row;
}

export async function instrumentFor(db: Db, user: SessionUser, instrumentId: string, opts: { write?: boolean } = {}) {
  const row = await getLive(db, instruments, instrumentId, MSG.instrumentNotFound);
  const song = await songFor(db, user, row.songId, opts).catch((err) => {
    if (err instanceof AppError && err.code === 404) throw notFound(MSG.instrumentNotFound);
    throw err;
  });
  return { instrument: row, song };
}
