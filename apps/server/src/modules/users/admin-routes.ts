import {
  adminUser,
  adminUserCreate,
  adminUserQuery,
  adminUserRow,
  adminUserUpdate,
  envelopeOf,
  idParams,
  listOf,
  MSG,
} from '@atk/contract';
import { ADMINS, currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { deleteRoute } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import { createAdminUser, deleteAdminUser, listAdminUsers, readAdminUser, updateAdminUser } from './admin.ts';

const config = { auth: ADMINS };
const tags = ['users'];
const one = { 200: envelopeOf(adminUser) };

/**
 * Operators' Customers screens (docs/api.md "Customers and plans"): list, New, Edit, Confirm, Delete. Who may
 * read or change which account: userAccess.ts (docs/api.md "Who manages whom").
 */
export function adminUserRoutes(app: App, { db }: Deps) {
  app.get(
    '/admin/users',
    { config, schema: { tags, querystring: adminUserQuery, response: { 200: envelopeOf(listOf(adminUserRow)) } } },
    async (req) => ok(await listAdminUsers(db, currentUser(req), req.query)),
  );
  app.post('/admin/users', { config, schema: { tags, body: adminUserCreate, response: one } }, async (req) =>
    ok(await createAdminUser(db, req.body), MSG.createCustomerSuccess),
  );
  app.get('/admin/users/:id', { config, schema: { tags, params: idParams, response: one } }, async (req) =>
    ok(await readAdminUser(db, currentUser(req), req.params.id)),
  );
  app.put(
    '/admin/users/:id',
    { config, schema: { tags, params: idParams, body: adminUserUpdate, response: one } },
    async (req) => ok(await updateAdminUser(db, currentUser(req), req.params.id, req.body), MSG.updateSuccess),
  );
  deleteRoute(app, '/admin/users/:id', { auth: ADMINS, tags }, (id, req) => deleteAdminUser(db, currentUser(req), id));
}
