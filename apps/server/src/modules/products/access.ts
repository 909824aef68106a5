import { isAdminRole, MSG } from '@atk/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { instruments, products, songs } from '../../db/schema.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import type { SessionUser } from '../sessions/service.ts';

/**
 * Tenant isolation for brand content: a customer reaches only its own master brand's products, songs and
 * sources; anything else is a 404 (never a 403, which would tell it exists). Admins reach every brand.
 */
export function ownBrand(user: SessionUser): string | null {
  if (isAdminRole(user.role)) return null;
  if (!user.masterBrandId) throw notFound(MSG.noMasterBrand);
  return user.masterBrandId;
}

/** The brand a new record of this user goes to: its master brand, or the one an admin names. */
export function targetBrand(user: SessionUser, requested: string | null | undefined): string {
  const own = ownBrand(user);
  if (own) return own;
  if (!requested) throw badRequest('brand_id is required');
  return requested;
}

export async function productFor(db: Db, user: SessionUser, productId: string) {
  const own = ownBrand(user);
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isDeleted, false), own ? eq(products.brandId, own) : undefined))
    .limit(1);
  if (!row) throw notFound(MSG.productNotFound);
  return row;
}

/**
 * A song the user may see: its brand's songs, and the platform's (is_atk) songs, which everyone may read.
 * With `write`, platform songs are refused: they cannot be edited or receive sources or uploads.
 */
export async function songFor(db: Db, user: SessionUser, songId: string, opts: { write?: boolean } = {}) {
  const [row] = await db
    .select()
    .from(songs)
    .where(and(eq(songs.id, songId), eq(songs.isDeleted, false)))
    .limit(1);
  const own = ownBrand(user);
  if (!row || (own && row.isAtk !== 1 && row.brandId !== own)) throw notFound(MSG.songNotFound);
  if (opts.write && row.isAtk === 1 && !isAdminRole(user.role)) throw new AppError(409, MSG.atkSongReadOnly);
  return row;
}

export async function instrumentFor(db: Db, user: SessionUser, instrumentId: string, opts: { write?: boolean } = {}) {
  const [row] = await db
    .select()
    .from(instruments)
    .where(and(eq(instruments.id, instrumentId), eq(instruments.isDeleted, false)))
    .limit(1);
  if (!row) throw notFound(MSG.instrumentNotFound);
  const song = await songFor(db, user, row.songId, opts).catch((err) => {
    if (err instanceof AppError && err.code === 404) throw notFound(MSG.instrumentNotFound);
    throw err;
  });
  return { instrument: row, song };
}
