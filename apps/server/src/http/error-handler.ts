import { MSG } from '@atk/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../platform/errors.ts';
import { fail } from './envelope.ts';

/** The one error path: every failure leaves as `{code, msg, data:null}`, and internals only reach the log. */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return send(reply, err.code, err.message);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const issue = err.validation[0];
      const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
      const message = describeIssue(issue.keyword, issue.message ?? 'is invalid', issue.params);
      const subject = field || (err.validationContext === 'body' ? 'Request body' : err.validationContext);
      return send(reply, 400, `${subject} ${message}`);
    }
    if (
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
      err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
      err instanceof SyntaxError
    )
      return send(reply, 400, MSG.malformedJson);
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return send(reply, 413, MSG.payloadTooLarge);
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return send(reply, 415, 'Unsupported content type, send application/json');
    if (err.statusCode === 429) return send(reply, 429, MSG.tooManyAttempts);
    if (isMalformedMultipart(err)) return send(reply, 400, MSG.multipartMalformed);
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500)
      return send(reply, err.statusCode, err.message);
    req.log.error({ err }, 'unhandled error');
    return send(reply, 500, MSG.internalError);
  });
}

const send = (reply: FastifyReply, code: number, msg: string) => reply.code(code).send(fail(code, msg));

/** Errors Fastify raises before routing (bad percent-encoding, an over-long path parameter) leave as the envelope too. */
export function frameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_BAD_URL') return send(reply, 400, 'Request URL is not valid');
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 414, MSG.urlTooLong);
  req.log.error({ err }, 'unhandled framework error');
  return send(reply, 500, MSG.internalError);
}

function describeIssue(keyword: string, message: string, params: Record<string, unknown>): string {
  if (keyword === 'invalid_type' && /received undefined$/.test(message)) return 'is required';
  if (keyword === 'unrecognized_keys') return `has unknown fields: ${(params.keys as string[]).join(', ')}`;
  if (keyword === 'invalid_type' && params.expected === 'object') return 'must be a JSON object';
  // Bounds speak for themselves: a field's own type complaint ('must be a number') would mislead here.
  const unit = params.origin === 'string' ? ' characters' : '';
  if (keyword === 'too_big' && message.startsWith('Too big')) return `must be at most ${params.maximum}${unit}`;
  if (keyword === 'too_small' && message.startsWith('Too small')) return `must be at least ${params.minimum}${unit}`;
  return message;
}

/** A multipart body that does not parse (busboy's own errors carry no code), wherever a route reads one. */
function isMalformedMultipart(err: FastifyError): boolean {
  if (err.code === 'FST_MP_PREMATURE_CLOSE') return true;
  return /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Malformed part header)/.test(
    err.message ?? '',
  );
}
