import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough, type Readable } from 'node:stream';
import { MSG } from '@atk/contract';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { HttpLimits } from '../config.ts';
import { AppError } from '../platform/errors.ts';
import { fail } from './envelope.ts';

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
 * `requestTimeout`; an upload's token or signature is checked before any of its body is read). A client sending a
 * byte now and then is answered 408 when the time is up and disconnected; a body already whole when its route
 * starts reading costs nothing more. Any answer given before the body was read whole (a refusal, a GET with a body)
 * closes the connection rather than wait for the rest, but an upload's, whose rest is drained within the body
 * deadline (drainBody).
 */
export function installBodyDeadline(app: FastifyInstance, limits: HttpLimits) {
  app.addHook('preParsing', async (req, reply, payload) => {
    if (req.routeOptions.config?.upload || req.raw.complete) return payload;
    const left = limits.bodyTimeoutMs - reply.elapsedTime;
    return deadlineStream(payload, Math.max(0, left));
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.raw.complete) return payload;
    // Node would close at once after the answer when the client asked for it: the drain closes once the body
    // is read instead (drainBody).
    if (req.routeOptions.config?.upload && drainBody(req.raw, limits)) {
      reply.header('connection', 'keep-alive');
      if (/\bclose\b/i.test(String(req.headers.connection ?? ''))) closeWhenDone(req.raw, reply.raw);
    } else reply.header('connection', 'close');
    return payload;
  });
}

const draining = new WeakSet<IncomingMessage>();

/** A client that asked to close gets its close once its body is read and its answer sent, not before. */
function closeWhenDone(raw: IncomingMessage, res: ServerResponse) {
  const socket = raw.socket;
  // 'close' too: a drain cut short (drainBody) never ends, and must not leave this waiting for ever.
  const read = raw.readableEnded ? Promise.resolve() : new Promise((r) => raw.once('end', r).once('close', r));
  const sent = res.writableFinished ? Promise.resolve() : new Promise((r) => res.once('finish', r).once('close', r));
  Promise.all([read, sent]).then(() => socket?.end());
}
/** The most of a refused upload read and dropped after its answer (an upload's own limit is 10 MB). */
export const UPLOAD_DRAIN_BYTES = 32 * 1024 * 1024;
/**
 * The slowest a refused upload's rest may arrive (docs/deployment.md "Slow clients"): 16 KB/s (128 kbit/s, a poor
 * mobile uplink), averaged from the refusal with its first second free. A client that sends at all sends faster;
 * one below it is holding the connection, not uploading.
 */
export const DRAIN_FLOOR_BYTES_PER_S = 16 * 1024;

/**
 * After an upload is answered before its body was read (no or an expired token, a bad signature, a wrong role, a
 * file over its limit), the rest of the body is read and dropped: closing the connection on a client still sending
 * makes the kernel reset it, and the client then loses the answer ('Upload error' instead of 'Authorization
 * expired'). The connection stays open for the next request. Nothing was accepted, so the upload deadline does not
 * apply: the drain is cut (the socket destroyed) when the rest has not arrived within the body deadline counted from
 * the refusal, when it arrives slower than `DRAIN_FLOOR_BYTES_PER_S`, or past `bound` bytes. False, and nothing read,
 * when the body announces more than `bound`: the caller closes the connection.
 */
export function drainBody(
  raw: IncomingMessage,
  limits: Pick<HttpLimits, 'bodyTimeoutMs'>,
  bound = UPLOAD_DRAIN_BYTES,
): boolean {
  if (raw.readableEnded || draining.has(raw)) return true;
  const announced = Number(raw.headers['content-length'] ?? 0);
  if (announced > bound) return false;
  draining.add(raw);
  raw.unpipe();
  const cut = () => raw.socket?.destroy();
  let dropped = 0;
  let seconds = 0;
  const deadline = setTimeout(cut, limits.bodyTimeoutMs);
  const pace = setInterval(() => {
    seconds += 1;
    if (dropped < DRAIN_FLOOR_BYTES_PER_S * (seconds - 1)) cut();
  }, 1000);
  const stop = () => {
    clearTimeout(deadline);
    clearInterval(pace);
  };
  raw.once('end', stop).once('close', stop);
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > bound) cut();
  });
  raw.resume();
  return true;
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
