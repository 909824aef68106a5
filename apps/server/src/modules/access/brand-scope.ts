import { MSG } from '@atk/contract';
import { type AnyColumn, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { instances, instruments, products, songs } from '../../db/schema.ts';
import { getLive } from '../../db/soft-delete.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import type { SessionUser } from '../sessions/service.ts';
import { isAdmin, managesPlatformSongs } from './roles.ts';

/**
 * Tenant isolation for brand content (products, songs and their sources, uploads, instances): a customer acts only
 * on its own master brand's records; another brand's record is a 404 (never a 403, which would tell it exists).
 * Admins reach every brand, and name the brand a new record goes to.
 */
export function ownBrand(user: SessionUser): string | null {
  if (isAdmin(user)) return null;
  if (!user.masterBrandId) throw notFound(MSG.noMasterBrand);
  return user.masterBrandId;
}

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
 * With `write`, platform songs are refused to all but their managers: they cannot be edited or receive sources or
 * uploads.
 */
export async function songFor(db: Db, user: SessionUser, songId: string, opts: { write?: boolean } = {}) {
  const own = ownBrand(user);
  const row = await getLive(db, songs, songId, MSG.songNotFound);
  if (own && row.isAtk !== 1 && row.brandId !== own) throw notFound(MSG.songNotFound);
  if (opts.write && row.isAtk === 1 && !managesPlatformSongs(user)) throw new AppError(409, MSG.atkSongReadOnly);
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
