import {
  API_BASE,
  playerEndpoints as api,
  MSG,
  WIDGET_ABX_AUDIO_PATH,
  WIDGET_ABX_PATH,
  WIDGET_EVENTS_PATH,
  WIDGET_FORGET_PATH,
} from '@atk/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { optionalUser } from '../../http/auth.ts';
import { ok, sendSerialized, serializeOk } from '../../http/envelope.ts';
import { route } from '../../http/routes.ts';
import type { App, Deps } from '../../http/types.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { storageSecret } from '../../platform/storage/local.ts';
import { eraseVisitor } from '../statistics/erase.ts';
import { type PlayerAnswer, playerAnswer } from './cache.ts';
import { abxTrialAudio, countEventsHit, recordPlayerEvents, startAbx } from './events.ts';
import { readPlayerPreview } from './preview.ts';

/** A batch is at most PLAYER_EVENTS_MAX small events: a few kB. */
const EVENTS_BODY_LIMIT = 64 * 1024;

/** Any site may read these: the player runs on brands' pages (another origin than the API). */
export async function crossOrigin(_req: FastifyRequest, reply: FastifyReply) {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-expose-headers', 'etag');
  reply.header('cross-origin-resource-policy', 'cross-origin');
}

export function playerRoutes(app: App, { db, config, storage }: Deps) {
  // The event tokens' secret (EVENTS_SECRET, else kept in DATA_DIR/events-secret), read at the first batch.
  let secret: Promise<Buffer> | undefined;
  const eventsSecret = () => {
    secret ??= storageSecret(config.dataDir, config.eventsSecret, 'events-secret');
    return secret;
  };
  // Public, cacheable: the `<atk-player>` element's read of a published instance (errors carry CORS too,
  // so the element can tell 'not available' from a network failure). With a brand user's token, also the
  // signed-in preview of a pending instance.
  route(
    app,
    api.instance,
    async (req, reply) => {
      // The answer depends on the Authorization header only for a preview: no shared cache may hand a visitor's
      // 404 to a signed-in preview.
      reply.header('vary', 'authorization');
      let answer: PlayerAnswer;
      try {
        // Remembered per process until the change feed announces a change it shows (./cache.ts).
        answer = await playerAnswer(db, req.params.id, (instance) => serializeOk(reply, instance));
      } catch (err) {
        // Not for visitors: a user who may edit the instance previews it before it is published (./preview.ts),
        // outside the memory and every cache. Anyone else gets the visitors' 404.
        if (!(err instanceof AppError && err.code === 404)) throw err;
        const user = await optionalUser(db, req);
        const preview = user ? await readPlayerPreview(db, user, req.params.id) : null;
        if (!preview) throw err;
        reply.header('cache-control', 'private, no-store');
        return ok(preview);
      }
      reply.header('etag', answer.etag);
      // While recordings are being processed the answer changes within seconds: revalidate every read.
      reply.header('cache-control', answer.preparing ? 'public, no-cache' : 'public, max-age=60');
      // Not modified: no body (outside the typed answers, which describe the 200).
      if (matches(req.headers['if-none-match'], answer.etag)) return (reply as FastifyReply).code(304).send();
      return sendSerialized(reply, answer.body);
    },
    { onRequest: crossOrigin },
  );

  // The player's events (launch, play, listening time), in batches. Its own scope: besides JSON it takes
  // text/plain bodies holding JSON, which is what navigator.sendBeacon sends without a CORS preflight (the rest
  // of the API refuses text/plain).
  app.register(async (scope) => {
    const events = scope.withTypeProvider<ZodTypeProvider>();
    events.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: EVENTS_BODY_LIMIT },
      (_req, text, done) => {
        try {
          done(null, JSON.parse(text as string));
        } catch (err) {
          done(err as Error, undefined);
        }
      },
    );
    for (const path of [WIDGET_EVENTS_PATH, WIDGET_ABX_PATH, WIDGET_FORGET_PATH].map((p) => `${API_BASE}${p}`))
      events.options(
        path,
        { config: { auth: 'public' }, onRequest: crossOrigin, schema: { hide: true } },
        async (_req, reply) => {
          reply.header('access-control-allow-methods', 'POST, OPTIONS');
          reply.header('access-control-allow-headers', 'content-type');
          reply.header('access-control-max-age', '86400');
          return reply.code(204).send();
        },
      );
    // Every batch counts against its address's limit, a bad one too (refused with 429 once the window is full,
    // else 400): a batch that stores events counts its hit in the statement that stores them.
    route(
      events,
      api.events,
      async (req) => {
        if (req.validationError) {
          await countEventsHit(db, req.ip);
          throw req.validationError;
        }
        return ok(await recordPlayerEvents(db, req.body, req.ip, await eventsSecret(), req.headers['user-agent']));
      },
      { bodyLimit: EVENTS_BODY_LIMIT, onRequest: crossOrigin, attachValidation: true },
    );
    // ABX tests (docs/api.md "Listener verdicts"): the start counts against the same limit as the events.
    route(
      events,
      api.abxStart,
      async (req) => {
        if (req.validationError) {
          await countEventsHit(db, req.ip);
          throw req.validationError;
        }
        return ok(await startAbx(db, req.body, req.ip, await eventsSecret()));
      },
      { bodyLimit: EVENTS_BODY_LIMIT, onRequest: crossOrigin, attachValidation: true },
    );
    // The player's "Forget me" (docs/api.md "What the statistics store, and for how long"): sent as the events are
    // (a beacon, when the page goes away), and counted against the same limit, so it cannot be used to probe ids
    // faster than events could be sent. The answer is the same whether the server held the id or not.
    route(
      events,
      api.forget,
      async (req) => {
        await countEventsHit(db, req.ip);
        if (req.validationError) throw req.validationError;
        await eraseVisitor(db, req.body.visitor_id);
        return ok(null, MSG.visitorForgotten);
      },
      { bodyLimit: EVENTS_BODY_LIMIT, onRequest: crossOrigin, attachValidation: true },
    );
  });

  // A trial's X, as bytes (outside the contract, like /files: not the envelope). The recording of A or B under a
  // URL that names neither; never cached, so one trial's answer cannot be told from another's.
  app.get(
    `${API_BASE}${WIDGET_ABX_AUDIO_PATH}`,
    { config: { auth: 'public' }, onRequest: crossOrigin, schema: { hide: true } },
    async (req, reply) => {
      const q = req.query as { test?: string; trial?: string };
      const trial = Number(q.trial);
      const key =
        typeof q.test === 'string' && Number.isInteger(trial)
          ? await abxTrialAudio(db, q.test, trial, await eventsSecret())
          : null;
      if (!key) throw notFound(MSG.abxNotAvailable);
      reply.header('cache-control', 'no-store');
      reply.header('content-type', 'audio/mpeg');
      return reply.send(await storage.get(key));
    },
  );
}

/** If-None-Match: `*` or a list of (possibly weak) tags. */
export function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
