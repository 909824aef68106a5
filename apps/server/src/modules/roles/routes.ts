import { envelopeOf, listOf, pageQuery } from '@atk/contract';
import { asc, count } from 'drizzle-orm';
import { z } from 'zod';
import { roles } from '../../db/schema.ts';
import { ADMINS } from '../../http/auth.ts';
import { ok, pageOffset } from '../../http/envelope.ts';
import type { App, Deps } from '../../http/types.ts';

const role = z.object({ _id: z.string(), name: z.string() });

export function roleRoutes(app: App, { db }: Deps) {
  app.get(
    '/admin/roles',
    {
      config: { auth: ADMINS },
      schema: { tags: ['roles'], querystring: pageQuery, response: { 200: envelopeOf(listOf(role)) } },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(roles)
        .orderBy(asc(roles.name))
        .limit(req.query.page_size)
        .offset(pageOffset(req.query));
      const [{ total }] = await db.select({ total: count() }).from(roles);
      return ok({ list: rows.map((r) => ({ _id: r.id, name: r.name })), total_num: Number(total) });
    },
  );
}
