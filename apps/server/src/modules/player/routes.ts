import { createHash } from 'node:crypto';
import { envelopeOf, playerInstance } from '@atk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok } from '../../http/envelope.ts';
import type { App, Deps } from '../../http/types.ts';
import { readPlayerInstance } from './service.ts';

/** Any site may read these: the player runs on brands' pages (another origin than the API). */
async function crossOrigin(_req: FastifyRequest, reply: FastifyReply) {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', 'etag');
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

export function playerRoutes(app: App, { db }: Deps) {
  // Public, cacheable: the `<atk-player>` element's read of a published instance (errors carry CORS too,
  // so the element can tell 'not available' from a network failure).
  app.get(
    '/widget/instances/:id',
    {
      config: { auth: 'public' },
      onRequest: crossOrigin,
      schema: {
        tags: ['player'],
        params: z.object({ id: z.string().max(100) }),
        response: { 200: envelopeOf(playerInstance) },
      },
    },
    async (req, reply) => {
      const body = ok(await readPlayerInstance(db, req.params.id));
      const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
      reply.header('etag', etag);
      reply.header('cache-control', 'public, max-age=60');
      // Not modified: no body (outside the typed answers, which describe the 200).
      if (matches(req.headers['if-none-match'], etag)) return (reply as FastifyReply).code(304).send();
      return body;
    },
  );
}

/** If-None-Match: `*` or a list of (possibly weak) tags. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
