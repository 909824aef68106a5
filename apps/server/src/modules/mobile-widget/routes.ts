import { createHash } from 'node:crypto';
import { playerEndpoints as api } from '@atk/contract';
import type { FastifyReply } from 'fastify';
import { sendSerialized, serializeOk } from '../../http/envelope.ts';
import { route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import { crossOrigin, matches } from '../player/routes.ts';
import { readMobilePlayer } from './service.ts';

export function mobileWidgetRoutes(app: App, { db }: Deps) {
  // Public, cacheable, readable from any origin (errors carry CORS too), as the desktop read
  // /widget/instances/{id}: the `<atk-mobile-player>` element's read of a published mobile instance. Made per
  // request: the instance's rows (since 0015), its products and the settings are on the change feed, but the
  // retailers it lists are not, so no process memory could tell when to forget an answer; the ETag makes an
  // unchanged answer a bodiless 304 and browsers and CDNs keep it a minute.
  route(
    app,
    api.mobileInstance,
    async (req, reply) => {
      const { instance, preparing } = await readMobilePlayer(db, req.params.id);
      const body = Buffer.from(serializeOk(reply, instance));
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      reply.header('etag', etag);
      // While recordings are being processed the answer changes within seconds: revalidate every read.
      reply.header('cache-control', preparing ? 'public, no-cache' : 'public, max-age=60');
      if (matches(req.headers['if-none-match'], etag)) return (reply as FastifyReply).code(304).send();
      return sendSerialized(reply, body);
    },
    { onRequest: crossOrigin },
  );
}
