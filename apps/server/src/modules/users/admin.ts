import {
  type AdminUser,
  type AdminUserCreate,
  type AdminUserQuery,
  type AdminUserRow,
  type AdminUserUpdate,
  DEFAULT_SUBSCRIPTION,
  MSG,
  type Role,
} from '@atk/contract';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likePattern, listPage } from '../../db/query.ts';
import { brands, roles, users } from '../../db/schema.ts';
import { deletedIs } from '../../db/soft-delete.ts';
import { hashSecret } from '../../platform/crypto.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import { assertFieldsFit, mayAct, type UserAction, visibleTo } from '../access/accounts.ts';
import { stateOf } from '../access/brand-state.ts';
import { confirmBrand, getBrand } from '../brands/service.ts';
import { planRow } from '../plans/service.ts';
import { revokeAllSessions, type SessionUser } from '../sessions/service.ts';
import { profileColumns, readUserInfo, roleId } from './profile.ts';

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

/** The account `id`, if the operator may do `action` on it (access/accounts.ts). */
async function targetRow(db: Db, operator: SessionUser, id: string, action: UserAction) {
  const row = await userRow(db, id);
  mayAct(operator, { id, role: row.role as Role }, action);
  return row;
}

// The same expressions as the trigram indexes users_name_idx and users_email_trgm_idx (migration 0007).
const fullName = sql`lower(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`;
const lowerEmail = sql`lower(${users.email})`;

/**
 * GET /admin/users: newest first. `name` matches first, last or full name and `email` the address, anywhere,
 * case-insensitively, `%` and `_` literally.
 */
export async function listAdminUsers(db: Db, operator: SessionUser, q: AdminUserQuery) {
  const filters: SQL[] = [deletedIs(users, q.is_deleted), visibleTo(db, operator)];
  if (q.role_id) filters.push(eq(users.roleId, q.role_id));
  if (q.name) filters.push(sql`${fullName} like ${likePattern(q.name.toLowerCase())}`);
  if (q.email) filters.push(sql`${lowerEmail} like ${likePattern(q.email.toLowerCase())}`);
  if (q.master_brand_status) filters.push(eq(users.masterBrandStatus, q.master_brand_status));
  const where = and(...filters);
  const rows = db
    .select({
      user: users,
      role: roles.name,
      brandName: brands.name,
      brand: { isDeleted: brands.isDeleted, isPublished: brands.isPublished },
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(brands, eq(brands.id, users.masterBrandId))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .$dynamic();
  return listPage(
    db,
    q,
    rows,
    { from: users, where },
    ({ user, role, brandName, brand }): AdminUserRow => ({
      _id: user.id,
      email: user.email,
      name: [user.firstName, user.lastName].filter(Boolean).join(' '),
      first_name: user.firstName,
      last_name: user.lastName,
      company_name: user.companyName,
      master_brand_id: user.masterBrandId,
      master_brand_name: brandName,
      master_brand_status: user.masterBrandStatus as AdminUserRow['master_brand_status'],
      master_brand_state: user.masterBrandId ? stateOf(brand) : null,
      role_id: user.roleId,
      role: role as AdminUserRow['role'],
      created_at: user.createdAt.toISOString(),
      plan_id: user.planId,
    }),
  );
}

/** GET /admin/users/{id}: the user, with its own subscription (the default plan when none was stored). */
export async function readAdminUser(db: Db, operator: SessionUser, id: string): Promise<AdminUser> {
  await targetRow(db, operator, id, 'read');
  return adminUserOf(db, id);
}

async function adminUserOf(db: Db, id: string): Promise<AdminUser> {
  const { user } = await userRow(db, id);
  const info = await readUserInfo(db, id);
  if (!info) throw notFound(MSG.userNotFound);
  return { ...info, subscription: user.subscription ?? DEFAULT_SUBSCRIPTION, plan_id: user.planId } as AdminUser;
}

/**
 * POST /admin/users (New Customer): a customer with a password, active at once and able to sign in (docs/api.md
 * "Customers and plans").
 * Operators create customers only here: another role is refused, so no admin is made through this screen.
 */
export async function createAdminUser(db: Db, body: AdminUserCreate): Promise<AdminUser> {
  if (!body.email) throw badRequest(MSG.emailRequired);
  if (!body.password || body.password !== body.password_confirm) throw badRequest(MSG.passwordMismatch);
  const customer = await roleId(db, 'customer');
  if (body.role_id && body.role_id !== customer) {
    const [known] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, body.role_id)).limit(1);
    throw badRequest(known ? 'role_id must be the customer role' : 'role_id must be an existing role');
  }
  const brand = body.master_brand_id ? await getBrand(db, body.master_brand_id) : null;
  const passwordHash = await hashSecret(body.password);
  const email = body.email;
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (taken) throw conflict(MSG.emailTaken);
  const [user] = await db
    .insert(users)
    .values({
      ...profileColumns(body),
      email,
      passwordHash,
      roleId: customer,
      registerType: 'operator_created',
      masterBrandId: brand?._id ?? null,
      masterBrandStatus: brand ? 'active' : null,
      brandName: brand?.name ?? null,
    })
    .returning({ id: users.id })
    // Two creates of one email at once: the unique index refuses the second.
    .catch((err) => {
      throw isUniqueViolation(err) ? conflict(MSG.emailTaken) : err;
    });
  return adminUserOf(db, user.id);
}

