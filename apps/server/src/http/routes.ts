import {
  type Access,
  accessText,
  type Endpoint,
  type Envelope,
  envelopeOf,
  errorsOf,
  formText,
  type idParams,
  MSG,
  type SchemaOf,
} from '@atk/contract';
import type { FastifyContextConfig, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { z } from 'zod';
import { ok } from './envelope.ts';
import type { App } from './types.ts';

declare module 'fastify' {
  /**
   * What a route's config may say, every key declared here once: who may call (`auth`, from the endpoint; read by
   * the auth hook, http/auth.ts), and what a route adds to it (`RouteExtras.config`).
   */
  interface FastifyContextConfig {
    /** Who may call (the endpoint's `auth`); absent: any signed-in user under /api/v1/. */
    auth?: Access;
    /** The answer carries a session token: `Cache-Control: no-store`, so no cache (browser, proxy) keeps it. */
    givesToken?: boolean;
    /**
     * A read that writes brand content all the same (an upload link): the brand write rule applies to it
     * (http/auth.ts `writesBrandContent`; docs/api.md "A brand's state and scope").
     */
    brandWrite?: boolean;
    /** An upload: its body may take `uploadTimeoutMs` to arrive, not `bodyTimeoutMs` (http/limits.ts). */
    upload?: boolean;
  }
}

type Parsed<E, K extends 'params' | 'query' | 'body'> = [SchemaOf<E, K>] extends [never]
  ? unknown
  : z.output<SchemaOf<E, K>>;

/** A request as the endpoint's handler sees it: params, query and body already checked and parsed. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E, 'params'>;
  Querystring: Parsed<E, 'query'>;
  Body: Parsed<E, 'body'>;
}>;

/**
 * What a route may add to its endpoint: per-route config (rate limits), an `onRequest` hook (the players' CORS
 * headers), a body limit of its own, and `attachValidation` (a handler that counts refused input before refusing it).
 */
export interface RouteExtras {
  config?: Omit<FastifyContextConfig, 'auth'>;
  onRequest?: (req: FastifyRequest, reply: FastifyReply) => Promise<void>;
  bodyLimit?: number;
  attachValidation?: boolean;
}

/**
 * Registers the route of a contract endpoint (docs/architecture.md "One contract for every endpoint"): its method,
 * whole path, access, schemas and OpenAPI text all come from the endpoint, so the route module keeps only the
 * handler. The handler answers the envelope (`ok(data, msg)`) or, to send bytes it made itself, the reply.
 */
export function route<E extends Endpoint>(
  app: App,
  e: E,
  handler: (req: EndpointRequest<E>, reply: FastifyReply) => Promise<Envelope<z.input<E['data']>> | FastifyReply>,
  options: RouteExtras = {},
) {
  const { config, ...extras } = options;
  app.route({
    ...extras,
    method: e.method,
    url: e.path,
    config: { ...config, auth: e.auth },
    schema: {
      tags: [e.tag],
      summary: e.summary,
      description: [
        e.description,
        ...(e.form ? [`**Form fields:**\n${list(formText(e.form))}`] : []),
        `**Who may call:** ${accessText(e.auth)}`,
        `**Errors:**\n${list(errorsOf(e))}`,
      ].join('\n\n'),
      // A multipart body is read by the handler (its fields checked there): no JSON body schema.
      ...(e.form && { consumes: ['multipart/form-data'] }),
      ...(e.params && { params: e.params }),
      ...(e.query && { querystring: e.query }),
      ...(e.body && { body: e.body }),
      response: { 200: envelopeOf(e.data) },
    },
    handler: handler as RouteHandlerMethod,
  });
}

const list = (lines: string[]) => lines.map((x) => `- ${x}`).join('\n');

/**
 * `route` for a contract endpoint that deletes the record `:id` (`data: null`): `remove` deletes it (soft, in the
 * services) and the answer is 'Delete success'.
 */
export function removeRoute<E extends Endpoint & { params: typeof idParams; data: z.ZodNull }>(
  app: App,
  e: E,
  remove: (id: string, req: EndpointRequest<E>) => Promise<unknown>,
) {
  route(app, e, async (req) => {
    await remove((req.params as { id: string }).id, req);
    return ok(null, MSG.deleteSuccess) as Envelope<z.input<E['data']>>;
  });
}
