import type { PlayerInstance } from '@atk/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { instanceFor } from '../access/brand-scope.ts';
import { isBrandUser } from '../access/roles.ts';
import type { SessionUser } from '../sessions/service.ts';
import { readPlayerInstanceWithDependencies, UUID } from './service.ts';

/**
 * The signed-in preview of an instance that is not published yet (the console's Preview): the read visitors will
 * get once it is published (the same products, songs and versions), marked `preview: 1`, for a user who may edit
 * the instance: its brand's customer or an admin (the tenancy rules of the instance calls). Anyone else, and an
 * instance that is deleted or of a deleted brand, gets null: the caller answers the visitors' 404, so a preview
 * tells no one else that the instance exists. Never remembered, never cacheable (the caller's headers).
 */
export async function readPlayerPreview(db: Db, user: SessionUser, id: string): Promise<PlayerInstance | null> {
  if (!UUID.test(id) || !isBrandUser(user)) return null;
  try {
    await instanceFor(db, user, id);
    const { instance } = await readPlayerInstanceWithDependencies(db, id, { unpublished: true });
    return { ...instance, preview: 1 };
  } catch (err) {
    if (err instanceof AppError && err.code === 404) return null;
    throw err;
  }
}
