import { type FieldError, type FieldErrorReason, type FieldErrorsData, MSG } from '@atk/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../platform/errors.ts';
import { fail } from './envelope.ts';

/**
 * The one error path: every failure leaves as `{code, msg, data:null}`, and internals only reach the log. Input that
 * fails validation is a 400 whose msg names the first refused field (`content.1.spotify_link must be …`, for API
 * users) and whose `data.errors` lists every refused field with its path and a machine-readable reason, so a client
 * words the refusal beside the field its screen labels.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return send(reply, err.code, err.message, err.data);
    if (hasZodFastifySchemaValidationErrors(err)) {
      const errors = err.validation.map(fieldErrorOf);
      const first = errors[0];
      const subject =
        first.path.join('.') || (err.validationContext === 'body' ? 'Request body' : err.validationContext);
      return send(reply, 400, `${subject} ${first.message}`, { errors });
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

const send = (reply: FastifyReply, code: number, msg: string, data: FieldErrorsData | null = null) =>
  reply.code(code).send({ ...fail(code, msg), data });

/** Errors Fastify raises before routing (bad percent-encoding, an over-long path parameter) leave as the envelope too. */
export function frameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_BAD_URL') return send(reply, 400, 'Request URL is not valid');
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return send(reply, 414, MSG.urlTooLong);
  req.log.error({ err }, 'unhandled framework error');
  return send(reply, 500, MSG.internalError);
}

type ZodIssue = {
  keyword: string;
  instancePath?: string;
  message?: string;
  params: Record<string, unknown>;
};

function fieldErrorOf(issue: ZodIssue): FieldError {
  const path = (issue.instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((key) => (/^\d+$/.test(key) ? Number(key) : key));
  const { reason, limit, message } = describeIssue(issue.keyword, issue.message ?? 'is invalid', issue.params);
  return limit === undefined ? { path, reason, message } : { path, reason, limit, message };
}

function describeIssue(
  keyword: string,
  message: string,
  params: Record<string, unknown>,
): { reason: FieldErrorReason; limit?: number; message: string } {
  if (message === 'is required' || (keyword === 'invalid_type' && /received undefined$/.test(message)))
    return { reason: 'required', message: 'is required' };
  if (keyword === 'unrecognized_keys')
    return { reason: 'unknown_field', message: `has unknown fields: ${(params.keys as string[]).join(', ')}` };
  if (keyword === 'invalid_type' && params.expected === 'object')
    return { reason: 'type', message: 'must be a JSON object' };
  if (message.startsWith(MSG.httpUrlOnly)) return { reason: 'url', message };
  if (message === MSG.textUnstorable) return { reason: 'unstorable', message };
  if (message === MSG.phoneLike) return { reason: 'format', message };
  // Bounds speak for themselves: a field's own type complaint ('must be a number') would mislead here.
  const text = params.origin === 'string';
  const unit = text ? ' characters' : '';
  if (keyword === 'too_big') {
    const limit = Number(params.maximum);
    const reason = text ? 'too_long' : 'too_big';
    return { reason, limit, message: message.startsWith('Too big') ? `must be at most ${limit}${unit}` : message };
  }
  if (keyword === 'too_small') {
    const limit = Number(params.minimum);
    const reason = text ? 'too_short' : 'too_small';
    return { reason, limit, message: message.startsWith('Too small') ? `must be at least ${limit}${unit}` : message };
  }
  const reasons: Record<string, FieldErrorReason> = {
    invalid_type: 'type',
    invalid_value: 'choice',
    invalid_union: 'choice',
    invalid_format: 'format',
  };
  return { reason: reasons[keyword] ?? 'invalid', message };
}

/** A multipart body that does not parse (busboy's own errors carry no code), wherever a route reads one. */
function isMalformedMultipart(err: FastifyError): boolean {
  if (err.code === 'FST_MP_PREMATURE_CLOSE') return true;
  return /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Malformed part header)/.test(
    err.message ?? '',
  );
}
