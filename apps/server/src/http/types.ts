import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Background } from '../platform/background.ts';
import type { Mailer } from '../platform/mail.ts';
import type { Queue } from '../platform/queue/types.ts';
import type { Storage } from '../platform/storage/types.ts';

export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** What route modules need from the platform. */
export interface Deps {
  db: Db;
  mailer: Mailer;
  config: Config;
  storage: Storage;
  /** Audio processing jobs (`audio.process`). */
  queue: Queue;
  /** Work started by a request that runs after its answer (e.g. the password-reset mail). */
  background: Background;
}
