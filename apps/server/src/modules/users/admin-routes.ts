import { adminUserEndpoints as api, MSG } from '@atk/contract';
import { currentUser } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import { removeRoute, route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import { confirmationMail } from '../brands/service.ts';
import { createAdminUser, deleteAdminUser, listAdminUsers, readAdminUser, updateAdminUser } from './admin.ts';

/**
 * Operators' Customers screens (docs/api.md "Customers and plans"): list, New, Edit, Confirm, Delete. Who may
 * read or change which account: access/accounts.ts (docs/api.md "Who manages whom").
 */
export function adminUserRoutes(app: App, { db, mailer, config, background }: Deps) {
  route(app, api.list, async (req) => ok(await listAdminUsers(db, currentUser(req), req.query)));
  route(app, api.create, async (req) => ok(await createAdminUser(db, req.body), MSG.createCustomerSuccess));
  route(app, api.read, async (req) => ok(await readAdminUser(db, currentUser(req), req.params.id)));
  route(app, api.update, async (req, reply) => {
    const { user, confirmedBrand } = await updateAdminUser(db, currentUser(req), req.params.id, req.body);
    if (confirmedBrand) {
      const mail = confirmationMail(db, mailer, config.publicUrl, confirmedBrand);
      background.afterReply(reply, 'brand confirmed mail', mail);
    }
    return ok(user, MSG.updateSuccess);
  });
  removeRoute(app, api.remove, (id, req) => deleteAdminUser(db, currentUser(req), id));
}
