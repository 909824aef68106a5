import { type AdminUserUpdate, MSG, type Role } from '@atk/contract';
import { eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roles, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import type { SessionUser } from '../sessions/service.ts';
import { isCustomer } from './roles.ts';

/**
 * Who manages whom through /admin/users (docs/api.md "Who manages whom"): no role acts on an account of an equal or
 * higher role. The one place the operator paths ask.
 */
const MANAGES: Record<Role, readonly Role[]> = {
  global_admin: ['super_admin', 'customer', 'atk'],
  super_admin: ['customer'],
  customer: [],
  atk: [],
};

export type UserAction = 'read' | 'edit' | 'reset_password' | 'delete';

/**
 * Refuses `action` by `operator` on `target`, else returns. An account the operator may not manage is answered as
 * missing (404 `User not found`): the console signs out on 401/403, and the operator learns nothing of it. Its own
 * account it may read (the list shows it), and changes only through its profile (400).
 */
export function mayAct(operator: SessionUser, target: { id: string; role: Role }, action: UserAction): void {
  if (target.id === operator.id) {
    if (action === 'read') return;
    throw badRequest(action === 'delete' ? MSG.cannotDeleteSelf : MSG.cannotChangeSelf);
  }
  if (!MANAGES[operator.role].includes(target.role)) throw notFound(MSG.userNotFound);
}

/** The accounts the operator's list shows: those it manages, and its own. */
export function visibleTo(db: Db, operator: SessionUser): SQL {
  const managed = db
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.name, [...MANAGES[operator.role]]));
  return or(eq(users.id, operator.id), inArray(users.roleId, managed)) as SQL;
}

/** The fields of PUT /admin/users that belong to a customer's master brand and plan. */
const CUSTOMER_ONLY = ['master_brand_id', 'master_brand_status', 'subscription', 'plan_id'] as const;

/** Refuses, naming it, the first customer-only field sent for an account that is not a customer. */
export function assertFieldsFit(role: Role, body: AdminUserUpdate): void {
  if (isCustomer({ role })) return;
  const field = CUSTOMER_ONLY.find((f) => body[f] !== undefined);
  if (field) throw badRequest(`${field} applies to customers only`);
}
