import { envelopeOf, listOf, pageQuery, roleItem } from '@atk/contract';
import { asc } from 'drizzle-orm';
import { listPage } from '../../db/query.ts';
import { roles } from '../../db/schema.ts';
import { ADMINS } from '../../http/auth.ts';
import { ok } from '../../http/envelope.ts';
import type { App, Deps } from '../../http/types.ts';

export function roleRoutes(app: App, { db }: Deps) {
  app.get(
    '/admin/roles',
    {
      config: { auth: ADMINS },
      schema: { tags: ['roles'], querystring: pageQuery, response: { 200: envelopeOf(listOf(roleItem)) } },
    },
    async (req) => {
      const rows = db.select().from(roles).orderBy(asc(roles.name)).$dynamic();
      return ok(await listPage(db, req.query, rows, { from: roles }, (r) => ({ _id: r.id, name: r.name })));
    },
  );
}
