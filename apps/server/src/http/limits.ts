import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';
import { MSG } from '@atk/contract';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { HttpLimits } from '../config.ts';
import { AppError } from '../platform/errors.ts';
import { fail } from './envelope.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An upload: its body may take `uploadTimeoutMs` to arrive, not `bodyTimeoutMs` (see installBodyDeadline). */
    upload?: boolean;
  }
}

/**
 * The HTTP server's own limits (docs/deployment.md, "Slow clients"). Node enforces the headers deadline and the
 * bound of any request (`requestTimeout` = the upload deadline), checked every `connectionsCheckingInterval`;
 * `installBodyDeadline` holds JSON bodies to the shorter body deadline.
 */
export function serverLimits(limits: HttpLimits): FastifyHttpOptions<Server> {
  const checkEvery = Math.max(50, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4)));
  return {
    requestTimeout: limits.uploadTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.idleTimeoutMs,
    http: {
      headersTimeout: Math.min(limits.headersTimeoutMs, limits.uploadTimeoutMs),
      requestTimeout: limits.uploadTimeoutMs,
      connectionsCheckingInterval: checkEvery,
    },
    clientErrorHandler,
  };
}

/** After Fastify made the server: the cap on open connections (Node closes any beyond it as it arrives). */
export function capConnections(app: FastifyInstance, limits: HttpLimits) {
  if (limits.maxConnections > 0) app.server.maxConnections = limits.maxConnections;
}

/**
 * What Node refuses before any route sees the request (headers over the size limit, a request that did not
 * arrive in time, bytes that are not HTTP) still answers the JSON envelope, then the connection closes.
 */
function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, msg] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, MSG.headersTooLarge]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, MSG.requestTimeout]
        : [400, MSG.badHttpRequest];
  // A response already under way (a request timing out while its answer streams) cannot take another one.
  const started = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (socket.writable && !started) {
    const body = JSON.stringify(fail(status, msg));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroySoon();
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  408: 'Request Timeout',
  431: 'Request Header Fields Too Large',
};

/**
 * A body must arrive within `bodyTimeoutMs` of the request's start (uploads: `uploadTimeoutMs`, left to Node's
 * `requestTimeout`). A client sending a byte now and then is answered 408 when the time is up and disconnected;
 * a body already whole when its route starts reading costs nothing more. Any answer given before the body was
 * read whole (a refusal, a GET with a body) closes the connection rather than wait for the rest.
 */
export function installBodyDeadline(app: FastifyInstance, limits: HttpLimits) {
  app.addHook('preParsing', async (req, reply, payload) => {
    if (req.routeOptions.config?.upload || req.raw.complete) return payload;
    const left = limits.bodyTimeoutMs - reply.elapsedTime;
    return deadlineStream(payload, Math.max(0, left));
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.raw.complete) reply.header('connection', 'close');
    return payload;
  });
}

/** The body as it arrives, failed with a 408 once `ms` pass before its end. */
function deadlineStream(source: Readable, ms: number): Readable {
  const out = new PassThrough();
  // The reader may have stopped listening (a body refused as too large): a late failure must not go unhandled.
  out.on('error', () => {});
  const timer = setTimeout(() => {
    source.unpipe(out);
    source.pause();
    out.destroy(Object.assign(new AppError(408, MSG.requestTimeout), { statusCode: 408 }));
  }, ms);
  const stop = () => clearTimeout(timer);
  source.once('end', stop);
  // The client went away before the end: the reader learns it (Fastify's parser answers nobody and moves on).
  source.once('error', (err) => {
    stop();
    out.destroy(err);
  });
  source.once('close', () => {
    stop();
    if (!source.readableEnded) out.destroy(new Error('request closed before its body ended'));
  });
  // Fastify's parser checks the length received against content-length.
  source.pipe(out);
  return out;
}
