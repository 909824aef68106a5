import { emptyAnswer, idParams, MSG, type Role } from '@atk/contract';
import type { FastifyRequest } from 'fastify';
import { type Access, ADMINS } from './auth.ts';
import { ok } from './envelope.ts';
import type { App } from './types.ts';

/** Brand content is reached by customers (their master brand) and by admins (any brand). */
export const BRAND_USERS = ['customer', ...ADMINS] as const satisfies readonly Role[];

/**
 * The spec gives brand-content calls two paths: `/x` for the brand's own users and `/admin/x` for admins
 * (spec 3 §6). Routes loop over these; both variants run the same handler and the services' access rules
 * tell the roles apart.
 */
export const VARIANTS = [
  { prefix: '', auth: BRAND_USERS },
  { prefix: '/admin', auth: ADMINS },
] as const;

/**
 * `DELETE {path}` (ending `/:id`): `remove` deletes the record (soft, in the services) and the answer is the spec's
 * 'Delete success' with `data: null`.
 */
export function deleteRoute(
  app: App,
  path: string,
  route: { auth: Access; tags: string[] },
  remove: (id: string, req: FastifyRequest) => Promise<unknown>,
) {
  app.delete(
    path,
    { config: { auth: route.auth }, schema: { tags: route.tags, params: idParams, response: { 200: emptyAnswer } } },
    async (req) => {
      await remove(req.params.id, req);
      return ok(null, MSG.deleteSuccess);
    },
  );
}
