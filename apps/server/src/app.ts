import { existsSync } from 'node:fs';
import path from 'node:path';
import { MSG } from '@atk/contract';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { installAuth } from './http/auth.ts';
import { fail } from './http/envelope.ts';
import { frameworkError, installErrorHandling } from './http/error-handler.ts';
import { capConnections, installBodyDeadline, serverLimits } from './http/limits.ts';
import { serializerCompiler } from './http/serializer.ts';
import type { App, Deps } from './http/types.ts';
import { assertBrandWritable } from './modules/access/brand-state.ts';
import { createAudioQueue } from './modules/audio/jobs.ts';
import { brandRoutes } from './modules/brands/routes.ts';
import { catalogueRoutes } from './modules/catalogue/routes.ts';
import { fileRoutes } from './modules/files/routes.ts';
import { instanceRoutes } from './modules/instances/routes.ts';
import { invitationRoutes } from './modules/invitations/routes.ts';
import { mobileRoutes } from './modules/mobile/routes.ts';
import { mobileWidgetRoutes } from './modules/mobile-widget/routes.ts';
import { planRoutes } from './modules/plans/routes.ts';
import { playerRoutes } from './modules/player/routes.ts';
import { productRoutes } from './modules/products/routes.ts';
import { retailerRoutes } from './modules/retailers/routes.ts';
import { roleRoutes } from './modules/roles/routes.ts';
import { settingRoutes } from './modules/settings/routes.ts';
import { songRoutes } from './modules/songs/routes.ts';
import { statisticsRoutes } from './modules/statistics/routes.ts';
import { tooltipRoutes } from './modules/tooltips/routes.ts';
import { uploadRoutes } from './modules/uploads/routes.ts';
import { adminUserRoutes } from './modules/users/admin-routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { createBackground } from './platform/background.ts';
import { type LoggingOptions, loggerOptions } from './platform/logging.ts';
import { createMailer, type Mailer } from './platform/mail.ts';
import type { Queue } from './platform/queue/types.ts';
import { securityHeaders } from './platform/security-headers.ts';
import { createStorage, type Storage, storageOrigins } from './platform/storage/index.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  mailer?: Mailer;
  storage?: Storage;
  /** Audio jobs; made here when not given (enqueue only: workers start in main.ts or worker.ts). */
  queue?: Queue;
  /** The server's log (platform/logging.ts; default: as `npm start` runs, LOG_LEVEL, stdout); false for none. */
  logger?: false | LoggingOptions;
}

/**
 * TRUST_PROXY as Fastify takes it. A hop count becomes a function trusting that many hops from the socket (as
 * Express does): this Fastify trusts nobody when given a bare number.
 */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Builds the app: platform plugins first, then the API modules, then the console. */
export async function buildApp({ config, db, mailer, storage, queue, logger = {} }: BuildOptions): Promise<App> {
  const app = Fastify({
    ...(logger === false ? { logger: false } : loggerOptions(logger)),
    bodyLimit: 1024 * 1024,
    // On close, also end connections still streaming a file (a player's ranged audio download).
    forceCloseConnections: true,
    frameworkErrors: frameworkError,
    trustProxy: trustProxyOption(config.trustProxy),
    // Timeouts for slow clients (docs/deployment.md, "Slow clients").
    ...serverLimits(config.http),
  }).withTypeProvider<ZodTypeProvider>();
  // The API speaks JSON only: a text/plain body is a 415, not a string to validate.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  capConnections(app, config.http);
  installBodyDeadline(app, config.http);

  // Worked out once (platform/security-headers.ts): @fastify/helmet rebuilds helmet, its CSP parsing included, on
  // every request, and even a prebuilt helmet runs a dozen middlewares per request for headers that never change.
  const setSecurityHeaders = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'https:'],
        'script-src': ["'self'"],
        // The console PUTs uploads to, and plays audio from, the file store (S3 may be another origin).
        'connect-src': ["'self'", ...storageOrigins(config)],
        'media-src': ["'self'", 'blob:', ...storageOrigins(config)],
        // Only where the site itself is https: WebKit also upgrades same-origin http://localhost requests, so over
        // plain http (npm start) Safari loaded no script and every page stayed blank (docs/architecture.md).
        'upgrade-insecure-requests': config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
  });
  app.addHook('onRequest', (_req, reply, done) => {
    setSecurityHeaders(reply.raw);
    done();
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'ATK Player API', version: '1.0.0' },
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const deps: Deps = {
    db,
    config,
    mailer: mailer ?? createMailer(config, app.log),
    storage: storage ?? (await createStorage(config)),
    queue: queue ?? createAudioQueue({ db, kind: config.databaseUrl ? 'postgres' : 'pglite', log: app.log }),
    background: createBackground(app.log),
  };
  app.addHook('onClose', () => deps.queue.stop());
  app.addHook('onClose', () => deps.background.settle());
  // Every API route comes from a contract endpoint, which carries its whole path (docs/architecture.md "One contract
  // for every endpoint"). Inside this scope only: the console's files and the API docs are public.
  await app.register(async (api) => {
    installAuth(api, db, { assertBrandWritable: (user) => assertBrandWritable(db, user) });
    const scoped = api.withTypeProvider<ZodTypeProvider>();
    for (const routes of [
      userRoutes,
      adminUserRoutes,
      brandRoutes,
      roleRoutes,
      planRoutes,
      invitationRoutes,
      catalogueRoutes,
      songRoutes,
      productRoutes,
      uploadRoutes,
      instanceRoutes,
      mobileRoutes,
      settingRoutes,
      tooltipRoutes,
      retailerRoutes,
      playerRoutes,
      mobileWidgetRoutes,
      statisticsRoutes,
    ])
      routes(scoped, deps);
  });
  // Local storage's signed PUT and ranged GET of /files/{key} (nothing when files live in S3).
  await app.register(fileRoutes, { storage: deps.storage });

  const hasConsole = existsSync(config.consoleDist);
  const playerDir = path.join(config.consoleDist, 'player') + path.sep;
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: config.consoleDist,
      // Looks files up per request, so a rebuilt console is served without a restart.
      wildcard: true,
      // The build's .br/.gz copies (apps/console/scripts/compress.mjs) to browsers that accept them, else the file.
      preCompressed: true,
      setHeaders(res, file) {
        if (file.startsWith(playerDir)) {
          // The embeddable player's stable URLs (/player/atk-player.js, .css): loaded by brands' pages on any
          // origin, cached for 5 minutes and then revalidated (ETag / Last-Modified).
          res.header('cache-control', 'public, max-age=300');
          res.header('access-control-allow-origin', '*');
          res.header('cross-origin-resource-policy', 'cross-origin');
          // The typings (atk-player.d.ts): text to read or save, not the MPEG stream '.ts' names by default.
          if (file.endsWith('.d.ts')) res.header('content-type', 'text/plain; charset=utf-8');
          return;
        }
        res.header('cache-control', file.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    // A missing player file is a 404, never the console's page (a <script> would run HTML).
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !req.url.startsWith('/api/') &&
      !req.url.startsWith('/player/') &&
      hasConsole;
    // Client-side routes (and the 404 page itself) are the console's business.
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send(fail(404, MSG.routeNotFound));
  });
  return app;
}
