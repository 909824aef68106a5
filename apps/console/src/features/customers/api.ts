/**
 * Customers (docs/api.md "Customers and plans"): the calls and the query keys of the feature. Every key starts with
 * `customerKeys.all`, so a save reloads every customer list and record at once. Passwords leave the browser hashed.
 */
import type { AdminUserCreate, AdminUserQuery, AdminUserUpdate, Subscription } from '@atk/contract';
import { adminUserEndpoints as api, hashPassword, roleEndpoints } from '@atk/contract';
import { call } from '../../api/client.ts';

export type CustomerQuery = Pick<
  AdminUserQuery,
  'page_num' | 'page_size' | 'role_id' | 'name' | 'email' | 'master_brand_status'
>;

/** What the New/Edit Customer dialog holds (the passwords in clear: the calls hash them). */
export type CustomerFields = Pick<AdminUserCreate, 'email'> &
  Pick<
    AdminUserUpdate,
    'master_brand_id' | 'company_name' | 'first_name' | 'last_name' | 'password' | 'password_confirm'
  >;

export const customersApi = {
  list: (query: CustomerQuery) => call(api.list, { query: { ...query, is_deleted: false } }),
  read: (id: string) => call(api.read, { params: { id } }),
  /** An operator's customer is active at once (docs/api.md "Customers and plans"). */
  create: (fields: CustomerFields & Pick<AdminUserCreate, 'master_brand_name' | 'role_id'>) =>
    call(api.create, {
      body: {
        ...fields,
        password: hashPassword(fields.password ?? ''),
        password_confirm: hashPassword(fields.password_confirm ?? ''),
        master_brand_status: 'active',
      },
    }),
  update: (id: string, body: AdminUserUpdate) => call(api.update, { params: { id }, body }),
  confirmBrand: (id: string) => customersApi.update(id, { master_brand_status: 'active' }),
  resetPassword: (id: string, password: string, confirm: string) =>
    customersApi.update(id, { password: hashPassword(password), password_confirm: hashPassword(confirm) }),
  /** Edit Features: the subscription and the plan it was filled from (null: none). */
  updateSubscription: (id: string, subscription: Subscription, plan_id: string | null) =>
    customersApi.update(id, { subscription, plan_id }),
  remove: (id: string) => call(api.remove, { params: { id } }),
  /** The roles (page 1, 100); customers are listed by the id of the one named customer. */
  roles: () => call(roleEndpoints.list, { query: { page_num: 1, page_size: 100, is_deleted: false } }),
};

export const customerKeys = {
  all: ['customers'] as const,
  list: () => [...customerKeys.all, 'list'] as const,
  one: (id: string) => [...customerKeys.all, 'one', id] as const,
  roles: () => ['roles'] as const,
};