const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/**
 * PUT /admin/users/{id}: what is sent is changed, the rest is left alone. A subscription is a customer's only
 * (with the plan it was filled from, if any); a new password needs its confirmation and ends every session of
 * the user. Confirming a self sign-up (pending → active) confirms the brand it signed up with (`confirmBrand`:
 * refused while another live brand has its name); `confirmedBrand` names it when it went pending → active, so the
 * route mails its owners.
 */
export async function updateAdminUser(
  db: Db,
  operator: SessionUser,
  id: string,
  body: AdminUserUpdate,
): Promise<{ user: AdminUser; confirmedBrand: string | null }> {
  const newPassword = body.password !== undefined || body.password_confirm !== undefined;
  const { user, role } = await targetRow(db, operator, id, newPassword ? 'reset_password' : 'edit');
  assertFieldsFit(role as Role, body);
  const set: Partial<UserRow> = { ...profileColumns(body), updatedAt: new Date() };
  if (body.subscription) set.subscription = body.subscription;
  if (body.plan_id !== undefined) {
    if (body.plan_id) await planRow(db, body.plan_id);
    set.planId = body.plan_id;
  }
  if (body.master_brand_id) {
    await getBrand(db, body.master_brand_id);
    set.masterBrandId = body.master_brand_id;
  }
  if (body.master_brand_status) set.masterBrandStatus = body.master_brand_status;
  if (newPassword) {
    if (!body.password) throw badRequest('password is required');
    if (body.password !== body.password_confirm) throw badRequest(MSG.passwordMismatch);
    set.passwordHash = await hashSecret(body.password);
  }
  const signUpBrand =
    body.master_brand_status === 'active' && user.masterBrandStatus === 'pending' && user.registerType === 'self_signup'
      ? user.masterBrandId
      : null;
  const confirmed = await db.transaction(async (tx) => {
    // The brand first: its confirmation locks brand names, then the brand, then its users, as PUT /admin/brands does.
    const done = signUpBrand !== null && (await confirmBrand(tx, signUpBrand));
    await tx.update(users).set(set).where(eq(users.id, id));
    if (newPassword) await revokeAllSessions(tx, id);
    return done;
  });
  return { user: await adminUserOf(db, id), confirmedBrand: confirmed ? signUpBrand : null };
}

/** DELETE /admin/users/{id}: soft delete; the user's sessions end. An operator cannot delete itself. */
export async function deleteAdminUser(db: Db, operator: SessionUser, id: string) {
  await targetRow(db, operator, id, 'delete');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ isDeleted: true, updatedAt: new Date() })
      .where(and(eq(users.id, id), eq(users.isDeleted, false)))
      .returning({ id: users.id });
    if (!row) throw notFound(MSG.userNotFound);
    await revokeAllSessions(tx, id);
  });
}
