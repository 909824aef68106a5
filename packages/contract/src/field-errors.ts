import { z } from 'zod';

/**
 * Why the server refused one field of a request (a 400's `data.errors[].reason`): what a client needs to word the
 * refusal itself, next to the field the screen labels, instead of showing the server's field path.
 */
export const FIELD_ERROR_REASONS = [
  'required',
  'url',
  'too_long',
  'too_short',
  'too_big',
  'too_small',
  'type',
  'choice',
  'format',
  'unstorable',
  'unknown_field',
  'invalid',
] as const;
export type FieldErrorReason = (typeof FIELD_ERROR_REASONS)[number];

export const fieldError = z.object({
  /** Where in the request: body keys and array indexes (`['content', 1, 'spotify_link']`); empty for the whole body. */
  path: z.array(z.union([z.string(), z.number().int()])),
  reason: z.enum(FIELD_ERROR_REASONS),
  /** The bound of a too_long / too_short / too_big / too_small refusal (characters, items or the number). */
  limit: z.number().optional(),
  /** The server's own wording of the refusal, without the field: 'must be at most 200 characters'. */
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldError>;

/** `data` of a 400 for input that failed validation: every refused field, in the request's order. */
export const fieldErrorsData = z.object({ errors: z.array(fieldError) });
export type FieldErrorsData = z.infer<typeof fieldErrorsData>;
