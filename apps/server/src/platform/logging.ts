import { API_BASE } from '@atk/contract';
import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino, { type DestinationStream, type LevelWithSilent } from 'pino';

/** A request taking this long is logged at warn, whatever its path. */
export const SLOW_REQUEST_MS = 1000;

const LEVELS: readonly LevelWithSilent[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** LOG_LEVEL (default info): the least severe level written. */
export function logLevel(env: NodeJS.ProcessEnv = process.env): LevelWithSilent {
  const raw = env.LOG_LEVEL?.trim().toLowerCase();
  if (!raw) return 'info';
  if (!(LEVELS as readonly string[]).includes(raw))
    throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, not "${env.LOG_LEVEL}"`);
  return raw as LevelWithSilent;
}

const WIDGET = `${API_BASE}/widget/`;
const EVENTS = `${API_BASE}/widget/events`;

/**
 * What every page view of a brand's site asks (the player's data, its script and styles, and its event batches,
 * one every 15 s while it is open): at thousands a second, a log line each would cost more than the answer.
 */
export function isHotPublicRequest(method: string, url: string): boolean {
  if (method === 'POST') return url === EVENTS || url.startsWith(`${EVENTS}?`);
  return (method === 'GET' || method === 'HEAD') && (url.startsWith(WIDGET) || url.startsWith('/player/'));
}

/**
 * One line per request, when it ends (the "incoming request" line only at debug): method, URL, status and time.
 * A hot public request that succeeded quickly leaves no line at info; an error (a 4xx or 5xx answer, or one that
 * failed) and a slow request are logged on every path.
 */
class RequestLog extends LogController {
  constructor(private readonly slowMs: number) {
    super();
  }

  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const responseTime = reply.elapsedTime;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime }, 'request errored');
      return;
    }
    if (responseTime >= this.slowMs) {
      reply.log.warn({ req: request, res: reply, responseTime }, 'slow request');
      return;
    }
    const quiet = reply.statusCode < 400 && isHotPublicRequest(request.method, request.url);
    // Below the level, pino's method is a no-op: nothing is serialised.
    reply.log[quiet ? 'debug' : 'info']({ req: request, res: reply, responseTime }, 'request completed');
  }
}

export interface LoggingOptions {
  level?: LevelWithSilent;
  /**
   * Where the JSON lines go: stdout (the default) or a file path, both through pino's asynchronous destination;
   * or a stream of one's own (tests).
   */
  destination?: DestinationStream | string;
  slowRequestMs?: number;
}

/**
 * The server's logger, as Fastify takes it: the one configuration of `npm start` (main.ts) and the benches, so what
 * is measured is what runs. Writes are buffered and flushed off the request path (pino's asynchronous
 * destination, flushed on exit); the Authorization header never reaches the log.
 */
export function loggerOptions(opts: LoggingOptions = {}): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger: {
      level: opts.level ?? logLevel(),
      redact: ['req.headers.authorization'],
      stream:
        typeof opts.destination === 'object'
          ? opts.destination
          : pino.destination({ dest: opts.destination ?? 1, sync: false }),
    },
    logController: new RequestLog(opts.slowRequestMs ?? SLOW_REQUEST_MS),
  };
}
