import { roleEndpoints as api } from '@atk/contract';
import { asc } from 'drizzle-orm';
import { listPage } from '../../db/query.ts';
import { roles } from '../../db/schema.ts';
import { ok } from '../../http/envelope.ts';
import { route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';

export function roleRoutes(app: App, { db }: Deps) {
  route(app, api.list, async (req) => {
    const rows = db.select().from(roles).orderBy(asc(roles.name)).$dynamic();
    return ok(await listPage(db, req.query, rows, { from: roles }, (r) => ({ _id: r.id, name: r.name })));
  });
}
