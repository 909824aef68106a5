import { adminUser, adminUserUpdate, envelopeOf, id, MSG } from '@atk/contract';
import { z } from 'zod';
import { ADMINS } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { App, Deps } from '../../http/types.ts';
import { readAdminUser, updateAdminUser } from './admin.ts';

const params = z.object({ id });
const config = { auth: ADMINS };

/** Operators read and change a user (spec 2 §7 "Invitations and customers"): Edit Features, Confirm, Edit. */
export function adminUserRoutes(app: App, { db }: Deps) {
  app.get(
    '/admin/users/:id',
    { config, schema: { tags: ['users'], params, response: { 200: envelopeOf(adminUser) } } },
    async (req) => ok(await readAdminUser(db, req.params.id)),
  );
  app.put(
    '/admin/users/:id',
    { config, schema: { tags: ['users'], params, body: adminUserUpdate, response: { 200: envelopeOf(adminUser) } } },
    async (req) => ok(await updateAdminUser(db, req.params.id, req.body), MSG.updateSuccess),
  );
}
