import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../constants.ts';
import { HASHED_PASSWORD } from '../password.ts';

/** A field's error text: 'is required' when it is missing, else the given complaint. */
export const says = (complaint: string) => ({
  error: (issue: { code?: string; input?: unknown }) => {
    if (issue.input === undefined) return 'is required';
    // Only what the complaint is about (type, format, choice): bounds keep their own messages.
    return ['invalid_type', 'invalid_union', 'invalid_value', 'invalid_format'].includes(issue.code ?? '')
      ? complaint
      : undefined;
  },
});

export const id = z.uuid(says('must be a valid id'));

/** Booleans in queries accept true/false and 1/0 (design.md, API conventions). */
export const queryBool = z
  .enum(['true', 'false', '1', '0'], { error: 'must be true, false, 1 or 0' })
  .transform((v) => v === 'true' || v === '1');

export const pageQuery = z.object({
  page_num: z.coerce.number(says('must be a number')).int({ error: 'must be a whole number' }).min(1).default(1),
  page_size: z.coerce
    .number(says('must be a number'))
    .int({ error: 'must be a whole number' })
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(20),
  is_deleted: queryBool.optional(),
});

export const status01 = z.union([z.literal(0), z.literal(1)], says('must be 0 or 1'));

export const email = z
  .string(says('must be text'))
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ error: 'must be a valid email' }));

export const hashedPassword = z
  .string(says('must be text'))
  .regex(HASHED_PASSWORD, { error: 'must be the SHA-256 hex of the password' });

/** Free text of a form field: optional, trimmed, bounded. */
export const text = (max = 200) => z.string(says('must be text')).trim().max(max).nullish();

export const isoTime = z.string();

/** `/{resource}/:id` path parameters. */
export const idParams = z.object({ id });
