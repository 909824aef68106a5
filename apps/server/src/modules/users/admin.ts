import { type AdminUser, type AdminUserUpdate, DEFAULT_SUBSCRIPTION, MSG } from '@atk/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, users } from '../../db/schema.ts';
import { hashSecret } from '../../platform/crypto.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { getBrand } from '../brands/service.ts';
import { revokeAllSessions } from '../sessions/service.ts';
import { profileColumns, readUserInfo } from './profile.ts';

type UserRow = typeof users.$inferSelect;

async function userRow(db: Db, id: string) {
  const [row] = await db
    .select({ user: users, role: roles.name })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, id), eq(users.isDeleted, false)))
    .limit(1);
  if (!row) throw notFound(MSG.userNotFound);
  return row;
}

/** GET /admin/users/{id}: the user, with its own subscription (the default plan when none was stored). */
export async function readAdminUser(db: Db, id: string): Promise<AdminUser> {
  const { user } = await userRow(db, id);
  const info = await readUserInfo(db, id);
  if (!info) throw notFound(MSG.userNotFound);
  return { ...info, subscription: user.subscription ?? DEFAULT_SUBSCRIPTION } as AdminUser;
}

/**
 * PUT /admin/users/{id}: what is sent is changed, the rest is left alone. A subscription is a customer's only;
 * a new password needs its confirmation and ends every session of the user.
 */
export async function updateAdminUser(db: Db, id: string, body: AdminUserUpdate): Promise<AdminUser> {
  const { role } = await userRow(db, id);
  const set: Partial<UserRow> = { ...profileColumns(body), updatedAt: new Date() };
  if (body.subscription) {
    if (role !== 'customer') throw badRequest('subscription applies to customers only');
    set.subscription = body.subscription;
  }
  if (body.master_brand_id) {
    await getBrand(db, body.master_brand_id);
    set.masterBrandId = body.master_brand_id;
  }
  if (body.master_brand_status) set.masterBrandStatus = body.master_brand_status;
  const newPassword = body.password !== undefined || body.password_confirm !== undefined;
  if (newPassword) {
    if (!body.password) throw badRequest('password is required');
    if (body.password !== body.password_confirm) throw badRequest(MSG.passwordMismatch);
    set.passwordHash = await hashSecret(body.password);
  }
  await db.update(users).set(set).where(eq(users.id, id));
  if (newPassword) await revokeAllSessions(db, id);
  return readAdminUser(db, id);
}
