import { type Access, MSG } from '@atk/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { resolveSession, type SessionUser } from '../modules/sessions/service.ts';
import { AppError, forbidden, unauthorized } from '../platform/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: { user: SessionUser; token: string } | null;
  }
}

/**
 * The access rules the hook applies once a role is admitted. They live in modules/access/ and app.ts hands them in:
 * the hook reads the request, the rules decide, and nothing in http/ imports them.
 */
export interface AccessRules {
  /** Refuses a brand-content write by this user when its brand may not be written (a deleted brand's customer). */
  assertBrandWritable(user: SessionUser): Promise<void>;
}

/**
 * Who may call a route: its `config.auth` (the endpoint's `auth` in the contract; the route config's keys are
 * declared in http/routes.ts). API routes are closed by default: a route under /api/v1/ without `config.auth` needs
 * a signed-in user of any role. No token → 401, a role the route leaves out → 403, both before validation.
 */
export function installAuth(app: FastifyInstance, db: Db, rules: AccessRules) {
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (req, reply) => {
    if (req.routeOptions.config?.givesToken) reply.header('cache-control', 'no-store');
    const access: Access | undefined = req.routeOptions.config?.auth;
    // Closed by default means the API; the console's files and the API docs are public.
    if (access === 'public' || !req.routeOptions.url?.startsWith('/api/v1/')) return;
    const token = bearer(req);
    if (!token) throw unauthorized();
    const user = await resolveSession(db, token);
    if (!user) throw new AppError(401, MSG.tokenInvalid);
    req.session = { user, token };
    if (Array.isArray(access) && !access.includes(user.role)) throw forbidden();
    if (writesBrandContent(req, access)) await rules.assertBrandWritable(user);
  });
}

/**
 * A request that writes brand content (docs/api.md "A brand's state and scope"): its route admits customers by role
 * (brand content: products, songs, sources, instances, uploads, audio, images) and it is not a read, or it is a read
 * marked `brandWrite` (an upload link).
 */
function writesBrandContent(req: FastifyRequest, access: Access | undefined): boolean {
  if (!Array.isArray(access) || !access.includes('customer')) return false;
  const reads = req.method === 'GET' || req.method === 'HEAD';
  return !reads || req.routeOptions.config?.brandWrite === true;
}

/**
 * The token of `Authorization: Bearer <token>` (RFC 6750's b64token): exactly one token after the scheme, so
 * `Bearer <token> extra` is refused rather than read as `<token>`.
 */
function bearer(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  if (!header) return null;
  return /^bearer +([A-Za-z0-9\-._~+/]+=*)$/i.exec(header)?.[1] ?? null;
}

/**
 * The user behind the request's bearer token on a public route (which the auth hook leaves alone), or null: no
 * token, a malformed, unknown, revoked or expired one. Such routes answer everyone; a valid session may see more.
 */
export async function optionalUser(db: Db, req: FastifyRequest): Promise<SessionUser | null> {
  const token = bearer(req);
  return token ? resolveSession(db, token) : null;
}

/** The signed-in user of a route that requires one. */
export function currentUser(req: FastifyRequest): SessionUser {
  if (!req.session) throw unauthorized();
  return req.session.user;
}
