import { MSG } from '@atk/contract';
import type { FastifyReply } from 'fastify';

export const ok = <T>(data: T, msg: string = MSG.ok) => ({ code: 200, msg, data });

export const fail = (code: number, msg: string) => ({ code, msg, data: null });

/**
 * An answer made once by the route's own response serializer, to be sent again as it is (see the product list's
 * memory): `serialize` makes it, `sendSerialized` sends it without serializing again.
 */
export const serializeOk = (reply: FastifyReply, data: unknown) => String(reply.serialize(ok(data)));
export const sendSerialized = (reply: FastifyReply, answer: string | Buffer) =>
  // The type provider expects the schema's object; the string is that object, serialized.
  reply.type('application/json; charset=utf-8').send(answer as never);
